//! A database-backed DLQ, as the seed document builds it with Spring: the consumer stores a
//! failed message as a `dead_letter_queue` row (PENDING, `next_retry_at` = now + 5 s × 2^n);
//! a `@Scheduled(fixedDelay)` job takes the due PENDING rows (oldest `next_retry_at` first, at
//! most `batch`), marks each PROCESSING, handles it, and sets COMPLETED, or PENDING again with
//! the next `next_retry_at`, or FAILED once `retry_count` reaches `max_retries`. A
//! non-retryable error is only logged (the seed's `catch (NonRetryableException)`), which
//! loses the message. The operator replays FAILED rows (back to PENDING, due now, count reset)
//! and skips rows (SKIPPED), each with a note.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::consumer::{Attempt, Consumer};
use super::driven::{driven_system, Core};
use super::trace::{Loss, Place, Role, RowStatus, SysEventKind, Wait};
use super::workload::{OperatorKind, Workload, WorkloadError, MAX_HORIZON_MS};

/// What happens to a non-retryable failure (a permanent one, when permanent failures are
/// routed directly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NonRetryable {
    /// Logged and dropped, as the seed's consumer does: the message is lost.
    LogOnly,
    /// Stored as a FAILED row, for the operator.
    FailedRow,
}

/// The table and the scheduler's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// Where messages arrive (a queue or topic the consumer reads).
    pub source: String,
    /// The table's name.
    pub table: String,
    /// `max_retries`: retries from the table before a row is FAILED.
    pub max_retries: u32,
    /// The first retry's delay; each later one doubles it (`5 s × 2^retry_count`), in ms.
    pub base_delay_ms: u64,
    /// `@Scheduled(fixedDelay)`: the pause between the end of a pass and the next, in ms.
    pub fixed_delay_ms: u64,
    /// Rows taken per pass (`LIMIT`).
    pub batch: u32,
    pub non_retryable: NonRetryable,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            source: "vehicle.event".into(),
            table: "dead_letter_queue".into(),
            max_retries: 5,
            base_delay_ms: 5_000,
            fixed_delay_ms: 10_000,
            batch: 100,
            non_retryable: NonRetryable::LogOnly,
        }
    }
}

impl DatabaseConfig {
    /// Checks the settings; the error names the field (`systems.database.…`).
    pub fn check(&self, prefix: &str) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: &str| {
            Err(WorkloadError::Setting {
                field: format!("{prefix}.{field}"),
                problem: problem.into(),
            })
        };
        if self.source.is_empty() || self.table.is_empty() || self.source == self.table {
            return bad("table", "give the source and the table two different, non-empty names");
        }
        if self.fixed_delay_ms == 0 || self.fixed_delay_ms > MAX_HORIZON_MS {
            return bad("fixed_delay_ms", "use 1 ms to 30 days between the scheduler's passes");
        }
        if self.base_delay_ms > MAX_HORIZON_MS {
            return bad("base_delay_ms", "use at most 30 days");
        }
        if self.batch == 0 {
            return bad("batch", "a pass must take at least 1 row");
        }
        Ok(())
    }

    /// `next_retry_at` − now for a row with `retry_count` retries behind it, in µs.
    pub fn delay_us(&self, retry_count: u32) -> u64 {
        let factor = 1u64.checked_shl(retry_count.min(40)).unwrap_or(u64::MAX);
        self.base_delay_ms.saturating_mul(factor).min(MAX_HORIZON_MS).saturating_mul(1000)
    }
}

/// One `dead_letter_queue` row.
#[derive(Debug, Clone)]
struct Row {
    msg: usize,
    status: RowStatus,
    retry_count: u32,
    next_retry_at_us: u64,
    error: String,
}

