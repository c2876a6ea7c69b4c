//! Exercise goals: a small language, as JSON, of things the engine's event log must show, and
//! the verdict that names the part of the goal that failed (its texts: [`Finding`]).
//!
//! ```json
//! {"all": [
//!   {"message": {"body": "poison", "ends_in": "parking-lot", "retries": 3,
//!                "spacing_ms": [1000, 2000, 4000], "tolerance_ms": 50}},
//!   {"no_message_lost": true},
//!   {"no_drop": "cycle"},
//!   {"queue_depth": {"queue": "work", "at_ms": 5000, "equals": 0}},
//!   {"event_count": {"kind": "died", "reason": "expired", "queue": "q", "equals": 3}}
//! ]}
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use super::counted::Count;
use super::counted::{Counted, CountedFields};
use super::finding::{Finding, Moment};
use super::goal_message::check_message;
use super::log_query::{discarded, message_name, DropName, EventFilter, ReasonName};
use crate::engine::event::EventKind;
use crate::engine::time::SimTime;
use crate::scenario::model::error::{Decode, Problem, ScenarioError};
use crate::scenario::playground::run::Run;

/// A goal: a check, or checks combined with `all` / `any`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Every part must hold.
    All(Vec<Goal>),
    /// At least one part must hold.
    Any(Vec<Goal>),
    /// What happened to one message, followed by its body.
    Message(MessageGoal),
    /// No message copy was dropped, except by the rules listed.
    NoMessageLost(Lost),
    /// No copy was dropped by this rule.
    NoDrop(DropName),
    /// Ready messages in a queue at a moment (the end when `at_ms` is absent).
    QueueDepth(QueueDepth),
    /// How many events of a kind the log holds.
    EventCount(EventCount),
}

/// `true`, or `{"except": ["target_refused"]}` to allow some drop rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Lost {
    Always(bool),
    Except { except: Vec<DropName> },
}

/// The story of the message whose body is `body` (every publish of that body, so a message a
/// worker republishes is still followed).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageGoal {
    pub body: String,
    /// Queues that must hold a copy of it at the end (a string or a list).
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "one_or_many")]
    pub ends_in: Vec<String>,
    /// It was acknowledged by a consumer (true) or never was (false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acked: Option<bool>,
    /// It died at least once for this reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub died: Option<ReasonName>,
    /// The queue whose deliveries count (default: where it was first delivered from).
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "in")]
    pub work_queue: Option<String>,
    /// Deliveries from the work queue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deliveries: Option<u64>,
    /// Times it came back to the work queue after its first delivery (deliveries − 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retries: Option<u64>,
    /// The wait before each retry: from the end of one delivery (ack, reject, death) to the
    /// next delivery from the work queue.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spacing_ms: Vec<u64>,
    #[serde(default)]
    pub tolerance_ms: u64,
}

fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
    })
}

/// `{"queue": "q", "at_ms": 5000}` beside a comparison: ready messages in a queue at a
/// moment (the end when `at_ms` is absent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueAt {
    pub queue: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
}

impl CountedFields for QueueAt {
    const FIELDS: &'static [&'static str] = &["queue", "at_ms", "equals", "at_least", "at_most"];
}

/// `{"queue": "q", "at_ms": 5000, "equals": 0}`.
pub type QueueDepth = Counted<QueueAt>;

/// `{"kind": "died", "reason": "expired", "queue": "q", "equals": 3}`: the filter's fields
/// (see [`EventFilter`]) and a comparison.
pub type EventCount = Counted<EventFilter>;

/// One part of a goal and how it went.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartResult {
    /// Where the part sits in the goal (`goal.all[2]`).
    pub path: String,
    pub passed: bool,
    /// What was checked and, when it failed, what happened instead.
    pub message: Finding,
}

/// The result of checking a goal: passed or not, with every leaf part's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    pub passed: bool,
    pub parts: Vec<PartResult>,
    /// Problems with the scenario itself (it did not build, stalled, or logged errors).
    pub notes: Vec<Finding>,
}

impl Verdict {
    /// The moment the first failed part names (`None`: it passed, or names no moment).
    pub fn moment(&self) -> Option<SimTime> {
        self.parts.iter().filter(|p| !p.passed).find_map(|p| p.message.moment())
    }

    /// A verdict for a scenario that could not be run at all.
    pub fn broken(problem: Finding) -> Verdict {
        Verdict {
            passed: false,
            parts: vec![PartResult {
                path: "scenario".into(),
                passed: false,
                message: problem.clone(),
            }],
            notes: vec![problem],
        }
    }

    /// The first failing part's finding, or one saying the goal is met.
    pub fn headline(&self) -> Finding {
        match self.parts.iter().find(|p| !p.passed) {
            Some(p) => p.message.clone(),
            None => Finding::GoalMet { parts: self.parts.len() },
        }
    }

