//! The AMQP `basic.*` methods a client calls: get, consume, cancel, ack / nack / reject, and
//! closing a channel (what becomes of its unacknowledged deliveries); deliveries to consumers.

use super::broker::Engine;
use super::consumer::{Channel, Consumer, Delivery, Unacked};
use super::dead_letter::Reason;
use super::event::{Cause, DropRule, EventKind, Name};
use super::headers::FieldValue;
use super::message::Message;
use super::queue::Entry;
use super::scheduler::TimerKind;
use super::settings::QueueKind;
use super::topology::AmqpError;
use super::wake::Wake;

/// Deliveries taken off a channel to settle: one (no allocation) or several.
enum Taken {
    One(Option<(u64, Unacked)>),
    Many(std::vec::IntoIter<(u64, Unacked)>),
}

impl Iterator for Taken {
    type Item = (u64, Unacked);
    fn next(&mut self) -> Option<(u64, Unacked)> {
        match self {
            Taken::One(one) => one.take(),
            Taken::Many(many) => many.next(),
        }
    }
}

/// Queues whose deliveries were settled, in the order first seen (one needs no allocation).
#[derive(Default)]
struct Touched {
    first: Option<Name>,
    more: Vec<Name>,
}

impl Touched {
    fn add(&mut self, q: Name) {
        match self.first {
            None => self.first = Some(q),
            Some(f) if f == q => {}
            Some(_) if self.more.contains(&q) => {}
            Some(_) => self.more.push(q),
        }
    }
    fn all(self) -> impl Iterator<Item = Name> {
        self.first.into_iter().chain(self.more)
    }
}

/// How a delivery went back to its queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Return {
    Nack,
    Reject,
    ChannelClosed,
}

impl Engine {
    fn channel_mut(&mut self, channel: u32) -> &mut Channel {
        self.channels.entry(channel).or_default()
    }

    /// Hands `entry` to a client on `channel` and records the delivery; returns its tag.
    pub(crate) fn deliver(
        &mut self,
        queue: &Name,
        entry: Entry,
        channel: u32,
        consumer: Option<u64>,
        auto_ack: bool,
    ) -> u64 {
        let ch = self.channel_mut(channel);
        ch.next_tag += 1;
        let tag = ch.next_tag;
        let redelivered = entry.redelivered;
        let cause = &match consumer {
            Some(_) => Cause::Rule { rule: "push_consumer" },
            None => Cause::Client { command: self.command },
        };
        self.emit(
            Some(&entry.msg),
            EventKind::Delivered { queue: *queue, channel, tag, redelivered },
            cause,
        );
        if auto_ack {
            self.copies_gone += 1;
            self.emit(Some(&entry.msg), EventKind::Acked { queue: *queue }, cause);
        } else {
            self.channel_mut(channel)
                .unacked
                .insert(tag, Unacked { queue: *queue, entry, consumer, orphaned: false });
            if let Some(q) = self.queues.get_mut(queue) {
                q.unacked += 1;
            }
        }
        if let Some(cid) = consumer {
            if let Some(c) = self.consumers.get_mut(&cid) {
                c.delivered += 1;
                if !auto_ack {
                    c.in_flight += 1;
                    if c.hand_back {
                        let (at, place) = (self.now, self.timers.reserve());
                        let wake = Wake::Delivery { consumer: cid, channel, tag, at, place };
                        self.woken.push_back(wake);
                    }
                }
            }
        }
        tag
    }

    /// The message as the client sees it: quorum queues add `x-delivery-count`.
    fn delivered_view(&self, queue: &Name, entry: &Entry) -> Message {
        let mut msg = entry.msg.clone();
        let quorum = self.queues.get(queue).map(|q| q.kind == QueueKind::Quorum).unwrap_or(false);
        if quorum && (entry.delivery_count > 0 || self.profile.delivery_count_on_first_delivery) {
            msg.props_mut()
                .headers
                .set("x-delivery-count", FieldValue::Long(entry.delivery_count as i64));
        }
        msg
    }

