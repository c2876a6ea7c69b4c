//! The sentences of the operator's report on the comparison page, as message values: what
//! each action reached under one strategy, and why a message it named was out of its reach.

use crate::i18n::message_value::{list, IntoMessageArg, MessageArg};
use crate::i18n::Message;
use crate::message;
use crate::systems::workload::OperatorKind;
use crate::systems::{ActionReport, Fate};

/// The report of one action, one or two sentences; `ids` are the workload's message ids.
pub fn action_report(r: &ActionReport, ids: &[String]) -> Vec<Message> {
    let at = crate::i18n::seconds_number(r.at_us / 1000);
    let id = |m: usize| ids.get(m).cloned().unwrap_or_else(|| "?".into());
    let names = list(message!("list-sep"), r.acted_on.iter().map(|&m| id(m)));
    let reached = !r.acted_on.is_empty();
    let first = match (r.kind, reached) {
        (OperatorKind::Replay, true) => {
            message!("sys-event-op-replay-reached", at = at, ids = names)
        }
        (OperatorKind::Replay, false) => message!("sys-event-op-replay-nothing", at = at),
        (OperatorKind::Skip, true) => message!("sys-event-op-skip-reached", at = at, ids = names),
        (OperatorKind::Skip, false) => message!("sys-event-op-skip-nothing", at = at),
        (OperatorKind::Edit, true) => message!("sys-event-op-edit-reached", at = at, ids = names),
        (OperatorKind::Edit, false) => message!("sys-event-op-edit-nothing", at = at),
    };
    let mut out = vec![first];
    if let Some((m, fate)) = r.missed {
        let id = id(m);
        out.push(match fate {
            Fate::InFlight => message!("sys-event-op-missed-in-flight", id = id),
            Fate::Completed => message!("sys-event-op-missed-completed", id = id),
            Fate::Lost => message!("sys-event-op-missed-lost", id = id),
            Fate::Skipped => message!("sys-event-op-missed-skipped", id = id),
            Fate::DeadLettered => message!("sys-event-op-missed-dead", id = id),
        });
    }
    out
}

/// An operator's note: a built-in one (the workloads', strategy tours' and exercises' own, in
/// English in their files) a message, worded in the page's language; a user's as written.
pub fn operator_note(note: &str) -> MessageArg {
    let said = match note {
        "address corrected" => message!("op-note-address-corrected"),
        "broker reachable again" => message!("op-note-broker-reachable"),
        "corrected the postcode" => message!("op-note-postcode-corrected"),
        "filled in the missing field" => message!("op-note-missing-field"),
        "fix deployed" => message!("op-note-fix-deployed"),
        "fix deployed in v1.4.2" => message!("op-note-fix-deployed-v142"),
        "fixed the bad amount field" => message!("op-note-amount-fixed"),
        "pricing fix deployed" => message!("op-note-pricing-fix"),
        "pricing fix v1.4.2 deployed" => message!("op-note-pricing-fix-v142"),
        "replay after the fix" => message!("op-note-replay-after-fix"),
        "replay everything" => message!("op-note-replay-everything"),
        "replayed after the correction" => message!("op-note-replayed-after-correction"),
        "replayed m3 after the edit" => message!("op-note-replayed-m3"),
        "retry it" => message!("op-note-retry-it"),
        _ => return MessageArg::Value(note.to_string()),
    };
    said.into_message_arg()
}
