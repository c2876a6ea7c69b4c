//! Guided tours: a scenario's optional `tour`, narrated steps at moments of the run.
//!
//! ```json
//! "tour": [
//!   {"at_ms": 0, "text": "Four queues share one dead-letter exchange…", "focus": {"node": "dlx"}},
//!   {"at_ms": 400, "text": "The consumer rejects…", "focus": {"event": "died", "reason": "rejected"}},
//!   {"at_ms": 1200, "text": "Follow this message…", "focus": {"lineage": 2}}
//! ]
//! ```
//! The player pauses the clock at each step's `at_ms`, shows the text and highlights the
//! focus: a queue or exchange, one message (by lineage, the publish it descends from), or the
//! latest event of a kind (optionally in a queue, with a reason or drop rule). A step may
//! carry its text in other languages: `"i18n": {"ko": {"text": "…"}, "zh-CN": {"text": "…"}}`
//! (see [`crate::scenario::model::lang`]).

use serde::Serialize;
use serde_json::Value;

use super::log_query::{DropName, EventFilter, EventName, ReasonName};
use crate::engine::Engine;
use crate::scenario::model::error::{Decode, Problem, ScenarioError};
use crate::scenario::model::json::Obj;
use crate::scenario::model::lang::{self, Lang, TextPath};
use crate::scenario::playground::Scenario;

/// What a tour step points at.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Focus {
    /// A queue or exchange by name.
    Node(String),
    /// One message: every copy descending from this publish (1 for the first publish).
    Lineage(u64),
    /// The latest event (at or before the step's moment) that the filter picks.
    Event(EventFilter),
}

/// One narrated step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TourStep {
    pub at_ms: u64,
    pub text: String,
    pub focus: Option<Focus>,
}

/// A scenario's tour (empty when it has none).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Tour {
    pub steps: Vec<TourStep>,
}

/// What to highlight at a step, found in the engine's state at that moment.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Highlight {
    /// Nothing in particular.
    Nothing,
    /// A queue or exchange.
    Node { name: String },
    /// A message: its lineage, its latest event (`seq` in the log) and copy.
    Message { lineage: u64, event: u64, msg: Option<u64> },
    /// One event of the log, by `seq`.
    Event { event: u64 },
}

/// Reads a tour's steps (`$.tour`, a playground's or a comparison's): each an object of
/// `keys` only, its `at_ms` within the run (`end_ms`) and not before the previous step's, its
/// `text` not empty; `rest` reads what else a step holds into the step.
pub(crate) fn read_steps<S>(
    items: &[Value],
    end_ms: u64,
    keys: &[&str],
    mut rest: impl FnMut(&Obj, u64, &str) -> Result<S, ScenarioError>,
) -> Result<Vec<S>, ScenarioError> {
    let mut steps = Vec::with_capacity(items.len());
    let mut last = 0;
    for (i, v) in items.iter().enumerate() {
        let s = Obj::new(v, format!("$.tour[{i}]"))?;
        unknown_keys(&s, keys)?;
        let at_ms = s.u64("at_ms")?;
        if at_ms > end_ms {
            return Err(ScenarioError::field(
                format!("{}.at_ms", s.path),
                Problem::AfterEnd { at_ms, end_ms },
            ));
        }
        if at_ms < last {
            return Err(ScenarioError::field(
                format!("{}.at_ms", s.path),
                Problem::BeforePrevious { at_ms, previous_ms: last },
            ));
        }
        last = at_ms;
        let text = s.str("text")?;
        if text.trim().is_empty() {
            return Err(ScenarioError::field(format!("{}.text", s.path), Problem::Empty));
        }
        steps.push(rest(&s, at_ms, text)?);
    }
    Ok(steps)
}

/// An error naming the first key of `o` that is not `allowed`.
pub(crate) fn unknown_keys(o: &Obj, allowed: &[&str]) -> Result<(), ScenarioError> {
    match o.map.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(ScenarioError::field(
            format!("{}.{k}", o.path),
            Problem::UnknownKey { known: allowed.join(", ") },
        )),
        None => Ok(()),
    }
}

/// Names of the queues and exchanges a scenario declares (topology and timeline steps), with
/// the default exchange and the predeclared `amq.*` ones.
fn node_names(scenario: &Scenario) -> Vec<String> {
    let mut names: Vec<String> = vec![
        "".into(),
        "amq.direct".into(),
        "amq.fanout".into(),
        "amq.topic".into(),
        "amq.headers".into(),
        "amq.match".into(),
    ];
    let t = &scenario.topology;
    names.extend(t.exchanges.iter().map(|x| x.name.clone()));
    names.extend(t.queues.iter().map(|q| q.name.clone()));
    names.extend(scenario.timeline.iter().filter_map(|t| t.step.declares()).map(str::to_string));
    names
}

fn parse_enum<T: serde::de::DeserializeOwned>(
    o: &Obj,
    key: &str,
) -> Result<Option<T>, ScenarioError> {
    match o.map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone()).map(Some).map_err(|e| {
            ScenarioError::field(
                format!("{}.{key}", o.path),
                Problem::Unreadable(Decode::from_serde(&e)),
            )
        }),
    }
}

