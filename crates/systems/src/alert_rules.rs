//! When a dead-letter queue pages someone: the DLQ alert rules' thresholds, which the
//! playground's alerts watch (`scenario::playground::alerts`) and the Prometheus export writes.

/// When a dead-letter queue pages someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlertRules {
    /// Alert when the depth goes above this many messages (0: off).
    pub depth_over: u64,
    /// Alert when the queue has held messages this long without emptying (0: off).
    pub nonempty_for_ms: u64,
    /// Alert when this many messages arrive within one hour (0: off).
    pub arrivals_per_hour: u64,
}

impl Default for AlertRules {
    fn default() -> AlertRules {
        AlertRules { depth_over: 100, nonempty_for_ms: 30 * 60 * 1000, arrivals_per_hour: 10 }
    }
}
