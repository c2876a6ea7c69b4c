//! Amazon SQS with a redrive policy: a standard queue whose consumers long-poll; a receive
//! hides the message for the visibility timeout and adds one to its receive count; a failed
//! message simply reappears when the timeout ends; a receive that finds a message already
//! received `maxReceiveCount` times moves it to the dead-letter queue instead. A delete only
//! works with the latest receipt handle, so a message whose handling outlasts its visibility
//! timeout is handled twice. Retention counts from the original enqueue time, also in the
//! DLQ (standard queues keep the timestamp when they move a message). The operator's replay
//! is a redrive (the message is sent to the source again), skip deletes it from the DLQ.
//!
//! Follows the SQS Developer Guide: "Using dead-letter queues", "Visibility timeout",
//! `DeleteMessage` (receipt handles) and `StartMessageMoveTask`.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::consumer::{Attempt, Consumer};
use super::driven::{driven_system, Core};
use super::trace::{Loss, Place, Role, SysEventKind, Wait};
use super::workload::{OperatorKind, Workload, WorkloadError, MAX_HORIZON_MS};

/// The source queue, its redrive policy and the DLQ's retention.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SqsConfig {
    pub queue: String,
    /// `VisibilityTimeout`, in ms.
    pub visibility_timeout_ms: u64,
    /// The redrive policy's `maxReceiveCount`.
    pub max_receive_count: u32,
    /// The source queue's `MessageRetentionPeriod`, in ms (4 days by default).
    pub retention_ms: u64,
    /// The DLQ's `MessageRetentionPeriod`, in ms (14 days, as the seed sets it).
    pub dlq_retention_ms: u64,
    /// Consumers long-polling the source queue.
    pub consumers: u32,
}

impl Default for SqsConfig {
    fn default() -> Self {
        SqsConfig {
            queue: "main-queue".into(),
            visibility_timeout_ms: 30_000,
            max_receive_count: 5,
            retention_ms: 4 * 24 * 3_600_000,
            dlq_retention_ms: 14 * 24 * 3_600_000,
            consumers: 1,
        }
    }
}

impl SqsConfig {
    /// Checks the settings; the error names the field (`systems.sqs.…`).
    pub fn check(&self) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: &str| {
            Err(WorkloadError::Setting {
                field: format!("systems.sqs.{field}"),
                problem: problem.into(),
            })
        };
        if self.queue.is_empty() {
            return bad("queue", "give the queue a name");
        }
        if self.visibility_timeout_ms > 12 * 3_600_000 {
            return bad("visibility_timeout_ms", "SQS allows 0 to 12 hours");
        }
        if !(1..=1000).contains(&self.max_receive_count) {
            return bad("max_receive_count", "SQS allows 1 to 1000");
        }
        if self.retention_ms == 0
            || self.retention_ms > MAX_HORIZON_MS
            || self.dlq_retention_ms == 0
            || self.dlq_retention_ms > MAX_HORIZON_MS
        {
            return bad("retention_ms", "use 1 ms to 30 days for both queues");
        }
        if !(1..=64).contains(&self.consumers) {
            return bad("consumers", "use 1 to 64");
        }
        Ok(())
    }
}

/// Where a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    Nowhere,
    Source,
    Dlq,
    Gone,
}

enum Happening {
    Send(usize),
    /// A visibility timeout ends (the receipt it belongs to).
    Visible(usize, u64),
    /// A consumer has finished with the message it received (with this receipt).
    Finished {
        consumer: usize,
        msg: usize,
        receipt: u64,
        attempt: u32,
    },
    /// The retention period of the message's current stay ends (stay number).
    Expire(usize, u64),
    Operator(usize),
}

/// SQS with a DLQ on the virtual clock.
pub struct Sqs {
    config: SqsConfig,
    workload: Workload,
    consumer: Consumer,
    core: Core<Happening>,
    /// The source queue's messages, oldest first.
    source: VecDeque<usize>,
    at: Vec<At>,
    visible_at_us: Vec<u64>,
    receive_count: Vec<u32>,
    receipt: Vec<u64>,
    enqueued_at_us: Vec<u64>,
    stay: Vec<u64>,
    reason: Vec<String>,
    busy: Vec<bool>,
    names: [String; 2],
}

