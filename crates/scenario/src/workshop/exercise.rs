//! Exercises, the broker's and the other systems' alike: a start the learner edits (a
//! scenario or a comparison), a goal checked on what the start's run did, progressive hints,
//! and a solution (the solved text whole, or a JSON patch of the start). What differs between
//! the two kinds (the start they run, the goal's language, what a check runs) is an
//! [`ExerciseGoal`]: the broker's [`Goal`](super::goal::Goal) on the event log
//! ([`BrokerExercise`](super::broker_exercise::BrokerExercise)), a
//! [`TraceGoal`](super::trace_goal::TraceGoal) on a system's trace
//! ([`StrategyExercise`](super::strategy_exercise::StrategyExercise)).
//!
//! ```json
//! {"id": "bind-a-dlq", "title": "…", "story": "…", "topics": ["x-dead-letter-exchange"],
//!  "start": { a scenario, format v1 },
//!  "goal": {"all": [{"message": {"body": "bad order", "ends_in": "orders.dlq"}}, {"no_message_lost": true}]},
//!  "hints": ["…", "…", "…"],
//!  "solution": {"patch": [{"op": "add", "path": "/queues/-", "value": {…}}]},
//!  "explanation": "…"}
//! ```
//! A strategy exercise adds `"system": "sqs"` (or `kafka`, `bullmq`, `database`, `hybrid`) and
//! starts from a comparison.

use serde::Serialize;
use serde_json::Value;

use super::goal::{read_goal, GoalTree, Verdict};
use super::patch::{apply_patch, read_patch, PatchOp};
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::lang::{self, Lang};
use crate::systems::Strategy;

/// How the solution is given.
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    /// The solved text, whole.
    Scenario(Value),
    /// Edits to the start.
    Patch(Vec<PatchOp>),
}

/// One exercise, its goal a `G`.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise<G> {
    pub id: String,
    /// The system it practises (RabbitMQ for the broker's exercises).
    pub system: Strategy,
    pub title: String,
    /// The situation, told to the learner.
    pub story: String,
    /// The terms it practises (`x-dead-letter-exchange`, `VisibilityTimeout`…).
    pub topics: Vec<String>,
    /// The start's JSON (what the editor opens with).
    pub start: Value,
    pub goal: G,
    /// Hints, from a nudge to nearly the answer.
    pub hints: Vec<String>,
    pub solution: Solution,
    /// Why the solution works (shown with it).
    pub explanation: String,
}

/// What one kind of exercise runs and checks: a goal language and the start it is checked on.
pub trait ExerciseGoal: GoalTree + Clone {
    /// What reading the start leaves for checking the goal against it.
    type Start;
    /// The system the exercise practises, from its JSON.
    fn system(o: &Obj) -> Result<Strategy, ScenarioError>;
    /// Reads the start (`$.start`): it must run.
    fn read_start(start: &Value) -> Result<Self::Start, ScenarioError>;
    /// Checks the goal against the start: it may only name what the start has.
    fn fits(&self, start: &Self::Start) -> Result<(), ScenarioError>;
    /// Checks the solved text's JSON (the patch applied, or why it does not apply): it must run.
    fn read_solved(solved: Result<Value, ScenarioError>) -> Result<(), ScenarioError>;
    /// Runs a learner's text and checks the goal.
    fn verdict_on(ex: &Exercise<Self>, text: &str) -> Verdict;
    /// The exercise's own check: the solution's verdict and the start's (an exercise is sound
    /// when the solution passes and the start does not).
    fn self_check(ex: &Exercise<Self>) -> Result<(Verdict, Verdict), ScenarioError> {
        let solved = Self::verdict_on(ex, &ex.solution_text()?);
        Ok((solved, Self::verdict_on(ex, &ex.start_text())))
    }
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

/// Workshop JSON (an exercise, a tour) with its texts in `lang`, English where it lacks one,
/// once its `i18n` overlays are checked.
pub(crate) fn localized(v: &Value, lang: Lang) -> Result<Value, ScenarioError> {
    lang::check_i18n(v, "$")?;
    Ok(lang::localize(v, lang))
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

impl<G: ExerciseGoal> Exercise<G> {
    /// Parses exercise text.
    pub fn parse(text: &str) -> Result<Self, ScenarioError> {
        Self::from_json(&parse(text)?)
    }

    /// Parses exercise text with its texts in `lang` (English where it lacks one).
    pub fn parse_in(text: &str, lang: Lang) -> Result<Self, ScenarioError> {
        Self::from_json_in(&parse(text)?, lang)
    }

    /// Reads an exercise with its texts in `lang`: title, story, topics, hints, explanation and the
    /// start's own texts (what the editor opens with).
    pub fn from_json_in(v: &Value, lang: Lang) -> Result<Self, ScenarioError> {
        Self::from_json(&localized(v, lang)?)
    }

    /// Reads and checks an exercise: the start must run, the goal must be well formed and name
    /// only what the start has, there must be one to three hints and a solution that applies
    /// to the start and runs.
    pub fn from_json(v: &Value) -> Result<Self, ScenarioError> {
        let o = Obj::new(v, "$")?;
        lang::check_i18n(v, "$")?;
        let id = read_id(&o)?;
        let system = G::system(&o)?;
        let start = o
            .map
            .get("start")
            .cloned()
            .ok_or_else(|| ScenarioError::field("$.start", Problem::MissingStart))?;
        let ground = G::read_start(&start)?;
        let goal: G = read_goal(
            o.map.get("goal").ok_or_else(|| ScenarioError::field("$.goal", Problem::Missing))?,
            "$.goal",
        )?;
        goal.fits(&ground)?;
        let hints = read_hints(&o)?;
        let solution = read_solution(&o)?;
        let ex = Exercise {
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
        G::read_solved(ex.solution_json())?;
        Ok(ex)
    }

    /// The solved text's JSON (the patch applied to the start).
    pub fn solution_json(&self) -> Result<Value, ScenarioError> {
        self.solution.applied_to(&self.start)
    }

    /// The start as the editor shows it.
    pub fn start_text(&self) -> String {
        serde_json::to_string_pretty(&self.start).unwrap_or_default()
    }

    /// The solved text as the editor shows it ("reveal solution").
    pub fn solution_text(&self) -> Result<String, ScenarioError> {
        Ok(serde_json::to_string_pretty(&self.solution_json()?).unwrap_or_default())
    }

    /// Runs a learner's text and checks the goal.
    pub fn verdict_on(&self, text: &str) -> Verdict {
        G::verdict_on(self, text)
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
