//! A database-backed DLQ, as the seed document builds it with Spring: the consumer stores a
//! failed message as a `dead_letter_queue` row (PENDING, `next_retry_at` = now + 5 s × 2^n);
//! a `@Scheduled(fixedDelay)` job takes the due PENDING rows (oldest `next_retry_at` first, at
//! most `batch`), marks each PROCESSING, handles it, and sets COMPLETED, or PENDING again with
//! the next `next_retry_at`, or FAILED once `retry_count` reaches `max_retries`. A
//! non-retryable error is only logged (the seed's `catch (NonRetryableException)`), which
//! loses the message. The operator replays FAILED rows (back to PENDING, due now, count reset)
//! and skips rows (SKIPPED), each with a note.

mod db_settings;
mod retry_scheduler;

use crate::engine::SimTime;
use std::collections::VecDeque;

pub use db_settings::{DatabaseConfig, NonRetryable};
use retry_scheduler::Scheduler;

use super::consumer::{Attempt, Consumer};
use super::driven::{Core, Driven};
use super::metrics::Fate;
use super::trace::{Loss, Place, Role, RowStatus, SysEventKind, Wait};
use super::workload::{OperatorKind, Workload};

/// One `dead_letter_queue` row.
#[derive(Debug, Clone)]
struct Row {
    msg: usize,
    status: RowStatus,
    retry_count: u32,
    next_retry_at_us: u64,
    /// When its status last changed (`updated_at`), which the reaper reads.
    updated_at_us: u64,
    error: String,
}

pub(crate) enum Happening {
    Publish(usize),
    /// The consumer has finished its attempt on the message at the head of the source.
    Handled(usize),
    /// Scheduler instance `s` starts a pass (stale when `no` is not its latest planned).
    Pass {
        s: usize,
        no: u64,
    },
    /// Scheduler instance `s` has handled row `row` (stale when `life` is not its current
    /// life: it died meanwhile); `seen` is the retry_count its query read.
    RowDone {
        s: usize,
        life: u64,
        row: usize,
        seen: u32,
    },
    /// Scheduler instance `s`, its query done, starts on its rows.
    NextRow {
        s: usize,
        life: u64,
    },
    /// The first scheduler instance dies and starts again.
    Crash,
    Operator(usize),
}

/// The database DLQ on the virtual clock.
pub struct Database {
    config: DatabaseConfig,
    workload: Workload,
    consumer: Consumer,
    core: Core<Happening>,
    source: VecDeque<usize>,
    busy: bool,
    rows: Vec<Row>,
    schedulers: Vec<Scheduler>,
    /// The messages the consumer only logged (a non-retryable error with `log_only`).
    dropped: Vec<bool>,
}

