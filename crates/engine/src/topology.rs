//! Exchanges, bindings and declaration checks, with the broker's error codes and reasons.

use serde::Serialize;

use super::headers::{FieldTable, FieldValue};
use super::profile::Profile;
use super::settings::{Overflow, QueueKind};

/// An AMQP error the broker would send (a channel or connection close with a reply code).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AmqpError {
    /// 403 access refused, 404 not found, 406 precondition failed, 503 command invalid…
    pub code: u16,
    /// The broker's reply text.
    pub text: String,
}

impl AmqpError {
    pub(crate) fn precondition(text: String) -> AmqpError {
        AmqpError { code: 406, text: format!("PRECONDITION_FAILED - {text}") }
    }
    pub(crate) fn not_found(text: String) -> AmqpError {
        AmqpError { code: 404, text: format!("NOT_FOUND - {text}") }
    }
    pub(crate) fn access_refused(text: String) -> AmqpError {
        AmqpError { code: 403, text: format!("ACCESS_REFUSED - {text}") }
    }
}

impl std::fmt::Display for AmqpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.text)
    }
}

/// The four exchange types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ExchangeKind {
    Direct,
    Fanout,
    Topic,
    Headers,
}

impl ExchangeKind {
    /// Parses `direct`, `fanout`, `topic` or `headers`.
    pub fn parse(s: &str) -> Option<ExchangeKind> {
        match s {
            "direct" => Some(ExchangeKind::Direct),
            "fanout" => Some(ExchangeKind::Fanout),
            "topic" => Some(ExchangeKind::Topic),
            "headers" => Some(ExchangeKind::Headers),
            _ => None,
        }
    }
    /// The type's name.
    pub fn as_str(self) -> &'static str {
        match self {
            ExchangeKind::Direct => "direct",
            ExchangeKind::Fanout => "fanout",
            ExchangeKind::Topic => "topic",
            ExchangeKind::Headers => "headers",
        }
    }
}

/// Where a binding leads.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Destination {
    Queue(String),
    Exchange(String),
}

/// A binding from an exchange to a queue or another exchange.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Binding {
    pub source: String,
    pub destination: Destination,
    pub routing_key: String,
    #[serde(skip)]
    pub arguments: FieldTable,
}

/// An exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    pub name: String,
    pub kind: ExchangeKind,
    pub durable: bool,
    pub auto_delete: bool,
    pub internal: bool,
    pub arguments: FieldTable,
    /// Bindings from this exchange, in the order they were made.
    pub bindings: Vec<Binding>,
}

impl Exchange {
    /// A new exchange with no bindings.
    pub fn new(
        name: &str,
        kind: ExchangeKind,
        durable: bool,
        auto_delete: bool,
        arguments: FieldTable,
    ) -> Exchange {
        Exchange {
            name: name.to_string(),
            kind,
            durable,
            auto_delete,
            internal: false,
            arguments,
            bindings: Vec::new(),
        }
    }

    /// The `alternate-exchange` argument.
    pub fn alternate(&self) -> Option<&str> {
        self.arguments.get("alternate-exchange").and_then(FieldValue::as_str)
    }
}

/// The exchanges every vhost starts with.
pub fn predeclared() -> Vec<Exchange> {
    let mk = |n: &str, k| Exchange::new(n, k, true, false, FieldTable::new());
    vec![
        mk("", ExchangeKind::Direct),
        mk("amq.direct", ExchangeKind::Direct),
        mk("amq.fanout", ExchangeKind::Fanout),
        mk("amq.topic", ExchangeKind::Topic),
        mk("amq.headers", ExchangeKind::Headers),
        mk("amq.match", ExchangeKind::Headers),
    ]
}

fn qname(name: &str) -> String {
    format!("queue '{name}' in vhost '/'")
}

