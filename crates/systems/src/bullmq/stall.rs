//! Locks and stalled jobs: a worker holds a lock on each active job for `lockDuration` and
//! renews it every `lockDuration / 2` from a timer; a handler that blocks the event loop (CPU
//! work with no `await`) keeps that timer from firing, so a handling longer than the lock
//! loses it: BullMQ refuses to finish the job ("Missing lock"), whatever the handler did, and
//! the job stays in the active list. The stalled-job checker, every `stalledInterval` on the
//! worker's own timer (late when the loop is blocked), puts an active job without a lock that
//! it saw active at its previous run back at the front of the wait list, counting the stall;
//! past `maxStalledCount` the job fails when it is next fetched, without running: "job stalled
//! more than allowable limit".
//!
//! Sources, in the pinned bullmq 6.2.0 package (scripts/bullmq/node_modules/bullmq/dist/cjs):
//! `classes/worker.js` l. 39 (defaults: lockDuration 30 000, stalledInterval 30 000,
//! maxStalledCount 1), l. 68-69 (lockRenewTime = lockDuration / 2), l. 795-827 (the checker
//! runs once when the worker starts, then `stalledInterval` after each run ends), l. 566 and
//! 599-602 (a job with a deferred failure fails at fetch, unprocessed);
//! `commands/moveStalledJobsToWait-9.lua` l. 54-118 (the jobs of the previous run's `stalled`
//! set without a lock go back with `RPUSH`, `stc` counted, `defa` set past the limit; then
//! every active job is added to the set); `scripts/moveToFinished-14.js` l. 47 (-2: missing
//! lock). The checker's first run, at the worker's start, finds nothing active, so the model
//! starts its timer at 0 and runs it first at `stalledInterval`.

use super::{BullMq, Happening, JobState};
use crate::engine::SimTime;
use crate::systems::trace::{Refusal, SysEventKind};

/// The reason BullMQ fails a job that stalled too often.
pub const STALLED_TOO_OFTEN: &str = "job stalled more than allowable limit";

/// Each job's lock and stall bookkeeping, and the checker's.
#[derive(Debug, Default)]
pub struct Stalls {
    /// Whether the job is in the `active` list (handled now, or left there by a lost lock).
    pub(super) in_active: Vec<bool>,
    /// When its lock expires, in µs.
    pub(super) lock_until_us: Vec<u64>,
    /// `stc`: how often it stalled.
    pub(super) count: Vec<u32>,
    /// `defa`: it fails at its next fetch.
    pub(super) deferred: Vec<bool>,
    /// The `stalled` set: the jobs the last check saw active.
    pub(super) seen: Vec<usize>,
    /// Until when the blocking handler holds the event loop, in µs.
    pub(super) blocked_until_us: Option<u64>,
    /// A check fell due while the loop was blocked: it runs when the handler returns.
    pub(super) check_due: bool,
}

impl Stalls {
    /// Bookkeeping for `n` jobs.
    pub fn new(n: usize) -> Stalls {
        Stalls {
            in_active: vec![false; n],
            lock_until_us: vec![0; n],
            count: vec![0; n],
            deferred: vec![false; n],
            ..Stalls::default()
        }
    }
}

impl BullMq {
    /// Whether the model tracks locks: only a blocking handler can lose one (an async handler's
    /// lock is renewed every `lockDuration / 2`).
    pub(super) fn tracks_locks(&self) -> bool {
        self.config.blocking_handler
    }

    /// The job is fetched: it is active, locked for `lockDuration`, and (blocking) holds the
    /// event loop for the handling time.
    pub(super) fn lock(&mut self, msg: usize) {
        if !self.tracks_locks() {
            return;
        }
        let now = self.core.now.as_us();
        self.stalls.in_active[msg] = true;
        self.stalls.lock_until_us[msg] =
            now.saturating_add(self.config.lock_duration_ms.saturating_mul(1000));
        self.stalls.blocked_until_us = Some(now.saturating_add(self.core.process_us()));
    }

    /// The handler returned: whether BullMQ accepts its result (the lock still holds). When it
    /// does not, the job stays active and the refusal is recorded.
    pub(super) fn finish_allowed(&mut self, msg: usize) -> bool {
        if !self.tracks_locks() {
            return true;
        }
        self.stalls.blocked_until_us = None;
        if self.core.now.as_us() < self.stalls.lock_until_us[msg] {
            self.stalls.in_active[msg] = false;
            return true;
        }
        self.record(msg, 0, SysEventKind::Refused { why: Refusal::LockExpired });
        false
    }

    /// A fetched job with a deferred failure fails at once, unprocessed (an
    /// `UnrecoverableError`); true when that happened.
    pub(super) fn fail_deferred(&mut self, msg: usize) -> bool {
        if !self.tracks_locks() || !self.stalls.deferred[msg] {
            return false;
        }
        self.stalls.deferred[msg] = false;
        self.stalls.in_active[msg] = false;
        let attempt = self.attempts_made[msg] + 1;
        self.attempts_made[msg] = attempt;
        self.reason[msg] = STALLED_TOO_OFTEN.to_string();
        let failed = SysEventKind::Failed {
            attempt,
            reason: STALLED_TOO_OFTEN.to_string(),
            permanent: true,
            effect_applied: false,
        };
        self.record(msg, 0, failed);
        self.finish(msg, true);
        true
    }

    /// The checker's timer fires: it runs now, or when a blocking handler returns.
    pub(super) fn check_timer(&mut self) {
        if self.stalls.blocked_until_us.is_some() {
            self.stalls.check_due = true;
            return;
        }
        self.check();
    }

    /// A check that fell due during a blocking handler runs once the handler has returned.
    pub(super) fn check_if_due(&mut self) {
        if std::mem::take(&mut self.stalls.check_due) {
            self.check();
        }
    }

    /// `moveStalledJobsToWait`, then the timer for the next run.
    fn check(&mut self) {
        let now = self.core.now.as_us();
        let seen = std::mem::take(&mut self.stalls.seen);
        for msg in seen {
            if !self.stalls.in_active[msg] || now < self.stalls.lock_until_us[msg] {
                continue;
            }
            self.stalls.in_active[msg] = false;
            self.stalls.count[msg] += 1;
            let count = self.stalls.count[msg];
            if count > self.config.max_stalled_count {
                self.stalls.deferred[msg] = true;
            }
            self.record(msg, 0, SysEventKind::Stalled { count });
            self.state[msg] = JobState::Waiting;
            self.wait.push_front(msg);
        }
        self.stalls.seen =
            (0..self.stalls.in_active.len()).filter(|&m| self.stalls.in_active[m]).collect();
        let next_us = now.saturating_add(self.config.stalled_interval_ms.saturating_mul(1000));
        self.core.at(SimTime(next_us), Happening::Check);
        self.fetch();
    }
}
