//! RabbitMQ in the comparison, run by the real broker engine, in one of two patterns:
//!
//! - a retry queue: rejected messages dead-letter to `NAME.retry`, wait its `x-message-ttl`,
//!   and dead-letter back; the consumer parks a message in `NAME.dlq` once its attempts are
//!   used up (the count it would read from `x-death`);
//! - a quorum queue with `x-delivery-limit`: the consumer rejects with requeue, the queue holds
//!   the return back (4.3's `x-delayed-retry-*`, `min × delivery count`; 3.10 ignores it and
//!   redelivers at once) and dead-letters the message to `NAME.dlq` past the limit.
//!
//! The engine does every routing, expiry, hold-back and dead-lettering; this module only plays
//! the consumer and the operator (a client of the engine, on its one agenda: publishes,
//! settles and operator actions are its wake-ups), and reads the engine's event log into a
//! trace.

use std::collections::{BTreeMap, BTreeSet};

use crate::engine::budget::STEP_UNTIL_TIMERS;
use crate::engine::headers::{FieldTable, FieldValue};
use crate::engine::message::Properties;
use crate::engine::time::SimTime;
use crate::engine::{Client, Engine, EventKind, Profile, Publish, Wake, WakeSlots};

use super::consumer::{Attempt, Consumer};
use super::driven::Core;
use super::metrics::Fate;
use super::trace::{Place, Role, SysEventKind, Trace, Wait};
use super::workload::{OperatorKind, Workload};
use super::System;

pub use super::rabbitmq_config::{Pattern, RabbitMqConfig};

/// Wake-up tokens: below this one, the publish of the workload's message of that index; from
/// it up to [`SETTLE_TOKEN`], the operator's actions.
const OPERATOR_TOKEN: u64 = 1 << 40;

/// Wake-up tokens from this one up: the consumer's settles.
const SETTLE_TOKEN: u64 = 1 << 41;

/// A delivery the consumer works on, settled when its work time is over.
struct Settle {
    msg: usize,
    channel: u32,
    tag: u64,
    attempt: u32,
}

/// The channel the operator uses for its `basic.get`s on the DLQ.
const OPERATOR_CHANNEL: u32 = 9_999;

/// The retry-queue pattern on the broker engine.
pub struct RabbitMq {
    config: RabbitMqConfig,
    workload: Workload,
    engine: Engine,
    consumer: Consumer,
    /// The trace and its clock, which follows the engine's (the client's happenings are
    /// wake-ups on the engine's agenda).
    core: Core<()>,
    /// The deliveries being worked on.
    settling: WakeSlots<Settle>,
    /// Engine events already read into the trace.
    cursor: usize,
    /// Every publish's lineage → the workload message it carries.
    lineage: BTreeMap<u64, usize>,
    attempts: Vec<u32>,
    last_reason: Vec<String>,
    in_dlq: BTreeSet<usize>,
    /// The messages the operator took off the DLQ without a replay.
    skipped: BTreeSet<usize>,
    names: [String; 3],
}

/// Reject → DLX `NAME.retry` → queue `NAME.retry` (TTL, DLX back to `NAME`); and `NAME.dlq`.
fn declare_retry_queue(engine: &mut Engine, names: &[String; 3], retry_delay_ms: u64) {
    let [q, retry, dlq] = names;
    // Declarations on a fresh broker with checked names cannot fail; a refusal would only
    // leave the run with fewer places, never a panic.
    let _ = engine.declare_exchange(retry, "direct", true, false, FieldTable::new());
    let _ = engine.declare_queue(
        q,
        true,
        args(&[("x-dead-letter-exchange", FieldValue::LongStr(retry.clone()))]),
    );
    let _ = engine.declare_queue(
        retry,
        true,
        args(&[
            ("x-message-ttl", FieldValue::Long(retry_delay_ms.min(i64::MAX as u64) as i64)),
            ("x-dead-letter-exchange", FieldValue::LongStr(String::new())),
            ("x-dead-letter-routing-key", FieldValue::LongStr(q.clone())),
        ]),
    );
    let _ = engine.bind_queue(retry, retry, q, FieldTable::new());
    let _ = engine.declare_queue(dlq, true, FieldTable::new());
}

