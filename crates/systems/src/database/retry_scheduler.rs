//! The retry scheduler of seed 003 (`DlqRetryScheduler`), one or several instances:
//! `@Scheduled(fixedDelay = 10_000)` runs `retryPendingMessages`, which reads
//! `findPendingForRetry(status = "PENDING", nextRetryBefore = now, limit = 100)` and, row by
//! row, `updateStatus(PROCESSING)`, processes the payload, then `updateStatus(COMPLETED)`, or
//! `handleRetryFailure`: `newRetryCount = dlq.retryCount + 1` (the count the query read),
//! FAILED once it reaches `maxRetries`, else `updateForRetry(retryCount, nextRetryAt = now +
//! 5 s × 2^newRetryCount)`.
//!
//! Nothing in that code stops two instances from reading the same PENDING rows: each handles
//! them (the effect twice) and each writes its own retry count (the later write wins). With
//! `SELECT … FOR UPDATE SKIP LOCKED` the rows one instance holds are skipped by the others. A
//! scheduler that dies mid-row leaves that row PROCESSING, which no query for PENDING rows
//! ever finds again, unless a reaper sets old PROCESSING rows back to PENDING.

use crate::engine::SimTime;
use std::collections::VecDeque;

use super::{Database, Happening};
use crate::systems::consumer::Attempt;
use crate::systems::trace::{RowStatus, SysEventKind, Wait};

/// One scheduler instance.
#[derive(Debug, Clone, Default)]
pub struct Scheduler {
    /// The rows of the pass under way still to handle, with the retry_count the query read.
    pass: VecDeque<(usize, u32)>,
    /// The row it is handling now.
    current: Option<usize>,
    in_pass: bool,
    /// Its passes fall on `origin_us + k × fixed_delay` (k ≥ 1; k ≥ 0 before its first pass
    /// since it started), `origin_us` being when its last pass that handled rows ended.
    origin_us: u64,
    started: bool,
    /// The pass planned next, and its number.
    pass_at: Option<u64>,
    pass_no: u64,
    /// Bumped when it dies: what it had under way is forgotten.
    life: u64,
}

impl Database {
    /// Whether row `r` is held by an instance other than `s` (its pass list or its hands).
    fn locked_by_other(&self, s: usize, r: usize) -> bool {
        self.schedulers.iter().enumerate().any(|(i, sch)| {
            i != s && (sch.current == Some(r) || sch.pass.iter().any(|&(p, _)| p == r))
        })
    }

