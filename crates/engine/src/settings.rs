//! Queue arguments and policies merged into one queue's effective settings, as the broker does.

use serde::Serialize;

use super::headers::{FieldTable, FieldValue};
use super::name::Name;
use super::profile::Profile;

/// Classic, quorum or stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum QueueKind {
    Classic,
    Quorum,
    Stream,
}

impl QueueKind {
    /// The name `x-queue-type` uses.
    pub fn as_str(self) -> &'static str {
        match self {
            QueueKind::Classic => "classic",
            QueueKind::Quorum => "quorum",
            QueueKind::Stream => "stream",
        }
    }
}

/// What a queue does when it is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Overflow {
    #[serde(rename = "drop-head")]
    DropHead,
    #[serde(rename = "reject-publish")]
    RejectPublish,
    #[serde(rename = "reject-publish-dlx")]
    RejectPublishDlx,
}

impl Overflow {
    /// The argument value naming this mode.
    pub fn as_str(self) -> &'static str {
        match self {
            Overflow::DropHead => "drop-head",
            Overflow::RejectPublish => "reject-publish",
            Overflow::RejectPublishDlx => "reject-publish-dlx",
        }
    }
    fn parse(s: &str) -> Option<Overflow> {
        match s {
            "drop-head" => Some(Overflow::DropHead),
            "reject-publish" => Some(Overflow::RejectPublish),
            "reject-publish-dlx" => Some(Overflow::RejectPublishDlx),
            _ => None,
        }
    }
}

/// Where an effective value came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Source {
    /// A queue argument (`x-…`).
    Argument,
    /// The named policy.
    Policy(String),
    /// The named operator policy.
    OperatorPolicy(String),
    /// The broker's default.
    Default,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Argument => write!(f, "argument"),
            Source::Policy(n) => write!(f, "policy:{n}"),
            Source::OperatorPolicy(n) => write!(f, "operator-policy:{n}"),
            Source::Default => write!(f, "default"),
        }
    }
}

/// A setting's value and where it came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

/// A queue's settings after merging its arguments with the policy that applies to it.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Effective {
    pub dead_letter_exchange: Option<Sourced<Name>>,
    pub dead_letter_routing_key: Option<Sourced<Name>>,
    pub message_ttl_ms: Option<Sourced<u64>>,
    pub expires_ms: Option<Sourced<u64>>,
    pub max_length: Option<Sourced<u64>>,
    pub max_length_bytes: Option<Sourced<u64>>,
    pub overflow: Option<Sourced<Overflow>>,
    pub delivery_limit: Option<Sourced<i64>>,
    pub at_least_once: Option<Sourced<bool>>,
    /// Quorum delayed retry (4.3): which returns wait, and how long.
    pub delayed_retry: Option<Sourced<DelayedRetry>>,
}

/// Which returned messages a quorum queue holds back (`x-delayed-retry-type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RetryKind {
    /// Every return.
    All,
    /// Failed deliveries only (`basic.reject`, a closed channel): the ones that count.
    Failed,
    /// Plain returns only (`basic.nack` with requeue).
    Returned,
}

/// A quorum queue's delayed retry: a return waits `min(min_ms × delivery count, max_ms)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DelayedRetry {
    pub kind: RetryKind,
    pub min_ms: u64,
    pub max_ms: u64,
}

impl DelayedRetry {
    /// True when a return of this kind (`failed`: it counted as a failed delivery) waits.
    pub fn applies(&self, failed: bool) -> bool {
        match self.kind {
            RetryKind::All => true,
            RetryKind::Failed => failed,
            RetryKind::Returned => !failed,
        }
    }

    /// How long a return waits after `delivery_count` counted deliveries (at least one step).
    pub fn delay_ms(&self, delivery_count: u64) -> u64 {
        self.min_ms.saturating_mul(delivery_count.max(1)).min(self.max_ms)
    }
}