    /// The first failing part's message, or a line saying the goal is met (English).
    pub fn message(&self) -> String {
        self.headline().to_string()
    }

    /// Every failing part's message (English).
    pub fn failures(&self) -> Vec<String> {
        self.parts.iter().filter(|p| !p.passed).map(|p| p.message.to_string()).collect()
    }
}

/// A goal language read from JSON: a check, or checks combined with `all` / `any`.
pub trait GoalTree: Sized + serde::de::DeserializeOwned {
    /// `{"all": parts}` (`all`) or `{"any": parts}`.
    fn combine(all: bool, parts: Vec<Self>) -> Self;
    /// The parts of an `all` (`(true, parts)`) or an `any` (`(false, parts)`); `None` for a
    /// check.
    fn split(&self) -> Option<(bool, &[Self])>;
    /// What the types cannot say of one check (bounds asked for, fields that go together).
    fn validate(&self, path: &str) -> Result<(), ScenarioError>;
}

/// Checks a goal, each check by `check` (Ok(what holds) or Err(what failed)): every leaf
/// part's result, an `any` as one part.
pub(crate) fn evaluate<G: GoalTree>(
    goal: &G,
    check: &dyn Fn(&G) -> Result<Finding, Finding>,
) -> Verdict {
    let mut parts = Vec::new();
    eval_into(goal, check, "goal", &mut parts);
    Verdict { passed: parts.iter().all(|p| p.passed), parts, notes: Vec::new() }
}

fn eval_into<G: GoalTree>(
    goal: &G,
    check: &dyn Fn(&G) -> Result<Finding, Finding>,
    path: &str,
    out: &mut Vec<PartResult>,
) {
    match goal.split() {
        Some((true, items)) => {
            for (i, g) in items.iter().enumerate() {
                eval_into(g, check, &format!("{path}.all[{i}]"), out);
            }
        }
        Some((false, items)) => {
            let groups = items.iter().enumerate().map(|(i, g)| {
                let mut inner = Vec::new();
                eval_into(g, check, &format!("{path}.any[{i}]"), &mut inner);
                inner
            });
            out.push(any_part(path, groups.collect()));
        }
        None => {
            let (passed, message) = match check(goal) {
                Ok(m) => (true, m),
                Err(m) => (false, m),
            };
            out.push(PartResult { path: path.to_string(), passed, message });
        }
    }
}

/// Reads a goal at `path`, naming the JSON path of whatever is wrong: an object with one key,
/// `all` / `any` and a non-empty list of goals, or one check.
pub(crate) fn read_goal<G: GoalTree>(v: &Value, path: &str) -> Result<G, ScenarioError> {
    let Some(map) = v.as_object() else {
        return Err(ScenarioError::field(path, Problem::GoalNotObject));
    };
    if map.len() != 1 {
        let keys: Vec<&str> = map.keys().map(String::as_str).collect();
        return Err(ScenarioError::field(path, Problem::GoalKeys { keys: keys.join(", ") }));
    }
    let Some((key, inner)) = map.iter().next() else {
        return Err(ScenarioError::field(path, Problem::GoalNoCheck));
    };
    let here = format!("{path}.{key}");
    if key == "all" || key == "any" {
        let Some(items) = inner.as_array() else {
            return Err(ScenarioError::field(here, Problem::NotGoalList));
        };
        if items.is_empty() {
            return Err(ScenarioError::field(here, Problem::Empty));
        }
        let parts = items
            .iter()
            .enumerate()
            .map(|(i, g)| read_goal(g, &format!("{here}[{i}]")))
            .collect::<Result<Vec<G>, _>>()?;
        return Ok(G::combine(key == "all", parts));
    }
    let goal: G = serde_json::from_value(v.clone()).map_err(|e| {
        ScenarioError::field(here.clone(), Problem::Unreadable(Decode::from_serde(&e)))
    })?;
    goal.validate(&here)?;
    Ok(goal)
}

/// The result of an `any` at `path` from the parts of each alternative: it holds when every
/// part of one alternative does; otherwise it lists what failed in each.
pub(crate) fn any_part(path: &str, groups: Vec<Vec<PartResult>>) -> PartResult {
    let passed = groups.iter().any(|g| g.iter().all(|p| p.passed));
    let message = if passed {
        Finding::AnyHolds
    } else {
        Finding::NoneHolds(
            groups.into_iter().flatten().filter(|p| !p.passed).map(|p| p.message).collect(),
        )
    };
    PartResult { path: path.to_string(), passed, message }
}

impl GoalTree for Goal {
    fn combine(all: bool, parts: Vec<Goal>) -> Goal {
        if all {
            Goal::All(parts)
        } else {
            Goal::Any(parts)
        }
    }

