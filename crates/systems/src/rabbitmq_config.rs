//! The RabbitMQ strategy's settings in a comparison: the pattern (a retry queue, or a quorum
//! queue with a delivery limit), the broker version, the names and the counts, checked with
//! the field named.

use serde::{Deserialize, Serialize};

use crate::engine::Profile;

use super::workload::{WorkloadError, MAX_HORIZON_MS};

/// How the broker retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// Reject → DLX → a retry queue with a TTL → back; the consumer parks the last attempt.
    RetryQueue,
    /// A quorum queue with a delivery limit and delayed retry; the broker dead-letters.
    QuorumDeliveryLimit,
}

/// The pattern's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RabbitMqConfig {
    pub pattern: Pattern,
    /// The broker version's rules: `rabbitmq-4` or `rabbitmq-3.10`.
    pub profile: String,
    /// The work queue's name; `NAME.retry` holds the waits and `NAME.dlq` what failed for good.
    pub queue: String,
    /// How long a rejected message waits: the retry queue's `x-message-ttl`, or the quorum
    /// queue's `x-delayed-retry-min` (its `-max` is 8 times that), in ms.
    pub retry_delay_ms: u64,
    /// Deliveries in all: the consumer parks a message after this many (the `x-death` count
    /// + 1), or the quorum queue's `x-delivery-limit` is one less.
    pub max_attempts: u32,
    /// Consumers on the work queue, each on its own channel with prefetch 1.
    pub consumers: u32,
}

impl Default for RabbitMqConfig {
    fn default() -> Self {
        RabbitMqConfig {
            pattern: Pattern::RetryQueue,
            profile: "rabbitmq-4".into(),
            queue: "orders".into(),
            retry_delay_ms: 5_000,
            max_attempts: 5,
            consumers: 1,
        }
    }
}

impl RabbitMqConfig {
    /// Checks the settings; the error names the field (`systems.rabbitmq.…`).
    pub fn check(&self) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: String| {
            Err(WorkloadError::Setting { field: format!("systems.rabbitmq.{field}"), problem })
        };
        if let Err(problem) = Profile::by_name(&self.profile) {
            return bad("profile", problem);
        }
        if self.queue.is_empty() || self.queue.len() > 200 || self.queue.starts_with("amq.") {
            return bad(
                "queue",
                "give the work queue a name of 1 to 200 characters, not starting with amq.".into(),
            );
        }
        if self.retry_delay_ms > MAX_HORIZON_MS {
            return bad(
                "retry_delay_ms",
                format!("{} ms is longer than 30 days", self.retry_delay_ms),
            );
        }
        if self.max_attempts == 0 {
            return bad("max_attempts", "a message needs at least 1 attempt".into());
        }
        if !(1..=64).contains(&self.consumers) {
            return bad("consumers", format!("{} consumers: use 1 to 64", self.consumers));
        }
        Ok(())
    }
}
