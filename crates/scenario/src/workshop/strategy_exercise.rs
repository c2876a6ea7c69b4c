//! Strategy exercises: an [`Exercise`] for one of the other systems. The start is a comparison
//! (a workload and the strategies' settings), the goal ([`TraceGoal`]) is checked on that
//! system's trace.
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

use super::exercise::{Exercise, ExerciseGoal};
use super::finding::Finding;
use super::goal::Verdict;
use super::trace_finding::TraceFinding;
use super::trace_goal::TraceGoal;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::Obj;
use crate::systems::{Comparison, Outcome, Strategy, Workload, WorkloadError};

/// An exercise on one of the other systems (never RabbitMQ: those are broker exercises).
pub type StrategyExercise = Exercise<TraceGoal>;

/// Reads a comparison from JSON, its problem under `path`.
fn comparison(v: &Value, path: &str) -> Result<Comparison, ScenarioError> {
    Comparison::from_json(&v.to_string())
        .map_err(|e| ScenarioError::field(path, Problem::Comparison(e)))
}

impl ExerciseGoal for TraceGoal {
    type Start = Workload;

    fn system(o: &Obj) -> Result<Strategy, ScenarioError> {
        let system = o.str("system")?;
        Strategy::from_id(system).filter(|s| *s != Strategy::Rabbitmq).ok_or_else(|| {
            ScenarioError::field("$.system", Problem::UnknownSystem { value: system.into() })
        })
    }

    fn read_start(start: &Value) -> Result<Workload, ScenarioError> {
        Ok(comparison(start, "$.start")?.workload)
    }

    /// The goal names only messages the workload has.
    fn fits(&self, workload: &Workload) -> Result<(), ScenarioError> {
        match self.message_ids().into_iter().find(|(_, id)| workload.index_of(id).is_none()) {
            Some((path, id)) => {
                Err(ScenarioError::field(format!("$.{path}"), Problem::NoMessage { id }))
            }
            None => Ok(()),
        }
    }

    fn read_solved(solved: Result<Value, ScenarioError>) -> Result<(), ScenarioError> {
        comparison(&solved?, "$.solution.scenario").map(|_| ())
    }

    fn verdict_on(ex: &StrategyExercise, text: &str) -> Verdict {
        ex.check_text(text).0
    }
}

impl StrategyExercise {
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
        let (solved, start) = TraceGoal::self_check(self)?;
        Ok((solved, start.passed))
    }
}