    /// `basic.get`: takes the next ready message (dropping expired heads first).
    pub fn basic_get(
        &mut self,
        channel: u32,
        queue: &str,
        auto_ack: bool,
    ) -> Result<Option<Delivery>, AmqpError> {
        self.begin_command();
        let Some(key) = self.queues.get_key_value(queue).map(|(k, _)| *k) else {
            return Err(AmqpError::not_found(format!("no queue '{queue}' in vhost '/'")));
        };
        self.touch_queue(&key);
        self.expire_now(&key);
        let Some(entry) = self.queues.get_mut(&key).and_then(|q| q.pop_front()) else {
            return Ok(None);
        };
        // The next head may be overdue already: the broker drops it before reporting the count.
        self.expire_now(&key);
        let msg = self.delivered_view(&key, &entry);
        let redelivered = entry.redelivered;
        let tag = self.deliver(&key, entry, channel, None, auto_ack);
        let message_count = self.queues.get(&key).map(|q| q.ready_len()).unwrap_or(0);
        self.maybe_unblock(&key);
        self.schedule_expiry(&key);
        Ok(Some(Delivery {
            channel,
            tag,
            queue: key,
            msg,
            redelivered,
            message_count,
            consumer: None,
        }))
    }

    /// `basic.consume` with a prefetch (0: unlimited). With `hand_back`, each delivery the
    /// client must settle is handed back to it as a wake-up ([`Wake::Delivery`]).
    pub fn consume(
        &mut self,
        channel: u32,
        queue: &str,
        prefetch: u32,
        auto_ack: bool,
        hand_back: bool,
    ) -> Result<u64, AmqpError> {
        self.begin_command();
        let Some(key) = self.queues.get_key_value(queue).map(|(k, _)| *k) else {
            return Err(AmqpError::not_found(format!("no queue '{queue}' in vhost '/'")));
        };
        let id = self.new_consumer_id();
        self.consumers.insert(
            id,
            Consumer {
                id,
                channel,
                queue: key,
                prefetch,
                auto_ack,
                hand_back,
                in_flight: 0,
                delivered: 0,
            },
        );
        self.channel_mut(channel);
        if let Some(q) = self.queues.get_mut(&key) {
            q.consumers.push(id);
        }
        self.touch_queue(&key);
        self.dispatch(&key);
        Ok(id)
    }

    /// `basic.cancel`: the consumer stops; its unacked deliveries stay with the channel.
    pub fn cancel(&mut self, consumer: u64) -> Result<(), AmqpError> {
        self.begin_command();
        let Some(c) = self.consumers.remove(&consumer) else {
            return Err(AmqpError::not_found(format!("no consumer {consumer}")));
        };
        if let Some(q) = self.queues.get_mut(&c.queue) {
            q.consumers.retain(|&x| x != consumer);
            q.next_consumer = 0;
        }
        self.touch_queue(&c.queue);
        Ok(())
    }

    fn take_tags(&mut self, channel: u32, tag: u64, multiple: bool) -> Result<Taken, AmqpError> {
        let ch = self.channel_mut(channel);
        if !multiple {
            if let Some(u) = ch.unacked.remove(&tag) {
                return Ok(Taken::One(Some((tag, u))));
            }
        }
        let tags: Vec<u64> = if multiple {
            ch.unacked.iter().map(|(t, _)| t).take_while(|&t| t <= tag).collect()
        } else {
            Vec::new()
        };
        if tags.is_empty() && !(multiple && tag == 0) {
            let err = AmqpError::precondition(format!("unknown delivery tag {tag}"));
            // A channel error closes the channel: its deliveries go back to their queues.
            self.close_channel_inner(channel);
            return Err(err);
        }
        let ch = self.channel_mut(channel);
        let taken: Vec<_> =
            tags.into_iter().filter_map(|t| ch.unacked.remove(&t).map(|u| (t, u))).collect();
        Ok(Taken::Many(taken.into_iter()))
    }

    fn settled(&mut self, u: &Unacked) {
        if let Some(q) = self.queues.get_mut(&u.queue).filter(|_| !u.orphaned) {
            q.unacked = q.unacked.saturating_sub(1);
        }
        if let Some(c) = u.consumer.and_then(|c| self.consumers.get_mut(&c)) {
            c.in_flight = c.in_flight.saturating_sub(1);
        }
    }

