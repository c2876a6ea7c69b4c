//! Why a lint fires: one variant per lint message with its names and values, and the English
//! text as `Display` (the native CLI prints it; the browser UI words each variant in the
//! user's language). Broker terms stay as the broker spells them.

use std::fmt;

use serde::{Serialize, Serializer};

use super::warnings::Refusal;

/// What is wrong and why, in the broker's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LintReason {
    /// `refused`: the broker refuses the declaration.
    Refused(Refusal),
    /// `dlrk-without-dlx`: a dead-letter routing key (from `source`) with no dead-letter exchange.
    DlrkWithoutDlx { key: String, source: String },
    /// `dlx-missing`: the dead-letter exchange (from `source`) does not exist.
    DlxMissing { exchange: String, source: String },
    /// `dlx-no-binding`: the dead-letter exchange has no bindings.
    DlxNoBinding { exchange: String },
    /// `dlx-unroutable`: no binding of the DLX matches the dead letters' keys; `keys_kept`
    /// when no dead-letter routing key is set (they keep their own keys).
    DlxUnroutable { exchange: String, keys: String, keys_kept: bool },
    /// `at-least-once-without-reject-publish`: with overflow `overflow` the broker falls back.
    AtLeastOnceWithoutRejectPublish { overflow: &'static str },
    /// `quorum-no-delivery-limit`: on 3.x a poison message is redelivered forever.
    QuorumNoDeliveryLimit,
    /// `strategy-not-quorum`: `x-dead-letter-strategy` on a queue that is not quorum.
    StrategyNotQuorum,
    /// `ttl-behind-head`: per-message TTLs expire only at the head.
    TtlBehindHead,
    /// `policy-not-applicable`: a matching policy holds `keys` that `queue_type` queues do
    /// not support, so none of it applies.
    PolicyNotApplicable { operator: bool, policy: String, keys: String, queue_type: &'static str },
    /// `policy-tie`: `policies` all match with the same `priority`.
    PolicyTie { operator: bool, policies: String, priority: i64 },
    /// `dead-letter-cycle`: dead letters loop along `path` with no rejection.
    DeadLetterCycle { path: String },
}

fn policy_word(operator: bool) -> &'static str {
    if operator {
        "operator policy"
    } else {
        "policy"
    }
}

impl fmt::Display for LintReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LintReason::*;
        match self {
            Refused(r) => write!(f, "the broker refuses this declaration: {r}"),
            DlrkWithoutDlx { key, source } => write!(
                f,
                "dead-letter routing key '{key}' ({source}) is set but no dead-letter exchange: nothing is dead-lettered (as an argument the broker refuses it with 406)"
            ),
            DlxMissing { exchange, source } => write!(
                f,
                "dead-letter exchange '{exchange}' ({source}) does not exist: the broker drops every dead letter silently (no error, no log line)"
            ),
            DlxNoBinding { exchange } => write!(f, "dead-letter exchange '{exchange}' has no bindings: every dead letter is dropped silently"),
            DlxUnroutable { exchange, keys, keys_kept } => write!(
                f,
                "no binding of dead-letter exchange '{exchange}' matches the routing key(s) the dead letters carry ({keys}): they are dropped silently{}",
                if *keys_kept { "; without a dead-letter routing key they keep the keys they were published with" } else { "" }
            ),
            AtLeastOnceWithoutRejectPublish { overflow } => write!(
                f,
                "dead-letter-strategy at-least-once needs overflow reject-publish; with {overflow} the broker falls back to at-most-once (it logs 'Falling back')"
            ),
            QuorumNoDeliveryLimit => write!(
                f,
                "on 3.x a quorum queue has no delivery limit unless one is set: a message that is always requeued (a poison message) is redelivered forever; set x-delivery-limit or a delivery-limit policy (4.x defaults to 20)"
            ),
            StrategyNotQuorum => write!(f, "x-dead-letter-strategy only affects quorum queues; this queue dead-letters at-most-once"),
            TtlBehindHead => write!(
                f,
                "no queue TTL: if publishers set a per-message TTL (expiration), a message expires only when it reaches the head, so a short-lived message waits behind longer-lived ones and is dead-lettered late; use one TTL per queue (x-message-ttl) for delays"
            ),
            PolicyNotApplicable { operator, policy, keys, queue_type } => write!(
                f,
                "{} '{policy}' matches this queue's name but holds {keys}, which {queue_type} queues do not support, so the broker applies none of it to this queue",
                policy_word(*operator)
            ),
            PolicyTie { operator, policies, priority } => write!(
                f,
                "{}s {policies} all match with priority {priority}: only one applies and the broker does not define which; give them different priorities",
                policy_word(*operator)
            ),
            DeadLetterCycle { path } => write!(
                f,
                "dead letters loop {path} with no consumer rejecting them (TTL or max-length each time): the broker detects the cycle and drops the message silently (one log line: 'Dead-letter queues cycle detected'); a rejection anywhere in the loop keeps it alive"
            ),
        }
    }
}

/// Written as its English text in JSON (`dlx-lab definitions --json`).
impl Serialize for LintReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
