//! BullMQ: a queue of jobs, a worker with a concurrency, `attempts` with a fixed or exponential
//! `backoff` (`2^(attemptsMade − 1) × delay`), a failed job waiting in the delayed set and then
//! at the back of the wait list, `UnrecoverableError` failing at once, and the failed set where
//! a job stays after its last attempt (or is deleted with `removeOnFail`). The operator's
//! replay is `job.retry()`, which keeps `attemptsMade` unless `resetAttemptsMade` is set, skip
//! is `job.remove()`, and edit is `job.updateData()`.
//!
//! Follows docs.bullmq.io: guide/retrying-failing-jobs (attempts, built-in back-off),
//! patterns/stop-retrying-jobs (UnrecoverableError), and the RetryOptions of `Job.retry`.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::consumer::{Attempt, Consumer};
use super::driven::{driven_system, Core};
use super::trace::{Loss, Place, Role, SysEventKind, Wait};
use super::workload::{OperatorKind, Workload, WorkloadError, MAX_HORIZON_MS};

/// The built-in back-off functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backoff {
    /// The same delay before every retry.
    Fixed,
    /// `2^(attemptsMade − 1) × delay`: delay, 2 × delay, 4 × delay, …
    Exponential,
}

/// The queue's job options and the worker's concurrency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BullMqConfig {
    pub queue: String,
    /// `attempts`: tries in all, the first included.
    pub attempts: u32,
    /// `backoff.type`.
    pub backoff: Backoff,
    /// `backoff.delay`, in ms.
    pub delay_ms: u64,
    /// Jobs the worker handles at once.
    pub concurrency: u32,
    /// `removeOnFail`: delete a job that failed for good instead of keeping it.
    pub remove_on_fail: bool,
    /// `job.retry({ resetAttemptsMade: true })` for the operator's replay.
    pub retry_resets_attempts: bool,
}

impl Default for BullMqConfig {
    fn default() -> Self {
        BullMqConfig {
            queue: "main".into(),
            attempts: 5,
            backoff: Backoff::Exponential,
            delay_ms: 1_000,
            concurrency: 1,
            remove_on_fail: false,
            retry_resets_attempts: false,
        }
    }
}

impl BullMqConfig {
    /// Checks the settings; the error names the field (`systems.bullmq.…`).
    pub fn check(&self) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: &str| {
            Err(WorkloadError::Setting {
                field: format!("systems.bullmq.{field}"),
                problem: problem.into(),
            })
        };
        if self.queue.is_empty() {
            return bad("queue", "give the queue a name");
        }
        if self.attempts == 0 {
            return bad("attempts", "a job needs at least 1 attempt");
        }
        if self.delay_ms > MAX_HORIZON_MS {
            return bad("delay_ms", "use at most 30 days");
        }
        if !(1..=64).contains(&self.concurrency) {
            return bad("concurrency", "use 1 to 64");
        }
        Ok(())
    }

    /// The wait before the retry that follows `attempts_made` failed attempts, in µs.
    pub fn backoff_us(&self, attempts_made: u32) -> u64 {
        let ms = match self.backoff {
            Backoff::Fixed => self.delay_ms,
            Backoff::Exponential => {
                let factor =
                    1u64.checked_shl(attempts_made.saturating_sub(1).min(40)).unwrap_or(u64::MAX);
                self.delay_ms.saturating_mul(factor)
            }
        };
        ms.min(MAX_HORIZON_MS).saturating_mul(1000)
    }
}

enum Happening {
    Add(usize),
    Done(usize),
    Promote(usize),
    Operator(usize),
}

/// BullMQ on the virtual clock.
pub struct BullMq {
    config: BullMqConfig,
    workload: Workload,
    consumer: Consumer,
    core: Core<Happening>,
    wait: VecDeque<usize>,
    active: usize,
    attempts_made: Vec<u32>,
    in_failed: Vec<bool>,
    reason: Vec<String>,
    names: [String; 3],
}

