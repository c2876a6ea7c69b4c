//! What a definitions file holds that is not simulated, or that the broker would refuse: one
//! variant per message with its names, and the English text as `Display` (the native CLI
//! prints it; the browser UI words each variant in the user's language).

use std::fmt;

use serde::{Serialize, Serializer};

/// A declaration a message is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    Exchange(String),
    Queue(String),
    Binding {
        source: String,
        destination: String,
        routing_key: String,
    },
    /// A policy, or (`operator`) an operator policy.
    Policy {
        name: String,
        operator: bool,
    },
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Exchange(n) => write!(f, "exchange '{n}'"),
            Subject::Queue(n) => write!(f, "queue '{n}'"),
            Subject::Binding { source, destination, routing_key } => {
                write!(f, "binding {source} -> {destination} ('{routing_key}')")
            }
            Subject::Policy { name, operator: false } => write!(f, "policy '{name}'"),
            Subject::Policy { name, operator: true } => write!(f, "operator policy '{name}'"),
        }
    }
}

/// A declaration the broker refuses, with the broker's own code and text (`406 PRECONDITION_FAILED - …`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub subject: Subject,
    pub error: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.subject, self.error)
    }
}

/// Something read from a definitions file but not simulated (or left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// Users, vhosts, permissions…: `count` entries under `key`.
    Access { key: String, count: usize },
    /// A top-level key this reader does not know.
    UnknownKey { key: String },
    /// An exchange type other than direct, fanout, topic, headers (left out with its bindings).
    ExchangeType { exchange: String, kind: String },
    /// `auto_delete` on an exchange.
    ExchangeAutoDelete { exchange: String },
    /// `internal` on an exchange.
    ExchangeInternal { exchange: String },
    /// An exchange argument other than `alternate-exchange`.
    ExchangeArgument { exchange: String, argument: String },
    /// `auto_delete` on a queue.
    QueueAutoDelete { queue: String },
    /// `exclusive` on a queue.
    QueueExclusive { queue: String },
    /// A queue argument the engine does not simulate (kept for export).
    QueueArgument { queue: String, argument: String },
    /// A key the broker refuses in operator policies; `accepted` lists those it takes.
    OperatorPolicyKey { policy: String, key: String, accepted: String },
    /// A policy key the engine does not simulate (kept for export).
    PolicyKey { policy: String, operator: bool, key: String },
    /// A runtime parameter of another component (shovel, federation…).
    Parameter { name: String, component: String },
    /// `count` items of virtual host `vhost` left out; `simulated` is the one simulated.
    OtherVhost { vhost: String, count: usize, simulated: String },
    /// A binding from an exchange that is not simulated.
    BindingLeftOut { source: String, destination: String, routing_key: String },
    /// A declaration left out of an imported scenario because the broker refuses it.
    Refused(Refusal),
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Warning::*;
        match self {
            Access { key, count } => write!(f, "'{key}' ({count} entries) is not simulated: users, virtual hosts and permissions do not change dead-lettering"),
            UnknownKey { key } => write!(f, "unknown top-level key '{key}' is not simulated"),
            ExchangeType { exchange, kind } => write!(f, "exchange '{exchange}': type '{kind}' is not simulated; it and the bindings from it are left out"),
            ExchangeAutoDelete { exchange } => write!(f, "exchange '{exchange}': auto_delete is not simulated (the exchange stays)"),
            ExchangeInternal { exchange } => write!(f, "exchange '{exchange}': internal is not simulated (clients could publish to it here)"),
            ExchangeArgument { exchange, argument } => write!(f, "exchange '{exchange}': argument '{argument}' is not simulated"),
            QueueAutoDelete { queue } => write!(f, "queue '{queue}': auto_delete is not simulated (the queue stays without consumers)"),
            QueueExclusive { queue } => write!(f, "queue '{queue}': exclusive is not simulated"),
            QueueArgument { queue, argument } => write!(f, "queue '{queue}': argument '{argument}' is not simulated (kept for export)"),
            OperatorPolicyKey { policy, key, accepted } => {
                write!(f, "operator policy '{policy}': key '{key}' is refused by the broker in operator policies (it accepts {accepted})")
            }
            PolicyKey { policy, operator, key } => write!(
                f,
                "{} '{policy}': key '{key}' is not simulated (kept for export; it still decides which queue types the policy applies to)",
                if *operator { "operator policy" } else { "policy" }
            ),
            Parameter { name, component } => write!(f, "parameter '{name}' of component '{component}' is not simulated"),
            OtherVhost { vhost, count, simulated } => {
                write!(f, "{count} item(s) of virtual host '{vhost}' are left out: one virtual host ('{simulated}') is simulated")
            }
            BindingLeftOut { source, destination, routing_key } => write!(f, "binding {source} -> {destination} ('{routing_key}') is left out with its exchange"),
            Refused(r) => {
                // Imported scenarios call every policy `policy`, as they always have.
                let subject = match &r.subject {
                    Subject::Policy { name, .. } => format!("policy '{name}'"),
                    s => s.to_string(),
                };
                write!(f, "{subject} is left out: the broker refuses it: {}", r.error)
            }
        }
    }
}

/// Warnings are written as their English text in JSON (`dlx-lab definitions --json`).
impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
