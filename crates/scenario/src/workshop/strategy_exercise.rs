//! Strategy exercises: the same shape as a broker exercise, for one of the other systems. The
//! start is a comparison (a workload and the strategies' settings), the goal is checked on
//! that system's trace ([`TraceGoal`]).
//!
//! ```json
//! {"id": "sqs-no-double-handling", "system": "sqs", "title": "…", "story": "…",
//!  "topics": ["VisibilityTimeout"],
//!  "start": {"workload": {…}, "systems": {"sqs": {"visibility_timeout_ms": 1000}}},
//!  "goal": {"all": [{"no_duplicates": true}, {"count": {"ends": "completed", "equals": 3}}]},
//!  "hints": ["…"], "solution": {"patch": [{"op": "replace", "path": "/systems/sqs/visibility_timeout_ms", "value": 30000}]},
//!  "explanation": "…"}
//! ```

use serde_json::Value;

use super::exercise::{read_hints, read_id, read_solution, ExerciseCard, Solution};
use super::finding::Finding;
use super::goal::Verdict;
use super::trace_finding::TraceFinding;
use super::trace_goal::TraceGoal;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::lang::{self, Lang};
use crate::systems::{Comparison, Outcome, Strategy, WorkloadError};

/// One strategy exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyExercise {
    pub id: String,
    /// The system it practises (never RabbitMQ: those are broker exercises).
    pub system: Strategy,
    pub title: String,
    pub story: String,
    pub topics: Vec<String>,
    /// The starting comparison's JSON (what the editor opens with).
    pub start: Value,
    pub goal: TraceGoal,
    pub hints: Vec<String>,
    pub solution: Solution,
    pub explanation: String,
}

/// Reads a comparison from JSON, its problem under `path`.
fn comparison(v: &Value, path: &str) -> Result<Comparison, ScenarioError> {
    Comparison::from_json(&v.to_string())
        .map_err(|e| ScenarioError::field(path, Problem::Comparison(e)))
}

impl StrategyExercise {
    /// Parses exercise text with its texts in `lang` (English where it lacks one).
    pub fn parse_in(text: &str, lang: Lang) -> Result<StrategyExercise, ScenarioError> {
        let v = parse(text)?;
        lang::check_i18n(&v, "$")?;
        StrategyExercise::from_json(&lang::localize(&v, lang))
    }

    /// Parses exercise text (English).
    pub fn parse(text: &str) -> Result<StrategyExercise, ScenarioError> {
        StrategyExercise::from_json(&parse(text)?)
    }

    /// Reads and checks a strategy exercise: the system is one of the five, the start runs,
    /// the goal is well formed and names messages the workload has, there are one to three
    /// hints and a solution that applies to the start.
    pub fn from_json(v: &Value) -> Result<StrategyExercise, ScenarioError> {
        let o = Obj::new(v, "$")?;
        lang::check_i18n(v, "$")?;
        let id = read_id(&o)?;
        let system = o.str("system")?;
        let system =
            Strategy::from_id(system).filter(|s| *s != Strategy::Rabbitmq).ok_or_else(|| {
                ScenarioError::field("$.system", Problem::UnknownSystem { value: system.into() })
            })?;
        let start = o
            .map
            .get("start")
            .cloned()
            .ok_or_else(|| ScenarioError::field("$.start", Problem::MissingStart))?;
        let workload = comparison(&start, "$.start")?.workload;
        let goal = TraceGoal::from_json(
            o.map.get("goal").ok_or_else(|| ScenarioError::field("$.goal", Problem::Missing))?,
            "$.goal",
        )?;
        if let Some((path, id)) =
            goal.message_ids().into_iter().find(|(_, id)| workload.index_of(id).is_none())
        {
            return Err(ScenarioError::field(format!("$.{path}"), Problem::NoMessage { id }));
        }
        let hints = read_hints(&o)?;
        let solution = read_solution(&o)?;
        let ex = StrategyExercise {
            id: id.to_string(),
            system,
            title: o.str("title")?.to_string(),
            story: o.str("story")?.to_string(),
            topics: o.strings("topics")?,
            start,
            goal,
            hints,
            solution,
            explanation: o.str_or("explanation", "")?.to_string(),
        };
        comparison(&ex.solution_json()?, "$.solution.scenario")?;
        Ok(ex)
    }

    /// The solved comparison's JSON (the patch applied to the start).
    pub fn solution_json(&self) -> Result<Value, ScenarioError> {
        self.solution.applied_to(&self.start)
    }

    /// The starting comparison as the editor shows it.
    pub fn start_text(&self) -> String {
        serde_json::to_string_pretty(&self.start).unwrap_or_default()
    }

    /// The solved comparison as the editor shows it ("reveal solution").
    pub fn solution_text(&self) -> Result<String, ScenarioError> {
        Ok(serde_json::to_string_pretty(&self.solution_json()?).unwrap_or_default())
    }

    /// Runs the learner's comparison text through the exercise's system and checks the goal.
    pub fn check_text(&self, text: &str) -> (Verdict, Option<Outcome>) {
        let run = Comparison::from_json(text)
            .and_then(|c| crate::systems::computing::run_one(&c, self.system).map(|o| (c, o)));
        match run {
            Ok((c, outcome)) => (self.judge(&c, &outcome), Some(outcome)),
            Err(e) => (StrategyExercise::not_runnable(e), None),
        }
    }

    /// Checks the goal on the exercise's system's run of `comparison` (run already, as the
    /// page does in slices).
    pub fn judge(&self, comparison: &Comparison, outcome: &Outcome) -> Verdict {
        self.goal.evaluate(&comparison.workload, &outcome.trace)
    }

    /// The verdict on a comparison that cannot be run (it does not read, or passes a limit).
    pub fn not_runnable(error: WorkloadError) -> Verdict {
        Verdict::broken(Finding::Trace(Box::new(TraceFinding::NotRunnable { error })))
    }

    /// Checks the start and the solution: `(solution passes, start passes)`, with the
    /// solution's verdict.
    pub fn self_check(&self) -> Result<(Verdict, bool), ScenarioError> {
        let solved = self.solution_text()?;
        let (v, _) = self.check_text(&solved);
        let (start, _) = self.check_text(&self.start_text());
        Ok((v, start.passed))
    }

    /// A summary for menus and the workshop page.
    pub fn card(&self) -> ExerciseCard {
        ExerciseCard {
            id: self.id.clone(),
            title: self.title.clone(),
            topics: self.topics.clone(),
            hints: self.hints.len(),
        }
    }
}