/// The delayed retry in force, as `rabbit_quorum_queue` resolves it: the policies merge first
/// (the operator policy's type wins, the higher minimum and the lower maximum), then the policy's
/// type wins over the argument and the lower of each delay wins. No type, `disabled`, an unknown
/// type or no positive minimum leave it off; a missing or non-positive maximum is the minimum.
fn delayed_retry(
    args: &FieldTable,
    policy: Option<&Policy>,
    op: Option<&Policy>,
) -> Option<Sourced<DelayedRetry>> {
    let pol_str = |p: Option<&Policy>, key: &str| {
        p.and_then(|p| p.definition.get(key)?.as_str().map(|v| (v.to_string(), policy_source(p))))
    };
    let pol_int = |p: Option<&Policy>, key: &str| p.and_then(|p| p.definition.get(key)?.as_i64());
    let merged_type =
        pol_str(op, "delayed-retry-type").or_else(|| pol_str(policy, "delayed-retry-type"));
    let merge = |key: &str, f: fn(i64, i64) -> i64| match (pol_int(policy, key), pol_int(op, key)) {
        (Some(a), Some(b)) => Some(f(a, b)),
        (a, b) => a.or(b),
    };
    let (pol_min, pol_max) =
        (merge("delayed-retry-min", i64::max), merge("delayed-retry-max", i64::min));
    let (kind, source) = match merged_type {
        Some(t) => t,
        None => (args.get("x-delayed-retry-type")?.as_str()?.to_string(), Source::Argument),
    };
    let lower = |pol: Option<i64>, arg_key: &str| match (
        pol,
        args.get(arg_key).and_then(FieldValue::as_i64),
    ) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let kind = match kind.as_str() {
        "all" => RetryKind::All,
        "failed" => RetryKind::Failed,
        "returned" => RetryKind::Returned,
        _ => return None,
    };
    let min_ms = u64::try_from(lower(pol_min, "x-delayed-retry-min")?).ok().filter(|m| *m > 0)?;
    let max_ms = lower(pol_max, "x-delayed-retry-max")
        .and_then(|m| u64::try_from(m).ok())
        .filter(|m| *m > 0)
        .unwrap_or(min_ms);
    Some(Sourced { value: DelayedRetry { kind, min_ms, max_ms }, source })
}

fn policy_source(p: &Policy) -> Source {
    if p.operator {
        Source::OperatorPolicy(p.name.clone())
    } else {
        Source::Policy(p.name.clone())
    }
}

impl Effective {
    /// The overflow mode in force (drop-head when none is set).
    pub fn overflow_mode(&self) -> Overflow {
        self.overflow.as_ref().map(|o| o.value).unwrap_or(Overflow::DropHead)
    }
}

/// A vhost policy (or operator policy): a name pattern and a definition.
#[derive(Debug, Clone)]
pub struct Policy {
    pub name: String,
    pub pattern: String,
    pub regex: regex_lite::Regex,
    /// `queues`, `exchanges`, `all`, `classic_queues`, `quorum_queues` or `streams`.
    pub apply_to: String,
    pub priority: i64,
    pub definition: FieldTable,
    pub operator: bool,
}

impl Policy {
    /// True when the policy applies to a queue of this kind and name. As in the broker
    /// (`rabbit_policy:matches` → `is_policy_applicable`), a policy whose definition holds a key
    /// the queue type does not support does not apply to that queue at all.
    pub fn matches_queue(&self, name: &str, kind: QueueKind) -> bool {
        let applies = match self.apply_to.as_str() {
            "all" | "queues" => true,
            "classic_queues" => kind == QueueKind::Classic,
            "quorum_queues" => kind == QueueKind::Quorum,
            "streams" => kind == QueueKind::Stream,
            _ => false,
        };
        applies && self.applicable_to(kind) && self.regex.is_match(name)
    }

    /// False when the definition holds a key the queue type lists as unsupported.
    pub fn applicable_to(&self, kind: QueueKind) -> bool {
        let unsupported = unsupported_policy_keys(kind);
        !self.definition.0.iter().any(|(k, _)| unsupported.contains(&&**k))
    }

    /// True when the policy applies to an exchange of this name.
    pub fn matches_exchange(&self, name: &str) -> bool {
        matches!(self.apply_to.as_str(), "all" | "exchanges") && self.regex.is_match(name)
    }
}

