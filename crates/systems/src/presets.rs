//! The built-in comparison workloads: each shows one lesson of the seed documents across
//! every strategy.

use super::compare::Comparison;

/// One built-in comparison: its id and its JSON text.
pub struct Preset {
    pub id: &'static str,
    pub text: &'static str,
}

/// Every built-in comparison, the default first.
pub const PRESETS: &[Preset] = &[
    // Transient, permanent and bug failures together; an edit and a replay at the end.
    Preset { id: "mixed", text: include_str!("workloads/mixed.json") },
    // One message with bad data among its key: where does it end, what does it hold up?
    Preset { id: "poison", text: include_str!("workloads/poison.json") },
    // The call went through and the reply was lost: duplicates unless the consumer is idempotent.
    Preset { id: "lost-reply", text: include_str!("workloads/lost-reply.json") },
    // Six messages of one account, the second fails twice: who keeps the order?
    Preset { id: "ordering", text: include_str!("workloads/ordering.json") },
    // A bug fails some messages until the fix is deployed; then a selective replay by reason.
    Preset { id: "bug-fix", text: include_str!("workloads/bug-fix.json") },
];

/// The built-in comparison with id `id`.
pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

impl Preset {
    /// Reads the preset (the tests check that every preset reads).
    pub fn comparison(&self) -> Comparison {
        Comparison::from_json(self.text)
            .unwrap_or_else(|_| Comparison::of(super::Workload::mixed(1, 10, 1000, 2, 30, 10)))
    }
}
