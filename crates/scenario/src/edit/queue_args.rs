//! The queue arguments a form offers, each with its kind (a duration, a count, an exchange, a
//! choice…), its range and whether only quorum queues read it; and the reading of a form's
//! text into the argument's JSON value, refusing what is not one.

use serde_json::Value;

use super::EditError;

/// What an argument holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// Milliseconds, at least `min`.
    Millis { min: i64 },
    /// A count (of messages, bytes, deliveries), at least `min`.
    Count { min: i64 },
    /// An exchange's name.
    Exchange,
    /// A routing key.
    RoutingKey,
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// One argument a queue form offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgSpec {
    pub key: &'static str,
    pub kind: ArgKind,
    /// Only a quorum queue reads it (a classic queue ignores it).
    pub quorum_only: bool,
}

const fn arg(key: &'static str, kind: ArgKind, quorum_only: bool) -> ArgSpec {
    ArgSpec { key, kind, quorum_only }
}

/// Every queue argument the engine simulates, in the order a form shows them.
pub const QUEUE_ARGS: [ArgSpec; 14] = [
    arg("x-dead-letter-exchange", ArgKind::Exchange, false),
    arg("x-dead-letter-routing-key", ArgKind::RoutingKey, false),
    arg("x-message-ttl", ArgKind::Millis { min: 0 }, false),
    arg("x-expires", ArgKind::Millis { min: 1 }, false),
    arg("x-max-length", ArgKind::Count { min: 0 }, false),
    arg("x-max-length-bytes", ArgKind::Count { min: 0 }, false),
    arg(
        "x-overflow",
        ArgKind::Choice(&["drop-head", "reject-publish", "reject-publish-dlx"]),
        false,
    ),
    arg("x-queue-type", ArgKind::Choice(&["classic", "quorum", "stream"]), false),
    arg("x-max-priority", ArgKind::Count { min: 0 }, false),
    arg("x-delivery-limit", ArgKind::Count { min: 0 }, true),
    arg("x-dead-letter-strategy", ArgKind::Choice(&["at-most-once", "at-least-once"]), true),
    arg("x-delayed-retry-type", ArgKind::Choice(&["all", "failed", "returned"]), true),
    arg("x-delayed-retry-min", ArgKind::Millis { min: 0 }, true),
    arg("x-delayed-retry-max", ArgKind::Millis { min: 0 }, true),
];

/// How a form names the default exchange (whose name is empty).
pub const DEFAULT_EXCHANGE: &str = "amq.default";

/// The spec of `key`, if a form offers it.
pub fn spec(key: &str) -> Option<&'static ArgSpec> {
    QUEUE_ARGS.iter().find(|a| a.key == key)
}

/// The JSON value a form's `text` means for `spec`: `None` for an empty field (the argument
/// is removed); an error naming the field when the text is not such a value.
pub fn read_arg(spec: &ArgSpec, text: &str) -> Result<Option<Value>, EditError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match spec.kind {
        ArgKind::Millis { min } | ArgKind::Count { min } => {
            let n: i64 = text
                .parse()
                .map_err(|_| EditError::NotANumber { field: spec.key.into(), text: text.into() })?;
            if n < min {
                return Err(EditError::TooSmall { field: spec.key.into(), min });
            }
            Ok(Some(Value::from(n)))
        }
        // The default exchange has no name; a form names it `amq.default`, as the broker's
        // management UI lists it.
        ArgKind::Exchange if text == DEFAULT_EXCHANGE => Ok(Some(Value::from(""))),
        ArgKind::Exchange | ArgKind::RoutingKey => Ok(Some(Value::from(text))),
        ArgKind::Choice(words) => {
            if words.contains(&text) {
                Ok(Some(Value::from(text)))
            } else {
                Err(EditError::NotAChoice {
                    field: spec.key.into(),
                    text: text.into(),
                    choices: words.join(", "),
                })
            }
        }
    }
}

/// A form's text for an argument's JSON value (what the field shows).
pub fn arg_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_reads_its_kind_or_names_what_is_wrong() {
        let ttl = spec("x-message-ttl").unwrap();
        assert_eq!(read_arg(ttl, " 5000 ").unwrap(), Some(Value::from(5000)));
        assert_eq!(read_arg(ttl, "").unwrap(), None);
        assert!(matches!(read_arg(ttl, "-1"), Err(EditError::TooSmall { min: 0, .. })));
        assert!(matches!(read_arg(ttl, "5 s"), Err(EditError::NotANumber { .. })));
        let expires = spec("x-expires").unwrap();
        assert!(matches!(read_arg(expires, "0"), Err(EditError::TooSmall { min: 1, .. })));
        let overflow = spec("x-overflow").unwrap();
        assert_eq!(
            read_arg(overflow, "reject-publish").unwrap(),
            Some(Value::from("reject-publish"))
        );
        assert!(matches!(read_arg(overflow, "drop-tail"), Err(EditError::NotAChoice { .. })));
        let dlx = spec("x-dead-letter-exchange").unwrap();
        assert_eq!(read_arg(dlx, "dlx").unwrap(), Some(Value::from("dlx")));
        assert_eq!(read_arg(dlx, "amq.default").unwrap(), Some(Value::from("")));
        assert_eq!(arg_text(&Value::from(5000)), "5000");
        assert_eq!(arg_text(&Value::from("dlx")), "dlx");
        // Every argument the engine simulates has a form field.
        for key in crate::scenario::definitions::file::SIMULATED_QUEUE_ARGS {
            assert!(spec(key).is_some(), "{key}");
        }
    }
}
