//! The sentences of the operator's report on the comparison page: what each action reached
//! under one strategy, and why a message it named was out of its reach.

use crate::i18n::Lang;
use crate::msg;
use crate::systems::workload::OperatorKind;
use crate::systems::{ActionReport, Fate};

/// The report of one action, one or two sentences; `ids` are the workload's message ids.
pub fn action_report(lang: Lang, r: &ActionReport, ids: &[String]) -> Vec<String> {
    let at = crate::i18n::seconds_number(r.at_us / 1000);
    let id = |m: usize| ids.get(m).cloned().unwrap_or_else(|| "?".into());
    let names = r.acted_on.iter().map(|&m| id(m)).collect::<Vec<_>>().join(&msg!(lang, "list-sep"));
    let reached = !r.acted_on.is_empty();
    let first = match (r.kind, reached) {
        (OperatorKind::Replay, true) => {
            msg!(lang, "sys-event-op-replay-reached", at = at, ids = names)
        }
        (OperatorKind::Replay, false) => msg!(lang, "sys-event-op-replay-nothing", at = at),
        (OperatorKind::Skip, true) => msg!(lang, "sys-event-op-skip-reached", at = at, ids = names),
        (OperatorKind::Skip, false) => msg!(lang, "sys-event-op-skip-nothing", at = at),
        (OperatorKind::Edit, true) => msg!(lang, "sys-event-op-edit-reached", at = at, ids = names),
        (OperatorKind::Edit, false) => msg!(lang, "sys-event-op-edit-nothing", at = at),
    };
    let mut out = vec![first];
    if let Some((m, fate)) = r.missed {
        let id = id(m);
        out.push(match fate {
            Fate::InFlight => msg!(lang, "sys-event-op-missed-in-flight", id = id),
            Fate::Completed => msg!(lang, "sys-event-op-missed-completed", id = id),
            Fate::Lost => msg!(lang, "sys-event-op-missed-lost", id = id),
            Fate::Skipped => msg!(lang, "sys-event-op-missed-skipped", id = id),
            Fate::DeadLettered => msg!(lang, "sys-event-op-missed-dead", id = id),
        });
    }
    out
}

/// An operator's note in `lang`: a built-in one (the workloads', strategy tours' and
/// exercises' own, in English in their files) in the page's language; a user's as written.
pub fn operator_note(lang: Lang, note: &str) -> String {
    match note {
        "address corrected" => msg!(lang, "op-note-address-corrected"),
        "broker reachable again" => msg!(lang, "op-note-broker-reachable"),
        "corrected the postcode" => msg!(lang, "op-note-postcode-corrected"),
        "filled in the missing field" => msg!(lang, "op-note-missing-field"),
        "fix deployed" => msg!(lang, "op-note-fix-deployed"),
        "fix deployed in v1.4.2" => msg!(lang, "op-note-fix-deployed-v142"),
        "fixed the bad amount field" => msg!(lang, "op-note-amount-fixed"),
        "pricing fix deployed" => msg!(lang, "op-note-pricing-fix"),
        "pricing fix v1.4.2 deployed" => msg!(lang, "op-note-pricing-fix-v142"),
        "replay after the fix" => msg!(lang, "op-note-replay-after-fix"),
        "replay everything" => msg!(lang, "op-note-replay-everything"),
        "replayed after the correction" => msg!(lang, "op-note-replayed-after-correction"),
        "replayed m3 after the edit" => msg!(lang, "op-note-replayed-m3"),
        "retry it" => msg!(lang, "op-note-retry-it"),
        _ => note.to_string(),
    }
}
