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
    /// A quorum-only `argument` on a queue of another type, which ignores it.
    QuorumOnlyArgument { argument: String, queue_type: &'static str },
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

impl fmt::Display for LintReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            &crate::scenario::definitions::definitions_text::lint(self)
                .text(crate::scenario::Lang::En),
        )
    }
}

/// Written as its English text in JSON (`dlx-lab definitions --json`).
impl Serialize for LintReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