fn read_focus(v: &Value, path: String, nodes: &[String]) -> Result<Focus, ScenarioError> {
    let f = Obj::new(v, path)?;
    let present: Vec<&str> =
        ["node", "lineage", "event"].into_iter().filter(|k| f.map.contains_key(*k)).collect();
    if present.len() != 1 {
        return Err(ScenarioError::field(f.path.clone(), Problem::FocusOne));
    }
    match present[0] {
        "node" => {
            unknown_keys(&f, &["node"])?;
            let n = f.str("node")?;
            if !nodes.iter().any(|x| x == n) {
                return Err(ScenarioError::field(
                    format!("{}.node", f.path),
                    Problem::NotNode { name: n.to_string() },
                ));
            }
            Ok(Focus::Node(n.to_string()))
        }
        "lineage" => {
            unknown_keys(&f, &["lineage"])?;
            match f.u64("lineage")? {
                0 => Err(ScenarioError::field(format!("{}.lineage", f.path), Problem::LineageZero)),
                n => Ok(Focus::Lineage(n)),
            }
        }
        _ => {
            unknown_keys(&f, &["event", "queue", "reason", "rule", "ack"])?;
            let Some(kind) = parse_enum::<EventName>(&f, "event")? else {
                return Err(ScenarioError::field(
                    format!("{}.event", f.path),
                    Problem::NoEventKind,
                ));
            };
            let queue = match f.map.get("queue") {
                None => None,
                Some(_) => Some(f.str("queue")?.to_string()),
            };
            if let Some(q) = &queue {
                if !nodes.contains(q) {
                    return Err(ScenarioError::field(
                        format!("{}.queue", f.path),
                        Problem::NotQueue { name: q.clone() },
                    ));
                }
            }
            let reason: Option<ReasonName> = parse_enum(&f, "reason")?;
            let rule: Option<DropName> = parse_enum(&f, "rule")?;
            let ack = match f.map.get("ack") {
                None => None,
                Some(_) => Some(f.bool_or("ack", true)?),
            };
            Ok(Focus::Event(EventFilter { kind, queue, reason, rule, ack }))
        }
    }
}

impl Tour {
    /// Reads and checks the scenario's `tour` (at `$.tour`): times within the run and in
    /// order, text present, focus on something the scenario declares.
    pub fn read(scenario: &Scenario) -> Result<Tour, ScenarioError> {
        let o = Obj::new(&scenario.json, "$")?;
        let items = match o.map.get("tour") {
            None | Some(Value::Null) => return Ok(Tour::default()),
            Some(Value::Array(items)) => items,
            Some(_) => return Err(ScenarioError::field("$.tour", Problem::NotStepList)),
        };
        let nodes = node_names(scenario);
        let keys = ["at_ms", "text", "focus", "i18n"];
        let steps = read_steps(items, scenario.duration_ms, &keys, |s, at_ms, text| {
            let focus = match s.map.get("focus") {
                None | Some(Value::Null) => None,
                Some(f) => Some(read_focus(f, format!("{}.focus", s.path), &nodes)?),
            };
            Ok(TourStep { at_ms, text: text.trim().to_string(), focus })
        })?;
        Ok(Tour { steps })
    }

    /// Reads the tour with each step's text in `lang` (English where a step lacks one).
    pub fn read_in(scenario: &Scenario, lang: Lang) -> Result<Tour, ScenarioError> {
        let mut tour = Tour::read(scenario)?;
        for (i, step) in tour.steps.iter_mut().enumerate() {
            if let Some(t) = lang::translation(&scenario.json, &TextPath::tour_step(i), lang) {
                step.text = t.trim().to_string();
            }
        }
        Ok(tour)
    }

    /// Whether the scenario has a tour.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

impl TourStep {
    /// Finds the focus in `engine` as it stands at this step (advance the run to `at_ms`
    /// first). An error says what the narration points at that has not happened.
    pub fn resolve(&self, engine: &Engine) -> Result<Highlight, String> {
        let now = engine.now();
        match &self.focus {
            None => Ok(Highlight::Nothing),
            Some(Focus::Node(n)) => {
                if engine.queue(n).is_some() || engine.exchanges().any(|x| *x.name == **n) {
                    Ok(Highlight::Node { name: n.clone() })
                } else {
                    Err(format!("there is no queue or exchange '{n}' at {} ms", now.as_ms()))
                }
            }
            Some(Focus::Lineage(l)) => engine
                .events()
                .iter()
                .rev()
                .find(|e| e.lineage == Some(*l) && e.at_us <= now)
                .map(|e| Highlight::Message { lineage: *l, event: e.seq, msg: e.msg })
                .ok_or_else(|| format!("message {l} has not been published by {} ms", now.as_ms())),
            Some(Focus::Event(f)) => engine
                .events()
                .iter()
                .rev()
                .find(|e| e.at_us <= now && f.matches(e))
                .map(|e| Highlight::Event { event: e.seq })
                .ok_or_else(|| format!("no {} by {} ms", f.describe(), now.as_ms())),
        }
    }
}
