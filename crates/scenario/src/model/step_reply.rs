//! What a step did, typed: the playground reads whether the broker refused it, and the
//! conformance format's result JSON is made from it only where a result is recorded or
//! compared ([`StepReply::to_json`]).

use serde_json::{json, Value};

use crate::engine::AmqpError;

/// One step's outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum StepReply {
    /// Done, nothing to report: `{"ok": true}`.
    Done,
    /// Done, removing this many messages (a queue deleted or purged).
    Removed(u64),
    /// The broker refused it with a channel or connection error.
    Refused(AmqpError),
    /// The client could not do it: a replay to the origin of a message that never died.
    Client(String),
    /// A settle named a delivery label no earlier get gave.
    UnknownLabel(String),
    /// Done, with what the broker returned (a message, a length, a confirm…), already in the
    /// conformance format, where it is only ever recorded and compared.
    Returned(Value),
}

impl StepReply {
    /// Why it was not done, in words (the broker's code and reply text), or None when it was.
    pub fn refusal(&self) -> Option<String> {
        match self {
            StepReply::Refused(e) => Some(format!("{} {}", e.code, e.text)),
            StepReply::Client(text) => Some(text.clone()),
            StepReply::UnknownLabel(label) => Some(unknown_label(label)),
            StepReply::Done | StepReply::Removed(_) | StepReply::Returned(_) => None,
        }
    }

    /// The result in the conformance format (`{"ok": true}`, `{"error": {…}}`, …).
    pub fn to_json(self) -> Value {
        match self {
            StepReply::Done => json!({"ok": true}),
            StepReply::Removed(n) => json!({"ok": true, "message_count": n}),
            StepReply::Refused(e) => json!({"error": {"code": e.code, "text": e.text}}),
            StepReply::Client(text) => json!({"error": {"code": "client", "text": text}}),
            StepReply::UnknownLabel(label) => json!({"error": unknown_label(&label)}),
            StepReply::Returned(v) => v,
        }
    }
}

fn unknown_label(label: &str) -> String {
    format!("unknown delivery label {label}")
}
