//! Any exercise, a broker's or another system's, read from its text: what a workshop file, a
//! trainer's link and the CLI hold without knowing which kind it is.

use serde_json::Value;

use super::exercise::{run_to_end, Exercise, ExerciseCard};
use super::goal::Verdict;
use super::strategy_exercise::StrategyExercise;
use super::{exercises, strategy_exercises};
use crate::scenario::model::error::{Builtin, Problem, ScenarioError};
use crate::scenario::model::json::parse;
use crate::scenario::model::lang::{self, Lang};

/// A broker exercise or a strategy exercise.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyExercise {
    Broker(Box<Exercise>),
    Strategy(Box<StrategyExercise>),
}

/// Whether exercise JSON names a system other than RabbitMQ (a strategy exercise).
pub fn names_other_system(v: &Value) -> bool {
    v.get("system").and_then(Value::as_str).is_some_and(|s| s != "rabbitmq")
}

impl AnyExercise {
    /// Reads exercise JSON of either kind, its texts in `lang`.
    pub fn from_json_in(v: &Value, lang: Lang) -> Result<AnyExercise, ScenarioError> {
        lang::check_i18n(v, "$")?;
        let local = lang::localize(v, lang);
        if names_other_system(v) {
            StrategyExercise::from_json(&local).map(|e| AnyExercise::Strategy(Box::new(e)))
        } else {
            Exercise::from_json(&local).map(|e| AnyExercise::Broker(Box::new(e)))
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
        match self {
            AnyExercise::Broker(e) => &e.id,
            AnyExercise::Strategy(e) => &e.id,
        }
    }

    pub fn title(&self) -> &str {
        match self {
            AnyExercise::Broker(e) => &e.title,
            AnyExercise::Strategy(e) => &e.title,
        }
    }

    /// The system it practises: `rabbitmq`, `sqs`, `kafka`, `bullmq`, `database`, `hybrid`.
    pub fn system(&self) -> &'static str {
        match self {
            AnyExercise::Broker(_) => "rabbitmq",
            AnyExercise::Strategy(e) => e.system.id(),
        }
    }

    pub fn card(&self) -> ExerciseCard {
        match self {
            AnyExercise::Broker(e) => e.card(),
            AnyExercise::Strategy(e) => e.card(),
        }
    }

    /// The starting text, as the editor shows it.
    pub fn start_text(&self) -> String {
        match self {
            AnyExercise::Broker(e) => serde_json::to_string_pretty(&e.start).unwrap_or_default(),
            AnyExercise::Strategy(e) => e.start_text(),
        }
    }

    /// The solved text, as the editor shows it.
    pub fn solution_text(&self) -> Result<String, ScenarioError> {
        match self {
            AnyExercise::Broker(e) => {
                Ok(serde_json::to_string_pretty(&e.solution_json()?).unwrap_or_default())
            }
            AnyExercise::Strategy(e) => e.solution_text(),
        }
    }

    /// Checks a learner's text (a scenario or a comparison) against the goal.
    pub fn check_text(&self, text: &str) -> Verdict {
        match self {
            AnyExercise::Broker(e) => e.check_text(text),
            AnyExercise::Strategy(e) => e.check_text(text).0,
        }
    }

    /// Its own check: the solution's verdict, and whether the start already passes (an
    /// exercise is sound when the solution passes and the start does not).
    pub fn self_check(&self) -> Result<(Verdict, Verdict), ScenarioError> {
        match self {
            AnyExercise::Broker(e) => {
                let solved = e.check(&e.solution_scenario()?);
                let start = match run_to_end(&e.start_scenario()?) {
                    Ok(run) => e.check_run(&run),
                    Err(err) => return Err(err),
                };
                Ok((solved, start))
            }
            AnyExercise::Strategy(e) => {
                let solved = e.check_text(&e.solution_text()?).0;
                let start = e.check_text(&e.start_text()).0;
                Ok((solved, start))
            }
        }
    }
}