/// A quorum queue `NAME` with a delivery limit and delayed retry, dead-lettering to `NAME.dlq`.
fn declare_quorum(engine: &mut Engine, names: &[String; 3], config: &RabbitMqConfig) {
    let [q, _, dlq] = names;
    let min_ms = config.retry_delay_ms.min(i64::MAX as u64 / 8) as i64;
    let _ = engine.declare_queue(
        q,
        true,
        args(&[
            ("x-queue-type", FieldValue::LongStr("quorum".into())),
            (
                "x-delivery-limit",
                FieldValue::Long(i64::from(config.max_attempts.saturating_sub(1))),
            ),
            ("x-dead-letter-exchange", FieldValue::LongStr(String::new())),
            ("x-dead-letter-routing-key", FieldValue::LongStr(dlq.clone())),
            ("x-delayed-retry-type", FieldValue::LongStr("all".into())),
            ("x-delayed-retry-min", FieldValue::Long(min_ms.max(1))),
            ("x-delayed-retry-max", FieldValue::Long(min_ms.max(1) * 8)),
        ]),
    );
    let _ = engine.declare_queue(dlq, true, FieldTable::new());
}

fn args(pairs: &[(&str, FieldValue)]) -> FieldTable {
    let mut t = FieldTable::new();
    for (k, v) in pairs {
        t.set(k, v.clone());
    }
    t
}

impl RabbitMq {
    /// The pattern declared on a fresh broker, the publishes and operator actions scheduled.
    pub fn new(config: RabbitMqConfig, workload: Workload) -> RabbitMq {
        let profile = Profile::by_name(&config.profile).unwrap_or_default();
        let mut engine = Engine::new(profile);
        let q = config.queue.clone();
        let names = [q.clone(), format!("{q}.retry"), format!("{q}.dlq")];
        match config.pattern {
            Pattern::RetryQueue => declare_retry_queue(&mut engine, &names, config.retry_delay_ms),
            Pattern::QuorumDeliveryLimit => declare_quorum(&mut engine, &names, &config),
        }
        for channel in 1..=config.consumers.clamp(1, 64) {
            let _ = engine.consume(channel, &q, 1, false, true);
        }
        for (i, m) in workload.messages.iter().enumerate() {
            engine.schedule_wake(SimTime::from_ms(m.publish_at_ms), i as u64);
        }
        for (i, a) in workload.operator.iter().enumerate() {
            engine.schedule_wake(SimTime::from_ms(a.at_ms), OPERATOR_TOKEN + i as u64);
        }
        let mut places = vec![Place { name: names[0].clone(), role: Role::Main }];
        if config.pattern == Pattern::RetryQueue {
            places.push(Place { name: names[1].clone(), role: Role::Retry });
        }
        places.push(Place { name: names[2].clone(), role: Role::DeadLetter });
        let n = workload.messages.len();
        let cursor = engine.events().len();
        RabbitMq {
            consumer: Consumer::new(&workload),
            core: Core::on_another_agenda(places, &workload),
            settling: WakeSlots::new(SETTLE_TOKEN),
            config,
            workload,
            engine,
            cursor,
            lineage: BTreeMap::new(),
            attempts: vec![0; n],
            last_reason: vec![String::new(); n],
            in_dlq: BTreeSet::new(),
            skipped: BTreeSet::new(),
            names,
        }
    }

    /// Appends what happened to `msg` in `place` now.
    fn record(&mut self, msg: usize, place: &str, kind: SysEventKind) {
        self.record_at(self.engine.now(), msg, place, kind);
    }

    /// Appends what happened to `msg` in `place` at `at`.
    fn record_at(&mut self, at: SimTime, msg: usize, place: &str, kind: SysEventKind) {
        self.core.now = at;
        self.core.record(msg, place, kind);
    }

    /// Publishes message `msg` to `queue` through the default exchange.
    fn publish(&mut self, msg: usize, queue: &str) {
        let id = self.workload.messages[msg].id.clone();
        let props = Properties { message_id: Some(id.clone()), ..Properties::default() };
        let p = Publish {
            exchange: String::new(),
            routing_key: queue.to_string(),
            body: id,
            props,
            mandatory: false,
        };
        if let Ok(done) = self.engine.publish(p) {
            self.lineage.insert(done.lineage, msg);
        }
        self.read_events();
    }

    /// `msg` arrived in the DLQ `dlq` from the main queue `main`, with its last failure's reason.
    fn dead_lettered(&mut self, at: SimTime, msg: usize, dlq: &str, main: &str) {
        self.in_dlq.insert(msg);
        let reason = self.last_reason[msg].clone();
        let kind = SysEventKind::DeadLettered { from: main.to_string(), reason };
        self.record_at(at, msg, dlq, kind);
    }