    /// `basic.ack` (with `multiple`, every delivery up to `tag`).
    pub fn ack(&mut self, channel: u32, tag: u64, multiple: bool) -> Result<(), AmqpError> {
        let cause = &self.begin_command();
        self.ack_with(channel, tag, multiple, cause)
    }

    /// A client's own ack, not a numbered command (a scripted consumer whose work is done),
    /// attributed to `cause`.
    pub fn ack_as(&mut self, channel: u32, tag: u64, cause: &Cause) -> Result<(), AmqpError> {
        self.ack_with(channel, tag, false, cause)
    }

    /// A client's own `basic.reject`, not a numbered command, attributed to `cause`.
    pub fn reject_as(
        &mut self,
        channel: u32,
        tag: u64,
        requeue: bool,
        cause: &Cause,
    ) -> Result<(), AmqpError> {
        self.negative(channel, tag, false, requeue, Return::Reject, cause)
    }

    pub(crate) fn ack_with(
        &mut self,
        channel: u32,
        tag: u64,
        multiple: bool,
        cause: &Cause,
    ) -> Result<(), AmqpError> {
        let taken = self.take_tags(channel, tag, multiple)?;
        let mut touched = Touched::default();
        for (_, u) in taken {
            self.settled(&u);
            self.copies_gone += 1;
            self.emit(Some(&u.entry.msg), EventKind::Acked { queue: u.queue }, cause);
            touched.add(u.queue);
        }
        for q in touched.all() {
            self.dispatch(&q);
        }
        Ok(())
    }

    /// `basic.nack`: requeue, or dead-letter with reason `rejected`.
    pub fn nack(
        &mut self,
        channel: u32,
        tag: u64,
        multiple: bool,
        requeue: bool,
    ) -> Result<(), AmqpError> {
        let cause = &self.begin_command();
        self.negative(channel, tag, multiple, requeue, Return::Nack, cause)
    }

    /// `basic.reject`: requeue, or dead-letter with reason `rejected`.
    pub fn reject(&mut self, channel: u32, tag: u64, requeue: bool) -> Result<(), AmqpError> {
        let cause = &self.begin_command();
        self.negative(channel, tag, false, requeue, Return::Reject, cause)
    }

    pub(crate) fn negative(
        &mut self,
        channel: u32,
        tag: u64,
        multiple: bool,
        requeue: bool,
        how: Return,
        cause: &Cause,
    ) -> Result<(), AmqpError> {
        let taken = self.take_tags(channel, tag, multiple)?;
        let mut touched = Touched::default();
        for (_, u) in taken {
            self.settled(&u);
            let queue = u.queue;
            if u.orphaned {
                self.drop_copy(&u.entry.msg, DropRule::QueueGone { queue }, cause);
                continue;
            }
            if requeue {
                self.return_to_queue(&queue, u.entry, how, cause);
            } else {
                self.dead_letter(&queue, u.entry, Reason::Rejected, cause);
            }
            touched.add(queue);
        }
        for q in touched.all() {
            self.dispatch(&q);
        }
        Ok(())
    }

    fn return_to_queue(&mut self, queue: &Name, mut entry: Entry, how: Return, cause: &Cause) {
        let counts = how != Return::Nack || self.profile.nack_requeue_counts_toward_limit;
        let Some(q) = self.queues.get_mut(queue) else {
            self.drop_copy(&entry.msg, DropRule::QueueGone { queue: *queue }, cause);
            return;
        };
        if q.kind == QueueKind::Quorum {
            if counts {
                entry.delivery_count += 1;
            }
            if let Some(limit) = q.effective.delivery_limit.as_ref() {
                if entry.delivery_count as i64 > limit.value {
                    let c = Cause::Setting {
                        key: "x-delivery-limit",
                        source: limit.source.to_string().into(),
                    }
                    .interned();
                    self.dead_letter(queue, entry, Reason::DeliveryLimit, c);
                    return;
                }
            }
        }
        entry.redelivered = true;
        // 4.3 delayed retry: the return waits before it can be delivered again.
        let now = self.now;
        let wait = self
            .queues
            .get(queue)
            .and_then(|q| q.effective.delayed_retry.as_ref())
            .filter(|d| d.value.applies(counts));
        if let Some(d) = wait {
            let until = now.plus_ms(d.value.delay_ms(entry.delivery_count));
            let c =
                Cause::Setting { key: "x-delayed-retry-type", source: d.source.to_string().into() }
                    .interned();
            self.emit(
                Some(&entry.msg),
                EventKind::RetryDelayed { queue: *queue, until_us: until },
                c,
            );
            if let Some(q) = self.queues.get_mut(queue) {
                q.delay(entry, until);
            }
            self.timers.push(until, TimerKind::DelayedReady { queue: *queue });
            return;
        }
        self.emit(Some(&entry.msg), EventKind::Requeued { queue: *queue }, cause);
        if let Some(q) = self.queues.get_mut(queue) {
            q.requeue(entry);
        }
        self.schedule_expiry(queue);
    }

