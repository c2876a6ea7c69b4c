//! How messages move inside the broker: enqueue, overflow, head-of-queue expiry, delivery to
//! consumers, and dead-lettering (at-most-once and at-least-once).

use std::sync::Arc;

use super::broker::Engine;
use super::dead_letter::Reason;
use super::event::{Cause, CauseRef, DropRule, EventKind, Name};
use super::message::Message;
use super::queue::{Entry, TtlSource};
use super::scheduler::TimerKind;

use super::settings::{Overflow, QueueKind, Source};
use super::time::SimTime;

/// Whether a queue took a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admit {
    Accepted,
    /// Refused by reject-publish (the publisher gets a nack).
    Refused,
}

fn setting_cause(key: &'static str, source: Option<&Source>) -> CauseRef {
    Cause::Setting {
        key,
        source: source.map(|s| Name::from(s.to_string())).unwrap_or_else(|| "default".into()),
    }
    .interned()
}

impl Engine {
    /// Puts a new copy (already counted by the caller as born) into `queue`, applying overflow,
    /// then offers it to consumers and enforces length limits.
    pub(crate) fn enqueue(
        &mut self,
        queue: &Name,
        msg: Message,
        cause: &Cause,
        from: Option<u64>,
    ) -> Admit {
        let now = self.now;
        let accepts_dlx_overflow = self.profile.quorum_accepts_reject_publish_dlx;
        let Some(q) = self.queues.get_mut(queue) else {
            self.drop_copy(&msg, DropRule::QueueGone { queue: *queue }, cause);
            return Admit::Refused;
        };
        let overflow = q.effective.overflow_mode();
        let refused = match (q.kind, overflow) {
            (QueueKind::Classic, Overflow::RejectPublish | Overflow::RejectPublishDlx) => {
                q.over_limit(1, msg.size_bytes())
            }
            (QueueKind::Quorum, Overflow::RejectPublish) => q.blocked,
            (QueueKind::Quorum, Overflow::RejectPublishDlx) => !accepts_dlx_overflow && q.blocked,
            _ => false,
        };
        if refused {
            let rule_cause =
                setting_cause("x-overflow", q.effective.overflow.as_ref().map(|o| &o.source));
            if overflow == Overflow::RejectPublishDlx && q.kind == QueueKind::Classic {
                let entry = Entry {
                    msg,
                    seq: 0,
                    expires_at: None,
                    ttl_source: TtlSource::Queue,
                    delivery_count: 0,
                    redelivered: false,
                    level: 0,
                };
                self.dead_letter(queue, entry, Reason::Maxlen, rule_cause);
            } else {
                self.drop_copy(&msg, DropRule::TargetRefused { queue: *queue }, rule_cause);
            }
            return Admit::Refused;
        }
        let queue_ttl = if q.kind == QueueKind::Stream {
            None
        } else {
            q.effective.message_ttl_ms.as_ref().map(|t| t.value)
        };
        let msg_ttl = if q.kind == QueueKind::Stream { None } else { msg.props.expiration_ms() };
        let (ttl, ttl_source) = match (queue_ttl, msg_ttl) {
            (Some(a), Some(b)) if b < a => (Some(b), TtlSource::Message),
            (Some(a), _) => (Some(a), TtlSource::Queue),
            (None, Some(b)) => (Some(b), TtlSource::Message),
            (None, None) => (None, TtlSource::Queue),
        };
        let level = q.level_for(msg.props.priority);
        let seq = q.take_seq();
        let id = msg.id;
        let lineage = msg.lineage;
        if let Some(kept) = self.kept.as_mut() {
            kept.insert(id, Arc::new(msg.clone()));
        }
        q.push(Entry {
            msg,
            seq,
            expires_at: ttl.map(|t| now.plus_ms(t)),
            ttl_source,
            delivery_count: 0,
            redelivered: false,
            level,
        });
        if q.kind == QueueKind::Quorum && overflow == Overflow::RejectPublish && q.over_limit(0, 0)
        {
            q.blocked = true;
        }
        let seq_ev = self.events.len() as u64;
        self.events.push(&super::event::Event {
            seq: seq_ev,
            at_us: now,
            msg: Some(id),
            lineage: Some(lineage),
            kind: EventKind::Enqueued { queue: *queue, from },
            cause: *cause,
        });
        self.dispatch(queue);
        self.enforce_limits(queue, &Cause::Rule { rule: "max_length" });
        self.schedule_expiry(queue);
        Admit::Accepted
    }

