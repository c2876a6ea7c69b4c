//! The playground scenario format (version 1): topology, clients (publishers and consumers), a timeline, profile and seed.
//!
//! ```json
//! {"version": 1, "id": "retry-ladder", "title": "…", "description": "…", "teaches": "…",
//!  "profile": "rabbitmq-4", "seed": 1, "duration_ms": 20000,
//!  "exchanges": [{"name": "work", "type": "direct", "arguments": {}}],
//!  "queues": [{"name": "work.q", "arguments": {"x-dead-letter-exchange": "dlx"}}],
//!  "bindings": [{"exchange": "work", "queue": "work.q", "routing_key": "task"}],
//!  "policies": [{"name": "p", "pattern": "^work", "definition": {"message-ttl": 5000}}],
//!  "publishers": [{"exchange": "work", "routing_key": "task", "body": "job-{n}",
//!                  "every_ms": 500, "count": 10, "start_ms": 0, "properties": {}}],
//!  "consumers": [{"queue": "work.q", "prefetch": 1, "behaviour": {"kind": "reject"}, "start_ms": 0}],
//!  "timeline": [{"at_ms": 3000, "op": "set_policy", …}],
//!  "alerts": {"depth_over": 100, "nonempty_for_ms": 1800000, "arrivals_per_hour": 10}}
//! ```
//! Timeline items use the conformance step ops (publish, get, ack, nack, reject, set_policy…).
//! `title`, `description` and `teaches` may be given in other languages in an `i18n` object
//! (see [`crate::scenario::model::lang`]).

use serde_json::Value;

use super::alerts::{self, AlertRules};
use crate::engine::message::Properties;
use crate::engine::profile::Profile;
use crate::scenario::clients::scripted_consumer::Behaviour;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::lang::{self, Lang, TextPath};
use crate::scenario::model::step::Step;
use crate::scenario::model::topology_def::Topology;

/// The format version this code reads and writes.
pub const FORMAT_VERSION: u64 = 1;

/// The longest run a scenario may ask for (one virtual day).
pub const MAX_DURATION_MS: u64 = 86_400_000;

/// A validated playground scenario, read once: `json` is the text as written (it round-trips
/// unchanged, and the editor and links carry it); every other field is read from it at load,
/// so nothing after the load reads the JSON again.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub json: Value,
    pub id: String,
    pub title: String,
    pub description: String,
    pub teaches: String,
    pub profile: &'static Profile,
    pub seed: u64,
    pub duration_ms: u64,
    /// How fast a first play runs, in times real time: the scenario's `pace`, or the fastest
    /// of the offered speeds that keeps the whole run at least 20 s long on screen.
    pub pace: f64,
    /// Exchanges, queues, bindings and policies, declared at time zero.
    pub topology: Topology,
    pub publishers: Vec<PublisherDef>,
    pub consumers: Vec<ConsumerDef>,
    /// The timeline's steps, in the order written (each with its JSON path for messages).
    pub timeline: Vec<TimedStep>,
    /// The DLQ alert rules (`alerts`).
    pub alerts: AlertRules,
}

/// The playing speeds the playground offers, slowest first.
pub const PACES: [f64; 10] = [0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 100.0, 500.0, 1000.0];

/// The fastest offered speed at which a run of `duration_ms` lasts at least 20 s of wall
/// time (the slowest when none does).
pub fn default_pace(duration_ms: u64) -> f64 {
    PACES.iter().rev().copied().find(|&p| duration_ms as f64 / p >= 20_000.0).unwrap_or(PACES[0])
}

/// A scripted publisher.
#[derive(Debug, Clone, PartialEq)]
pub struct PublisherDef {
    pub exchange: String,
    pub routing_key: String,
    pub body: String,
    pub every_ms: u64,
    pub count: u64,
    pub start_ms: u64,
    pub props: Properties,
}

/// A step of the timeline, at its moment.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedStep {
    pub at_ms: u64,
    /// Where it is written (`$.timeline[2]`), for the log line of a step the broker refuses.
    pub path: String,
    pub step: Step,
}

/// A scripted consumer.
#[derive(Debug, Clone, PartialEq)]
pub struct ConsumerDef {
    pub queue: String,
    pub prefetch: u32,
    pub auto_ack: bool,
    pub behaviour: Behaviour,
    pub start_ms: u64,
}

fn list<'a>(o: &Obj<'a>, key: &str) -> Result<Vec<(String, &'a Value)>, ScenarioError> {
    match o.map.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => Ok(items
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("{}.{key}[{i}]", o.path), v))
            .collect()),
        Some(_) => Err(ScenarioError::field(format!("{}.{key}", o.path), Problem::NotList)),
    }
}

/// Reads the `publishers` list.
fn publishers(o: &Obj) -> Result<Vec<PublisherDef>, ScenarioError> {
    list(o, "publishers")?
        .into_iter()
        .map(|(path, v)| {
            let p = Obj::new(v, path)?;
            Ok(PublisherDef {
                exchange: p.str_or("exchange", "")?.to_string(),
                routing_key: p.str_or("routing_key", "")?.to_string(),
                body: p.str_or("body", "message {n}")?.to_string(),
                every_ms: p.u64_or("every_ms", 1000)?,
                count: p.u64_or("count", 1)?.min(1_000_000),
                start_ms: p.u64_or("start_ms", 0)?,
                props: p.properties("properties")?,
            })
        })
        .collect()
}

