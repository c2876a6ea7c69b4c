//! Amazon SQS with a redrive policy: a source queue whose consumers long-poll; a receive
//! hides the message for the visibility timeout and adds one to its receive count; a failed
//! message reappears when the timeout ends (or when the consumer changes its visibility); a
//! receive that finds a message already received `maxReceiveCount` times moves it to the
//! dead-letter queue instead. A delete with an old receipt handle may delete nothing, so a
//! message whose handling outlasts its visibility timeout is handled twice. Retention counts
//! from the original enqueue time in a standard DLQ and from the move in a FIFO one. FIFO
//! queues deliver each message group in order, one message of a group in flight at a time.
//! The operator's replay is a consumer-side script or SQS's own move task (`move_task`).
//!
//! Follows the SQS Developer Guide ("Using dead-letter queues", "Setting-up dead-letter
//! queue retention", "Visibility timeout", "Amazon SQS FIFO queues", "Amazon SQS delay
//! queues", "Configure a dead-letter queue redrive") and the API Reference (`ReceiveMessage`,
//! `DeleteMessage`, `ChangeMessageVisibility`, `StartMessageMoveTask`); the rules are cited
//! beside the code and listed in docs/systems-sqs.md.

mod dedup;
mod move_task;
pub mod queue_settings;
mod short_poll;
mod sqs_gone;
pub mod sqs_live;

use crate::engine::SimTime;
use std::collections::{BTreeSet, VecDeque};

pub use queue_settings::{OnFailure, RedriveAllow, ReplayBy, SqsConfig, StaleDelete};

use super::consumer::{Attempt, Consumer};
use super::driven::{Core, Driven};
use super::metrics::Fate;
use super::trace::{Place, Role, SysEventKind, Wait};
use super::workload::Workload;
use sqs_gone::Gone;

/// The source queue's place in [`Sqs::names`].
const SOURCE: usize = 0;
/// The DLQ's place.
const DLQ: usize = 1;
/// The longest a receive may keep a message hidden, counted from the receive
/// (`ChangeMessageVisibility`: "the maximum visibility timeout of 12 hours"), in µs.
const MAX_HIDDEN_US: u64 = 12 * 3_600_000_000;

/// Where a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    Nowhere,
    Source,
    Dlq,
    Gone(Gone),
}

pub(crate) enum Happening {
    Send(usize),
    /// A visibility timeout ends (the receipt it belongs to).
    Visible(usize, u64),
    /// A consumer has finished with one message of the batch it received (with this
    /// receipt); `last` when it was the batch's last, which frees the consumer.
    Finished {
        consumer: usize,
        msg: usize,
        receipt: u64,
        attempt: u32,
        last: bool,
    },
    /// The consumer still working on the message extends its visibility.
    Heartbeat {
        msg: usize,
        receipt: u64,
    },
    /// The retention period of the message's current stay ends (stay number).
    Expire(usize, u64),
    Operator(usize),
    /// A move task (its number) moves the message from the DLQ to the source queue.
    Move {
        task: u64,
        msg: usize,
    },
    /// A short-polling consumer asks again (stale unless `at_us` is its planned tick).
    Tick {
        consumer: usize,
        at_us: u64,
    },
}