/// Policy keys a queue type refuses (its `capabilities()` `unsupported_policies`, the keys
/// every version from 3.10 to 4.x agrees on).
pub fn unsupported_policy_keys(kind: QueueKind) -> &'static [&'static str] {
    match kind {
        QueueKind::Classic => &[
            "max-age",
            "stream-max-segment-size-bytes",
            "initial-cluster-size",
            "delivery-limit",
            "dead-letter-strategy",
        ],
        QueueKind::Quorum => &[
            "max-priority",
            "queue-mode",
            "ha-mode",
            "ha-params",
            "ha-sync-mode",
            "ha-promote-on-shutdown",
            "ha-promote-on-failure",
            "queue-master-locator",
            "max-age",
            "stream-max-segment-size-bytes",
            "initial-cluster-size",
        ],
        QueueKind::Stream => &[
            "expires",
            "message-ttl",
            "dead-letter-exchange",
            "dead-letter-routing-key",
            "max-length",
            "max-priority",
            "overflow",
            "max-in-memory-length",
            "max-in-memory-bytes",
            "queue-mode",
            "delivery-limit",
            "ha-mode",
            "ha-params",
            "ha-sync-mode",
            "ha-promote-on-shutdown",
            "ha-promote-on-failure",
            "queue-master-locator",
            "dead-letter-strategy",
        ],
    }
}

/// The highest-priority matching policy among `policies` (the first declared wins a tie).
pub fn pick(
    policies: &[Policy],
    operator: bool,
    mut matches: impl FnMut(&Policy) -> bool,
) -> Option<&Policy> {
    let mut best: Option<&Policy> = None;
    for p in policies.iter().filter(|p| p.operator == operator) {
        if matches(p) && best.map(|b| p.priority > b.priority).unwrap_or(true) {
            best = Some(p);
        }
    }
    best
}

fn arg_u64(args: &FieldTable, key: &str) -> Option<u64> {
    args.get(key).and_then(FieldValue::as_i64).and_then(|n| u64::try_from(n).ok())
}

fn policy_u64(p: Option<&Policy>, key: &str) -> Option<(u64, Source)> {
    let p = p?;
    let v = p.definition.get(key)?.as_i64()?;
    let source = if p.operator {
        Source::OperatorPolicy(p.name.clone())
    } else {
        Source::Policy(p.name.clone())
    };
    u64::try_from(v).ok().map(|v| (v, source))
}

fn policy_str(p: Option<&Policy>, key: &str) -> Option<Sourced<String>> {
    let p = p?;
    let v = p.definition.get(key)?.as_str()?;
    Some(Sourced { value: v.to_string(), source: Source::Policy(p.name.clone()) })
}

/// 3.x quorum `expires`: the policies' value (the lower of policy and operator policy) wins
/// over the argument.
fn quorum_expires_3x(
    args: &FieldTable,
    policy: Option<&Policy>,
    op: Option<&Policy>,
) -> Option<Sourced<u64>> {
    let mut best: Option<Sourced<u64>> = None;
    for (value, source) in
        [policy_u64(policy, "expires"), policy_u64(op, "expires")].into_iter().flatten()
    {
        if best.as_ref().map(|b| value < b.value).unwrap_or(true) {
            best = Some(Sourced { value, source });
        }
    }
    best.or_else(|| {
        arg_u64(args, "x-expires").map(|value| Sourced { value, source: Source::Argument })
    })
}

/// The lowest of the argument, the policy and the operator policy (`message-ttl`, `max-length`…).
fn lowest(
    args: &FieldTable,
    arg_key: &str,
    policy: Option<&Policy>,
    op: Option<&Policy>,
    key: &str,
) -> Option<Sourced<u64>> {
    let mut best: Option<Sourced<u64>> =
        arg_u64(args, arg_key).map(|value| Sourced { value, source: Source::Argument });
    for (value, source) in [policy_u64(policy, key), policy_u64(op, key)].into_iter().flatten() {
        if best.as_ref().map(|b| value < b.value).unwrap_or(true) {
            best = Some(Sourced { value, source });
        }
    }
    best
}

/// The argument if set, else the policy's value (`dead-letter-exchange`, `overflow`…).
fn interned(s: Sourced<String>) -> Sourced<Name> {
    Sourced { value: Name::new(&s.value), source: s.source }
}