    /// Reads the engine's new events into the trace.
    fn read_events(&mut self) {
        let [main, retry, dlq] = self.names.clone();
        while let Some(e) = self.engine.events().get(self.cursor) {
            self.cursor += 1;
            let Some(msg) = e.lineage.and_then(|l| self.lineage.get(&l).copied()) else { continue };
            // At the event's own moment: the broker may have moved on since (a dead-lettering
            // on a timer of its own, read at the next wake-up).
            let at = e.at_us;
            match &e.kind {
                EventKind::Enqueued { queue, from: None } if **queue == *main => {
                    self.record_at(at, msg, &main, SysEventKind::Published)
                }
                EventKind::Enqueued { queue, from: None } if **queue == *dlq => {
                    self.dead_lettered(at, msg, &dlq, &main);
                }
                EventKind::Enqueued { queue, from: Some(_) } if **queue == *retry => {
                    self.record_at(at, msg, &retry, SysEventKind::Moved { from: main.clone() });
                    let until_us = e
                        .at_us
                        .as_us()
                        .saturating_add(self.config.retry_delay_ms.saturating_mul(1000));
                    self.record_at(
                        at,
                        msg,
                        &retry,
                        SysEventKind::Waiting { until_us, why: Wait::Backoff },
                    );
                }
                EventKind::Enqueued { queue, from: Some(_) } if **queue == *dlq => {
                    self.dead_lettered(at, msg, &dlq, &main);
                }
                EventKind::RetryDelayed { queue, until_us } if **queue == *main => self.record_at(
                    at,
                    msg,
                    &main,
                    SysEventKind::Waiting { until_us: until_us.as_us(), why: Wait::Backoff },
                ),
                EventKind::Enqueued { queue, from: Some(_) } if **queue == *main => {
                    self.record_at(at, msg, &main, SysEventKind::Moved { from: retry.clone() })
                }
                EventKind::Delivered { queue, .. } if **queue == *main => {
                    self.attempts[msg] += 1;
                    let attempt = self.attempts[msg];
                    self.record_at(at, msg, &main, SysEventKind::Received { attempt });
                }
                _ => {}
            }
        }
    }

    fn settle(&mut self, msg: usize, channel: u32, tag: u64, attempt: u32) {
        let main = self.names[0].clone();
        let at = self.engine.now().as_us();
        let tried = self.consumer.attempt(&self.workload, msg, at);
        let event = tried.event(attempt);
        match tried {
            Attempt::Done { .. } => {
                let _ = self.engine.ack(channel, tag, false);
                self.record(msg, &main, event);
            }
            Attempt::Failed { reason, permanent, .. } => {
                self.record(msg, &main, event);
                self.last_reason[msg] = reason;
                let direct = permanent && self.workload.route_permanent_directly;
                if self.config.pattern == Pattern::QuorumDeliveryLimit {
                    // basic.reject with requeue: a failed delivery, which 4.x counts toward the
                    // delivery limit (a basic.nack would be a plain return, never counted); the
                    // queue holds it back, and dead-letters it past the limit. Bad data is
                    // rejected without requeue: dead-lettered now.
                    let _ = self.engine.reject(channel, tag, !direct);
                } else if attempt >= self.config.max_attempts || direct {
                    // Park it (a publish to the DLQ), then ack the delivery.
                    let dlq = self.names[2].clone();
                    self.publish(msg, &dlq);
                    let _ = self.engine.ack(channel, tag, false);
                } else {
                    // Reject without requeue: the queue's dead-letter exchange takes it to the retry queue.
                    let _ = self.engine.nack(channel, tag, false, false);
                }
            }
        }
        self.read_events();
    }