impl BullMq {
    /// The queue and its worker, with the jobs' additions and the operator's actions scheduled.
    pub fn new(config: BullMqConfig, workload: Workload) -> BullMq {
        let q = &config.queue;
        let names = [q.clone(), format!("{q}:delayed"), format!("{q}:failed")];
        let places = vec![
            Place { name: names[0].clone(), role: Role::Main },
            Place { name: names[1].clone(), role: Role::Retry },
            Place { name: names[2].clone(), role: Role::DeadLetter },
        ];
        let n = workload.messages.len();
        BullMq {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Add, Happening::Operator),
            config,
            workload,
            wait: VecDeque::new(),
            active: 0,
            attempts_made: vec![0; n],
            in_failed: vec![false; n],
            reason: vec![String::new(); n],
            names,
        }
    }

    fn record(&mut self, msg: usize, place: usize, kind: SysEventKind) {
        let name = self.names[place].clone();
        self.core.record(msg, &name, kind);
    }

    /// The worker takes jobs from the wait list while it has free slots.
    fn work(&mut self) {
        while self.active < self.config.concurrency as usize {
            let Some(msg) = self.wait.pop_front() else { return };
            self.active += 1;
            self.record(msg, 0, SysEventKind::Received { attempt: self.attempts_made[msg] + 1 });
            self.core.after_processing(Happening::Done(msg));
        }
    }

    fn done(&mut self, msg: usize) {
        self.active = self.active.saturating_sub(1);
        let attempt = self.attempts_made[msg] + 1;
        match self.consumer.attempt(&self.workload, msg, self.core.now_us) {
            Attempt::Done { effect } => {
                self.record(msg, 0, SysEventKind::Succeeded { attempt, effect })
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
                self.attempts_made[msg] = attempt;
                self.reason[msg] = reason.clone();
                let unrecoverable = permanent && self.workload.route_permanent_directly;
                if unrecoverable || attempt >= self.config.attempts {
                    if self.config.remove_on_fail {
                        self.record(msg, 2, SysEventKind::Lost { why: Loss::Removed });
                    } else {
                        self.in_failed[msg] = true;
                        self.record(
                            msg,
                            2,
                            SysEventKind::DeadLettered { from: self.names[0].clone(), reason },
                        );
                    }
                } else {
                    let wait_us = self.config.backoff_us(attempt);
                    let until_us = self.core.now_us.saturating_add(wait_us);
                    self.record(msg, 1, SysEventKind::Moved { from: self.names[0].clone() });
                    self.record(msg, 1, SysEventKind::Waiting { until_us, why: Wait::Backoff });
                    self.core.at(until_us, Happening::Promote(msg));
                }
            }
        }
        self.work();
    }

    fn operator(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        for msg in 0..self.workload.messages.len() {
            if !self.in_failed[msg]
                || !a.select.picks(&self.workload.messages[msg].id, &self.reason[msg])
            {
                continue;
            }
            self.record(msg, 2, SysEventKind::Operator { action: a.kind, note: a.note.clone() });
            match a.kind {
                OperatorKind::Replay => {
                    self.in_failed[msg] = false;
                    if self.config.retry_resets_attempts {
                        self.attempts_made[msg] = 0;
                    }
                    self.record(msg, 0, SysEventKind::Moved { from: self.names[2].clone() });
                    self.wait.push_back(msg);
                }
                OperatorKind::Skip => self.in_failed[msg] = false,
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
        self.work();
    }
}

impl BullMq {
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Add(msg) => {
                self.record(msg, 0, SysEventKind::Published);
                self.wait.push_back(msg);
                self.work();
            }
            Happening::Done(msg) => self.done(msg),
            Happening::Promote(msg) => {
                self.record(msg, 0, SysEventKind::Moved { from: self.names[1].clone() });
                self.wait.push_back(msg);
                self.work();
            }
            Happening::Operator(i) => self.operator(i),
        }
    }
}

driven_system!(BullMq);
