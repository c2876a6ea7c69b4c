//! DLQ alerts: the thresholds a team pages on (depth, time non-empty, arrival rate), evaluated
//! on the event log of a run.
//!
//! A scenario may set them in an `alerts` object; each rule left out takes the usual value
//! (any message for 30 min, more than 100 messages, 10 or more arrivals within an hour), and a
//! rule set to 0 is off:
//! ```json
//! "alerts": {"depth_over": 100, "nonempty_for_ms": 1800000, "arrivals_per_hour": 10}
//! ```

use std::collections::VecDeque;

use serde_json::Value;

use crate::engine::event::EventKind;
use crate::engine::order;
use crate::engine::EventLog;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::json::Obj;

/// One hour of virtual time, in microseconds.
const HOUR_US: u64 = 3_600_000_000;

pub use crate::systems::alert_rules::AlertRules;

/// Reads the scenario's `alerts` object (absent: the defaults).
pub fn read_rules(json: &Value) -> Result<AlertRules, ScenarioError> {
    let d = AlertRules::default();
    let Some(v) = json.get("alerts").filter(|v| !v.is_null()) else { return Ok(d) };
    let o = Obj::new(v, "$.alerts")?;
    Ok(AlertRules {
        depth_over: o.u64_or("depth_over", d.depth_over)?,
        nonempty_for_ms: o.u64_or("nonempty_for_ms", d.nonempty_for_ms)?,
        arrivals_per_hour: o.u64_or("arrivals_per_hour", d.arrivals_per_hour)?,
    })
}

/// Which rule fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum AlertRule {
    /// The queue went above `depth_over`.
    DepthOver,
    /// The queue held messages for `nonempty_for_ms` without emptying.
    NonEmptyFor,
    /// `arrivals_per_hour` messages arrived within an hour.
    ArrivalRate,
}

/// One alert: the rule, the queue, and the moment it fired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alert {
    pub at_us: u64,
    pub queue: String,
    pub rule: AlertRule,
}

/// Per-queue state while reading the log.
#[derive(Default)]
struct Watch {
    ready: Vec<u64>,
    /// Since when the queue has been non-empty.
    nonempty_since: Option<u64>,
    /// The non-empty spell already alerted.
    spell_alerted: bool,
    above: bool,
    arrivals: VecDeque<u64>,
    rate_alerted: bool,
}

/// The alerts the rules raise on `queues` (the dead-letter queues) over `events`, in time order.
/// `end_us` closes a non-empty spell still open at the end of the log.
pub fn dlq_alerts(
    events: &EventLog,
    queues: &[String],
    rules: &AlertRules,
    end_us: u64,
) -> Vec<Alert> {
    // Few queues are dead-letter queues: a list is enough (and smaller than a map).
    let mut watch: Vec<(&str, Watch)> =
        queues.iter().map(|q| (q.as_str(), Watch::default())).collect();
    let mut out = Vec::new();
    let spell_us = rules.nonempty_for_ms.saturating_mul(1000);
    // A non-empty spell that lasted long enough alerts at its start plus the spell.
    let close_spell = |w: &mut Watch, q: &str, until_us: u64, out: &mut Vec<Alert>| {
        if let Some(since) = w.nonempty_since {
            if rules.nonempty_for_ms > 0
                && !w.spell_alerted
                && until_us >= since.saturating_add(spell_us)
            {
                out.push(Alert {
                    at_us: since.saturating_add(spell_us),
                    queue: q.to_string(),
                    rule: AlertRule::NonEmptyFor,
                });
                w.spell_alerted = true;
            }
        }
    };
    for ev in events {
        let t = ev.at_us.as_us();
        let (queue, change, arrival): (&str, i8, bool) = match &ev.kind {
            EventKind::Enqueued { queue, .. } => (queue, 1, true),
            EventKind::Requeued { queue } => (queue, 1, false),
            EventKind::Delivered { queue, .. }
            | EventKind::Died { queue, .. }
            | EventKind::Acked { queue } => (queue, -1, false),
            EventKind::QueuePurged { queue, .. }
            | EventKind::QueueDeleted { queue, .. }
            | EventKind::QueueExpired { queue, .. } => (queue, 0, false),
            _ => continue,
        };
        let name: &str = queue;
        let Some((_, w)) = watch.iter_mut().find(|(q, _)| *q == name) else { continue };
        close_spell(w, name, t, &mut out);
        match (change, ev.msg) {
            (1, Some(m)) => w.ready.push(m),
            (-1, Some(m)) => w.ready.retain(|&x| x != m),
            (0, _) => w.ready.clear(),
            _ => {}
        }
        let depth = w.ready.len() as u64;
        match (depth > 0, w.nonempty_since) {
            (true, None) => {
                w.nonempty_since = Some(t);
                w.spell_alerted = false;
            }
            (false, Some(_)) => w.nonempty_since = None,
            _ => {}
        }
        if rules.depth_over > 0 {
            let above = depth > rules.depth_over;
            if above && !w.above {
                out.push(Alert { at_us: t, queue: name.to_string(), rule: AlertRule::DepthOver });
            }
            w.above = above;
        }
        if arrival && rules.arrivals_per_hour > 0 {
            w.arrivals.push_back(t);
            while w.arrivals.front().is_some_and(|&a| a + HOUR_US <= t) {
                w.arrivals.pop_front();
            }
            let over = w.arrivals.len() as u64 >= rules.arrivals_per_hour;
            if over && !w.rate_alerted {
                out.push(Alert { at_us: t, queue: name.to_string(), rule: AlertRule::ArrivalRate });
            }
            // Re-armed once an arrival finds fewer than the rule in the hour behind it.
            w.rate_alerted = over;
        }
    }
    for (q, w) in &mut watch {
        close_spell(w, q, end_us, &mut out);
    }
    order::sort_by(&mut out, |a, b| (a.at_us, a.rule, &a.queue).cmp(&(b.at_us, b.rule, &b.queue)));
    out
}