    fn split(&self) -> Option<(bool, &[Goal])> {
        match self {
            Goal::All(parts) => Some((true, parts)),
            Goal::Any(parts) => Some((false, parts)),
            _ => None,
        }
    }

    fn validate(&self, path: &str) -> Result<(), ScenarioError> {
        Goal::validate(self, path)
    }
}

impl Goal {
    /// Reads a goal at `path`, naming the JSON path of whatever is wrong.
    pub fn from_json(v: &Value, path: &str) -> Result<Goal, ScenarioError> {
        read_goal(v, path)
    }

    fn validate(&self, path: &str) -> Result<(), ScenarioError> {
        match self {
            Goal::Message(m) => {
                if let (Some(r), false) = (m.retries, m.spacing_ms.is_empty()) {
                    if r != m.spacing_ms.len() as u64 {
                        return Err(ScenarioError::field(
                            format!("{path}.spacing_ms"),
                            Problem::SpacingCount { listed: m.spacing_ms.len(), retries: r },
                        ));
                    }
                }
                if let (Some(r), Some(d)) = (m.retries, m.deliveries) {
                    if d != r + 1 {
                        return Err(ScenarioError::field(
                            format!("{path}.deliveries"),
                            Problem::DeliveriesRetries,
                        ));
                    }
                }
                Ok(())
            }
            Goal::NoMessageLost(Lost::Always(false)) => {
                Err(ScenarioError::field(path, Problem::LostFalse))
            }
            Goal::QueueDepth(Counted { count, .. }) | Goal::EventCount(Counted { count, .. })
                if count.is_empty() =>
            {
                Err(ScenarioError::field(path, Problem::NeedsCount))
            }
            _ => Ok(()),
        }
    }

    /// Checks the goal against a run that has been advanced to the scenario's end.
    pub fn evaluate(&self, run: &Run) -> Verdict {
        evaluate(self, &|g: &Goal| g.check(run))
    }

    /// One leaf check: Ok(what holds) or Err(what failed).
    fn check(&self, run: &Run) -> Result<Finding, Finding> {
        let engine = run.engine();
        let events = engine.events();
        match self {
            Goal::All(_) | Goal::Any(_) => Err(Finding::Combined),
            Goal::Message(m) => check_message(m, run),
            Goal::NoMessageLost(lost) => {
                let allowed: &[DropName] = match lost {
                    Lost::Except { except } => except,
                    Lost::Always(_) => &[],
                };
                let lost = |e: &crate::engine::event::Event| matches!(&e.kind, EventKind::Dropped(rule) if !allowed.contains(&DropName::of(rule)));
                let count = events.iter().filter(|e| lost(e)).count();
                let Some((i, first)) = events.iter().enumerate().find(|(_, e)| lost(e)) else {
                    return Ok(Finding::NothingLost);
                };
                let EventKind::Dropped(rule) = &first.kind else { return Err(Finding::SomeLost) };
                Err(Finding::Lost {
                    count,
                    who: message_name(engine, first.lineage),
                    at: first.at_us,
                    how: Box::new(discarded(events, i, rule)),
                })
            }
            Goal::NoDrop(rule) => {
                match events.iter().enumerate().find(
                    |(_, e)| matches!(&e.kind, EventKind::Dropped(r) if DropName::of(r) == *rule),
                ) {
                    None => Ok(Finding::NothingDropped { rule: *rule }),
                    Some((i, e)) => {
                        let EventKind::Dropped(r) = &e.kind else {
                            return Err(Finding::DroppedBy { rule: *rule });
                        };
                        Err(Finding::DroppedAt {
                            rule: *rule,
                            who: message_name(engine, e.lineage),
                            at: e.at_us,
                            how: Box::new(discarded(events, i, r)),
                        })
                    }
                }
            }
            Goal::QueueDepth(Counted { what: q, count }) => {
                let at = q.at_ms.map(SimTime::from_ms).unwrap_or_else(|| run.end());
                let mut r = run.clone();
                r.seek(at).map_err(|error| Finding::SeekFailed { at, error })?;
                let when = if q.at_ms.is_some() { Moment::At(at) } else { Moment::End };
                let Some(queue) = r.engine().queue(&q.queue) else {
                    return Err(Finding::NoQueue { queue: q.queue.clone(), when });
                };
                let ready = queue.ready_len();
                count.judge(ready, |wanted| Finding::Depth {
                    queue: q.queue.clone(),
                    ready,
                    when,
                    wanted,
                })
            }
            Goal::EventCount(Counted { what: filter, count: c }) => {
                let count = events.iter().filter(|e| filter.matches(e)).count() as u64;
                c.judge(count, |wanted| Finding::Events { count, filter: filter.clone(), wanted })
            }
        }
    }
}