/// SQS with a DLQ on the virtual clock.
pub struct Sqs {
    config: SqsConfig,
    workload: Workload,
    consumer: Consumer,
    core: Core<Happening>,
    /// The source queue's messages, oldest first.
    source: VecDeque<usize>,
    /// The DLQ's messages, oldest first (the order a move task takes them in).
    dlq: VecDeque<usize>,
    at: Vec<At>,
    visible_at_us: Vec<u64>,
    receive_count: Vec<u32>,
    receipt: Vec<u64>,
    /// When the latest receive happened (the 12-hour limit on hiding a message counts from it).
    received_at_us: Vec<u64>,
    /// The consumer working on the message with its latest receipt, if any.
    holder: Vec<Option<usize>>,
    enqueued_at_us: Vec<u64>,
    /// The deduplication ids a FIFO source queue accepted in the last 5 minutes.
    dedup: dedup::Dedup,
    stay: Vec<u64>,
    reason: Vec<String>,
    /// Each message's group in a FIFO queue (its key, or its own id without one), as the
    /// index of the group's first message in the workload.
    group: Vec<usize>,
    busy: Vec<bool>,
    /// A short-polling consumer's empty receive that started its pause (its polls fall on
    /// that moment + k × poll_interval), while it sleeps.
    asleep_since_us: Vec<Option<u64>>,
    /// Its next planned poll.
    tick_at_us: Vec<Option<u64>>,
    /// The running move task (its number and when its last move is due), if any.
    task: Option<(u64, u64)>,
    tasks_started: u64,
    names: [String; 2],
}

