//! The built-in strategy exercises, two or more per system, in workshop order: each a JSON
//! file under `strategy_exercises/`.

use std::borrow::Cow;

use super::exercise::ExerciseCard;
use super::strategy_exercise::StrategyExercise;
use super::texts::Kind;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::lang::Lang;

/// Exercise texts, in the order a workshop takes them.
pub const STRATEGY_EXERCISES: [(&str, &str); 10] = [
    ("sqs-no-double-handling", include_str!("strategy_exercises/sqs-no-double-handling.json")),
    ("sqs-park-the-poison", include_str!("strategy_exercises/sqs-park-the-poison.json")),
    ("kafka-straight-to-dlt", include_str!("strategy_exercises/kafka-straight-to-dlt.json")),
    ("kafka-keep-order", include_str!("strategy_exercises/kafka-keep-order.json")),
    (
        "bullmq-attempts-on-the-job",
        include_str!("strategy_exercises/bullmq-attempts-on-the-job.json"),
    ),
    (
        "bullmq-keep-unreplayed-failures",
        include_str!("strategy_exercises/bullmq-keep-unreplayed-failures.json"),
    ),
    ("database-skip-locked", include_str!("strategy_exercises/database-skip-locked.json")),
    (
        "database-replay-after-fix",
        include_str!("strategy_exercises/database-replay-after-fix.json"),
    ),
    (
        "hybrid-republish-after-outage",
        include_str!("strategy_exercises/hybrid-republish-after-outage.json"),
    ),
    ("hybrid-edit-then-replay", include_str!("strategy_exercises/hybrid-edit-then-replay.json")),
];

/// The exercise's text, its other languages put back (`crates/translations/src/*.content.json`).
fn text(id: &str) -> Result<Cow<'static, str>, ScenarioError> {
    Kind::StrategyExercise.find(id)
}

/// The strategy exercise with this id, its texts in `lang` (English where it lacks one).
pub fn strategy_exercise_in(id: &str, lang: Lang) -> Result<StrategyExercise, ScenarioError> {
    StrategyExercise::parse_in(&text(id)?, lang)
}

/// The strategy exercise with this id, in English.
pub fn strategy_exercise(id: &str) -> Result<StrategyExercise, ScenarioError> {
    StrategyExercise::parse(&text(id)?)
}

/// Every strategy exercise, parsed, in workshop order, its texts in `lang`.
pub fn all_in(lang: Lang) -> Vec<StrategyExercise> {
    STRATEGY_EXERCISES.iter().filter_map(|(id, _)| strategy_exercise_in(id, lang).ok()).collect()
}

/// Their cards, in `lang`.
pub fn index_in(lang: Lang) -> Vec<ExerciseCard> {
    all_in(lang).iter().map(StrategyExercise::card).collect()
}

/// Every exercise id in workshop order: the broker's exercises, then the other systems'.
pub fn workshop_order() -> impl Iterator<Item = &'static str> {
    super::exercises::EXERCISES.iter().chain(STRATEGY_EXERCISES.iter()).map(|(id, _)| *id)
}

/// The exercise after `id` in the whole workshop (broker exercises first), if any.
pub fn next_in_workshop(id: &str) -> Option<&'static str> {
    let mut ids = workshop_order().skip_while(|i| *i != id);
    ids.next()?;
    ids.next()
}

/// Whether `id` is a strategy exercise.
pub fn is_strategy_exercise(id: &str) -> bool {
    STRATEGY_EXERCISES.iter().any(|(i, _)| *i == id)
}
