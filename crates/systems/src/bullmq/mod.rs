//! BullMQ: a queue of jobs, a worker with a concurrency, `attempts` with a fixed or exponential
//! `backoff` (`2^(attemptsMade − 1) × delay`), a failed job waiting in the delayed set and then
//! at the back of the wait list, `UnrecoverableError` failing at once, and the failed set where
//! a job stays after its last attempt (or is deleted with `removeOnFail`). The operator's
//! replay is `job.retry()`, which keeps `attemptsMade` unless `resetAttemptsMade` is set, skip
//! is `job.remove()`, and edit is `job.updateData()`.
//!
//! Follows docs.bullmq.io: guide/retrying-failing-jobs (attempts, built-in back-off),
//! patterns/stop-retrying-jobs (UnrecoverableError), and the RetryOptions of `Job.retry`;
//! the rules cited by file and line come from taskforcesh/bullmq 6.2.0 (the version
//! scripts/bullmq-check.sh runs).
//!
//! Promotion is lazy: a job whose back-off has ended stays in the delayed set until a worker
//! fetches its next job, which first moves every due delayed job to the back of the wait list
//! (`promoteDelayedJobs` in `moveToActive` and in the fetch that follows `moveToFinished` and
//! `moveToDelayed`). A busy worker fetches when one of its jobs ends; an idle one blocks on the
//! queue's marker until a job is added or the next delayed job is due.

pub mod keep;
pub mod live;
pub mod retry_backoff;
pub mod seed_alerts;
pub mod stall;

use crate::engine::SimTime;
use std::collections::{BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

pub use keep::KeepJobs;
pub use retry_backoff::Backoff;
use retry_backoff::Next;
use stall::Stalls;

use super::consumer::{Attempt, Consumer};
use super::driven::{Core, Driven};
use super::metrics::Fate;
use super::trace::{Loss, Place, Role, SysEventKind, Wait};
use super::workload::{OperatorKind, Workload, WorkloadError, MAX_HORIZON_MS};

/// The queue's job options and the worker's concurrency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BullMqConfig {
    pub queue: String,
    /// `attempts`: tries in all, the first included.
    pub attempts: u32,
    /// `backoff.type`.
    pub backoff: Backoff,
    /// `backoff.delay`, in ms.
    pub delay_ms: u64,
    /// `backoff.jitter` (0 to 1): a built-in delay is drawn between `(1 − jitter) × delay`
    /// and the delay (seeded by the workload's `seed`).
    pub jitter: f64,
    /// The ladder of [`Backoff::Custom`], in ms; -1 ends the retries.
    pub custom_delays_ms: Vec<i64>,
    /// Jobs each worker handles at once.
    pub concurrency: u32,
    /// Workers on the queue, each with `concurrency` slots (the model pools their slots and
    /// lets any free one fetch).
    pub workers: u32,
    /// `removeOnFail`: `true` deletes a job that failed for good, a count or `{age_s, count}`
    /// bounds the failed set (what is trimmed from it is lost before anyone can replay it).
    pub remove_on_fail: KeepJobs,
    /// `removeOnComplete`: the same for the completed set.
    pub remove_on_complete: KeepJobs,
    /// `job.retry({ resetAttemptsMade: true })` for the operator's replay.
    pub retry_resets_attempts: bool,
    /// The seed's snippet: `attempts` and `backoff` passed to `new Worker`, which has no such
    /// options (src/interfaces/worker-options.ts). The jobs keep the default `attempts: 0`
    /// (src/classes/job.ts l. 200), so their first failure is final.
    pub attempts_on_worker: bool,
    /// The Worker's `lockDuration`, in ms: how long a job's lock lasts unless renewed.
    pub lock_duration_ms: u64,
    /// The Worker's `stalledInterval`, in ms: how often the stalled-job checker runs.
    pub stalled_interval_ms: u64,
    /// The Worker's `maxStalledCount`: stalls a job survives before it fails.
    pub max_stalled_count: u32,
    /// The handler blocks the event loop for the whole handling time (CPU work, no `await`),
    /// so the lock is not renewed while it runs (see [`stall`]).
    pub blocking_handler: bool,
}