impl Sqs {
    /// The queues and consumers, with the sends and the operator's actions scheduled.
    pub fn new(config: SqsConfig, workload: Workload) -> Sqs {
        let names = [config.queue.clone(), format!("{}-dlq", config.queue)];
        let places = vec![
            Place { name: names[0].clone(), role: Role::Main },
            Place { name: names[1].clone(), role: Role::DeadLetter },
        ];
        let n = workload.messages.len();
        let consumers = config.consumers.clamp(1, 64) as usize;
        Sqs {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Send, Happening::Operator),
            config,
            workload,
            source: VecDeque::new(),
            at: vec![At::Nowhere; n],
            visible_at_us: vec![0; n],
            receive_count: vec![0; n],
            receipt: vec![0; n],
            enqueued_at_us: vec![0; n],
            stay: vec![0; n],
            reason: vec![String::new(); n],
            busy: vec![false; consumers],
            names,
        }
    }

    fn record(&mut self, msg: usize, place: usize, kind: SysEventKind) {
        let name = self.names[place].clone();
        self.core.record(msg, &name, kind);
    }

    /// A new stay of `msg` in `place`, expiring `retention_ms` after `enqueued_at_us`.
    fn enter(&mut self, msg: usize, place: At, enqueued_at_us: u64) {
        self.at[msg] = place;
        self.stay[msg] += 1;
        self.enqueued_at_us[msg] = enqueued_at_us;
        let retention_ms =
            if place == At::Dlq { self.config.dlq_retention_ms } else { self.config.retention_ms };
        let expires_us = enqueued_at_us.saturating_add(retention_ms.saturating_mul(1000));
        self.core.at(expires_us, Happening::Expire(msg, self.stay[msg]));
        if place == At::Source {
            self.source.push_back(msg);
            self.visible_at_us[msg] = self.core.now_us;
            self.receive_count[msg] = 0;
        }
    }

    fn leave_source(&mut self, msg: usize) {
        self.source.retain(|&m| m != msg);
    }

    /// Every free consumer receives the next visible message (moving the ones past
    /// `maxReceiveCount` to the DLQ as it meets them).
    fn poll(&mut self) {
        for c in 0..self.busy.len() {
            if self.busy[c] {
                continue;
            }
            loop {
                let Some(msg) = self
                    .source
                    .iter()
                    .copied()
                    .find(|&m| self.visible_at_us[m] <= self.core.now_us)
                else {
                    return;
                };
                if self.receive_count[msg] >= self.config.max_receive_count {
                    self.leave_source(msg);
                    let reason = self.reason[msg].clone();
                    self.record(
                        msg,
                        1,
                        SysEventKind::DeadLettered { from: self.names[0].clone(), reason },
                    );
                    let original = self.enqueued_at_us[msg];
                    self.enter(msg, At::Dlq, original);
                    continue;
                }
                self.receive_count[msg] += 1;
                self.receipt[msg] += 1;
                let attempt = self.receive_count[msg];
                let visible_us = self
                    .core
                    .now_us
                    .saturating_add(self.config.visibility_timeout_ms.saturating_mul(1000));
                self.visible_at_us[msg] = visible_us;
                self.busy[c] = true;
                self.record(msg, 0, SysEventKind::Received { attempt });
                self.core.after_processing(Happening::Finished {
                    consumer: c,
                    msg,
                    receipt: self.receipt[msg],
                    attempt,
                });
                self.core.at(visible_us, Happening::Visible(msg, self.receipt[msg]));
                break;
            }
        }
    }

    fn finished(&mut self, c: usize, msg: usize, receipt: u64, attempt: u32) {
        if let Some(b) = self.busy.get_mut(c) {
            *b = false;
        }
        let latest = self.at[msg] == At::Source && self.receipt[msg] == receipt;
        match self.consumer.attempt(&self.workload, msg, self.core.now_us) {
            Attempt::Done { effect } => {
                self.record(msg, 0, SysEventKind::Succeeded { attempt, effect });
                // DeleteMessage with a stale receipt handle succeeds but deletes nothing.
                if latest {
                    self.leave_source(msg);
                    self.at[msg] = At::Gone;
                }
            }
            Attempt::Failed { reason, permanent, effect_applied } => {
                self.record(
                    msg,
                    0,
                    SysEventKind::Failed {
                        attempt,
                        reason: reason.clone(),
                        permanent,
                        effect_applied,
                    },
                );
                self.reason[msg] = reason.clone();
                if permanent && self.workload.route_permanent_directly && self.at[msg] == At::Source
                {
                    // The consumer sends it to the DLQ itself (a new message there), then deletes it.
                    self.leave_source(msg);
                    self.record(
                        msg,
                        1,
                        SysEventKind::DeadLettered { from: self.names[0].clone(), reason },
                    );
                    self.enter(msg, At::Dlq, self.core.now_us);
                } else if latest && self.visible_at_us[msg] > self.core.now_us {
                    let until_us = self.visible_at_us[msg];
                    self.record(msg, 0, SysEventKind::Waiting { until_us, why: Wait::Visibility });
                }
            }
        }
        self.poll();
    }

    fn operator(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        for msg in 0..self.workload.messages.len() {
            if self.at[msg] != At::Dlq
                || !a.select.picks(&self.workload.messages[msg].id, &self.reason[msg])
            {
                continue;
            }
            self.record(msg, 1, SysEventKind::Operator { action: a.kind, note: a.note.clone() });
            match a.kind {
                OperatorKind::Replay => {
                    self.record(msg, 0, SysEventKind::Moved { from: self.names[1].clone() });
                    self.enter(msg, At::Source, self.core.now_us);
                }
                OperatorKind::Skip => self.at[msg] = At::Gone,
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
        self.poll();
    }
}

impl Sqs {
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Send(msg) => {
                self.record(msg, 0, SysEventKind::Published);
                self.enter(msg, At::Source, self.core.now_us);
                self.poll();
            }
            Happening::Visible(msg, receipt) => {
                if self.at[msg] == At::Source && self.receipt[msg] == receipt {
                    self.poll();
                }
            }
            Happening::Finished { consumer, msg, receipt, attempt } => {
                self.finished(consumer, msg, receipt, attempt)
            }
            Happening::Expire(msg, stay) => {
                if self.stay[msg] == stay && matches!(self.at[msg], At::Source | At::Dlq) {
                    let place = if self.at[msg] == At::Dlq { 1 } else { 0 };
                    self.leave_source(msg);
                    self.at[msg] = At::Gone;
                    self.record(msg, place, SysEventKind::Lost { why: Loss::RetentionExpired });
                }
            }
            Happening::Operator(i) => self.operator(i),
        }
    }
}

driven_system!(Sqs);
