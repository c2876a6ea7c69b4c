//! Lints for a dead-letter topology: what users get wrong, each with the broker's reason.
//!
//! They read the engine built from the definitions, so every queue's settings are the merged,
//! effective ones. Routing questions ("would the dead letters reach a queue?") are answered
//! for the keys the dead letters would carry: the dead-letter routing key when one is set,
//! else the keys messages reach the queue with (its bindings' keys and its own name, for the
//! default exchange). A headers exchange is taken to route (headers are not known here).
//!
//! Per-message TTLs live in publishers, not in definitions, so `ttl-behind-head` is an info
//! hint on every queue that dead-letters and has no queue TTL: if publishers set `expiration`
//! there, a message expires only at the head and waits behind longer-lived ones.

use std::collections::BTreeSet;

use serde::Serialize;

pub use super::lint_reason::LintReason;
use crate::engine::routing::topic_matches;
use crate::engine::settings::{Overflow, QueueKind};
use crate::engine::topology::{Destination, ExchangeKind};
use crate::engine::Engine;
use crate::scenario::definitions::{Built, Definitions};

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The broker refuses it, or dead letters are certainly lost.
    Error,
    /// Dead letters are probably lost or handled differently than intended.
    Warning,
    /// Worth knowing; may be intended.
    Info,
}

impl Level {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Info => "info",
        }
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lint {
    pub level: Level,
    /// A stable identifier (`dlx-missing`, `dead-letter-cycle`…).
    pub code: &'static str,
    /// The queue (or policy) it is about.
    pub subject: String,
    /// What is wrong and why, in the broker's terms.
    pub reason: LintReason,
}

/// Queue arguments only quorum queues act on.
pub const QUORUM_ONLY_ARGS: [&str; 5] = [
    "x-delivery-limit",
    "x-delayed-retry-type",
    "x-delayed-retry-min",
    "x-delayed-retry-max",
    "x-quorum-initial-group-size",
];

fn lint(level: Level, code: &'static str, subject: &str, reason: LintReason) -> Lint {
    Lint { level, code, subject: subject.to_string(), reason }
}

/// The queues a message with routing key `key` reaches from exchange `x` (`None`: the exchange
/// is missing). Follows exchange-to-exchange bindings and alternate exchanges.
pub fn reach(e: &Engine, x: &str, key: &str) -> Option<BTreeSet<String>> {
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::new();
    if !e.exchanges().any(|ex| ex.name == x) {
        return None;
    }
    walk(e, x, key, &mut seen, &mut out);
    Some(out)
}

fn walk(e: &Engine, x: &str, key: &str, seen: &mut BTreeSet<String>, out: &mut BTreeSet<String>) {
    if !seen.insert(x.to_string()) {
        return;
    }
    if x.is_empty() {
        if e.queue(key).is_some() {
            out.insert(key.to_string());
        }
        return;
    }
    let Some(ex) = e.exchanges().find(|ex| ex.name == x) else { return };
    let mut any = false;
    for b in &ex.bindings {
        let hit = match ex.kind {
            ExchangeKind::Direct => b.routing_key == key,
            ExchangeKind::Topic => topic_matches(&b.routing_key, key),
            ExchangeKind::Fanout | ExchangeKind::Headers => true,
        };
        if !hit {
            continue;
        }
        any = true;
        match &b.destination {
            Destination::Queue(q) => {
                out.insert(q.clone());
            }
            Destination::Exchange(d) => walk(e, d, key, seen, out),
        }
    }
    if !any {
        if let Some(alt) = ex.alternate() {
            walk(e, alt, key, seen, out);
        }
    }
}

/// The routing keys a queue's dead letters carry, or `None` when they cannot be known here
/// (the queue is bound through a fanout or headers exchange, or by a topic pattern).
pub fn dead_letter_keys(e: &Engine, queue: &str) -> Option<Vec<String>> {
    let q = e.queue(queue)?;
    if let Some(k) = &q.effective.dead_letter_routing_key {
        return Some(vec![k.value.to_string()]);
    }
    let mut keys = BTreeSet::new();
    keys.insert(queue.to_string());
    for x in e.exchanges() {
        for b in
            x.bindings.iter().filter(|b| b.destination == Destination::Queue(queue.to_string()))
        {
            if matches!(x.kind, ExchangeKind::Fanout | ExchangeKind::Headers)
                || b.routing_key.contains(['*', '#'])
            {
                return None;
            }
            keys.insert(b.routing_key.clone());
        }
    }
    Some(keys.into_iter().collect())
}

