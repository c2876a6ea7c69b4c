//! Any exercise, a broker's or another system's, read from its text: what a workshop file, a
//! trainer's link and the CLI hold without knowing which kind it is.

use serde_json::Value;

use super::broker_exercise::BrokerExercise;
use super::exercise::{localized, ExerciseCard, ExerciseGoal};
use super::goal::{Goal, Verdict};
use super::strategy_exercise::StrategyExercise;
use super::trace_goal::TraceGoal;
use super::{exercises, strategy_exercises};
use crate::scenario::model::error::{Builtin, Problem, ScenarioError};
use crate::scenario::model::json::parse;
use crate::scenario::model::lang::Lang;

/// A broker exercise or a strategy exercise.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyExercise {
    Broker(Box<BrokerExercise>),
    Strategy(Box<StrategyExercise>),
}

/// `$body` on whichever exercise `$self` holds, as `$e` (the two share [`Exercise`](super::exercise::Exercise)).
macro_rules! each {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            AnyExercise::Broker($e) => $body,
            AnyExercise::Strategy($e) => $body,
        }
    };
}

/// Whether exercise JSON names a system other than RabbitMQ (a strategy exercise).
pub fn names_other_system(v: &Value) -> bool {
    v.get("system").and_then(Value::as_str).is_some_and(|s| s != "rabbitmq")
}

impl AnyExercise {
    /// Reads exercise JSON of either kind, its texts in `lang`.
    pub fn from_json_in(v: &Value, lang: Lang) -> Result<AnyExercise, ScenarioError> {
        let local = localized(v, lang)?;
        if names_other_system(v) {
            StrategyExercise::from_json(&local).map(|e| AnyExercise::Strategy(Box::new(e)))
        } else {
            BrokerExercise::from_json(&local).map(|e| AnyExercise::Broker(Box::new(e)))
        }
    }

    /// Reads exercise text of either kind, its texts in `lang`.
    pub fn parse_in(text: &str, lang: Lang) -> Result<AnyExercise, ScenarioError> {
        AnyExercise::from_json_in(&parse(text)?, lang)
    }

    /// The built-in exercise with this id, of either kind.
    pub fn builtin_in(id: &str, lang: Lang) -> Result<AnyExercise, ScenarioError> {
        match strategy_exercises::strategy_exercise_in(id, lang) {
            Ok(s) => Ok(AnyExercise::Strategy(Box::new(s))),
            Err(_) if exercises::EXERCISES.iter().any(|(i, _)| *i == id) => {
                exercises::exercise_in(id, lang).map(|e| AnyExercise::Broker(Box::new(e)))
            }
            Err(_) => Err(ScenarioError::field(
                "exercise",
                Problem::NoSuch { what: Builtin::Exercise, id: id.to_string() },
            )),
        }
    }

    pub fn id(&self) -> &str {
        each!(self, e => &e.id)
    }

    pub fn title(&self) -> &str {
        each!(self, e => &e.title)
    }

    /// The system it practises: `rabbitmq`, `sqs`, `kafka`, `bullmq`, `database`, `hybrid`.
    pub fn system(&self) -> &'static str {
        each!(self, e => e.system.id())
    }

    pub fn card(&self) -> ExerciseCard {
        each!(self, e => e.card())
    }

    /// The starting text, as the editor shows it.
    pub fn start_text(&self) -> String {
        each!(self, e => e.start_text())
    }

    /// The solved text, as the editor shows it.
    pub fn solution_text(&self) -> Result<String, ScenarioError> {
        each!(self, e => e.solution_text())
    }

    /// Checks a learner's text (a scenario or a comparison) against the goal.
    pub fn check_text(&self, text: &str) -> Verdict {
        each!(self, e => e.verdict_on(text))
    }

    /// Its own check: the solution's verdict, and whether the start already passes (an
    /// exercise is sound when the solution passes and the start does not).
    pub fn self_check(&self) -> Result<(Verdict, Verdict), ScenarioError> {
        match self {
            AnyExercise::Broker(e) => Goal::self_check(e),
            AnyExercise::Strategy(e) => TraceGoal::self_check(e),
        }
    }
}