/// Checks queue arguments as `queue.declare` does; returns the queue kind and any warnings.
pub fn check_queue_args(
    name: &str,
    durable: bool,
    args: &FieldTable,
    profile: &Profile,
) -> Result<(QueueKind, Vec<String>), AmqpError> {
    let bad = |key: &str, why: String| {
        AmqpError::precondition(format!("invalid arg '{key}' for {}: {why}", qname(name)))
    };
    let int_arg = |key: &str, min: i64| -> Result<(), AmqpError> {
        match args.get(key) {
            None => Ok(()),
            Some(v) => match v.as_i64() {
                None => Err(bad(key, format!("{{unacceptable_type,{}}}", type_name(v)))),
                Some(n) if n < min && n < 0 => Err(bad(key, format!("{{value_negative,{n}}}"))),
                Some(n) if n < min => Err(bad(key, format!("{{value_zero,{n}}}"))),
                Some(_) => Ok(()),
            },
        }
    };
    let str_arg = |key: &str| -> Result<(), AmqpError> {
        match args.get(key) {
            Some(v) if v.as_str().is_none() => {
                Err(bad(key, format!("{{unacceptable_type,{}}}", type_name(v))))
            }
            _ => Ok(()),
        }
    };
    let kind = match args.get("x-queue-type") {
        None => QueueKind::Classic,
        Some(v) => match v.as_str() {
            Some("classic") => QueueKind::Classic,
            Some("quorum") => QueueKind::Quorum,
            Some("stream") => QueueKind::Stream,
            _ => {
                return Err(bad(
                    "x-queue-type",
                    format!(
                        "{:?} is not a queue type (use classic, quorum or stream)",
                        v.to_json()
                    ),
                ))
            }
        },
    };
    int_arg("x-expires", 1)?;
    int_arg("x-message-ttl", 0)?;
    int_arg("x-max-length", 0)?;
    int_arg("x-max-length-bytes", 0)?;
    int_arg("x-max-priority", 0)?;
    str_arg("x-dead-letter-exchange")?;
    str_arg("x-dead-letter-routing-key")?;
    if let Some(p) = args.get("x-max-priority").and_then(FieldValue::as_i64) {
        if p > 255 {
            return Err(bad("x-max-priority", format!("{{value_too_large,{p},255}}")));
        }
    }
    if args.get("x-dead-letter-routing-key").is_some()
        && args.get("x-dead-letter-exchange").is_none()
    {
        return Err(bad("x-dead-letter-routing-key", "routing_key_but_no_dlx_defined".into()));
    }
    let mut warnings = Vec::new();
    let overflow = match args.get("x-overflow") {
        None => None,
        Some(v) => match v.as_str().and_then(|s| match s {
            "drop-head" => Some(Overflow::DropHead),
            "reject-publish" => Some(Overflow::RejectPublish),
            "reject-publish-dlx" => Some(Overflow::RejectPublishDlx),
            _ => None,
        }) {
            Some(o) => Some(o),
            None => {
                return Err(bad("x-overflow", format!("{{unacceptable_value,{}}}", v.to_json())))
            }
        },
    };
    if let Some(v) = args.get("x-dead-letter-strategy") {
        if !matches!(v.as_str(), Some("at-most-once") | Some("at-least-once")) {
            return Err(bad(
                "x-dead-letter-strategy",
                format!("{{unacceptable_value,{}}}", v.to_json()),
            ));
        }
    }
    if kind != QueueKind::Classic {
        if !durable {
            return Err(AmqpError::precondition(format!(
                "invalid property 'non-durable' for {}",
                qname(name)
            )));
        }
        if args.get("x-max-priority").is_some()
            && !(kind == QueueKind::Quorum && profile.quorum_priorities)
        {
            return Err(bad(
                "x-max-priority",
                format!("{} queues do not support priorities", kind.as_str()),
            ));
        }
    }
    if kind == QueueKind::Quorum {
        if let Some(v) = args.get("x-delivery-limit") {
            if v.as_i64().is_none() {
                return Err(bad(
                    "x-delivery-limit",
                    format!("{{unacceptable_type,{}}}", type_name(v)),
                ));
            }
        }
        if overflow == Some(Overflow::RejectPublishDlx) {
            if profile.quorum_accepts_reject_publish_dlx {
                warnings.push(format!(
                    "[warning] Invalid overflow strategy <<\"reject-publish-dlx\">> for quorum queue: {}",
                    qname(name)
                ));
            } else {
                return Err(bad(
                    "x-overflow",
                    "quorum queues do not support reject-publish-dlx".into(),
                ));
            }
        }
    }
    Ok((kind, warnings))
}

/// The arguments whose values must match when a queue is declared again.
pub const EQUIVALENT_QUEUE_ARGS: [&str; 9] = [
    "x-message-ttl",
    "x-expires",
    "x-dead-letter-exchange",
    "x-dead-letter-routing-key",
    "x-max-length",
    "x-max-length-bytes",
    "x-max-priority",
    "x-overflow",
    "x-queue-type",
];

/// The 406 a redeclaration with different arguments gets, if any.
pub fn check_equivalent(
    name: &str,
    current: &FieldTable,
    durable_now: bool,
    received: &FieldTable,
    durable: bool,
) -> Result<(), AmqpError> {
    if durable_now != durable {
        return Err(AmqpError::precondition(format!(
            "inequivalent arg 'durable' for {}: received '{durable}' but current is '{durable_now}'",
            qname(name)
        )));
    }
    for key in EQUIVALENT_QUEUE_ARGS {
        let (a, b) = (current.get(key), received.get(key));
        let same = match (a, b) {
            (Some(x), Some(y)) => x.matches(y),
            (None, None) => true,
            (None, Some(FieldValue::LongStr(s))) | (Some(FieldValue::LongStr(s)), None) => {
                key == "x-queue-type" && s == "classic"
            }
            _ => false,
        };
        if !same {
            let show = |v: Option<&FieldValue>| {
                v.map(|v| v.to_json().to_string()).unwrap_or_else(|| "none".into())
            };
            return Err(AmqpError::precondition(format!(
                "inequivalent arg '{key}' for {}: received {} but current is {}",
                qname(name),
                show(b),
                show(a)
            )));
        }
    }
    Ok(())
}

/// A readable AMQP type name for error messages.
pub fn type_name(v: &FieldValue) -> &'static str {
    match v {
        FieldValue::LongStr(_) => "longstr",
        FieldValue::Long(_) => "long",
        FieldValue::Int(_) => "signedint",
        FieldValue::Bool(_) => "bool",
        FieldValue::Timestamp(_) => "timestamp",
        FieldValue::Double(_) => "double",
        FieldValue::Array(_) => "array",
        FieldValue::Table(_) => "table",
        FieldValue::Void => "void",
    }
}