/// Every queue exchange `x` could route to, whatever the key.
fn reach_any(e: &Engine, x: &str, seen: &mut BTreeSet<String>, out: &mut BTreeSet<String>) {
    if !seen.insert(x.to_string()) {
        return;
    }
    let Some(ex) = e.exchanges().find(|ex| ex.name == x) else { return };
    for b in &ex.bindings {
        match &b.destination {
            Destination::Queue(q) => {
                out.insert(q.clone());
            }
            Destination::Exchange(d) => reach_any(e, d, seen, out),
        }
    }
    if let Some(alt) = ex.alternate() {
        reach_any(e, alt, seen, out);
    }
}

/// The queues a queue's dead letters may reach (every queue behind the DLX when the keys
/// cannot be known).
pub fn dead_letter_targets(e: &Engine, queue: &str) -> BTreeSet<String> {
    let Some(dlx) = e.queue(queue).and_then(|q| q.effective.dead_letter_exchange.as_ref()) else {
        return BTreeSet::new();
    };
    match dead_letter_keys(e, queue) {
        Some(keys) => keys.iter().filter_map(|k| reach(e, &dlx.value, k)).flatten().collect(),
        None if dlx.value.is_empty() => BTreeSet::new(),
        None => {
            let mut out = BTreeSet::new();
            reach_any(e, &dlx.value, &mut BTreeSet::new(), &mut out);
            out
        }
    }
}

/// True when the queue dead-letters messages with no client involved (TTL or overflow).
fn automatic(e: &Engine, queue: &str) -> bool {
    let Some(q) = e.queue(queue) else { return false };
    let eff = &q.effective;
    let limited = eff.max_length.is_some() || eff.max_length_bytes.is_some();
    eff.message_ttl_ms.is_some() || (limited && eff.overflow_mode() != Overflow::RejectPublish)
}

/// Every finding for a built topology, queue by queue in the file's order, then the cycles.
pub fn lint_all(d: &Definitions, built: &Built) -> Vec<Lint> {
    let e = &built.engine;
    let mut out: Vec<Lint> = built
        .refused
        .iter()
        .map(|r| {
            lint(Level::Error, "refused", &r.subject.to_string(), LintReason::Refused(r.clone()))
        })
        .collect();
    let v3 = e.profile().version.starts_with("3.");
    for qd in &d.queues {
        let Some(q) = e.queue(&qd.name) else { continue };
        let name = qd.name.as_str();
        let eff = &q.effective;
        policy_lints(e, name, q.kind, &mut out);
        match &eff.dead_letter_exchange {
            None => {
                if let Some(k) = &eff.dead_letter_routing_key {
                    out.push(lint(
                        Level::Warning,
                        "dlrk-without-dlx",
                        name,
                        LintReason::DlrkWithoutDlx {
                            key: k.value.to_string(),
                            source: k.source.to_string(),
                        },
                    ));
                }
            }
            Some(dlx) => {
                let keys = dead_letter_keys(e, name);
                match e.exchanges().find(|x| *x.name == *dlx.value) {
                    None => out.push(lint(
                        Level::Error,
                        "dlx-missing",
                        name,
                        LintReason::DlxMissing {
                            exchange: dlx.value.to_string(),
                            source: dlx.source.to_string(),
                        },
                    )),
                    Some(x)
                        if !x.name.is_empty()
                            && x.bindings.is_empty()
                            && x.alternate().is_none() =>
                    {
                        out.push(lint(
                            Level::Error,
                            "dlx-no-binding",
                            name,
                            LintReason::DlxNoBinding { exchange: x.name.clone() },
                        ))
                    }
                    Some(_) => {
                        let keys = keys.unwrap_or_default();
                        if !keys.is_empty()
                            && keys.iter().all(|k| {
                                reach(e, &dlx.value, k).map(|s| s.is_empty()).unwrap_or(true)
                            })
                        {
                            out.push(lint(
                                Level::Warning,
                                "dlx-unroutable",
                                name,
                                LintReason::DlxUnroutable {
                                    exchange: dlx.value.to_string(),
                                    keys: keys.join(", "),
                                    keys_kept: eff.dead_letter_routing_key.is_none(),
                                },
                            ));
                        }
                    }
                }
            }
        }
        if q.kind == QueueKind::Quorum {
            if eff.at_least_once.as_ref().map(|a| a.value).unwrap_or(false)
                && eff.overflow_mode() != Overflow::RejectPublish
            {
                out.push(lint(
                    Level::Warning,
                    "at-least-once-without-reject-publish",
                    name,
                    LintReason::AtLeastOnceWithoutRejectPublish {
                        overflow: eff.overflow_mode().as_str(),
                    },
                ));
            }
            if v3 && eff.delivery_limit.is_none() {
                out.push(lint(
                    Level::Warning,
                    "quorum-no-delivery-limit",
                    name,
                    LintReason::QuorumNoDeliveryLimit,
                ));
            }
        } else {
            if qd.arguments.get("x-dead-letter-strategy").is_some() {
                let reason = LintReason::StrategyNotQuorum;
                out.push(lint(Level::Info, "strategy-not-quorum", name, reason));
            }
            // Arguments only quorum queues act on: another queue type takes them and does
            // nothing (a classic queue with x-delivery-limit redelivers a poison message forever).
            for (key, _) in qd.arguments.0.iter().filter(|(k, _)| QUORUM_ONLY_ARGS.contains(&&**k))
            {
                let reason = LintReason::QuorumOnlyArgument {
                    argument: key.to_string(),
                    queue_type: q.kind.as_str(),
                };
                out.push(lint(Level::Warning, "quorum-only-argument", name, reason));
            }
        }
        if eff.dead_letter_exchange.is_some()
            && eff.message_ttl_ms.is_none()
            && q.kind != QueueKind::Stream
        {
            out.push(lint(Level::Info, "ttl-behind-head", name, LintReason::TtlBehindHead));
        }
    }
    out.extend(cycle_lints(d, e));
    out
}

