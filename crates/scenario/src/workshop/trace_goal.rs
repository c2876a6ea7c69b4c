//! Goals on a strategy's trace: what a strategy exercise asks of SQS, Kafka, BullMQ, the
//! database DLQ or the hybrid, checked on the run the way broker goals are checked on the
//! event log. Every failure names the message, the attempt and the moment.
//!
//! ```json
//! {"all": [
//!   {"message": {"id": "poison", "ends": "dead_lettered", "by_ms": 300000}},
//!   {"message": {"failing_with": "TimeoutError", "ends": "completed", "attempts": {"at_most": 3}}},
//!   {"no_duplicates": true}, {"duplicates": {"at_most": 2}}, {"no_message_lost": true},
//!   {"order_kept": true},
//!   {"count": {"ends": "dead_lettered", "at_most": 5}}
//! ]}
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::counted::{Count, Counted, CountedFields};
use super::finding::Finding;
use super::goal::{evaluate, read_goal, GoalTree, Verdict};
use super::trace_finding::TraceFinding;
use crate::engine::time::SimTime;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::systems::{fate, fate_until, Effect, Fate, SysEventKind, Trace, Workload};

/// A goal on a trace: a check, or checks combined with `all` / `any`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceGoal {
    /// Every part must hold.
    All(Vec<TraceGoal>),
    /// At least one part must hold.
    Any(Vec<TraceGoal>),
    /// How one message (or every message failing with a reason) ends.
    Message(TraceMessageGoal),
    /// No effect applied twice (`true`).
    NoDuplicates(bool),
    /// How many effects were applied again (`{"at_most": 2}`).
    Duplicates(Count),
    /// No message lost (`true`).
    NoMessageLost(bool),
    /// Every key's messages handled in publish order (`true`).
    OrderKept(bool),
    /// How many messages end as a fate.
    Count(FateCount),
}

/// `{"id": "m1", "ends": "completed", "by_ms": 60000, "attempts": {"at_most": 3}}`, or
/// `failing_with` instead of `id` for every message whose failure reason contains the text.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceMessageGoal {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_with: Option<String>,
    /// How it stands at the end (or at `by_ms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<Fate>,
    /// The moment, in ms, by which it must stand as `ends`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_ms: Option<u64>,
    /// Attempts (receives, deliveries, tries) in all, replays included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempts: Option<Count>,
}

/// `{"ends": "dead_lettered"}` beside a comparison: the messages that end as a fate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndingAs {
    pub ends: Fate,
}

impl CountedFields for EndingAs {
    const FIELDS: &'static [&'static str] = &["ends", "equals", "at_least", "at_most"];
}

/// `{"ends": "dead_lettered", "at_most": 5}`.
pub type FateCount = Counted<EndingAs>;

impl GoalTree for TraceGoal {
    fn combine(all: bool, parts: Vec<TraceGoal>) -> TraceGoal {
        if all {
            TraceGoal::All(parts)
        } else {
            TraceGoal::Any(parts)
        }
    }

    fn split(&self) -> Option<(bool, &[TraceGoal])> {
        match self {
            TraceGoal::All(parts) => Some((true, parts)),
            TraceGoal::Any(parts) => Some((false, parts)),
            _ => None,
        }
    }

    fn validate(&self, path: &str) -> Result<(), ScenarioError> {
        TraceGoal::validate(self, path)
    }
}

fn at(us: u64) -> SimTime {
    SimTime(us)
}

impl TraceGoal {
    /// Reads a goal at `path`, naming the JSON path of whatever is wrong.
    pub fn from_json(v: &Value, path: &str) -> Result<TraceGoal, ScenarioError> {
        read_goal(v, path)
    }

    fn validate(&self, path: &str) -> Result<(), ScenarioError> {
        match self {
            TraceGoal::Message(m) => {
                if m.id.is_some() == m.failing_with.is_some() {
                    return Err(ScenarioError::field(path, Problem::MessageSelect));
                }
                if m.ends.is_none() && m.attempts.is_none() {
                    return Err(ScenarioError::field(path, Problem::MessageNeedsCheck));
                }
                if m.by_ms.is_some() && m.ends.is_none() {
                    return Err(ScenarioError::field(
                        format!("{path}.by_ms"),
                        Problem::MessageNeedsCheck,
                    ));
                }
                match &m.attempts {
                    Some(c) if c.is_empty() => {
                        Err(ScenarioError::field(format!("{path}.attempts"), Problem::NeedsCount))
                    }
                    _ => Ok(()),
                }
            }
            TraceGoal::NoDuplicates(false)
            | TraceGoal::NoMessageLost(false)
            | TraceGoal::OrderKept(false) => Err(ScenarioError::field(path, Problem::MustBeTrue)),
            TraceGoal::Count(Counted { count: c, .. }) | TraceGoal::Duplicates(c)
                if c.is_empty() =>
            {
                Err(ScenarioError::field(path, Problem::NeedsCount))
            }
            _ => Ok(()),
        }
    }