    fn operator(&mut self, index: usize) {
        let Some(action) = self.workload.operator.get(index).cloned() else { return };
        let picks = |s: &Self, msg: usize| {
            action.select.picks(&s.workload.messages[msg].id, &s.last_reason[msg])
        };
        if action.kind == OperatorKind::Edit {
            let chosen: Vec<usize> = (0..self.workload.messages.len())
                .filter(|&m| self.in_dlq.contains(&m) && picks(self, m))
                .collect();
            for msg in chosen {
                self.consumer.edit(msg);
                let dlq = self.names[2].clone();
                self.record(
                    msg,
                    &dlq,
                    SysEventKind::Operator { action: action.kind, note: action.note.clone() },
                );
            }
            return;
        }
        // Take every message off the DLQ; keep the chosen ones' fate, put the others back.
        let [main, _, dlq] = self.names.clone();
        let mut put_back = Vec::new();
        while let Ok(Some(d)) = self.engine.basic_get(OPERATOR_CHANNEL, &dlq, false) {
            self.read_events();
            let msg = self.lineage.get(&d.msg.lineage).copied();
            match msg {
                Some(m) if picks(self, m) => {
                    self.in_dlq.remove(&m);
                    self.record(
                        m,
                        &dlq,
                        SysEventKind::Operator { action: action.kind, note: action.note.clone() },
                    );
                    if action.kind == OperatorKind::Skip {
                        self.skipped.insert(m);
                    }
                    if action.kind == OperatorKind::Replay {
                        self.attempts[m] = 0;
                        self.publish(m, &main);
                    }
                    let _ = self.engine.ack(OPERATOR_CHANNEL, d.tag, false);
                }
                _ => put_back.push(d.tag),
            }
        }
        for tag in put_back {
            let _ = self.engine.reject(OPERATOR_CHANNEL, tag, true);
        }
        self.read_events();
    }
}

impl RabbitMq {
    /// Each message's end: dead-lettered while a copy of it waits in the broker's DLQ queue,
    /// else skipped when the operator took it off without a replay, completed when the
    /// consumer's latest attempt handled it (and acked), else still on its way.
    fn stored_ends(&self) -> Vec<Fate> {
        let mut ends: Vec<Fate> = (0..self.workload.messages.len())
            .map(|msg| match () {
                _ if self.skipped.contains(&msg) => Fate::Skipped,
                _ if self.consumer.handled(msg) => Fate::Completed,
                _ => Fate::InFlight,
            })
            .collect();
        if let Some(dlq) = self.engine.queue(&self.names[2]) {
            for entry in dlq.iter_ready() {
                if let Some(&msg) = self.lineage.get(&entry.msg.lineage) {
                    ends[msg] = Fate::DeadLettered;
                }
            }
        }
        ends
    }
}

impl System for RabbitMq {
    fn trace(&self) -> &Trace {
        &self.core.trace
    }
    fn take_trace(&mut self) -> Trace {
        std::mem::take(&mut self.core.trace)
    }

    fn now(&self) -> SimTime {
        self.core.now
    }

    fn ends(&self) -> Vec<Fate> {
        self.stored_ends()
    }

    fn next_at(&self) -> Option<SimTime> {
        self.engine.next_event_at()
    }

    fn step_until(&mut self, until: SimTime) {
        // The engine's one loop, with the client acting on each wake-up in its (time,
        // sequence) place among the broker's timers.
        let _ = Client::step_until_bounded(self, until, STEP_UNTIL_TIMERS);
        self.read_events();
        self.core.stand_at(until.min(self.engine.now()));
    }
}

/// The consumer and the operator, woken on the engine's agenda.
impl Client for RabbitMq {
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    fn wake(&mut self, wake: Wake) {
        // What the broker did since the last wake-up first, so the trace stays in time order
        // (the delivery's own event counts its attempt).
        self.read_events();
        match wake {
            Wake::Delivery { channel, tag, at, place, .. } => {
                // The work ends `process_ms` later, in the delivery's place among the broker's
                // timers.
                let lineage = self.engine.delivery(channel, tag).map(|u| u.entry.msg.lineage);
                let Some(msg) = lineage.and_then(|l| self.lineage.get(&l).copied()) else {
                    return;
                };
                let attempt = self.attempts[msg];
                let token = self.settling.hold(Settle { msg, channel, tag, attempt });
                let done_at = at.plus_ms(self.workload.process_ms);
                self.engine.schedule_wake_in_place(done_at, place, token);
            }
            Wake::Client { token } if self.settling.owns(token) => {
                if let Some(Settle { msg, channel, tag, attempt }) = self.settling.take(token) {
                    self.settle(msg, channel, tag, attempt);
                }
            }
            Wake::Client { token } if token >= OPERATOR_TOKEN => {
                self.operator((token - OPERATOR_TOKEN) as usize)
            }
            Wake::Client { token } => {
                let q = self.names[0].clone();
                self.publish(token as usize, &q);
            }
        }
    }
}