fn arg_first(
    args: &FieldTable,
    arg_key: &str,
    policy: Option<&Policy>,
    key: &str,
) -> Option<Sourced<String>> {
    match args.get(arg_key).and_then(FieldValue::as_str) {
        Some(v) => Some(Sourced { value: v.to_string(), source: Source::Argument }),
        None => policy_str(policy, key),
    }
}

/// The policy's value if set, else the argument (quorum queues' `overflow`:
/// `rabbit_quorum_queue` resolves it with the policy first).
fn policy_first(
    args: &FieldTable,
    arg_key: &str,
    policy: Option<&Policy>,
    key: &str,
) -> Option<Sourced<String>> {
    policy_str(policy, key).or_else(|| {
        args.get(arg_key)
            .and_then(FieldValue::as_str)
            .map(|v| Sourced { value: v.to_string(), source: Source::Argument })
    })
}

/// Merges a queue's arguments with its policy and operator policy, key by key (conformance
/// rule 15: the argument wins for the DLX, the lower value wins for TTLs and limits). Quorum
/// queues differ: the policy wins for `overflow`, and on 3.x for `expires` too.
pub fn effective(
    kind: QueueKind,
    args: &FieldTable,
    policy: Option<&Policy>,
    op: Option<&Policy>,
    profile: &Profile,
) -> Effective {
    let overflow = if kind == QueueKind::Quorum {
        policy_first(args, "x-overflow", policy, "overflow")
    } else {
        arg_first(args, "x-overflow", policy, "overflow")
    };
    let overflow = overflow
        .and_then(|s| Overflow::parse(&s.value).map(|value| Sourced { value, source: s.source }));
    let expires_ms = if kind == QueueKind::Quorum && profile.version.starts_with("3.") {
        quorum_expires_3x(args, policy, op)
    } else {
        lowest(args, "x-expires", policy, op, "expires")
    };
    let mut delivery_limit = None;
    if kind == QueueKind::Quorum {
        let arg = args.get("x-delivery-limit").and_then(FieldValue::as_i64);
        let pol = [policy, op].into_iter().flatten().filter_map(|p| {
            let v = p.definition.get("delivery-limit")?.as_i64()?;
            let source = if p.operator {
                Source::OperatorPolicy(p.name.clone())
            } else {
                Source::Policy(p.name.clone())
            };
            Some(Sourced { value: v, source })
        });
        let mut best = arg.map(|value| Sourced { value, source: Source::Argument });
        for cand in pol {
            let better = match &best {
                None => true,
                Some(b) => b.value < 0 || (cand.value >= 0 && cand.value < b.value),
            };
            if better {
                best = Some(cand);
            }
        }
        delivery_limit = best.or_else(|| {
            profile
                .quorum_default_delivery_limit
                .map(|v| Sourced { value: v as i64, source: Source::Default })
        });
        if delivery_limit.as_ref().map(|d| d.value < 0).unwrap_or(false) {
            delivery_limit = None;
        }
    }
    let at_least_once = if kind == QueueKind::Quorum {
        arg_first(args, "x-dead-letter-strategy", policy, "dead-letter-strategy")
            .map(|s| Sourced { value: s.value == "at-least-once", source: s.source })
    } else {
        None
    };
    let delayed_retry = if kind == QueueKind::Quorum && profile.delayed_retry {
        delayed_retry(args, policy, op)
    } else {
        None
    };
    Effective {
        dead_letter_exchange: arg_first(
            args,
            "x-dead-letter-exchange",
            policy,
            "dead-letter-exchange",
        )
        .map(interned),
        dead_letter_routing_key: arg_first(
            args,
            "x-dead-letter-routing-key",
            policy,
            "dead-letter-routing-key",
        )
        .map(interned),
        message_ttl_ms: lowest(args, "x-message-ttl", policy, op, "message-ttl"),
        expires_ms,
        max_length: lowest(args, "x-max-length", policy, op, "max-length"),
        max_length_bytes: lowest(args, "x-max-length-bytes", policy, op, "max-length-bytes"),
        overflow,
        delivery_limit,
        at_least_once,
        delayed_retry,
    }
}