    /// The message ids the goal names (to check them against a workload).
    pub fn message_ids(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        self.ids_into("goal", &mut out);
        out
    }

    fn ids_into(&self, path: &str, out: &mut Vec<(String, String)>) {
        if let Some((all, items)) = self.split() {
            let key = if all { "all" } else { "any" };
            for (i, g) in items.iter().enumerate() {
                g.ids_into(&format!("{path}.{key}[{i}]"), out);
            }
        } else if let TraceGoal::Message(TraceMessageGoal { id: Some(id), .. }) = self {
            out.push((format!("{path}.message.id"), id.clone()))
        }
    }

    /// Checks the goal against a finished run of `workload` (its trace).
    pub fn evaluate(&self, workload: &Workload, trace: &Trace) -> Verdict {
        evaluate(self, &|g: &TraceGoal| g.check(workload, trace))
    }

    /// One leaf check: Ok(what holds) or Err(what failed).
    fn check(&self, w: &Workload, trace: &Trace) -> Result<Finding, Finding> {
        let said = |f: TraceFinding| Finding::Trace(Box::new(f));
        let found = match self {
            TraceGoal::All(_) | TraceGoal::Any(_) => return Err(Finding::Combined),
            TraceGoal::Message(m) => check_message(m, w, trace),
            TraceGoal::NoDuplicates(_) => no_duplicates(w, trace),
            TraceGoal::Duplicates(c) => {
                let (count, first) = duplicates(w, trace);
                c.judge(count, |wanted| TraceFinding::Duplicates { count, wanted, first })
            }
            TraceGoal::NoMessageLost(_) => nothing_lost(w, trace),
            TraceGoal::OrderKept(_) => order_kept(w, trace),
            TraceGoal::Count(Counted { what: EndingAs { ends }, count }) => {
                let n = (0..w.messages.len()).filter(|&i| fate(trace, i) == *ends).count() as u64;
                count.judge(n, |wanted| TraceFinding::FateCount { fate: *ends, count: n, wanted })
            }
        };
        found.map(said).map_err(said)
    }
}

/// The selected messages' indexes, or what is wrong with the selection.
fn selected(m: &TraceMessageGoal, w: &Workload) -> Result<Vec<usize>, TraceFinding> {
    match (&m.id, &m.failing_with) {
        (Some(id), _) => {
            w.index_of(id).map(|i| vec![i]).ok_or(TraceFinding::NoMessage { id: id.clone() })
        }
        (None, Some(reason)) => {
            let picked: Vec<usize> = (0..w.messages.len())
                .filter(|&i| {
                    w.messages[i].failure.reason().is_some_and(|r| r.contains(reason.as_str()))
                })
                .collect();
            if picked.is_empty() {
                Err(TraceFinding::NoneFailsWith { reason: reason.clone() })
            } else {
                Ok(picked)
            }
        }
        (None, None) => Err(TraceFinding::NoneFailsWith { reason: String::new() }),
    }
}

/// Attempts of message `msg` in the trace, and the moment of the last.
fn attempts_of(trace: &Trace, msg: usize) -> (u64, Option<SimTime>) {
    trace
        .of(msg)
        .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
        .fold((0, None), |(n, _), e| (n + 1, Some(at(e.at_us))))
}

fn check_message(
    m: &TraceMessageGoal,
    w: &Workload,
    trace: &Trace,
) -> Result<TraceFinding, TraceFinding> {
    let mut last_ok = None;
    for i in selected(m, w)? {
        let id = w.messages[i].id.clone();
        let (attempts, last) = attempts_of(trace, i);
        if let Some(wanted) = m.ends {
            let by_us = m.by_ms.map(|ms| ms.saturating_mul(1000));
            let got = match by_us {
                Some(b) => fate_until(trace, i, b.saturating_add(1)),
                None => fate(trace, i),
            };
            let last_event =
                |until: u64| trace.of(i).filter(|e| e.at_us <= until).last().map(|e| at(e.at_us));
            if got != wanted {
                // When it did reach the fate asked, after the moment asked.
                let reached = by_us.and_then(|_| {
                    trace
                        .of(i)
                        .find(|e| fate_until(trace, i, e.at_us.saturating_add(1)) == wanted)
                        .map(|e| at(e.at_us))
                });
                return Err(TraceFinding::WrongEnd {
                    id,
                    wanted,
                    got,
                    by: m.by_ms.map(SimTime::from_ms),
                    at: last_event(by_us.unwrap_or(u64::MAX)),
                    attempts,
                    reached,
                });
            }
            last_ok = Some(TraceFinding::Ended {
                id: id.clone(),
                fate: got,
                at: last_event(by_us.unwrap_or(u64::MAX)),
                attempts,
            });
        }
        if let Some(c) = &m.attempts {
            if !c.holds(attempts) {
                return Err(TraceFinding::Attempts {
                    id,
                    count: attempts,
                    wanted: c.clone(),
                    last,
                });
            }
            if m.ends.is_none() {
                last_ok = Some(TraceFinding::AttemptsOk { id, count: attempts });
            }
        }
    }
    last_ok.ok_or(TraceFinding::NoneFailsWith { reason: String::new() })
}

