//! Strategy tours: a narrated walk through one comparison run, on the comparison page. Each
//! step stands at a moment, shows one strategy's lanes (and another beside it), and follows
//! one message; the last may sum up the run the reader just watched.
//!
//! ```json
//! {"id": "tour-sqs-visibility", "system": "sqs", "title": "…", "description": "…",
//!  "comparison": {"workload": {…}, "systems": {…}},
//!  "tour": [
//!    {"at_ms": 0, "text": "…", "strategy": "sqs", "message": "pay-2"},
//!    {"at_ms": 16000, "text": "…", "versus": "kafka"},
//!    {"at_ms": 60000, "text": "…", "summary": true}
//!  ]}
//! ```
//! A step's `strategy` defaults to the tour's `system`. Texts carry their Korean and Chinese in
//! `i18n` overlays, as a scenario's tour does (see [`crate::scenario::model::lang`]).

use serde_json::Value;

use super::exercise::{localized, read_id};
use super::tour::read_steps;

use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::lang::{self, Lang};
use crate::systems::{Comparison, Strategy};

/// One narrated step.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyTourStep {
    pub at_ms: u64,
    pub text: String,
    /// Whose lanes are shown.
    pub strategy: Strategy,
    /// Another strategy's lanes shown beside them.
    pub versus: Option<Strategy>,
    /// The message followed (its index in the workload).
    pub message: Option<usize>,
    /// Whether the step sums up the run (the comparison's takeaways are shown with it).
    pub summary: bool,
}

/// A strategy tour.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyTour {
    pub id: String,
    /// The system it is mostly about.
    pub system: Strategy,
    pub title: String,
    pub description: String,
    pub comparison: Comparison,
    /// The comparison as its file writes it (what the page's editor shows).
    pub comparison_text: String,
    pub steps: Vec<StrategyTourStep>,
}

fn strategy(o: &Obj, key: &str) -> Result<Option<Strategy>, ScenarioError> {
    match o.map.get(key) {
        None => Ok(None),
        Some(v) => {
            let id = v.as_str().unwrap_or_default();
            Strategy::from_id(id).map(Some).ok_or_else(|| {
                ScenarioError::field(
                    format!("{}.{key}", o.path),
                    Problem::UnknownStrategy { value: id.to_string() },
                )
            })
        }
    }
}

const STEP_KEYS: [&str; 7] = ["at_ms", "text", "strategy", "versus", "message", "summary", "i18n"];

impl StrategyTour {
    /// Parses tour text with its texts in `lang` (English where it lacks one).
    pub fn parse_in(text: &str, lang: Lang) -> Result<StrategyTour, ScenarioError> {
        StrategyTour::from_json(&localized(&parse(text)?, lang)?)
    }

    /// Reads and checks a tour: a known system, a comparison that runs, and steps in time
    /// order within the run, each naming strategies and messages the comparison has.
    pub fn from_json(v: &Value) -> Result<StrategyTour, ScenarioError> {
        let o = Obj::new(v, "$")?;
        lang::check_i18n(v, "$")?;
        let id = read_id(&o)?;
        let system = strategy(&o, "system")?
            .ok_or_else(|| ScenarioError::field("$.system", Problem::MissingString))?;
        let raw = o
            .map
            .get("comparison")
            .ok_or_else(|| ScenarioError::field("$.comparison", Problem::Missing))?;
        let comparison = Comparison::from_json(&raw.to_string())
            .map_err(|e| ScenarioError::field("$.comparison", Problem::Comparison(e)))?;
        let end_ms = comparison.workload.horizon_ms;
        let Some(items) = o.map.get("tour") else {
            return Err(ScenarioError::field("$.tour", Problem::MissingSteps));
        };
        let Some(items) = items.as_array().filter(|a| !a.is_empty()) else {
            return Err(ScenarioError::field("$.tour", Problem::NotStepList));
        };
        let steps = read_steps(items, end_ms, &STEP_KEYS, |s, at_ms, text| {
            let message = match s.map.get("message") {
                None => None,
                Some(m) => {
                    let id = m.as_str().unwrap_or_default();
                    Some(comparison.workload.index_of(id).ok_or_else(|| {
                        ScenarioError::field(
                            format!("{}.message", s.path),
                            Problem::NoMessage { id: id.to_string() },
                        )
                    })?)
                }
            };
            Ok(StrategyTourStep {
                at_ms,
                text: text.to_string(),
                strategy: strategy(s, "strategy")?.unwrap_or(system),
                versus: strategy(s, "versus")?,
                message,
                summary: s.bool_or("summary", false)?,
            })
        })?;
        Ok(StrategyTour {
            id: id.to_string(),
            system,
            title: o.str("title")?.to_string(),
            description: o.str_or("description", "")?.to_string(),
            comparison_text: serde_json::to_string_pretty(raw).unwrap_or_default(),
            comparison,
            steps,
        })
    }
}
