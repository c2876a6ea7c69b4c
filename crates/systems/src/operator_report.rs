//! What each of the operator's actions did under one strategy, read from its trace: the
//! messages it acted on, and the ones it named by id that were not in the dead-letter place at
//! that moment (so it did nothing to them there: "m3 is not in the SQS DLQ yet").

use super::metrics::fate_until;
use super::trace::{SysEventKind, Trace};
use super::workload::{OperatorKind, Selection, Workload};
use super::Fate;

/// One operator action's outcome under one strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionReport {
    /// The action's index in the workload's `operator` list.
    pub index: usize,
    pub at_us: u64,
    pub kind: OperatorKind,
    /// The messages it acted on, in workload order.
    pub acted_on: Vec<usize>,
    /// The message it named by id, when that one was not acted on, with how it stood then.
    pub missed: Option<(usize, Fate)>,
}

/// Every operator action of `workload` as it went in `trace`, in the workload's order.
pub fn operator_report(workload: &Workload, trace: &Trace) -> Vec<ActionReport> {
    workload
        .operator
        .iter()
        .enumerate()
        .map(|(index, a)| {
            let at_us = a.at_ms.saturating_mul(1000);
            let mut acted_on: Vec<usize> = trace
                .events
                .iter()
                .filter(|e| e.at_us == at_us)
                .filter(|e| matches!(&e.kind, SysEventKind::Operator { action, .. } if *action == a.kind))
                .map(|e| e.msg as usize)
                .collect();
            acted_on.sort_unstable();
            acted_on.dedup();
            let missed = match &a.select {
                Selection::Message(id) => workload
                    .messages
                    .iter()
                    .position(|m| &m.id == id)
                    .filter(|m| !acted_on.contains(m))
                    .map(|m| (m, fate_until(trace, m, at_us))),
                _ => None,
            };
            ActionReport { index, at_us, kind: a.kind, acted_on, missed }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::sqs::{Sqs, SqsConfig};
    use crate::systems::System;

    #[test]
    fn an_action_names_what_it_touched_and_the_named_message_it_could_not_reach() {
        let w = Workload::from_json(
            r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}, {"id": "b", "failure": {"kind": "bug"}}],
                "operator": [{"at_ms": 10000, "do": "replay", "select": {"message": "a"}},
                             {"at_ms": 400000, "do": "skip"}],
                "horizon_ms": 500000}"#,
        )
        .unwrap();
        let mut s = Sqs::new(SqsConfig::default(), w.clone());
        s.step_until(w.horizon());
        let r = operator_report(&w, s.trace());
        // At 10 s the message is still being retried: the replay reaches nothing.
        assert_eq!(r[0].acted_on, Vec::<usize>::new());
        assert_eq!(r[0].missed, Some((0, Fate::InFlight)));
        // At 400 s both are in the DLQ: skip takes both.
        assert_eq!(r[1].acted_on, vec![0, 1]);
        assert_eq!(r[1].missed, None);
    }
}
