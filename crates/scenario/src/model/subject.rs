//! What a definitions message or a refusal is about (a declaration, [`Subject`]), a refused
//! declaration ([`Refusal`]) and where an applied setting came from ([`SourceKind`]), each
//! with its words: the model's own types, which the definitions reports, the topology and
//! the engine events' texts all name.

use std::fmt;

use crate::i18n::Message;
use crate::message;

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
        f.write_str(&subject(self).text(crate::scenario::Lang::En))
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

/// What a refused or reported declaration is called.
pub fn subject(s: &Subject) -> Message {
    match s {
        Subject::Exchange(n) => message!("subject-exchange", name = n),
        Subject::Queue(n) => message!("subject-queue", name = n),
        Subject::Binding { source, destination, routing_key } => message!(
            "subject-binding",
            source = source,
            destination = destination,
            key = routing_key
        ),
        Subject::Policy { name, operator: false } => message!("subject-policy", name = name),
        Subject::Policy { name, operator: true } => {
            message!("subject-operator-policy", name = name)
        }
    }
}

/// Where a setting came from, as the engine records it (`argument`, `policy:NAME`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind<'a> {
    Argument,
    Policy(&'a str),
    OperatorPolicy(&'a str),
    Default,
    ArgumentOrPolicy,
    Other(&'a str),
}

/// Reads a setting's source as the engine writes it.
pub fn source_kind(source: &str) -> SourceKind<'_> {
    match source {
        "argument" => SourceKind::Argument,
        "default" => SourceKind::Default,
        "argument or policy" => SourceKind::ArgumentOrPolicy,
        s => match (s.strip_prefix("operator-policy:"), s.strip_prefix("policy:")) {
            (Some(p), _) => SourceKind::OperatorPolicy(p),
            (None, Some(p)) => SourceKind::Policy(p),
            _ => SourceKind::Other(s),
        },
    }
}
