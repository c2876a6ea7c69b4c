//! What clients do: publish, basic.get, consume, ack / nack / reject, close a channel.

use std::sync::Arc;

use super::broker::Engine;
use super::consumer::{Behaviour, Channel, Consumer, Delivery, Unacked};
use super::dead_letter::Reason;
use super::event::{Cause, CauseRef, DropRule, EventKind, Name, Names};
use super::flow::Admit;
use super::headers::FieldValue;
use super::message::{Message, Properties};
use super::queue::Entry;
use super::scheduler::TimerKind;
use super::settings::QueueKind;
use super::topology::{type_name, AmqpError};

/// A `basic.publish`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Publish {
    pub exchange: String,
    pub routing_key: String,
    pub body: String,
    pub props: Properties,
    /// Return the message to the publisher if no queue takes it.
    pub mandatory: bool,
}

/// What happened to a publish.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    /// The id shared by every copy of this message (and its dead-lettered descendants).
    pub lineage: u64,
    /// Queues that took a copy.
    pub routed: Vec<Name>,
    /// The publisher confirm: true = ack, false = nack (a queue refused it).
    pub confirm_ack: bool,
    /// Returned as unroutable (`mandatory`).
    pub returned: bool,
}

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
enum Return {
    Nack,
    Reject,
    ChannelClosed,
}

/// A publish with interned names and shared body and properties.
pub(crate) struct Outgoing {
    pub exchange: Name,
    pub routing_key: Name,
    pub body: Arc<str>,
    pub props: Arc<Properties>,
    pub mandatory: bool,
}

fn header_keys(props: &Properties, name: &str) -> Result<Vec<Name>, AmqpError> {
    match props.headers.get(name) {
        None => Ok(Vec::new()),
        Some(FieldValue::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str().map(Name::new).ok_or_else(|| {
                    AmqpError::precondition(format!(
                        "invalid message: {{unacceptable_type_in_header,\"{name}\",{}}}",
                        type_name(v)
                    ))
                })
            })
            .collect(),
        Some(other) => Err(AmqpError::precondition(format!(
            "invalid message: {{unacceptable_type_in_header,\"{name}\",{}}}",
            type_name(other)
        ))),
    }
}

/// How often a message's x-death says it was rejected from `queue`.
fn rejections_in(headers: &super::headers::FieldTable, queue: &str) -> i64 {
    match headers.get("x-death") {
        Some(FieldValue::Array(entries)) => entries
            .iter()
            .find_map(|v| match v {
                FieldValue::Table(t)
                    if t.get("queue").and_then(FieldValue::as_str) == Some(queue)
                        && t.get("reason").and_then(FieldValue::as_str) == Some("rejected") =>
                {
                    t.get("count").and_then(FieldValue::as_i64)
                }
                _ => None,
            })
            .unwrap_or(0),
        _ => 0,
    }
}

impl Engine {
    /// `basic.publish` (with publisher confirms: the result carries the ack or nack).
    pub fn publish(&mut self, p: Publish) -> Result<Published, AmqpError> {
        let cause = self.begin_command();
        self.publish_with(p, cause)
    }

    pub(crate) fn publish_with(
        &mut self,
        p: Publish,
        cause: CauseRef,
    ) -> Result<Published, AmqpError> {
        let out = Outgoing {
            exchange: Name::new(&p.exchange),
            routing_key: Name::new(&p.routing_key),
            body: Arc::from(p.body),
            props: Arc::new(p.props),
            mandatory: p.mandatory,
        };
        self.publish_outgoing(out, cause)
    }