impl Sqs {
    /// The queues and consumers, with the sends and the operator's actions scheduled.
    pub fn new(config: SqsConfig, workload: Workload) -> Sqs {
        let names = [config.queue.clone(), config.dlq_name()];
        let places = vec![
            Place { name: names[SOURCE].clone(), role: Role::Main },
            Place { name: names[DLQ].clone(), role: Role::DeadLetter },
        ];
        let n = workload.messages.len();
        let consumers = config.consumers.clamp(1, 64) as usize;
        let short = config.wait_time_ms == 0;
        let mut first_of: std::collections::BTreeMap<(bool, &str), usize> = Default::default();
        let group = workload
            .messages
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let group = m.key.as_deref().map_or((false, m.id.as_str()), |k| (true, k));
                *first_of.entry(group).or_insert(i)
            })
            .collect();
        Sqs {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Send, Happening::Operator),
            config,
            workload,
            source: VecDeque::new(),
            dlq: VecDeque::new(),
            at: vec![At::Nowhere; n],
            visible_at_us: vec![0; n],
            receive_count: vec![0; n],
            receipt: vec![0; n],
            received_at_us: vec![0; n],
            holder: vec![None; n],
            enqueued_at_us: vec![0; n],
            dedup: dedup::Dedup::default(),
            stay: vec![0; n],
            reason: vec![String::new(); n],
            group,
            busy: vec![false; consumers],
            // A short-polling consumer's first receive, at 0, finds the queue empty.
            asleep_since_us: vec![short.then_some(0); consumers],
            tick_at_us: vec![None; consumers],
            task: None,
            tasks_started: 0,
            names,
        }
    }

    fn record(&mut self, msg: usize, place: usize, kind: SysEventKind) {
        let name = self.names[place].clone();
        self.core.record(msg, &name, kind);
    }

    /// A new stay of `msg` in `place`, expiring `retention` after `enqueued_at_us`, visible
    /// after `delay_us` (a new message in the source queue starts with no receives).
    fn enter(&mut self, msg: usize, place: At, enqueued_at_us: u64, delay_us: u64) {
        self.at[msg] = place;
        self.stay[msg] += 1;
        self.enqueued_at_us[msg] = enqueued_at_us;
        let retention_ms =
            if place == At::Dlq { self.config.dlq_retention_ms } else { self.config.retention_ms };
        let expires_us = enqueued_at_us.saturating_add(retention_ms.saturating_mul(1000));
        self.core.at(SimTime(expires_us), Happening::Expire(msg, self.stay[msg]));
        match place {
            At::Source => {
                self.source.push_back(msg);
                self.visible_at_us[msg] = self.core.now.as_us().saturating_add(delay_us);
                self.receive_count[msg] = 0;
                self.holder[msg] = None;
                if delay_us > 0 {
                    let until_us = self.visible_at_us[msg];
                    self.core.at(SimTime(until_us), Happening::Visible(msg, self.receipt[msg]));
                    // "Amazon SQS delay queues": new messages stay invisible for DelaySeconds.
                    self.record(msg, SOURCE, SysEventKind::Waiting { until_us, why: Wait::Delay });
                }
            }
            At::Dlq => self.dlq.push_back(msg),
            At::Nowhere | At::Gone(_) => {}
        }
    }

    fn leave(&mut self, msg: usize) {
        self.source.retain(|&m| m != msg);
        self.dlq.retain(|&m| m != msg);
    }

    /// The receive that finds `msg` past `maxReceiveCount` moves it to the DLQ ("Using
    /// dead-letter queues": "When the ReceiveCount for a message exceeds the maxReceiveCount
    /// for a queue, Amazon SQS moves the message to a dead-letter queue").
    fn dead_letter(&mut self, msg: usize) {
        self.leave(msg);
        let reason = self.reason[msg].clone();
        let from = self.names[SOURCE].clone();
        self.record(msg, DLQ, SysEventKind::DeadLettered { from, reason });
        // "Setting-up dead-letter queue retention": a standard queue keeps the original
        // enqueue timestamp; "For FIFO queues, the enqueue timestamp resets when the message
        // is moved to a dead-letter queue."
        let enqueued_us =
            if self.config.fifo { self.core.now.as_us() } else { self.enqueued_at_us[msg] };
        self.enter(msg, At::Dlq, enqueued_us, 0);
    }

    /// Adds `msg` to a receive of up to `batch` messages (true: the receive is full), or, past
    /// `maxReceiveCount`, moves it to the DLQ instead.
    fn take(&mut self, msg: usize, taken: &mut Vec<usize>, batch: usize) -> bool {
        if self.receive_count[msg] >= self.config.max_receive_count {
            self.dead_letter(msg);
            return false;
        }
        taken.push(msg);
        taken.len() >= batch
    }

    /// The messages a receive of consumer `c` gets now (up to `batch`), moving the ones past
    /// `maxReceiveCount` to the DLQ as it meets them.
    fn receive_batch(&mut self) -> Vec<usize> {
        let now = self.core.now.as_us();
        let batch = self.config.batch.clamp(1, 10) as usize;
        if !self.config.fifo {
            // A standard queue: the oldest visible messages, met from the front.
            let mut taken: Vec<usize> = Vec::new();
            while let Some(msg) = self
                .source
                .iter()
                .copied()
                .find(|&m| self.visible_at_us[m] <= now && !taken.contains(&m))
            {
                if self.take(msg, &mut taken, batch) {
                    break;
                }
            }
            return taken;
        }
        let mut order: Vec<usize> = self.source.iter().copied().collect();
        {
            // "FIFO queue delivery logic in Amazon SQS": a receive "attempts to return as many
            // messages with the same message group ID as possible in a single call": each
            // group's messages together, the groups in the order their first message stands.
            let mut first_at: std::collections::BTreeMap<usize, usize> = Default::default();
            for (pos, &m) in order.iter().enumerate() {
                first_at.entry(self.group[m]).or_insert(pos);
            }
            order.sort_by_key(|&m| first_at[&self.group[m]]);
        }
        let mut blocked: BTreeSet<usize> = BTreeSet::new();
        let mut taken = Vec::new();
        for msg in order {
            let group = self.group[msg];
            // "FIFO queue delivery logic in Amazon SQS": a group's messages come in order, and
            // later requests get none of a group while its received messages are neither
            // deleted nor visible again.
            if blocked.contains(&group) {
                continue;
            }
            if self.visible_at_us[msg] > now {
                blocked.insert(group);
                continue;
            }
            if self.take(msg, &mut taken, batch) {
                break;
            }
        }
        taken
    }

    /// Every free consumer receives what it can: a long-polling one at once, a short-polling
    /// one at its next poll.
    fn poll(&mut self) {
        for c in 0..self.busy.len() {
            if self.busy[c] || self.sleeping(c) {
                continue;
            }
            if !self.receive_for(c) {
                self.empty_receive(c);
                break;
            }
        }
        self.plan_ticks();
    }

    /// Consumer `c` receives a batch; false when there was nothing to receive.
    fn receive_for(&mut self, c: usize) -> bool {
        let batch = self.receive_batch();
        if batch.is_empty() {
            return false;
        }
        {
            self.busy[c] = true;
            let now = self.core.now.as_us();
            let process_us = self.core.process_us();
            let visibility_us = self.config.visibility_timeout_ms.saturating_mul(1000);
            let last = batch.len() - 1;
            for (k, &msg) in batch.iter().enumerate() {
                self.receive_count[msg] += 1;
                self.receipt[msg] += 1;
                self.received_at_us[msg] = now;
                self.holder[msg] = Some(c);
                let attempt = self.receive_count[msg];
                let receipt = self.receipt[msg];
                // The visibility timeout of every message of the batch runs from the receive.
                self.visible_at_us[msg] = now.saturating_add(visibility_us);
                self.record(msg, SOURCE, SysEventKind::Received { attempt });
                let done_us = now.saturating_add(process_us.saturating_mul(k as u64 + 1));
                self.core.at(
                    SimTime(done_us),
                    Happening::Finished { consumer: c, msg, receipt, attempt, last: k == last },
                );
                self.core.at(SimTime(self.visible_at_us[msg]), Happening::Visible(msg, receipt));
                if let Some(ms) = self.config.heartbeat_ms {
                    self.core.at(SimTime(now).plus_ms(ms), Happening::Heartbeat { msg, receipt });
                }
            }
        }
        true
    }

    /// Whether `receipt` is still the message's receipt handle in the source queue, and not
    /// expired: a FIFO queue's handle expires with the visibility timeout (AWS Knowledge
    /// Center, "sqs-receipt-handle-error": "The receipt handle expires after the visibility
    /// timeout period"; "earlier receipt handles might succeed with standard queues").
    fn handle_valid(&self, msg: usize, receipt: u64) -> bool {
        self.at[msg] == At::Source
            && self.receipt[msg] == receipt
            && (!self.config.fifo || self.core.now.as_us() < self.visible_at_us[msg])
    }

    /// `ChangeMessageVisibility` with the message's receipt: hidden for `timeout_us` from now,
    /// when the handle is valid and the 12-hour limit allows it.
    fn change_visibility(&mut self, msg: usize, receipt: u64, timeout_us: u64) -> bool {
        let until_us = self.core.now.as_us().saturating_add(timeout_us);
        if !self.handle_valid(msg, receipt)
            || until_us > self.received_at_us[msg].saturating_add(MAX_HIDDEN_US)
        {
            return false;
        }
        self.visible_at_us[msg] = until_us;
        self.core.at(SimTime(until_us), Happening::Visible(msg, receipt));
        true
    }

    fn heartbeat(&mut self, msg: usize, receipt: u64) {
        if self.holder[msg].is_none() || self.receipt[msg] != receipt {
            return;
        }
        let timeout_us = self.config.visibility_timeout_ms.saturating_mul(1000);
        if self.change_visibility(msg, receipt, timeout_us) {
            if let Some(ms) = self.config.heartbeat_ms {
                let next_us = self.core.now.as_us().saturating_add(ms * 1000);
                self.core.at(SimTime(next_us), Happening::Heartbeat { msg, receipt });
            }
        }
    }

    fn finished(&mut self, c: usize, msg: usize, receipt: u64, attempt: u32, last: bool) {
        if last {
            if let Some(b) = self.busy.get_mut(c) {
                *b = false;
            }
        }
        let latest = self.at[msg] == At::Source && self.receipt[msg] == receipt;
        if latest {
            self.holder[msg] = None;
        }
        let tried = self.consumer.attempt(&self.workload, msg, self.core.now.as_us());
        self.record(msg, SOURCE, tried.event(attempt));
        match tried {
            Attempt::Done { .. } => {
                // DeleteMessage: with the latest, unexpired handle it deletes; with an old one
                // "the request will succeed, but the message might not be deleted".
                let deletes = self.handle_valid(msg, receipt)
                    || (self.config.stale_delete == StaleDelete::Deletes
                        && self.at[msg] == At::Source);
                if deletes {
                    self.leave(msg);
                    self.at[msg] = At::Gone(Gone::Deleted);
                }
            }
            Attempt::Failed { reason, permanent, .. } => {
                self.reason[msg] = reason.clone();
                if permanent && self.workload.route_permanent_directly && self.at[msg] == At::Source
                {
                    // The consumer sends it to the DLQ itself (a new message there), then deletes it.
                    self.leave(msg);
                    let from = self.names[SOURCE].clone();
                    self.record(msg, DLQ, SysEventKind::DeadLettered { from, reason });
                    self.enter(msg, At::Dlq, self.core.now.as_us(), 0);
                } else if latest {
                    self.after_failure(msg, receipt);
                }
            }
        }
        self.poll();
    }

    /// What the consumer does with its receipt after a failed attempt.
    fn after_failure(&mut self, msg: usize, receipt: u64) {
        let step_ms = match self.config.on_failure {
            OnFailure::Wait => None,
            OnFailure::Release => Some(0),
            OnFailure::Ladder => {
                let n = (self.receive_count[msg] as usize).saturating_sub(1);
                self.config.ladder_ms.get(n).or(self.config.ladder_ms.last()).copied()
            }
        };
        if let Some(ms) = step_ms {
            self.change_visibility(msg, receipt, ms.saturating_mul(1000));
        }
        if self.visible_at_us[msg] > self.core.now.as_us() {
            let until_us = self.visible_at_us[msg];
            self.record(msg, SOURCE, SysEventKind::Waiting { until_us, why: Wait::Visibility });
        }
    }
}

