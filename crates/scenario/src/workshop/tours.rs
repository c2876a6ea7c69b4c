//! The built-in guided tours: scenarios with a `tour`, one per core lesson, under `tours/`.

use super::tour::Tour;
use crate::i18n::content::translated;
use crate::scenario::model::error::{Builtin, Problem, ScenarioError};
use crate::scenario::model::lang::Lang;
use crate::scenario::playground::Scenario;

/// Tour scenario texts, in the order a learner takes them.
pub const TOURS: [(&str, &str); 6] = [
    ("tour-four-reasons", include_str!("tours/tour-four-reasons.json")),
    ("tour-ttl-wait-queue", include_str!("tours/tour-ttl-wait-queue.json")),
    ("tour-dead-letter-cycle", include_str!("tours/tour-dead-letter-cycle.json")),
    ("tour-x-death-hops", include_str!("tours/tour-x-death-hops.json")),
    ("tour-at-least-once", include_str!("tours/tour-at-least-once.json")),
    ("tour-delayed-retry", include_str!("tours/tour-delayed-retry.json")),
];

/// The tour scenario with this id and its steps.
pub fn tour(id: &str) -> Result<(Scenario, Tour), ScenarioError> {
    let text = TOURS.iter().find(|(tid, _)| *tid == id).map(|(_, t)| *t).ok_or_else(|| {
        ScenarioError::field("tour", Problem::NoSuch { what: Builtin::Tour, id: id.to_string() })
    })?;
    let scenario = Scenario::parse(&translated("tours", id, text))?;
    let tour = Tour::read(&scenario)?;
    Ok((scenario, tour))
}

/// Every tour, parsed.
pub fn all() -> Vec<(Scenario, Tour)> {
    TOURS.iter().filter_map(|(id, _)| tour(id).ok()).collect()
}

/// The tour scenario with this id and its steps, every text in `lang` (English where it lacks
/// one).
pub fn tour_in(id: &str, lang: Lang) -> Result<(Scenario, Tour), ScenarioError> {
    let (scenario, _) = tour(id)?;
    let tour = Tour::read_in(&scenario, lang)?;
    Ok((scenario.localized(lang), tour))
}

/// Every tour, parsed, in `lang`.
pub fn all_in(lang: Lang) -> Vec<(Scenario, Tour)> {
    TOURS.iter().filter_map(|(id, _)| tour_in(id, lang).ok()).collect()
}
