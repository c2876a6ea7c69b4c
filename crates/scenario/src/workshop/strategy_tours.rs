//! The built-in strategy tours, at least one per system, on the comparison page: each a JSON
//! file under `strategy_tours/`.

use super::strategy_tour::StrategyTour;
use crate::i18n::content::translated;
use crate::scenario::model::error::{Builtin, Problem, ScenarioError};
use crate::scenario::model::lang::Lang;

/// Tour texts, in the order the comparison page lists them.
pub const STRATEGY_TOURS: [(&str, &str); 7] = [
    ("tour-kafka-retry-ladder", include_str!("strategy_tours/tour-kafka-retry-ladder.json")),
    ("tour-sqs-visibility", include_str!("strategy_tours/tour-sqs-visibility.json")),
    ("tour-bullmq-poison", include_str!("strategy_tours/tour-bullmq-poison.json")),
    ("tour-bullmq-alerts", include_str!("strategy_tours/tour-bullmq-alerts.json")),
    ("tour-kafka-ordering", include_str!("strategy_tours/tour-kafka-ordering.json")),
    ("tour-database-replay", include_str!("strategy_tours/tour-database-replay.json")),
    ("tour-hybrid-two-roads", include_str!("strategy_tours/tour-hybrid-two-roads.json")),
];

/// The strategy tour with this id, its texts in `lang` (English where it lacks one).
pub fn strategy_tour_in(id: &str, lang: Lang) -> Result<StrategyTour, ScenarioError> {
    let text =
        STRATEGY_TOURS.iter().find(|(tid, _)| *tid == id).map(|(_, t)| *t).ok_or_else(|| {
            ScenarioError::field(
                "tour",
                Problem::NoSuch { what: Builtin::Tour, id: id.to_string() },
            )
        })?;
    StrategyTour::parse_in(&translated("strategy_tours", id, text), lang)
}

/// Every strategy tour, parsed, in `lang`.
pub fn all_in(lang: Lang) -> Vec<StrategyTour> {
    STRATEGY_TOURS.iter().filter_map(|(id, _)| strategy_tour_in(id, lang).ok()).collect()
}
