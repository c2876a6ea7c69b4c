//! Questions asked of the event log by tours and exercise goals: event names as JSON spells
//! them, event filters, following one message by its body, and naming a message for a learner.

use serde::{Deserialize, Serialize};

use crate::engine::dead_letter::Reason;
use crate::engine::event::{DropRule, Event, EventKind};
use crate::engine::time::SimTime;
use crate::engine::Engine;
use crate::engine::EventLog;

use super::counted::CountedFields;
use super::finding::{Discarded, MessageName};

/// An event kind, named as the log serialises it (`"died"`, `"dead_lettered"`…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventName {
    Published,
    Enqueued,
    Delivered,
    Acked,
    Requeued,
    RetryDelayed,
    Died,
    DeadLettered,
    HeldForDeadLetter,
    Dropped,
    Confirmed,
    Returned,
    QueueExpired,
    QueuePurged,
    QueueDeleted,
    Log,
}

impl EventName {
    /// The name of an event's kind.
    pub fn of(kind: &EventKind) -> EventName {
        match kind {
            EventKind::Published { .. } => EventName::Published,
            EventKind::Enqueued { .. } => EventName::Enqueued,
            EventKind::Delivered { .. } => EventName::Delivered,
            EventKind::Acked { .. } => EventName::Acked,
            EventKind::Requeued { .. } => EventName::Requeued,
            EventKind::RetryDelayed { .. } => EventName::RetryDelayed,
            EventKind::Died { .. } => EventName::Died,
            EventKind::DeadLettered { .. } => EventName::DeadLettered,
            EventKind::HeldForDeadLetter { .. } => EventName::HeldForDeadLetter,
            EventKind::Dropped(_) => EventName::Dropped,
            EventKind::Confirmed { .. } => EventName::Confirmed,
            EventKind::Returned { .. } => EventName::Returned,
            EventKind::QueueExpired { .. } => EventName::QueueExpired,
            EventKind::QueuePurged { .. } => EventName::QueuePurged,
            EventKind::QueueDeleted { .. } => EventName::QueueDeleted,
            EventKind::Log { .. } => EventName::Log,
        }
    }

    /// The JSON spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            EventName::Published => "published",
            EventName::Enqueued => "enqueued",
            EventName::Delivered => "delivered",
            EventName::Acked => "acked",
            EventName::Requeued => "requeued",
            EventName::RetryDelayed => "retry_delayed",
            EventName::Died => "died",
            EventName::DeadLettered => "dead_lettered",
            EventName::HeldForDeadLetter => "held_for_dead_letter",
            EventName::Dropped => "dropped",
            EventName::Confirmed => "confirmed",
            EventName::Returned => "returned",
            EventName::QueueExpired => "queue_expired",
            EventName::QueuePurged => "queue_purged",
            EventName::QueueDeleted => "queue_deleted",
            EventName::Log => "log",
        }
    }
}

/// A dead-letter reason as x-death spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasonName {
    Rejected,
    Expired,
    Maxlen,
    DeliveryLimit,
}

impl ReasonName {
    /// The engine's reason.
    pub fn reason(self) -> Reason {
        match self {
            ReasonName::Rejected => Reason::Rejected,
            ReasonName::Expired => Reason::Expired,
            ReasonName::Maxlen => Reason::Maxlen,
            ReasonName::DeliveryLimit => Reason::DeliveryLimit,
        }
    }
}

/// A drop rule, named as the log serialises it (`"cycle"`, `"no_dead_letter_route"`…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropName {
    Unroutable,
    NoDeadLetterExchange,
    DeadLetterExchangeMissing,
    NoDeadLetterRoute,
    Cycle,
    TargetRefused,
    QueueGone,
    StrategySwitched,
}

impl DropName {
    /// The JSON spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            DropName::Unroutable => "unroutable",
            DropName::NoDeadLetterExchange => "no_dead_letter_exchange",
            DropName::DeadLetterExchangeMissing => "dead_letter_exchange_missing",
            DropName::NoDeadLetterRoute => "no_dead_letter_route",
            DropName::Cycle => "cycle",
            DropName::TargetRefused => "target_refused",
            DropName::QueueGone => "queue_gone",
            DropName::StrategySwitched => "strategy_switched",
        }
    }

    /// The name of a drop rule.
    pub fn of(rule: &DropRule) -> DropName {
        match rule {
            DropRule::Unroutable { .. } => DropName::Unroutable,
            DropRule::NoDeadLetterExchange => DropName::NoDeadLetterExchange,
            DropRule::DeadLetterExchangeMissing { .. } => DropName::DeadLetterExchangeMissing,
            DropRule::NoDeadLetterRoute { .. } => DropName::NoDeadLetterRoute,
            DropRule::Cycle { .. } => DropName::Cycle,
            DropRule::TargetRefused { .. } => DropName::TargetRefused,
            DropRule::QueueGone { .. } => DropName::QueueGone,
            DropRule::StrategySwitched { .. } => DropName::StrategySwitched,
        }
    }
}

/// Which events to pick: a kind, optionally narrowed to a queue, a death reason, a drop rule
/// or a publisher-confirm outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventFilter {
    pub kind: EventName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ReasonName>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<DropName>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ack: Option<bool>,
}

