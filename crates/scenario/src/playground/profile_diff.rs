//! What switching the broker profile (rabbitmq-3.10 / rabbitmq-4) changes in a run: the first
//! event where the two runs part, the copies that die under each, and the scenario's settings
//! one version treats differently (the delayed-retry arguments 3.10 does not know, a quorum
//! queue's default delivery limit). Read from the two finished runs' event logs; log lines
//! (warnings) are left out of the comparison.

use serde_json::Value;

use crate::engine::event::{Event, EventKind};
use crate::engine::EventLog;

/// The most events the comparison reads from each run.
pub const MAX_COMPARED_EVENTS: usize = 200_000;

/// A setting the two versions treat differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionSetting {
    /// The queue's `x-delayed-retry-*` argument, which rabbitmq-3.10 ignores.
    DelayedRetryIgnored { queue: String, argument: String },
    /// A quorum queue without `x-delivery-limit`: 20 under rabbitmq-4, unlimited under 3.10.
    QuorumDefaultLimit { queue: String },
}

/// The difference between a run before and after the switch.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileDiff {
    /// The first events that differ (before, after); `None` on a side that has no more events.
    /// No entry when the runs agree event for event.
    pub first: Option<(Option<Event>, Option<Event>)>,
    /// Copies that died (dead-lettered or dropped) before and after.
    pub deaths: (usize, usize),
    /// The settings the versions treat differently.
    pub settings: Vec<VersionSetting>,
    /// The logs were too long to compare in full.
    pub truncated: bool,
}

fn compared(events: &EventLog) -> impl Iterator<Item = Event> + '_ {
    events.iter().filter(|e| !matches!(e.kind, EventKind::Log { .. })).take(MAX_COMPARED_EVENTS)
}

fn deaths(events: &EventLog) -> usize {
    compared(events).filter(|e| matches!(e.kind, EventKind::Died { .. })).count()
}

/// Compares the event logs of the run `before` the switch and `after` it, for the scenario
/// whose JSON is `scenario`.
pub fn profile_diff(before: &EventLog, after: &EventLog, scenario: &Value) -> ProfileDiff {
    let mut a = compared(before);
    let mut b = compared(after);
    let first = loop {
        match (a.next(), b.next()) {
            (None, None) => break None,
            (x, y) => {
                let same = match (&x, &y) {
                    (Some(x), Some(y)) => x.at_us == y.at_us && x.msg == y.msg && x.kind == y.kind,
                    _ => false,
                };
                if !same {
                    break Some((x, y));
                }
            }
        }
    };
    let truncated = before.len() > MAX_COMPARED_EVENTS || after.len() > MAX_COMPARED_EVENTS;
    ProfileDiff {
        first,
        deaths: (deaths(before), deaths(after)),
        settings: settings(scenario),
        truncated,
    }
}

/// The scenario's queue settings that the two versions treat differently.
pub fn settings(scenario: &Value) -> Vec<VersionSetting> {
    let mut out = Vec::new();
    let queues = scenario.get("queues").and_then(Value::as_array).cloned().unwrap_or_default();
    for q in &queues {
        let name = q.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
        let args = q.get("arguments").and_then(Value::as_object);
        let arg = |k: &str| args.and_then(|a| a.get(k));
        for key in args.map(|a| a.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
            if key.starts_with("x-delayed-retry") {
                out.push(VersionSetting::DelayedRetryIgnored {
                    queue: name.clone(),
                    argument: key,
                });
            }
        }
        if arg("x-queue-type").and_then(Value::as_str) == Some("quorum")
            && arg("x-delivery-limit").is_none()
        {
            out.push(VersionSetting::QuorumDefaultLimit { queue: name.clone() });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Profile, RABBITMQ_3_10, RABBITMQ_4};
    use crate::scenario::playground::presets::preset;
    use crate::scenario::playground::run::Run;

    fn events(id: &str, p: &'static Profile) -> (EventLog, Value) {
        let s = preset(id).unwrap().with_profile(p);
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        (run.engine().events().clone(), s.json.clone())
    }

    #[test]
    fn delayed_retries_part_the_runs_and_3_10_ignores_their_arguments() {
        let (a, json) = events("quorum-delayed-retry", &RABBITMQ_4);
        let (b, _) = events("quorum-delayed-retry", &RABBITMQ_3_10);
        let d = profile_diff(&a, &b, &json);
        assert!(d.first.is_some());
        assert!(d
            .settings
            .iter()
            .any(|s| matches!(s, VersionSetting::DelayedRetryIgnored { argument, .. } if argument.starts_with("x-delayed-retry"))));
    }

    #[test]
    fn the_same_run_under_the_same_version_has_no_difference() {
        let (a, json) = events("four-reasons", &RABBITMQ_4);
        let d = profile_diff(&a, &a, &json);
        assert_eq!(d.first, None);
        assert_eq!(d.deaths.0, d.deaths.1);
    }
}