enum Happening {
    Publish(usize),
    /// The consumer has finished its attempt on the message at the head of the source.
    Handled(usize),
    /// The scheduler starts a pass (stale when its number is not the latest planned).
    Pass(u64),
    /// The scheduler has handled the row it is on.
    RowDone(usize),
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
    /// The rows of the pass under way still to handle.
    pass: VecDeque<usize>,
    in_pass: bool,
    /// The scheduler's passes fall on `origin_us + k × fixed_delay` (k ≥ 1; k ≥ 0 before
    /// the first pass), `origin_us` being when the last pass that handled rows ended.
    origin_us: u64,
    started: bool,
    /// The pass planned next, and its number.
    pass_at: Option<u64>,
    pass_no: u64,
}

impl Database {
    /// The consumer, the table and the scheduler, with the publishes and operator actions
    /// scheduled. The scheduler's passes run at 0, `fixed_delay`, … while nothing is due they
    /// find nothing, so only the passes that find a due row are run.
    pub fn new(config: DatabaseConfig, workload: Workload) -> Database {
        let places = vec![
            Place { name: config.source.clone(), role: Role::Main },
            Place { name: config.table.clone(), role: Role::Table },
        ];
        Database {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Publish, Happening::Operator),
            config,
            workload,
            source: VecDeque::new(),
            busy: false,
            rows: Vec::new(),
            pass: VecDeque::new(),
            in_pass: false,
            origin_us: 0,
            started: false,
            pass_at: None,
            pass_no: 0,
        }
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