    /// When the next pass of anyone would find something: the earliest due PENDING row, or a
    /// PROCESSING row the reaper would free.
    fn next_due_us(&self) -> Option<u64> {
        let pending = self
            .rows
            .iter()
            .filter(|r| r.status == RowStatus::Pending)
            .map(|r| r.next_retry_at_us)
            .min();
        let reaped = self.config.reaper_after_ms.and_then(|ms| {
            self.rows
                .iter()
                .filter(|r| r.status == RowStatus::Processing)
                .map(|r| r.updated_at_us.saturating_add(ms.saturating_mul(1000)))
                .min()
        });
        match (pending, reaped) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Plans, for every idle instance, its first pass that will find something.
    pub(super) fn plan_passes(&mut self) {
        for s in 0..self.schedulers.len() {
            self.plan_pass(s);
        }
    }

    fn plan_pass(&mut self, s: usize) {
        if self.schedulers[s].in_pass {
            return;
        }
        let Some(due_us) = self.next_due_us() else {
            self.schedulers[s].pass_at = None;
            return;
        };
        let every_us = self.config.fixed_delay_ms.saturating_mul(1000).max(1);
        let sch = &self.schedulers[s];
        let first_k = if sch.started { 1 } else { 0 };
        let k = due_us.saturating_sub(sch.origin_us).div_ceil(every_us).max(first_k);
        let at_us =
            sch.origin_us.saturating_add(k.saturating_mul(every_us)).max(self.core.now.as_us());
        if sch.pass_at != Some(at_us) {
            let sch = &mut self.schedulers[s];
            sch.pass_no += 1;
            sch.pass_at = Some(at_us);
            let no = sch.pass_no;
            self.core.at(SimTime(at_us), Happening::Pass { s, no });
        }
    }

    pub(super) fn pass_due(&mut self, s: usize, no: u64) {
        let sch = &self.schedulers[s];
        if no == sch.pass_no && !sch.in_pass {
            self.start_pass(s);
        }
    }

    /// The reaper (when set), then `findPendingForRetry(status = PENDING, nextRetryBefore =
    /// now, limit = batch)`, oldest `next_retry_at` first.
    fn start_pass(&mut self, s: usize) {
        let now = self.core.now.as_us();
        if let Some(ms) = self.config.reaper_after_ms {
            let table = self.table();
            for r in 0..self.rows.len() {
                let row = &self.rows[r];
                if row.status == RowStatus::Processing
                    && row.updated_at_us.saturating_add(ms.saturating_mul(1000)) <= now
                {
                    let msg = row.msg;
                    let row = &mut self.rows[r];
                    (row.status, row.next_retry_at_us, row.updated_at_us) =
                        (RowStatus::Pending, now, now);
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Pending },
                    );
                }
            }
        }
        let mut due: Vec<usize> = (0..self.rows.len())
            .filter(|&r| {
                self.rows[r].status == RowStatus::Pending
                    && self.rows[r].next_retry_at_us <= now
                    && !(self.config.skip_locked && self.locked_by_other(s, r))
            })
            .collect();
        due.sort_by_key(|&r| (self.rows[r].next_retry_at_us, r));
        due.truncate(self.config.batch as usize);
        let pass = due.into_iter().map(|r| (r, self.rows[r].retry_count)).collect();
        let sch = &mut self.schedulers[s];
        sch.in_pass = true;
        sch.pass_at = None;
        sch.pass = pass;
        if self.schedulers.len() > 1 {
            // The other instances' queries due at this same moment read the table before this
            // one writes PROCESSING.
            let life = self.schedulers[s].life;
            self.core.at(SimTime(now), Happening::NextRow { s, life });
        } else {
            self.next_row(s);
        }
    }

    /// An instance, its query done, starts on its rows (unless it died meanwhile).
    pub(super) fn next_row_due(&mut self, s: usize, life: u64) {
        if self.schedulers[s].life == life {
            self.next_row(s);
        }
    }

    /// The instance moves to the next row of its pass (`updateStatus(PROCESSING)` whatever the
    /// row's status now), or ends the pass.
    fn next_row(&mut self, s: usize) {
        match self.schedulers[s].pass.pop_front() {
            Some((r, seen)) => {
                let msg = self.rows[r].msg;
                (self.rows[r].status, self.rows[r].updated_at_us) =
                    (RowStatus::Processing, self.core.now.as_us());
                let table = self.table();
                self.core.record(
                    msg,
                    &table,
                    SysEventKind::Status { status: RowStatus::Processing },
                );
                self.core.record(msg, &table, SysEventKind::Received { attempt: seen + 2 });
                let sch = &mut self.schedulers[s];
                sch.current = Some(r);
                let life = sch.life;
                let done_us = self.core.now.as_us().saturating_add(self.core.process_us());
                self.core.at(SimTime(done_us), Happening::RowDone { s, life, row: r, seen });
            }
            None => {
                let now = self.core.now.as_us();
                let sch = &mut self.schedulers[s];
                (sch.in_pass, sch.started, sch.origin_us, sch.current) = (false, true, now, None);
                self.plan_passes();
            }
        }
    }

    pub(super) fn row_done(&mut self, s: usize, life: u64, r: usize, seen: u32) {
        if self.schedulers[s].life != life {
            return;
        }
        self.schedulers[s].current = None;
        let msg = self.rows[r].msg;
        let attempt = seen + 2;
        let table = self.table();
        let now = self.core.now.as_us();
        let tried = self.consumer.attempt(&self.workload, msg, now);
        self.core.record(msg, &table, tried.event(attempt));
        match tried {
            Attempt::Done { .. } => {
                (self.rows[r].status, self.rows[r].updated_at_us) = (RowStatus::Completed, now);
                self.core.record(
                    msg,
                    &table,
                    SysEventKind::Status { status: RowStatus::Completed },
                );
            }
            Attempt::Failed { reason, .. } => {
                let count = seen + 1;
                self.rows[r].error = reason;
                self.rows[r].updated_at_us = now;
                if count >= self.config.max_retries {
                    self.rows[r].status = RowStatus::Failed;
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Failed },
                    );
                } else {
                    let next = now.saturating_add(self.config.delay_us(count));
                    (self.rows[r].retry_count, self.rows[r].next_retry_at_us) = (count, next);
                    if self.config.retry_resets_pending {
                        self.rows[r].status = RowStatus::Pending;
                        let pending = SysEventKind::Status { status: RowStatus::Pending };
                        self.core.record(msg, &table, pending);
                        let until_us = next;
                        let wait = SysEventKind::Waiting { until_us, why: Wait::NextRetryAt };
                        self.core.record(msg, &table, wait);
                    }
                }
            }
        }
        self.next_row(s);
    }

    /// The first instance dies and starts again at once: the row in its hands stays
    /// PROCESSING, the rest of its pass is dropped, its fixedDelay timer starts over.
    pub(super) fn crash(&mut self) {
        let now = self.core.now.as_us();
        let sch = &mut self.schedulers[0];
        let held = sch.current.take();
        sch.life += 1;
        sch.pass.clear();
        (sch.in_pass, sch.started, sch.origin_us, sch.pass_at) = (false, false, now, None);
        if let Some(r) = held {
            let msg = self.rows[r].msg;
            let table = self.table();
            self.core.record(msg, &table, SysEventKind::Interrupted);
        }
        self.plan_passes();
    }
}
