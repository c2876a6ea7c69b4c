//! The sentences of the operator's report on the comparison page: what each action reached
//! under one strategy, and why a message it named was out of its reach.

use crate::msg;
use crate::scenario::Lang;
use crate::systems::workload::OperatorKind;
use crate::systems::{ActionReport, Fate};

/// The report of one action, one or two sentences; `ids` are the workload's message ids.
pub fn action_report(lang: Lang, r: &ActionReport, ids: &[String]) -> Vec<String> {
    let at = crate::scenario::model::problem::seconds_number(r.at_us / 1000);
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