/// Reads the `consumers` list.
fn consumers(o: &Obj) -> Result<Vec<ConsumerDef>, ScenarioError> {
    list(o, "consumers")?
        .into_iter()
        .map(|(path, v)| {
            let c = Obj::new(v, path.clone())?;
            let behaviour = match c.map.get("behaviour") {
                None | Some(Value::Null) => Behaviour::Ack { work_ms: 0 },
                Some(b) => {
                    crate::scenario::model::behaviour::behaviour(b, &format!("{path}.behaviour"))?
                }
            };
            let prefetch = c.u64_or("prefetch", 1)?;
            Ok(ConsumerDef {
                queue: c.str("queue")?.to_string(),
                prefetch: u32::try_from(prefetch).map_err(|_| {
                    ScenarioError::field(format!("{path}.prefetch"), Problem::PrefetchTooBig)
                })?,
                auto_ack: c.bool_or("auto_ack", false)?,
                behaviour,
                start_ms: c.u64_or("start_ms", 0)?,
            })
        })
        .collect()
}

/// Reads the `timeline` list: each item has `at_ms` and a conformance-format step, read here
/// so a bad step is a load error naming its path, not a log line later.
fn timeline(o: &Obj) -> Result<Vec<TimedStep>, ScenarioError> {
    list(o, "timeline")?
        .into_iter()
        .map(|(path, v)| {
            let t = Obj::new(v, path.clone())?;
            t.str("op")?;
            Ok(TimedStep { at_ms: t.u64_or("at_ms", 0)?, step: Step::parse(&t)?, path })
        })
        .collect()
}

impl Scenario {
    /// Parses and checks a scenario: its header fields, topology, clients, timeline and alerts.
    pub fn from_json(json: Value) -> Result<Scenario, ScenarioError> {
        let o = Obj::new(&json, "$")?;
        let version = o.u64_or("version", FORMAT_VERSION)?;
        if version != FORMAT_VERSION {
            return Err(ScenarioError::field(
                "$.version",
                Problem::Version { version, supported: FORMAT_VERSION },
            ));
        }
        let name = o.str_or("profile", "rabbitmq-4")?;
        let profile = Profile::by_name(name).map_err(|_| {
            ScenarioError::field("$.profile", Problem::UnknownProfile { name: name.to_string() })
        })?;
        let duration_ms = o.u64_or("duration_ms", 60_000)?;
        if duration_ms == 0 || duration_ms > MAX_DURATION_MS {
            return Err(ScenarioError::field(
                "$.duration_ms",
                Problem::Duration { max: MAX_DURATION_MS },
            ));
        }
        let pace = match json.get("pace") {
            None | Some(Value::Null) => default_pace(duration_ms),
            Some(v) => match v.as_f64() {
                Some(p) if (0.1..=1000.0).contains(&p) => p,
                _ => return Err(ScenarioError::field("$.pace", Problem::Pace)),
            },
        };
        let id = o.str_or("id", "scenario")?.to_string();
        let title = o.str_or("title", "Untitled scenario")?.to_string();
        let description = o.str_or("description", "")?.to_string();
        let teaches = o.str_or("teaches", "")?.to_string();
        let seed = o.u64_or("seed", 1)?;
        let s = Scenario {
            pace,
            id,
            title,
            description,
            teaches,
            profile,
            seed,
            duration_ms,
            // The topology's sizes and names first, so an oversized scenario is refused before
            // anything is built from it.
            topology: Topology::from_scenario(&json)?,
            publishers: publishers(&o)?,
            consumers: consumers(&o)?,
            timeline: timeline(&o)?,
            alerts: alerts::read_rules(&json)?,
            json: Value::Null,
        };
        lang::check_i18n(&json, "$")?;
        Ok(Scenario { json, ..s })
    }

    /// Parses scenario text.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(parse(text)?)
    }

    /// The same scenario under another profile (the profile switch).
    pub fn with_profile(&self, profile: &'static Profile) -> Scenario {
        let mut json = self.json.clone();
        if let Value::Object(m) = &mut json {
            m.insert("profile".into(), Value::from(profile.name));
        }
        Scenario { json, profile, ..self.clone() }
    }

    /// The same scenario with another seed.
    pub fn with_seed(&self, seed: u64) -> Scenario {
        let mut json = self.json.clone();
        if let Value::Object(m) = &mut json {
            m.insert("seed".into(), Value::from(seed));
        }
        Scenario { json, seed, ..self.clone() }
    }
}

/// Texts in a language (see [`crate::scenario::model::lang`] for the `i18n` format).
impl Scenario {
    fn text_in<'a>(&'a self, key: &'static str, english: &'a str, lang: Lang) -> &'a str {
        lang::translation(&self.json, &TextPath::key(key), lang)
            .filter(|_| lang != Lang::En)
            .unwrap_or(english)
    }

    /// The title in `lang` (English when the scenario has no translation).
    pub fn title_in(&self, lang: Lang) -> &str {
        self.text_in("title", &self.title, lang)
    }

    /// The description in `lang`.
    pub fn description_in(&self, lang: Lang) -> &str {
        self.text_in("description", &self.description, lang)
    }

    /// What it teaches, in `lang`.
    pub fn teaches_in(&self, lang: Lang) -> &str {
        self.text_in("teaches", &self.teaches, lang)
    }

    /// The same scenario with its texts (tour steps included) in `lang` and no `i18n` objects:
    /// what the editor shows and an edited scenario's link carries.
    pub fn localized(&self, lang: Lang) -> Scenario {
        Scenario {
            json: lang::localize(&self.json, lang),
            title: self.title_in(lang).to_string(),
            description: self.description_in(lang).to_string(),
            teaches: self.teaches_in(lang).to_string(),
            ..self.clone()
        }
    }
}
