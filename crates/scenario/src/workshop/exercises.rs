//! The built-in exercises, in workshop order: each a JSON file under `exercises/`.

use std::borrow::Cow;

use super::broker_exercise::BrokerExercise;
use super::exercise::ExerciseCard;
use super::texts::Kind;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::lang::Lang;

/// Exercise texts, in the order a workshop takes them.
pub const EXERCISES: [(&str, &str); 10] = [
    ("catch-rejected-messages", include_str!("exercises/catch-rejected-messages.json")),
    ("dlx-without-binding", include_str!("exercises/dlx-without-binding.json")),
    ("dead-letter-routing-key", include_str!("exercises/dead-letter-routing-key.json")),
    ("ttl-wait-queue", include_str!("exercises/ttl-wait-queue.json")),
    ("backoff-ladder", include_str!("exercises/backoff-ladder.json")),
    ("quorum-delivery-limit", include_str!("exercises/quorum-delivery-limit.json")),
    ("break-the-cycle", include_str!("exercises/break-the-cycle.json")),
    ("overflow-reject-publish", include_str!("exercises/overflow-reject-publish.json")),
    ("at-least-once", include_str!("exercises/at-least-once.json")),
    ("cc-bcc-dead-letters", include_str!("exercises/cc-bcc-dead-letters.json")),
];

/// The exercise's text, its other languages put back (`crates/translations/src/*.content.json`).
fn text(id: &str) -> Result<Cow<'static, str>, ScenarioError> {
    Kind::Exercise.find(id)
}

/// The exercise with this id (the id a trainer's link carries).
pub fn exercise(id: &str) -> Result<BrokerExercise, ScenarioError> {
    BrokerExercise::parse(&text(id)?)
}

/// The exercise with this id, its texts in `lang` (English where it lacks one).
pub fn exercise_in(id: &str, lang: Lang) -> Result<BrokerExercise, ScenarioError> {
    BrokerExercise::parse_in(&text(id)?, lang)
}

/// Every exercise, parsed, in workshop order, its texts in `lang`.
pub fn all_in(lang: Lang) -> Vec<BrokerExercise> {
    EXERCISES.iter().filter_map(|(id, _)| exercise_in(id, lang).ok()).collect()
}

/// The workshop index in `lang`.
pub fn index_in(lang: Lang) -> Vec<ExerciseCard> {
    all_in(lang).iter().map(BrokerExercise::card).collect()
}

/// Every exercise, parsed, in workshop order.
pub fn all() -> Vec<BrokerExercise> {
    EXERCISES.iter().filter_map(|(id, _)| exercise(id).ok()).collect()
}

/// The workshop index: one card per exercise, in order.
pub fn index() -> Vec<ExerciseCard> {
    all().iter().map(BrokerExercise::card).collect()
}

/// The exercise after `id` in workshop order, if any.
pub fn next_after(id: &str) -> Option<&'static str> {
    let i = EXERCISES.iter().position(|(eid, _)| *eid == id)?;
    EXERCISES.get(i + 1).map(|(eid, _)| *eid)
}