    fn handled(&mut self, msg: usize) {
        self.busy = false;
        let src = self.config.source.clone();
        match self.consumer.attempt(&self.workload, msg, self.core.now_us) {
            Attempt::Done { effect } => {
                self.core.record(msg, &src, SysEventKind::Succeeded { attempt: 1, effect })
            }
            Attempt::Failed { reason, permanent, effect_applied } => {
                self.core.record(
                    msg,
                    &src,
                    SysEventKind::Failed {
                        attempt: 1,
                        reason: reason.clone(),
                        permanent,
                        effect_applied,
                    },
                );
                let table = self.table();
                if permanent && self.workload.route_permanent_directly {
                    match self.config.non_retryable {
                        NonRetryable::LogOnly => self.core.record(
                            msg,
                            &src,
                            SysEventKind::Lost { why: Loss::LoggedOnly },
                        ),
                        NonRetryable::FailedRow => {
                            self.rows.push(Row {
                                msg,
                                status: RowStatus::Failed,
                                retry_count: 0,
                                next_retry_at_us: self.core.now_us,
                                error: reason,
                            });
                            self.core.record(msg, &table, SysEventKind::Moved { from: src });
                            self.core.record(
                                msg,
                                &table,
                                SysEventKind::Status { status: RowStatus::Failed },
                            );
                        }
                    }
                } else {
                    let next = self.core.now_us.saturating_add(self.config.delay_us(0));
                    self.rows.push(Row {
                        msg,
                        status: RowStatus::Pending,
                        retry_count: 0,
                        next_retry_at_us: next,
                        error: reason,
                    });
                    self.core.record(msg, &table, SysEventKind::Moved { from: src });
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Pending },
                    );
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Waiting { until_us: next, why: Wait::NextRetryAt },
                    );
                    self.plan_pass();
                }
            }
        }
        self.consume();
    }

    /// Plans the first pass that will find a due row (none while no row is PENDING).
    fn plan_pass(&mut self) {
        if self.in_pass {
            return;
        }
        let due = self
            .rows
            .iter()
            .filter(|r| r.status == RowStatus::Pending)
            .map(|r| r.next_retry_at_us)
            .min();
        let Some(due_us) = due else {
            self.pass_at = None;
            return;
        };
        let every_us = self.config.fixed_delay_ms.saturating_mul(1000).max(1);
        let first_k = if self.started { 1 } else { 0 };
        let k = due_us.saturating_sub(self.origin_us).div_ceil(every_us).max(first_k);
        let at_us = self.origin_us.saturating_add(k.saturating_mul(every_us)).max(self.core.now_us);
        if self.pass_at != Some(at_us) {
            self.pass_no += 1;
            self.pass_at = Some(at_us);
            self.core.at(at_us, Happening::Pass(self.pass_no));
        }
    }

    /// `findPendingForRetry(status = PENDING, nextRetryBefore = now, limit = batch)`.
    fn start_pass(&mut self) {
        self.in_pass = true;
        self.pass_at = None;
        let mut due: Vec<usize> = (0..self.rows.len())
            .filter(|&r| {
                self.rows[r].status == RowStatus::Pending
                    && self.rows[r].next_retry_at_us <= self.core.now_us
            })
            .collect();
        due.sort_by_key(|&r| (self.rows[r].next_retry_at_us, r));
        due.truncate(self.config.batch as usize);
        self.pass = due.into();
        self.next_row();
    }

    /// The scheduler moves to the next row of its pass, or ends the pass.
    fn next_row(&mut self) {
        match self.pass.pop_front() {
            Some(r) => {
                let msg = self.rows[r].msg;
                self.rows[r].status = RowStatus::Processing;
                let table = self.table();
                self.core.record(
                    msg,
                    &table,
                    SysEventKind::Status { status: RowStatus::Processing },
                );
                let attempt = self.rows[r].retry_count + 2;
                self.core.record(msg, &table, SysEventKind::Received { attempt });
                self.core.after_processing(Happening::RowDone(r));
            }
            None => {
                self.in_pass = false;
                self.started = true;
                self.origin_us = self.core.now_us;
                self.plan_pass();
            }
        }
    }

    fn row_done(&mut self, r: usize) {
        let msg = self.rows[r].msg;
        let attempt = self.rows[r].retry_count + 2;
        let table = self.table();
        match self.consumer.attempt(&self.workload, msg, self.core.now_us) {
            Attempt::Done { effect } => {
                self.core.record(msg, &table, SysEventKind::Succeeded { attempt, effect });
                self.rows[r].status = RowStatus::Completed;
                self.core.record(
                    msg,
                    &table,
                    SysEventKind::Status { status: RowStatus::Completed },
                );
            }
            Attempt::Failed { reason, permanent, effect_applied } => {
                self.core.record(
                    msg,
                    &table,
                    SysEventKind::Failed {
                        attempt,
                        reason: reason.clone(),
                        permanent,
                        effect_applied,
                    },
                );
                let count = self.rows[r].retry_count + 1;
                self.rows[r].error = reason;
                if count >= self.config.max_retries {
                    self.rows[r].status = RowStatus::Failed;
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Failed },
                    );
                } else {
                    let next = self.core.now_us.saturating_add(self.config.delay_us(count));
                    let row = &mut self.rows[r];
                    (row.retry_count, row.status, row.next_retry_at_us) =
                        (count, RowStatus::Pending, next);
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Pending },
                    );
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Waiting { until_us: next, why: Wait::NextRetryAt },
                    );
                }
            }
        }
        self.next_row();
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
                    self.rows[r].retry_count = 0;
                    self.rows[r].next_retry_at_us = self.core.now_us;
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Pending },
                    );
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Waiting {
                            until_us: self.core.now_us,
                            why: Wait::NextRetryAt,
                        },
                    );
                }
                OperatorKind::Skip => {
                    self.rows[r].status = RowStatus::Skipped;
                    self.core.record(
                        msg,
                        &table,
                        SysEventKind::Status { status: RowStatus::Skipped },
                    );
                }
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
        self.plan_pass();
    }
}

impl Database {
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Publish(msg) => {
                let src = self.config.source.clone();
                self.core.record(msg, &src, SysEventKind::Published);
                self.source.push_back(msg);
                self.consume();
            }
            Happening::Handled(msg) => self.handled(msg),
            Happening::Pass(no) => {
                if no == self.pass_no && !self.in_pass {
                    self.start_pass();
                }
            }
            Happening::RowDone(r) => self.row_done(r),
            Happening::Operator(i) => self.operator(i),
        }
    }
}

driven_system!(Database);
