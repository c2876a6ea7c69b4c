//! The built-in scenarios: every example of the source documents and the classic traps.

use crate::i18n::content::translated;
use crate::scenario::model::error::{Builtin, Problem, ScenarioError};
use crate::scenario::model::lang::Lang;
use crate::scenario::playground::Scenario;

/// Preset scenario texts, in menu order (English; their other languages are in
/// `crates/translations/src/*.content.json`, which [`preset`] puts back).
pub const PRESETS: [(&str, &str); 13] = [
    ("four-reasons", include_str!("presets/four-reasons.json")),
    ("email-queue", include_str!("presets/email-queue.json")),
    ("main-queue-dlq", include_str!("presets/main-queue-dlq.json")),
    ("retry-ladder", include_str!("presets/retry-ladder.json")),
    ("dead-letter-cycle", include_str!("presets/dead-letter-cycle.json")),
    ("quorum-poison-message", include_str!("presets/quorum-poison-message.json")),
    ("quorum-delayed-retry", include_str!("presets/quorum-delayed-retry.json")),
    ("cc-bcc-routing", include_str!("presets/cc-bcc-routing.json")),
    ("at-least-once", include_str!("presets/at-least-once.json")),
    ("trap-head-of-queue-ttl", include_str!("presets/trap-head-of-queue-ttl.json")),
    ("trap-priority-overflow", include_str!("presets/trap-priority-overflow.json")),
    ("trap-missing-dlx", include_str!("presets/trap-missing-dlx.json")),
    ("trap-dlx-without-binding", include_str!("presets/trap-dlx-without-binding.json")),
];

/// The preset with this id.
pub fn preset(id: &str) -> Result<Scenario, ScenarioError> {
    let text = PRESETS.iter().find(|(pid, _)| *pid == id).map(|(_, t)| *t).ok_or_else(|| {
        ScenarioError::field(
            "preset",
            Problem::NoSuch { what: Builtin::Preset, id: id.to_string() },
        )
    })?;
    Scenario::parse(&translated("presets", id, text))
}

/// Every preset, parsed.
pub fn all() -> Vec<Scenario> {
    PRESETS.iter().filter_map(|(id, _)| preset(id).ok()).collect()
}

/// The preset with this id, its texts in `lang` (English where it lacks one).
pub fn preset_in(id: &str, lang: Lang) -> Result<Scenario, ScenarioError> {
    preset(id).map(|s| s.localized(lang))
}

/// Every preset, parsed, its texts in `lang`.
pub fn all_in(lang: Lang) -> Vec<Scenario> {
    all().iter().map(|s| s.localized(lang)).collect()
}