/// Effects applied again, and the first of them (its message, attempt and moment).
fn duplicates(w: &Workload, trace: &Trace) -> (u64, Option<(String, u32, SimTime)>) {
    let mut applied = vec![0u64; w.messages.len()];
    let mut first: Option<(usize, u32, u64)> = None;
    let mut count = 0;
    for e in &trace.events {
        let (attempt, hit) = match e.kind {
            SysEventKind::Failed { attempt, effect_applied, .. } => (attempt, effect_applied),
            SysEventKind::Succeeded { attempt, effect } => (attempt, effect != Effect::AlreadyDone),
            _ => continue,
        };
        let Some(n) = applied.get_mut(e.msg as usize) else { continue };
        if hit {
            *n += 1;
            if *n > 1 {
                count += 1;
                first.get_or_insert((e.msg as usize, attempt, e.at_us));
            }
        }
    }
    (count, first.map(|(i, attempt, at_us)| (w.messages[i].id.clone(), attempt, at(at_us))))
}

fn no_duplicates(w: &Workload, trace: &Trace) -> Result<TraceFinding, TraceFinding> {
    match duplicates(w, trace) {
        (_, None) => Ok(TraceFinding::NoDuplicates),
        (count, Some((id, attempt, at))) => Err(TraceFinding::Duplicate { id, attempt, at, count }),
    }
}

fn nothing_lost(w: &Workload, trace: &Trace) -> Result<TraceFinding, TraceFinding> {
    let lost: Vec<usize> =
        (0..w.messages.len()).filter(|&i| fate(trace, i) == Fate::Lost).collect();
    let first = trace.events.iter().filter(|e| lost.contains(&(e.msg as usize))).find_map(|e| {
        match e.kind {
            SysEventKind::Lost { why } => Some((e.msg as usize, e.at_us, why)),
            _ => None,
        }
    });
    match first {
        None => Ok(TraceFinding::NothingLost),
        Some((i, at_us, why)) => Err(TraceFinding::Lost {
            id: w.messages[i].id.clone(),
            at: at(at_us),
            why,
            count: lost.len() as u64,
        }),
    }
}

fn order_kept(w: &Workload, trace: &Trace) -> Result<TraceFinding, TraceFinding> {
    let mut done: Vec<Option<u64>> = vec![None; w.messages.len()];
    for e in &trace.events {
        if let (SysEventKind::Succeeded { .. }, Some(d)) = (&e.kind, done.get_mut(e.msg as usize)) {
            d.get_or_insert(e.at_us);
        }
    }
    let mut by_key: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, m) in w.messages.iter().enumerate() {
        if let Some(k) = &m.key {
            by_key.entry(k.as_str()).or_default().push(i);
        }
    }
    // The earliest moment a message was handled before one published ahead of it.
    let mut worst: Option<(u64, usize, usize, u64, &str)> = None;
    for (key, mut group) in by_key {
        group.sort_by_key(|&i| (w.messages[i].publish_at_ms, i));
        for (a, &early) in group.iter().enumerate() {
            let Some(early_done) = done[early] else { continue };
            for &late in &group[a + 1..] {
                if let Some(late_done) = done[late] {
                    if late_done < early_done && worst.is_none_or(|(t, ..)| late_done < t) {
                        worst = Some((late_done, early, late, early_done, key));
                    }
                }
            }
        }
    }
    match worst {
        None => Ok(TraceFinding::OrderKept),
        Some((late_done, early, late, early_done, key)) => Err(TraceFinding::OutOfOrder {
            key: key.to_string(),
            overtaken: w.messages[early].id.clone(),
            later: w.messages[late].id.clone(),
            at: at(late_done),
            done: at(early_done),
        }),
    }
}