    /// Drop-head: pushes messages off the head while the queue is over `x-max-length` or
    /// `x-max-length-bytes` (quorum reject-publish-dlx acts as drop-head where accepted).
    pub(crate) fn enforce_limits(&mut self, queue: &Name, _cause: &Cause) {
        loop {
            let Some(q) = self.queues.get_mut(queue) else { return };
            let mode = q.effective.overflow_mode();
            let drops = mode == Overflow::DropHead
                || (q.kind == QueueKind::Quorum && mode == Overflow::RejectPublishDlx);
            if !drops || !q.over_limit(0, 0) {
                return;
            }
            let over_len =
                q.effective.max_length.as_ref().map(|m| q.ready_len() > m.value).unwrap_or(false);
            let cause = if over_len {
                setting_cause("x-max-length", q.effective.max_length.as_ref().map(|m| &m.source))
            } else {
                setting_cause(
                    "x-max-length-bytes",
                    q.effective.max_length_bytes.as_ref().map(|m| &m.source),
                )
            };
            let Some(entry) = q.pop_front() else { return };
            self.dead_letter(queue, entry, Reason::Maxlen, cause);
        }
    }

    /// Makes sure a timer will check the queue's head when its TTL runs out.
    pub(crate) fn schedule_expiry(&mut self, queue: &Name) {
        let now = self.now;
        let Some(q) = self.queues.get_mut(queue) else { return };
        let Some(at) = q.next_expiry() else { return };
        let at = at.max(now);
        if q.expiry_timer_at.map(|t| at < t).unwrap_or(true) {
            q.expiry_timer_at = Some(at);
            self.timers.push(at, TimerKind::Expiry { queue: *queue });
        }
    }

    /// Dead-letters every message whose TTL has passed at the head of the queue.
    pub(crate) fn expire_now(&mut self, queue: &Name) {
        self.expire_before(queue, self.now.plus_us(1));
    }

    /// Dead-letters head messages whose deadline is before `limit` (a consumer waiting right
    /// now still gets a message whose TTL ends this instant, as with `expiration: "0"`).
    fn expire_before(&mut self, queue: &Name, limit: super::time::SimTime) {
        let Some(q) = self.queues.get_mut(queue) else { return };
        if q.next_expiry().map(|t| t >= limit).unwrap_or(true) {
            return;
        }
        let expired = q.take_expired(SimTime(limit.0.saturating_sub(1)));
        let qttl = q.effective.message_ttl_ms.as_ref().map(|t| t.source.clone());
        // Made once for the batch: messages that expire together share it.
        let mut queue_cause: Option<CauseRef> = None;
        for e in expired {
            let cause = match e.ttl_source {
                TtlSource::Queue => *queue_cause
                    .get_or_insert_with(|| setting_cause("x-message-ttl", qttl.as_ref())),
                TtlSource::Message => &Cause::MessageExpiration,
            };
            self.dead_letter(queue, e, Reason::Expired, cause);
        }
        self.maybe_unblock(queue);
    }

    /// The expiry timer fired.
    pub(crate) fn on_expiry_timer(&mut self, queue: &Name, at: super::time::SimTime) {
        if let Some(q) = self.queues.get_mut(queue) {
            if q.expiry_timer_at == Some(at) {
                q.expiry_timer_at = None;
            }
        }
        self.expire_now(queue);
        self.dispatch(queue);
        self.schedule_expiry(queue);
    }

    /// Quorum reject-publish: accept publishes again once the queue is at or below 80 %.
    pub(crate) fn maybe_unblock(&mut self, queue: &Name) {
        let Some(q) = self.queues.get_mut(queue) else { return };
        if !q.blocked {
            return;
        }
        let held = q.held.len() as u64;
        let len_ok = q
            .effective
            .max_length
            .as_ref()
            .map(|m| q.ready_len() + held <= m.value * 8 / 10)
            .unwrap_or(true);
        let held_bytes = q.held_bytes();
        let bytes_ok = q
            .effective
            .max_length_bytes
            .as_ref()
            .map(|m| q.ready_bytes() + held_bytes <= m.value * 8 / 10)
            .unwrap_or(true);
        if len_ok && bytes_ok {
            q.blocked = false;
        }
    }

    /// Hands ready messages to push consumers with spare prefetch, round-robin.
    pub(crate) fn dispatch(&mut self, queue: &Name) {
        loop {
            self.expire_before(queue, self.now);
            let Some(q) = self.queues.get_mut(queue) else { return };
            if q.ready_len() == 0 || q.consumers.is_empty() {
                break;
            }
            let n = q.consumers.len();
            let mut chosen = None;
            for i in 0..n {
                let idx = (q.next_consumer + i) % n;
                let cid = q.consumers[idx];
                if self.consumers.get(&cid).map(|c| c.has_capacity()).unwrap_or(false) {
                    chosen = Some((idx, cid));
                    break;
                }
            }
            let Some((idx, cid)) = chosen else { break };
            q.next_consumer = (idx + 1) % n;
            let Some(entry) = q.pop_front() else { break };
            let (channel, auto_ack) = {
                let c = &self.consumers[&cid];
                (c.channel, c.auto_ack)
            };
            let _tag = self.deliver(queue, entry, channel, Some(cid), auto_ack);
        }
        self.maybe_unblock(queue);
        self.schedule_expiry(queue);
    }
}