impl CountedFields for EventFilter {
    const FIELDS: &'static [&'static str] =
        &["kind", "queue", "reason", "rule", "ack", "equals", "at_least", "at_most"];
}

/// The queue an event is about, if any.
pub fn event_queue(kind: &EventKind) -> Option<&str> {
    match kind {
        EventKind::Enqueued { queue, .. }
        | EventKind::Delivered { queue, .. }
        | EventKind::Acked { queue }
        | EventKind::Requeued { queue }
        | EventKind::RetryDelayed { queue, .. }
        | EventKind::Died { queue, .. }
        | EventKind::DeadLettered { queue, .. }
        | EventKind::HeldForDeadLetter { queue, .. }
        | EventKind::QueueExpired { queue, .. }
        | EventKind::QueuePurged { queue, .. }
        | EventKind::QueueDeleted { queue, .. } => Some(queue),
        EventKind::Dropped(
            DropRule::Cycle { queue, .. }
            | DropRule::TargetRefused { queue }
            | DropRule::QueueGone { queue }
            | DropRule::StrategySwitched { queue },
        ) => Some(queue),
        _ => None,
    }
}

impl EventFilter {
    /// Whether `e` is one of the events this filter picks.
    pub fn matches(&self, e: &Event) -> bool {
        if EventName::of(&e.kind) != self.kind {
            return false;
        }
        if let Some(q) = &self.queue {
            if event_queue(&e.kind) != Some(q.as_str()) {
                return false;
            }
        }
        if let Some(r) = self.reason {
            if !matches!(&e.kind, EventKind::Died { reason, .. } if *reason == r.reason()) {
                return false;
            }
        }
        if let Some(r) = self.rule {
            if !matches!(&e.kind, EventKind::Dropped(rule) if DropName::of(rule) == r) {
                return false;
            }
        }
        if let Some(a) = self.ack {
            if !matches!(&e.kind, EventKind::Confirmed { ack } if *ack == a) {
                return false;
            }
        }
        true
    }

    /// The filter in words: "died events in q with reason expired".
    pub fn describe(&self) -> String {
        let mut s = format!("'{}' events", self.kind.as_str());
        if let Some(q) = &self.queue {
            s += &format!(" in {q}");
        }
        if let Some(r) = self.reason {
            s += &format!(" with reason {}", r.reason().as_str());
        }
        if let Some(r) = self.rule {
            s += &format!(" by the rule {}", r.as_str());
        }
        if let Some(a) = self.ack {
            s += if a { " that were acks" } else { " that were nacks" };
        }
        s
    }
}

/// A moment in words: "0.4 s", "12 s".
pub fn seconds(t: SimTime) -> String {
    let ms = t.as_ms();
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        let s = format!("{}.{:03}", ms / 1000, ms % 1000);
        format!("{} s", s.trim_end_matches('0'))
    }
}

/// The body of the message a lineage belongs to (from the copies kept as they entered queues).
pub fn lineage_body(engine: &Engine, lineage: u64) -> Option<String> {
    engine
        .events()
        .iter()
        .filter(|e| e.lineage == Some(lineage))
        .filter(|e| matches!(e.kind, EventKind::Enqueued { .. }))
        .find_map(|e| engine.message_copy(e.msg?).map(|m| m.body.to_string()))
}

/// A message named for a learner: its body, or, when no copy of it ever reached a queue (so
/// its body was never kept), where it was published.
pub fn message_name(engine: &Engine, lineage: Option<u64>) -> MessageName {
    let Some(l) = lineage else { return MessageName::Unknown };
    if let Some(body) = lineage_body(engine, l) {
        return MessageName::Body(body);
    }
    engine
        .events()
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Published { exchange, routing_key } if e.lineage == Some(l) => {
                Some(MessageName::Published {
                    exchange: exchange.to_string(),
                    routing_key: routing_key.to_string(),
                })
            }
            _ => None,
        })
        .unwrap_or(MessageName::Unknown)
}

/// Every lineage (publish) whose body is `body`, in publish order. A consumer that republishes
/// a message (a retry router) starts a new lineage with the same body, so a body follows a
/// message through its whole story.
pub fn lineages_with_body(engine: &Engine, body: &str) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for e in engine.events() {
        if let (EventKind::Enqueued { .. }, Some(id), Some(l)) = (&e.kind, e.msg, e.lineage) {
            if !out.contains(&l)
                && engine.message_copy(id).map(|m| &*m.body == body).unwrap_or(false)
            {
                out.push(l);
            }
        }
    }
    out
}

/// Why the copy of event `index` (a drop) was dropped: the rule and the death that led to it.
pub fn discarded(events: &EventLog, index: usize, rule: &DropRule) -> Discarded {
    Discarded {
        rule: rule.clone(),
        died: death_before(events, index).map(|(q, r)| (q.to_string(), r)),
    }
}

/// The death that preceded event `index` for the same lineage (what a drop followed).
pub fn death_before(events: &EventLog, index: usize) -> Option<(&'static str, Reason)> {
    let lineage = events.get(index)?.lineage?;
    events.range(0..index).rev().filter(|e| e.lineage == Some(lineage)).find_map(|e| match e.kind {
        EventKind::Died { queue, reason } => Some((queue.as_str(), reason)),
        _ => None,
    })
}