fn policy_lints(e: &Engine, queue: &str, kind: QueueKind, out: &mut Vec<Lint>) {
    for operator in [false, true] {
        let matching: Vec<_> = e
            .policies()
            .iter()
            .filter(|p| {
                p.operator == operator && {
                    let mut probe = (*p).clone();
                    probe.definition = Default::default();
                    probe.matches_queue(queue, kind)
                }
            })
            .collect();
        let applied: Vec<_> = matching.iter().filter(|p| p.applicable_to(kind)).collect();
        let top = applied.iter().map(|p| p.priority).max();
        for p in matching
            .iter()
            .filter(|p| !p.applicable_to(kind) && top.map(|t| p.priority >= t).unwrap_or(true))
        {
            let keys: Vec<&str> = p
                .definition
                .0
                .iter()
                .map(|(k, _)| &**k)
                .filter(|k| crate::engine::settings::unsupported_policy_keys(kind).contains(k))
                .collect();
            out.push(lint(
                Level::Warning,
                "policy-not-applicable",
                queue,
                LintReason::PolicyNotApplicable {
                    operator,
                    policy: p.name.clone(),
                    keys: keys.join(", "),
                    queue_type: kind.as_str(),
                },
            ));
        }
        if let Some(t) = top {
            let tied: Vec<&str> =
                applied.iter().filter(|p| p.priority == t).map(|p| p.name.as_str()).collect();
            if tied.len() > 1 {
                out.push(lint(
                    Level::Warning,
                    "policy-tie",
                    queue,
                    LintReason::PolicyTie { operator, policies: tied.join(", "), priority: t },
                ));
            }
        }
    }
}

/// Dead-letter cycles in which every queue dead-letters automatically: the broker's cycle
/// detection drops the message when it comes back, silently but for one log line.
fn cycle_lints(d: &Definitions, e: &Engine) -> Vec<Lint> {
    let names: Vec<&str> =
        d.queues.iter().map(|q| q.name.as_str()).filter(|n| automatic(e, n)).collect();
    let mut seen_cycles: BTreeSet<Vec<String>> = BTreeSet::new();
    let mut out = Vec::new();
    for start in &names {
        // Depth-first search for a path back to `start` through automatic queues.
        let mut stack: Vec<(String, Vec<String>)> =
            vec![(start.to_string(), vec![start.to_string()])];
        let mut visited = BTreeSet::new();
        while let Some((q, path)) = stack.pop() {
            for t in dead_letter_targets(e, &q) {
                if t == *start {
                    let mut key = path.clone();
                    crate::engine::order::sort_by(&mut key, |a, b| a.cmp(b));
                    if seen_cycles.insert(key) {
                        let mut shown = path.clone();
                        shown.push(t.clone());
                        out.push(lint(
                            Level::Warning,
                            "dead-letter-cycle",
                            start,
                            LintReason::DeadLetterCycle { path: shown.join(" -> ") },
                        ));
                    }
                } else if names.contains(&t.as_str()) && visited.insert(t.clone()) {
                    let mut p = path.clone();
                    p.push(t.clone());
                    stack.push((t, p));
                }
            }
        }
    }
    out
}