impl Database {
    /// The consumer, the table and the scheduler instances, with the publishes, operator
    /// actions and crash scheduled. The scheduler's passes run at 0, `fixed_delay`, … while
    /// nothing is due they find nothing, so only the passes that find a due row are run.
    pub fn new(config: DatabaseConfig, workload: Workload) -> Database {
        let places = vec![
            Place { name: config.source.clone(), role: Role::Main },
            Place { name: config.table.clone(), role: Role::Table },
        ];
        let instances = config.schedulers.clamp(1, 8) as usize;
        let workload_len = workload.messages.len();
        let mut d = Database {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Publish, Happening::Operator),
            workload,
            source: VecDeque::new(),
            busy: false,
            rows: Vec::new(),
            schedulers: vec![Scheduler::default(); instances],
            dropped: vec![false; workload_len],
            config,
        };
        if let Some(ms) = d.config.crash_at_ms {
            d.core.at(SimTime::from_ms(ms), Happening::Crash);
        }
        d
    }

    fn table(&self) -> String {
        self.config.table.clone()
    }

    /// The consumer takes the next message from the source, if it is free.
    fn consume(&mut self) {
        if self.busy {
            return;
        }
        if let Some(msg) = self.source.pop_front() {
            self.busy = true;
            let src = self.config.source.clone();
            self.core.record(msg, &src, SysEventKind::Received { attempt: 1 });
            self.core.after_processing(Happening::Handled(msg));
        }
    }

    /// The failed message written to the table as a new row: its move from `src` and its
    /// first status, in the trace.
    fn insert_row(
        &mut self,
        msg: usize,
        src: String,
        status: RowStatus,
        next_retry_at_us: u64,
        error: String,
    ) {
        let table = self.table();
        let updated_at_us = self.core.now.as_us();
        self.rows.push(Row { msg, status, retry_count: 0, next_retry_at_us, updated_at_us, error });
        self.core.record(msg, &table, SysEventKind::Moved { from: src });
        self.core.record(msg, &table, SysEventKind::Status { status });
    }

    fn handled(&mut self, msg: usize) {
        self.busy = false;
        let src = self.config.source.clone();
        let tried = self.consumer.attempt(&self.workload, msg, self.core.now.as_us());
        self.core.record(msg, &src, tried.event(1));
        match tried {
            Attempt::Done { .. } => {}
            Attempt::Failed { reason, permanent, .. } => {
                let table = self.table();
                if permanent && self.workload.route_permanent_directly {
                    match self.config.non_retryable {
                        NonRetryable::LogOnly => {
                            self.dropped[msg] = true;
                            self.core.record(
                                msg,
                                &src,
                                SysEventKind::Lost { why: Loss::LoggedOnly },
                            )
                        }
                        NonRetryable::FailedRow => {
                            let now_us = self.core.now.as_us();
                            self.insert_row(msg, src, RowStatus::Failed, now_us, reason);
                        }
                    }
                } else {
                    let next = self.core.now.as_us().saturating_add(self.config.delay_us(0));
                    self.insert_row(msg, src, RowStatus::Pending, next, reason);
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Waiting { until_us: next, why: Wait::NextRetryAt },
                    );
                    self.plan_passes();
                }
            }
        }
        self.consume();
    }

    fn operator(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        let table = self.table();
        for r in 0..self.rows.len() {
            let row = &self.rows[r];
            let open = match a.kind {
                OperatorKind::Replay => row.status == RowStatus::Failed,
                OperatorKind::Skip => matches!(row.status, RowStatus::Failed | RowStatus::Pending),
                OperatorKind::Edit => {
                    !matches!(row.status, RowStatus::Completed | RowStatus::Skipped)
                }
            };
            if !open || !a.select.picks(&self.workload.messages[row.msg].id, &row.error) {
                continue;
            }
            let msg = row.msg;
            self.core.record(
                msg,
                &table,
                SysEventKind::Operator { action: a.kind, note: a.note.clone() },
            );
            match a.kind {
                OperatorKind::Replay => {
                    self.rows[r].status = RowStatus::Pending;
                    self.rows[r].updated_at_us = self.core.now.as_us();
                    self.rows[r].retry_count = 0;
                    self.rows[r].next_retry_at_us = self.core.now.as_us();
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Pending },
                    );
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Waiting {
                            until_us: self.core.now.as_us(),
                            why: Wait::NextRetryAt,
                        },
                    );
                }
                OperatorKind::Skip => {
                    self.rows[r].status = RowStatus::Skipped;
                    self.rows[r].updated_at_us = self.core.now.as_us();
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Skipped },
                    );
                }
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
        self.plan_passes();
    }
}

impl Driven for Database {
    type Happening = Happening;
    fn core(&self) -> &Core<Happening> {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core<Happening> {
        &mut self.core
    }
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Publish(msg) => {
                let src = self.config.source.clone();
                self.core.record(msg, &src, SysEventKind::Published);
                self.source.push_back(msg);
                self.consume();
            }
            Happening::Handled(msg) => self.handled(msg),
            Happening::Pass { s, no } => self.pass_due(s, no),
            Happening::RowDone { s, life, row, seen } => self.row_done(s, life, row, seen),
            Happening::NextRow { s, life } => self.next_row_due(s, life),
            Happening::Crash => self.crash(),
            Happening::Operator(i) => self.operator(i),
        }
    }

    /// Each message's end by its row's status; without a row, lost when the consumer only
    /// logged it, completed when the consumer handled it, else not handled yet.
    fn stored_ends(&self) -> Vec<Fate> {
        let mut ends: Vec<Fate> = (0..self.dropped.len())
            .map(|msg| match () {
                _ if self.dropped[msg] => Fate::Lost,
                _ if self.consumer.handled(msg) => Fate::Completed,
                _ => Fate::InFlight,
            })
            .collect();
        for row in &self.rows {
            ends[row.msg] = match row.status {
                RowStatus::Pending | RowStatus::Processing => Fate::InFlight,
                RowStatus::Completed => Fate::Completed,
                RowStatus::Failed => Fate::DeadLettered,
                RowStatus::Skipped => Fate::Skipped,
            };
        }
        ends
    }
}
