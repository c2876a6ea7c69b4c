//! What a definitions file holds that is not simulated, or that the broker would refuse: one
//! variant per message with its names, and the English text as `Display` (the native CLI
//! prints it; the browser UI words each variant in the user's language).

use std::fmt;

use serde::{Serialize, Serializer};

pub use crate::scenario::model::subject::{Refusal, Subject};

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
        f.write_str(
            &crate::scenario::definitions::definitions_text::warning(self)
                .text(crate::scenario::Lang::En),
        )
    }
}

/// Warnings are written as their English text in JSON (`dlx-lab definitions --json`).
impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