impl Driven for Sqs {
    type Happening = Happening;
    fn core(&self) -> &Core<Happening> {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core<Happening> {
        &mut self.core
    }
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Send(msg) => {
                self.record(msg, SOURCE, SysEventKind::Published);
                if !self.accepts_send(msg) {
                    return;
                }
                // SendMessage's own DelaySeconds replaces the queue's.
                let id = &self.workload.messages[msg].id;
                let delay_ms =
                    self.config.message_delays_ms.get(id).copied().unwrap_or(self.config.delay_ms);
                self.enter(msg, At::Source, self.core.now.as_us(), delay_ms.saturating_mul(1000));
                self.poll();
            }
            Happening::Visible(msg, receipt) => {
                if self.at[msg] == At::Source && self.receipt[msg] == receipt {
                    self.poll();
                }
            }
            Happening::Finished { consumer, msg, receipt, attempt, last } => {
                self.finished(consumer, msg, receipt, attempt, last)
            }
            Happening::Heartbeat { msg, receipt } => self.heartbeat(msg, receipt),
            Happening::Expire(msg, stay) => self.expire(msg, stay),
            Happening::Operator(i) => self.operator(i),
            Happening::Move { task, msg } => self.move_one(task, msg),
            Happening::Tick { consumer, at_us } => self.tick(consumer, at_us),
        }
    }

    /// Each message's end by where the queues hold it.
    fn stored_ends(&self) -> Vec<Fate> {
        (0..self.at.len())
            .map(|msg| match self.at[msg] {
                At::Nowhere => Fate::InFlight,
                At::Source if self.consumer.handled(msg) => Fate::Completed,
                At::Source => Fate::InFlight,
                At::Dlq => Fate::DeadLettered,
                At::Gone(Gone::Deleted) => Fate::Completed,
                At::Gone(Gone::Skipped) => Fate::Skipped,
                At::Gone(Gone::Expired | Gone::Deduplicated) => Fate::Lost,
            })
            .collect()
    }
}