impl Default for BullMqConfig {
    fn default() -> Self {
        BullMqConfig {
            queue: "main".into(),
            attempts: 5,
            backoff: Backoff::Exponential,
            delay_ms: 1_000,
            jitter: 0.0,
            custom_delays_ms: Vec::new(),
            concurrency: 1,
            workers: 1,
            remove_on_fail: KeepJobs::default(),
            remove_on_complete: KeepJobs::default(),
            retry_resets_attempts: false,
            attempts_on_worker: false,
            lock_duration_ms: 30_000,
            stalled_interval_ms: 30_000,
            max_stalled_count: 1,
            blocking_handler: false,
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
        if !(1..=16).contains(&self.workers) {
            return bad("workers", "use 1 to 16");
        }
        if !(0.0..=1.0).contains(&self.jitter) {
            return bad("jitter", "BullMQ's jitter is a fraction from 0 to 1");
        }
        if self.backoff == Backoff::Custom && self.custom_delays_ms.is_empty() {
            return bad(
                "custom_delays_ms",
                "give the custom back-off at least one delay, in ms (-1 stops)",
            );
        }
        if self.custom_delays_ms.len() > 100 {
            return bad("custom_delays_ms", "use at most 100 steps");
        }
        if self.custom_delays_ms.iter().any(|&ms| ms < -1 || ms > MAX_HORIZON_MS as i64) {
            return bad("custom_delays_ms", "use -1 (stop retrying) or 0 ms to 30 days per step");
        }
        if !(1..=MAX_HORIZON_MS).contains(&self.lock_duration_ms) {
            return bad("lock_duration_ms", "use 1 ms to 30 days");
        }
        if !(1..=MAX_HORIZON_MS).contains(&self.stalled_interval_ms) {
            return bad("stalled_interval_ms", "use 1 ms to 30 days");
        }
        if self.blocking_handler && (self.concurrency != 1 || self.workers != 1) {
            return bad(
                "blocking_handler",
                "the model runs a handler that blocks the event loop on one worker with concurrency 1 only",
            );
        }
        Ok(())
    }

    /// The attempts a job really gets: `attempts`, or 1 when it was set on the Worker.
    pub fn effective_attempts(&self) -> u32 {
        if self.attempts_on_worker {
            1
        } else {
            self.attempts
        }
    }

    /// The slots of all the workers.
    pub fn slots(&self) -> usize {
        (self.concurrency.clamp(1, 64) * self.workers.clamp(1, 16)) as usize
    }
}

pub(crate) enum Happening {
    Add(usize),
    Done(usize),
    /// The next delayed job is due: an idle worker's block on the marker times out.
    Wake,
    /// The stalled-job checker's timer fires.
    Check,
    Operator(usize),
}

/// Where a job is at the end of a run, as `job.getState()` says it (`Gone`: `unknown`, the
/// job was removed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JobState {
    Waiting,
    Delayed,
    Active,
    Completed,
    Failed,
    #[serde(rename = "unknown")]
    Gone,
}