    /// Delayed retries whose wait is over come back, earliest first, ahead of the other
    /// messages (as returns do).
    pub(crate) fn on_delayed_ready(&mut self, queue: &Name) {
        let now = self.now;
        let Some(q) = self.queues.get_mut(queue) else { return };
        let ready = q.take_ready_delayed(now);
        if ready.is_empty() {
            return;
        }
        let source = q
            .effective
            .delayed_retry
            .as_ref()
            .map(|d| d.source.to_string())
            .unwrap_or_else(|| "argument".into());
        let cause =
            Cause::Setting { key: "x-delayed-retry-type", source: source.into() }.interned();
        for entry in ready {
            self.emit(Some(&entry.msg), EventKind::Requeued { queue: *queue }, cause);
            if let Some(q) = self.queues.get_mut(queue) {
                q.requeue(entry);
            }
        }
        self.schedule_expiry(queue);
        self.dispatch(queue);
    }

    /// Closes a channel: its consumers stop and its unacked deliveries go back to their queues.
    pub fn close_channel(&mut self, channel: u32) {
        self.begin_command();
        self.close_channel_inner(channel);
    }

    /// The client process dies: its channel closes without a command, and its deliveries
    /// return to their queues (a scripted consumer that crashes).
    pub fn crash_channel(&mut self, channel: u32) {
        self.close_channel_inner(channel);
    }

    pub(crate) fn close_channel_inner(&mut self, channel: u32) {
        let cause = &Cause::Rule { rule: "channel_closed" };
        let consumers: Vec<u64> =
            self.consumers.values().filter(|c| c.channel == channel).map(|c| c.id).collect();
        let mut touched: Vec<Name> = Vec::new();
        for id in consumers {
            if let Some(c) = self.consumers.remove(&id) {
                if let Some(q) = self.queues.get_mut(&c.queue) {
                    q.consumers.retain(|&x| x != id);
                    q.next_consumer = 0;
                }
                touched.push(c.queue);
            }
        }
        let Some(ch) = self.channels.remove(&channel) else { return };
        for (_, u) in ch.unacked {
            self.settled(&u);
            let queue = u.queue;
            if u.orphaned {
                self.drop_copy(&u.entry.msg, DropRule::QueueGone { queue }, cause);
                continue;
            }
            self.return_to_queue(&queue, u.entry, Return::ChannelClosed, cause);
            if !touched.contains(&queue) {
                touched.push(queue);
            }
        }
        for q in touched {
            self.touch_queue(&q);
            self.dispatch(&q);
        }
    }

    /// One unacknowledged delivery.
    pub fn delivery(&self, channel: u32, tag: u64) -> Option<&Unacked> {
        self.channels.get(&channel)?.unacked.get(&tag)
    }

    /// A push consumer by id.
    pub fn consumer(&self, id: u64) -> Option<&Consumer> {
        self.consumers.get(&id)
    }

    /// Unacknowledged deliveries on a channel, by tag.
    pub fn unacked(&self, channel: u32) -> Vec<(u64, &Unacked)> {
        self.channels.get(&channel).map(|c| c.unacked.iter().collect()).unwrap_or_default()
    }
}
