//! Exercises: a starting scenario the learner edits, a goal the engine checks on the event
//! log, progressive hints, and a solution (a whole scenario or a JSON patch of the start).
//!
//! ```json
//! {"id": "bind-a-dlq", "title": "…", "story": "…", "topics": ["x-dead-letter-exchange"],
//!  "start": { a scenario, format v1 },
//!  "goal": {"all": [{"message": {"body": "bad order", "ends_in": "orders.dlq"}}, {"no_message_lost": true}]},
//!  "hints": ["…", "…", "…"],
//!  "solution": {"patch": [{"op": "add", "path": "/queues/-", "value": {…}}]},
//!  "explanation": "…"}
//! ```

use crate::scenario::definitions::scenario_lints::{bound_later_in, topology_lints};
use serde::Serialize;
use serde_json::Value;

use super::finding::Finding;
use super::goal::{Goal, Verdict};
use super::patch::{apply_patch, read_patch, PatchOp};
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::lang::{self, Lang};
use crate::scenario::playground::run::Run;
use crate::scenario::playground::Scenario;

/// How the solution is given.
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    /// The solved scenario, whole.
    Scenario(Value),
    /// Edits to the starting scenario.
    Patch(Vec<PatchOp>),
}

/// One exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    pub id: String,
    pub title: String,
    /// The situation, told to the learner.
    pub story: String,
    /// The broker terms it practises (`x-dead-letter-exchange`, `x-delivery-limit`…).
    pub topics: Vec<String>,
    /// The starting scenario's JSON (what the editor opens with).
    pub start: Value,
    pub goal: Goal,
    /// Hints, from a nudge to nearly the answer.
    pub hints: Vec<String>,
    pub solution: Solution,
    /// Why the solution works (shown with it).
    pub explanation: String,
}

impl Solution {
    /// The solved text's JSON: the whole solution, or the patch applied to `start`.
    pub fn applied_to(&self, start: &Value) -> Result<Value, ScenarioError> {
        match self {
            Solution::Scenario(s) => Ok(s.clone()),
            Solution::Patch(ops) => apply_patch(start, ops)
                .map_err(|detail| ScenarioError::field("$.patch", Problem::Patch { detail })),
        }
    }
}

/// An exercise's `id`, which must go in a link: lowercase letters, digits and `-`.
pub(crate) fn read_id<'a>(o: &Obj<'a>) -> Result<&'a str, ScenarioError> {
    let id = o.str("id")?;
    if id.is_empty()
        || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(ScenarioError::field("$.id", Problem::BadId));
    }
    Ok(id)
}

/// An exercise's hints: one to three, none empty.
pub(crate) fn read_hints(o: &Obj) -> Result<Vec<String>, ScenarioError> {
    let hints = o.strings("hints")?;
    if hints.is_empty() || hints.len() > 3 {
        return Err(ScenarioError::field("$.hints", Problem::HintCount));
    }
    if let Some(i) = hints.iter().position(|h| h.trim().is_empty()) {
        return Err(ScenarioError::field(format!("$.hints[{i}]"), Problem::Empty));
    }
    Ok(hints)
}

/// An exercise's solution: a `patch` of the start or a whole `scenario`, not both.
pub(crate) fn read_solution(o: &Obj) -> Result<Solution, ScenarioError> {
    let sol = Obj::new(
        o.map
            .get("solution")
            .ok_or_else(|| ScenarioError::field("$.solution", Problem::Missing))?,
        "$.solution",
    )?;
    match (sol.map.get("patch"), sol.map.get("scenario")) {
        (Some(p), None) => Ok(Solution::Patch(read_patch(p, "$.solution.patch")?)),
        (None, Some(s)) => Ok(Solution::Scenario(s.clone())),
        _ => Err(ScenarioError::field("$.solution", Problem::SolutionShape)),
    }
}

/// Moves an error found in a part under its place (`$.start`, `$.exercises[2]`).
pub(crate) fn under(prefix: &str, e: ScenarioError) -> ScenarioError {
    match e {
        ScenarioError::Field { path, problem } => {
            ScenarioError::field(path.replacen('$', prefix, 1), problem)
        }
        other => other,
    }
}

impl Exercise {
    /// Parses exercise text.
    pub fn parse(text: &str) -> Result<Exercise, ScenarioError> {
        Exercise::from_json(&parse(text)?)
    }

    /// Parses exercise text with its texts in `lang` (English where it lacks one).
    pub fn parse_in(text: &str, lang: Lang) -> Result<Exercise, ScenarioError> {
        Exercise::from_json_in(&parse(text)?, lang)
    }

    /// Reads an exercise with its texts in `lang`: title, story, topics, hints, explanation and the
    /// starting scenario's title and description (what the editor opens with).
    pub fn from_json_in(v: &Value, lang: Lang) -> Result<Exercise, ScenarioError> {
        lang::check_i18n(v, "$")?;
        Exercise::from_json(&lang::localize(v, lang))
    }

