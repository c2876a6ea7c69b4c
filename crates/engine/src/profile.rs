//! Semantics profiles: every difference between broker versions, as data in one place.

use serde::{Deserialize, Serialize};

/// How the `x-death` list is reordered when a message dies again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum XDeathOrder {
    /// 3.10: the updated entry first, then all other entries reversed.
    UpdatedFirstOthersReversed,
    /// 3.13+: most recent first (the updated entry moves to the front, others keep their order).
    MostRecentFirst,
}

/// A broker version's semantics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// The name scenarios use (`rabbitmq-3.10`, `rabbitmq-4`).
    pub name: &'static str,
    /// The version string results report.
    pub version: &'static str,
    pub xdeath_order: XDeathOrder,
    /// Add `x-last-death-reason/-queue/-exchange` on every death.
    pub last_death_headers: bool,
    /// Keep the `CC` header when a dead-letter routing key is set.
    pub keep_cc_with_dl_routing_key: bool,
    /// x-death `routing-keys` are the first routing key plus the `CC` header (3.x) rather than
    /// every routing key except BCC ones (4.x; differs once a dead-letter routing key is set).
    pub xdeath_keys_from_cc_header: bool,
    /// Interpret an `x-death` header a client published (3.x) or start a fresh history (4.x).
    pub trust_client_xdeath: bool,
    /// Quorum `x-delivery-limit` when none is set (`None`: unlimited).
    pub quorum_default_delivery_limit: Option<u64>,
    /// Quorum queues accept `x-overflow: reject-publish-dlx` (with a warning, acting as drop-head).
    pub quorum_accepts_reject_publish_dlx: bool,
    /// `x-delivery-count` is present (as 0) on a quorum queue's first delivery.
    pub delivery_count_on_first_delivery: bool,
    /// `basic.nack` with requeue counts toward the quorum delivery limit (4.3 counts only
    /// failed deliveries: reject and crashes).
    pub nack_requeue_counts_toward_limit: bool,
    /// Quorum queues accept `x-max-priority` (4.x: two priority levels).
    pub quorum_priorities: bool,
    /// Headers-exchange bindings may use `x-match: all-with-x / any-with-x`.
    pub headers_match_with_x: bool,
    /// How long an at-least-once dead letter waits before it is forwarded again, in ms.
    pub dlx_redeliver_ms: u64,
    /// Quorum queues hold returned messages back (`x-delayed-retry-type/-min/-max`, 4.3).
    pub delayed_retry: bool,
}

/// RabbitMQ 3.10.8 exactly as recorded in the conformance scenarios.
pub const RABBITMQ_3_10: Profile = Profile {
    name: "rabbitmq-3.10",
    version: "3.10.8",
    xdeath_order: XDeathOrder::UpdatedFirstOthersReversed,
    last_death_headers: false,
    keep_cc_with_dl_routing_key: false,
    xdeath_keys_from_cc_header: true,
    trust_client_xdeath: true,
    quorum_default_delivery_limit: None,
    quorum_accepts_reject_publish_dlx: true,
    delivery_count_on_first_delivery: true,
    nack_requeue_counts_toward_limit: true,
    quorum_priorities: false,
    headers_match_with_x: false,
    dlx_redeliver_ms: 180_000,
    delayed_retry: false,
};

/// The modern broker (4.x, as its own test suite asserts).
pub const RABBITMQ_4: Profile = Profile {
    name: "rabbitmq-4",
    version: "4.3.0",
    xdeath_order: XDeathOrder::MostRecentFirst,
    last_death_headers: true,
    keep_cc_with_dl_routing_key: true,
    xdeath_keys_from_cc_header: false,
    trust_client_xdeath: false,
    quorum_default_delivery_limit: Some(20),
    quorum_accepts_reject_publish_dlx: false,
    delivery_count_on_first_delivery: false,
    nack_requeue_counts_toward_limit: false,
    quorum_priorities: true,
    headers_match_with_x: true,
    dlx_redeliver_ms: 180_000,
    delayed_retry: true,
};

impl Profile {
    /// Every profile the engine knows.
    pub const ALL: [&'static Profile; 2] = [&RABBITMQ_3_10, &RABBITMQ_4];

    /// The profile called `name`, or an error listing the known names.
    pub fn by_name(name: &str) -> Result<&'static Profile, String> {
        Profile::ALL.into_iter().find(|p| p.name == name).ok_or_else(|| {
            format!("unknown profile '{name}': use one of rabbitmq-3.10, rabbitmq-4")
        })
    }
}

impl Default for &'static Profile {
    fn default() -> Self {
        &RABBITMQ_4
    }
}