    /// A publish whose names are interned already (scripted publishers and consumers).
    pub(crate) fn publish_outgoing(
        &mut self,
        p: Outgoing,
        cause: CauseRef,
    ) -> Result<Published, AmqpError> {
        if !self.exchanges.contains_key(&*p.exchange) {
            return Err(AmqpError::not_found(format!("no exchange '{}' in vhost '/'", p.exchange)));
        }
        let cc = header_keys(&p.props, "CC")?;
        let bcc = header_keys(&p.props, "BCC")?;
        if let Some(exp) = &p.props.expiration {
            if exp.parse::<u64>().is_err() {
                return Err(AmqpError::precondition(format!(
                    "invalid expiration '{exp}': must be a whole number of milliseconds"
                )));
            }
        }
        if let Some(user) = &p.props.user_id {
            if user != "guest" {
                return Err(AmqpError::precondition(format!(
                    "user_id property set to '{user}' but authenticated user was 'guest'"
                )));
            }
        }
        let mut props = p.props;
        if props.headers.get("BCC").is_some() {
            Arc::make_mut(&mut props).headers.remove("BCC");
        }
        let keys = if cc.is_empty() && bcc.is_empty() {
            Names::one(p.routing_key)
        } else {
            let mut keys = Vec::with_capacity(1 + cc.len() + bcc.len());
            keys.push(p.routing_key);
            keys.extend(cc);
            keys.extend(bcc.iter().copied());
            Names::new(&keys)
        };
        self.next_lineage += 1;
        let lineage = self.next_lineage;
        let exchange_name = p.exchange;
        let msg = Message {
            id: 0,
            lineage,
            body: p.body,
            exchange: p.exchange,
            routing_keys: keys,
            bcc: if bcc.is_empty() { Names::empty() } else { Names::new(&bcc) },
            props,
            broker_deaths: false,
            born_at: self.now,
        };
        self.emit(
            Some(&msg),
            EventKind::Published { exchange: exchange_name, routing_key: p.routing_key },
            cause,
        );
        let routed = self.route_names(msg.exchange, msg.routing_keys, &msg.props.headers);
        let mut out = Published { lineage, routed: Vec::new(), confirm_ack: true, returned: false };
        if routed.is_empty() {
            self.copies_born += 1;
            let mut m = msg.clone();
            m.id = self.new_msg_id();
            self.drop_copy(&m, DropRule::Unroutable { exchange: exchange_name.clone() }, cause);
            if p.mandatory {
                out.returned = true;
                let routing_key = m.routing_keys[0].clone();
                self.emit(
                    Some(&m),
                    EventKind::Returned { exchange: exchange_name, routing_key },
                    cause,
                );
            }
        }
        // Every target but the last gets a clone; the last takes the message itself.
        let last = routed.len().saturating_sub(1);
        let mut msg = Some(msg);
        for (i, key) in routed.iter().enumerate() {
            let mut copy = if i == last {
                msg.take().expect("taken once")
            } else {
                msg.clone().expect("present")
            };
            copy.id = self.new_msg_id();
            self.copies_born += 1;
            if self.enqueue(key, copy, cause, None) == Admit::Refused {
                out.confirm_ack = false;
            }
        }
        out.routed = routed.to_vec();
        self.emit(None, EventKind::Confirmed { ack: out.confirm_ack }, cause);
        Ok(out)
    }

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
        let cause = match consumer {
            Some(_) => &Cause::Rule { rule: "push_consumer" },
            None => Cause::Client { command: self.command }.interned(),
        };
        self.emit(
            Some(&entry.msg),
            EventKind::Delivered { queue: queue.clone(), channel, tag, redelivered },
            cause,
        );
        if auto_ack {
            self.copies_gone += 1;
            self.emit(Some(&entry.msg), EventKind::Acked { queue: queue.clone() }, cause);
        } else {
            self.channel_mut(channel)
                .unacked
                .insert(tag, Unacked { queue: queue.clone(), entry, consumer, orphaned: false });
            if let Some(q) = self.queues.get_mut(queue) {
                q.unacked += 1;
            }
        }
        if let Some(cid) = consumer {
            let now = self.now;
            if let Some(c) = self.consumers.get_mut(&cid) {
                c.delivered += 1;
                if !auto_ack {
                    c.in_flight += 1;
                    if let Some(work) = c.behaviour.work_ms() {
                        self.timers.push(
                            now.plus_ms(work),
                            TimerKind::ConsumerDone { consumer: cid, channel, tag },
                        );
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
        let Some(key) = self.queues.get_key_value(queue).map(|(k, _)| k.clone()) else {
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

    /// `basic.consume` with a prefetch (0: unlimited) and a scripted behaviour.
    pub fn consume(
        &mut self,
        channel: u32,
        queue: &str,
        prefetch: u32,
        auto_ack: bool,
        behaviour: Behaviour,
    ) -> Result<u64, AmqpError> {
        self.begin_command();
        let Some(key) = self.queues.get_key_value(queue).map(|(k, _)| k.clone()) else {
            return Err(AmqpError::not_found(format!("no queue '{queue}' in vhost '/'")));
        };
        let id = self.new_consumer_id();
        self.consumers.insert(
            id,
            Consumer {
                id,
                channel,
                queue: key.clone(),
                prefetch,
                auto_ack,
                behaviour,
                in_flight: 0,
                delivered: 0,
                attempts: Default::default(),
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
        let tags: Vec<u64> =
            if multiple { ch.unacked.range(..=tag).map(|(t, _)| *t).collect() } else { Vec::new() };
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
        let cause = self.begin_command();
        self.ack_with(channel, tag, multiple, cause)
    }

    pub(crate) fn ack_with(
        &mut self,
        channel: u32,
        tag: u64,
        multiple: bool,
        cause: CauseRef,
    ) -> Result<(), AmqpError> {
        let taken = self.take_tags(channel, tag, multiple)?;
        let mut touched = Touched::default();
        for (_, u) in taken {
            self.settled(&u);
            self.copies_gone += 1;
            self.emit(Some(&u.entry.msg), EventKind::Acked { queue: u.queue.clone() }, cause);
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
        let cause = self.begin_command();
        self.negative(channel, tag, multiple, requeue, Return::Nack, cause)
    }

    /// `basic.reject`: requeue, or dead-letter with reason `rejected`.
    pub fn reject(&mut self, channel: u32, tag: u64, requeue: bool) -> Result<(), AmqpError> {
        let cause = self.begin_command();
        self.negative(channel, tag, false, requeue, Return::Reject, cause)
    }

    fn negative(
        &mut self,
        channel: u32,
        tag: u64,
        multiple: bool,
        requeue: bool,
        how: Return,
        cause: CauseRef,
    ) -> Result<(), AmqpError> {
        let taken = self.take_tags(channel, tag, multiple)?;
        let mut touched = Touched::default();
        for (_, u) in taken {
            self.settled(&u);
            let queue = u.queue.clone();
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

    fn return_to_queue(&mut self, queue: &Name, mut entry: Entry, how: Return, cause: CauseRef) {
        let counts = how != Return::Nack || self.profile.nack_requeue_counts_toward_limit;
        let Some(q) = self.queues.get_mut(queue) else {
            self.drop_copy(&entry.msg, DropRule::QueueGone { queue: queue.clone() }, cause);
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
                EventKind::RetryDelayed { queue: queue.clone(), until_us: until },
                c,
            );
            if let Some(q) = self.queues.get_mut(queue) {
                q.delay(entry, until);
            }
            self.timers.push(until, TimerKind::DelayedReady { queue: queue.clone() });
            return;
        }
        self.emit(Some(&entry.msg), EventKind::Requeued { queue: queue.clone() }, cause);
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
            self.emit(Some(&entry.msg), EventKind::Requeued { queue: queue.clone() }, cause);
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
            let queue = u.queue.clone();
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

    /// A scripted consumer finished working on a delivery: settle it as its behaviour says.
    pub(crate) fn on_consumer_done(&mut self, consumer: u64, channel: u32, tag: u64) {
        let Some(c) = self.consumers.get_mut(&consumer) else { return };
        let Some(u) = self.channels.get(&channel).and_then(|ch| ch.unacked.get(&tag)) else {
            return;
        };
        let cause = &Cause::Rule { rule: "consumer_behaviour" };
        let mut republish = None;
        let outcome = match &c.behaviour {
            Behaviour::Manual => return,
            Behaviour::Ack { .. } => None,
            Behaviour::Reject { requeue, .. } => Some(*requeue),
            Behaviour::FailThenSucceed { failures, requeue, .. } => {
                // Deliveries are counted per message only for the behaviour that needs them.
                let a = c.attempts.entry(u.entry.msg.lineage).or_insert(0);
                *a += 1;
                (*a <= *failures).then_some(*requeue)
            }
            Behaviour::FailPercent { percent, requeue, .. } => {
                self.rng.chance_percent(*percent).then_some(*requeue)
            }
            Behaviour::RetryRouter {
                max_attempts,
                parking_exchange,
                parking_routing_key,
                retry_exchange,
                retry_keys,
                ..
            } => {
                let headers = &u.entry.msg.props.headers;
                let ladder = !retry_exchange.is_empty();
                let attempts = if ladder {
                    headers.get("x-retry-count").and_then(FieldValue::as_i64).unwrap_or(0)
                } else {
                    rejections_in(headers, &c.queue)
                };
                if attempts < *max_attempts as i64 && !ladder {
                    Some(false)
                } else {
                    let mut props = u.entry.msg.props.clone();
                    let (exchange, routing_key) = if attempts < *max_attempts as i64 {
                        let i = (attempts.max(0) as usize).min(retry_keys.len().saturating_sub(1));
                        Arc::make_mut(&mut props)
                            .headers
                            .set("x-retry-count", FieldValue::Long(attempts + 1));
                        let key = retry_keys.get(i).map(String::as_str).unwrap_or_default();
                        (Name::new(retry_exchange), Name::new(key))
                    } else {
                        (Name::new(parking_exchange), Name::new(parking_routing_key))
                    };
                    let body = u.entry.msg.body.clone();
                    republish =
                        Some(Outgoing { exchange, routing_key, body, props, mandatory: false });
                    None
                }
            }
            Behaviour::CrashAfter { deliveries, .. } => {
                if c.delivered >= *deliveries as u64 {
                    self.close_channel_inner(channel);
                    return;
                }
                None
            }
        };
        if let Some(out) = republish {
            // A missing exchange is the scenario's mistake: the message stays unacked.
            if self.publish_outgoing(out, cause).is_err() {
                return;
            }
        }
        let _ = match outcome {
            None => self.ack_with(channel, tag, false, cause),
            Some(requeue) => self.negative(channel, tag, false, requeue, Return::Reject, cause),
        };
    }

    /// Unacknowledged deliveries on a channel, by tag.
    pub fn unacked(&self, channel: u32) -> Vec<(u64, &Unacked)> {
        self.channels
            .get(&channel)
            .map(|c| c.unacked.iter().map(|(t, u)| (*t, u)).collect())
            .unwrap_or_default()
    }
}