/// BullMQ on the virtual clock.
pub struct BullMq {
    config: BullMqConfig,
    workload: Workload,
    consumer: Consumer,
    core: Core<Happening>,
    wait: VecDeque<usize>,
    /// The delayed set: (due time in µs, insertion number, job), earliest first.
    delayed: BTreeSet<(u64, u64, usize)>,
    delayed_seq: u64,
    active: usize,
    attempts_made: Vec<u32>,
    /// The failed and completed sets: (job, finish time in µs), oldest first.
    failed: Vec<(usize, u64)>,
    completed: Vec<(usize, u64)>,
    state: Vec<JobState>,
    /// What a removed job had come to: removed from the completed set (completed), from the
    /// failed set (lost) or by the operator (skipped).
    removed_as: Vec<Fate>,
    reason: Vec<String>,
    stalls: Stalls,
    /// The random draws of the back-off's jitter.
    rng: crate::engine::rng::SimRng,
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
        let first_check_us = config.stalled_interval_ms.saturating_mul(1000);
        let seed = workload.seed;
        let mut b = BullMq {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Add, Happening::Operator),
            config,
            workload,
            wait: VecDeque::new(),
            delayed: BTreeSet::new(),
            delayed_seq: 0,
            active: 0,
            attempts_made: vec![0; n],
            failed: Vec::new(),
            completed: Vec::new(),
            state: vec![JobState::Waiting; n],
            removed_as: vec![Fate::InFlight; n],
            reason: vec![String::new(); n],
            stalls: Stalls::new(n),
            rng: crate::engine::rng::SimRng::new(seed ^ 0xB011_3A70),
            names,
        };
        if b.tracks_locks() {
            b.core.at(SimTime(first_check_us), Happening::Check);
        }
        b
    }

    /// Where each job is now (`job.getState()`), in workload order.
    pub fn states(&self) -> &[JobState] {
        &self.state
    }

    fn remove(&mut self, msg: usize, fate: Fate) {
        self.state[msg] = JobState::Gone;
        self.removed_as[msg] = fate;
    }

    fn record(&mut self, msg: usize, place: usize, kind: SysEventKind) {
        let name = self.names[place].clone();
        self.core.record(msg, &name, kind);
    }

    /// `promoteDelayedJobs` (src/commands/includes/promoteDelayedJobs.lua l. 18-30): every job
    /// due by now (`ZRANGEBYSCORE delayed 0 (now+1)·0x1000−1`, earliest due first, ties in the
    /// order they were delayed: includes/getDelayedScore.lua) is `LPUSH`ed onto the wait list,
    /// whose other end the worker pops (`RPOPLPUSH`, moveToActive-11.lua l. 74): the back.
    fn promote(&mut self) {
        let now_us = self.core.now.as_us();
        while let Some(&first) = self.delayed.first() {
            if first.0 > now_us {
                break;
            }
            self.delayed.remove(&first);
            let msg = first.2;
            self.record(msg, 0, SysEventKind::Moved { from: self.names[1].clone() });
            self.state[msg] = JobState::Waiting;
            self.wait.push_back(msg);
        }
    }

    /// A fetch (`fetchNextJob` / `moveToActive`): promote, then take jobs from the front of the
    /// wait list while the worker has free slots.
    fn fetch(&mut self) {
        if self.active >= self.config.slots() {
            return;
        }
        self.promote();
        while self.active < self.config.slots() {
            let Some(msg) = self.wait.pop_front() else { return };
            if self.fail_deferred(msg) {
                continue;
            }
            self.lock(msg);
            self.active += 1;
            self.state[msg] = JobState::Active;
            self.record(msg, 0, SysEventKind::Received { attempt: self.attempts_made[msg] + 1 });
            self.core.after_processing(Happening::Done(msg));
        }
    }

    /// The job joins a finished set, then the set is trimmed (moveToFinished-14.lua l. 169-196).
    fn finish(&mut self, msg: usize, failed: bool) {
        let keep = if failed { self.config.remove_on_fail } else { self.config.remove_on_complete };
        let now_us = self.core.now.as_us();
        if keep.removes_at_once() {
            self.remove(msg, if failed { Fate::Lost } else { Fate::Completed });
            if failed {
                self.record(msg, 2, SysEventKind::Lost { why: Loss::Removed });
            }
            return;
        }
        self.state[msg] = if failed { JobState::Failed } else { JobState::Completed };
        if failed {
            let reason = self.reason[msg].clone();
            self.record(msg, 2, SysEventKind::DeadLettered { from: self.names[0].clone(), reason });
        }
        let set = if failed { &mut self.failed } else { &mut self.completed };
        set.push((msg, now_us));
        for gone in keep.trim(set, now_us) {
            self.remove(gone, if failed { Fate::Lost } else { Fate::Completed });
            if failed {
                self.record(gone, 2, SysEventKind::Lost { why: Loss::Trimmed });
            }
        }
    }

    fn done(&mut self, msg: usize) {
        self.active = self.active.saturating_sub(1);
        let attempt = self.attempts_made[msg] + 1;
        let outcome = self.consumer.attempt(&self.workload, msg, self.core.now.as_us());
        match &outcome {
            Attempt::Done { effect } => {
                self.record(msg, 0, SysEventKind::Succeeded { attempt, effect: *effect })
            }
            Attempt::Failed { reason, permanent, effect_applied } => {
                let failed = SysEventKind::Failed {
                    attempt,
                    reason: reason.clone(),
                    permanent: *permanent,
                    effect_applied: *effect_applied,
                };
                self.record(msg, 0, failed);
            }
        }
        if !self.finish_allowed(msg) {
            // The lock is gone: the result is lost, the job stays active; a check that fell
            // due runs before the worker fetches again.
            self.check_if_due();
            self.fetch();
            return;
        }
        match outcome {
            Attempt::Done { .. } => self.finish(msg, false),
            Attempt::Failed { reason, permanent, .. } => {
                self.attempts_made[msg] = attempt;
                self.reason[msg] = reason;
                // job.ts `shouldRetryJob` (l. 696-705): retry while attemptsMade + 1 < attempts,
                // never after an UnrecoverableError.
                let unrecoverable = permanent && self.workload.route_permanent_directly;
                let next = if unrecoverable || attempt >= self.config.effective_attempts() {
                    Next::Stop
                } else {
                    let c = &self.config;
                    let (b, d, j) = (c.backoff, c.delay_ms, c.jitter);
                    let ladder = &c.custom_delays_ms;
                    retry_backoff::next_wait(
                        b,
                        d,
                        j,
                        ladder,
                        attempt,
                        MAX_HORIZON_MS,
                        &mut self.rng,
                    )
                };
                if let Next::RetryAfterUs(wait_us) = next {
                    if wait_us == 0 {
                        // No delay: `retryJob` pushes it straight back onto the wait list
                        // (job.ts l. 757-771, retryJob-11.lua).
                        self.record(msg, 0, SysEventKind::Moved { from: self.names[0].clone() });
                        self.state[msg] = JobState::Waiting;
                        self.wait.push_back(msg);
                    } else {
                        // `moveToDelayed` (moveToDelayed-12.lua l. 65-75): into the delayed
                        // set; the worker promotes it on a later fetch.
                        let until_us = self.core.now.as_us().saturating_add(wait_us);
                        self.record(msg, 1, SysEventKind::Moved { from: self.names[0].clone() });
                        self.record(msg, 1, SysEventKind::Waiting { until_us, why: Wait::Backoff });
                        self.state[msg] = JobState::Delayed;
                        self.delayed.insert((until_us, self.delayed_seq, msg));
                        self.delayed_seq += 1;
                        self.core.at(SimTime(until_us), Happening::Wake);
                    }
                } else {
                    self.finish(msg, true);
                }
            }
        }
        // moveToFinished fetches the next job in the same script, before a check that fell
        // due while the handler blocked the loop.
        self.fetch();
        self.check_if_due();
    }

    fn operator(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        for msg in 0..self.workload.messages.len() {
            if self.state[msg] != JobState::Failed
                || !a.select.picks(&self.workload.messages[msg].id, &self.reason[msg])
            {
                continue;
            }
            self.record(msg, 2, SysEventKind::Operator { action: a.kind, note: a.note.clone() });
            match a.kind {
                OperatorKind::Replay => {
                    self.failed.retain(|&(m, _)| m != msg);
                    if self.config.retry_resets_attempts {
                        self.attempts_made[msg] = 0;
                    }
                    self.record(msg, 0, SysEventKind::Moved { from: self.names[2].clone() });
                    self.state[msg] = JobState::Waiting;
                    self.wait.push_back(msg);
                }
                OperatorKind::Skip => {
                    self.failed.retain(|&(m, _)| m != msg);
                    self.remove(msg, Fate::Skipped);
                }
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
        self.fetch();
    }
}

impl Driven for BullMq {
    type Happening = Happening;
    fn core(&self) -> &Core<Happening> {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core<Happening> {
        &mut self.core
    }
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Add(msg) => {
                self.record(msg, 0, SysEventKind::Published);
                self.wait.push_back(msg);
                self.fetch();
            }
            Happening::Done(msg) => self.done(msg),
            // Only a worker with a free slot is blocked on the marker; a busy one promotes the
            // job when one of its jobs ends.
            Happening::Wake => self.fetch(),
            Happening::Check => self.check_timer(),
            Happening::Operator(i) => self.operator(i),
        }
    }

    /// Each job's end by its state: waiting, delayed or active is in flight, the completed
    /// and failed sets are completed and dead-lettered, a removed job is what it was removed as.
    fn stored_ends(&self) -> Vec<Fate> {
        (0..self.state.len())
            .map(|msg| match self.state[msg] {
                JobState::Waiting | JobState::Delayed | JobState::Active => Fate::InFlight,
                JobState::Completed => Fate::Completed,
                JobState::Failed => Fate::DeadLettered,
                JobState::Gone => self.removed_as[msg],
            })
            .collect()
    }
}