    /// Reads and checks an exercise: the start must build, the goal must be well formed, there
    /// must be one to three hints and a solution that applies to the start.
    pub fn from_json(v: &Value) -> Result<Exercise, ScenarioError> {
        let o = Obj::new(v, "$")?;
        lang::check_i18n(v, "$")?;
        let id = read_id(&o)?;
        let start = o
            .map
            .get("start")
            .cloned()
            .ok_or_else(|| ScenarioError::field("$.start", Problem::MissingStart))?;
        let scenario = Scenario::from_json(start.clone()).map_err(|e| under("$.start", e))?;
        Run::new(&scenario).map_err(|e| under("$.start", e))?;
        let goal = Goal::from_json(
            o.map.get("goal").ok_or_else(|| ScenarioError::field("$.goal", Problem::Missing))?,
            "$.goal",
        )?;
        let hints = read_hints(&o)?;
        let solution = read_solution(&o)?;
        let ex = Exercise {
            id: id.to_string(),
            title: o.str("title")?.to_string(),
            story: o.str("story")?.to_string(),
            topics: o.strings("topics")?,
            start,
            goal,
            hints,
            solution,
            explanation: o.str_or("explanation", "")?.to_string(),
        };
        let solved = ex.solution_json().map_err(|e| under("$.solution", e))?;
        let solved = Scenario::from_json(solved).map_err(|e| under("$.solution.scenario", e))?;
        Run::new(&solved).map_err(|e| under("$.solution.scenario", e))?;
        Ok(ex)
    }

    /// The starting scenario (what the editor opens with and "reset" goes back to).
    pub fn start_scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(self.start.clone()).map_err(|e| under("$.start", e))
    }

    /// The solved scenario ("reveal solution").
    pub fn solution_scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(self.solution_json()?).map_err(|e| under("$.solution.scenario", e))
    }

    /// The solved scenario's JSON (the patch applied to the start).
    pub fn solution_json(&self) -> Result<Value, ScenarioError> {
        self.solution.applied_to(&self.start)
    }

    /// Runs the learner's scenario text to its end and checks the goal.
    pub fn check_text(&self, text: &str) -> Verdict {
        match Scenario::parse(text) {
            Ok(s) => self.check(&s),
            Err(e) => Verdict::broken(Finding::Unreadable(e)),
        }
    }

    /// Runs the learner's scenario JSON to its end and checks the goal.
    pub fn check_json(&self, json: &Value) -> Verdict {
        match Scenario::from_json(json.clone()) {
            Ok(s) => self.check(&s),
            Err(e) => Verdict::broken(Finding::Unreadable(e)),
        }
    }

    /// The verdict on a text whose run failed with `error`: unreadable when the text does
    /// not parse, else a scenario that does not run.
    pub fn not_runnable(&self, text: &str, error: ScenarioError) -> Verdict {
        match Scenario::parse(text) {
            Err(e) => Verdict::broken(Finding::Unreadable(e)),
            Ok(_) => Verdict::broken(Finding::DoesNotRun(error)),
        }
    }

    /// Runs a scenario to its end and checks the goal.
    pub fn check(&self, scenario: &Scenario) -> Verdict {
        match run_to_end(scenario) {
            Ok(run) => self.check_run(&run),
            Err(e) => Verdict::broken(Finding::DoesNotRun(e)),
        }
    }

    /// Checks the goal on a run already advanced to the scenario's end (the player's own run).
    pub fn check_run(&self, run: &Run) -> Verdict {
        let mut v = self.goal.evaluate(run);
        if run.stalled {
            v.notes.push(Finding::Stalled);
        }
        v.notes.extend(
            run.engine()
                .log_lines()
                .iter()
                .filter(|l| l.starts_with("[error]"))
                .map(|l| Finding::BrokerLog(l.clone())),
        );
        // What the topology gets wrong, in the lints' words (the editor shows the same).
        let s = run.scenario();
        let later = bound_later_in(s.timeline.iter().map(|t| &t.step));
        let (_, lints) = topology_lints(s.topology.clone(), &later, s.profile);
        v.notes.extend(lints.into_iter().map(|l| Finding::Lint(Box::new(l))));
        v
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

/// What a workshop list shows for one exercise.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExerciseCard {
    pub id: String,
    pub title: String,
    pub topics: Vec<String>,
    pub hints: usize,
}

/// Builds a scenario and runs it to its end.
pub fn run_to_end(scenario: &Scenario) -> Result<Run, ScenarioError> {
    let mut run = Run::new(scenario)?;
    let end = run.end();
    run.advance_to(end)?;
    Ok(run)
}
