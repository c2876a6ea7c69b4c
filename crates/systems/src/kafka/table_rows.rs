//! The hybrid's table, as seed 003's code writes it: the `@DltHandler` saves a new
//! `dead_letter_record` row (PENDING) for every record that reaches the DLT, so a message that
//! comes back after a replay gets a second row and its first keeps its status; the operator's
//! `reprocess(ids)` and `skip(ids)` act on the rows given whatever their status
//! (`findAllById(ids)`, no status check): reprocess sets PROCESSING, sends the payload to the
//! original topic with `.get()`, then COMPLETED, or FAILED when the send throws; skip sets
//! SKIPPED.
//!
//! Which rows an action gives: a message picked by id gives every row of it (an operator who
//! searches by key sees them all, whatever their status); every message, or those failing with
//! a reason, give the rows still open (PENDING or FAILED), as the operations API's status filter
//! would list them. Several rows of one message in one action send it once (the model keeps one
//! live copy of a message).

use super::sim::Kafka;
use crate::systems::trace::{RowStatus, SysEventKind};
use crate::systems::workload::{OperatorKind, Selection};

/// The error a failed republish records on its row.
pub const SEND_FAILED: &str = "KafkaException: send failed";

/// One `dead_letter_record` row.
#[derive(Debug, Clone)]
pub struct TableRow {
    pub msg: usize,
    pub status: RowStatus,
    pub retry_count: u32,
}

/// The table and when the republish's send fails.
#[derive(Debug, Clone)]
pub struct Table {
    pub name: String,
    pub rows: Vec<TableRow>,
    /// Sends before this moment fail (the broker unreachable from the operations service), µs.
    pub send_fails_until_us: Option<u64>,
}

impl Kafka {
    /// The `@DltHandler` saves a new row for the record (seed 003: `dlqRepository.save(
    /// DeadLetterRecord(..., status = DlqStatus.PENDING))`).
    pub(super) fn store_row(&mut self, msg: usize, dlt_name: String) {
        let Some(t) = self.table.as_mut() else { return };
        t.rows.push(TableRow { msg, status: RowStatus::Pending, retry_count: 0 });
        let name = t.name.clone();
        self.core.record(msg, &name, SysEventKind::Moved { from: dlt_name });
        self.core.record(msg, &name, SysEventKind::Status { status: RowStatus::Pending });
    }

    /// `reprocess(ids)` / `skip(ids)` (or the payload fix) on the rows the action gives.
    pub(super) fn operator_on_rows(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        let Some(t) = self.table.clone() else { return };
        let picked: Vec<usize> = (0..t.rows.len())
            .filter(|&r| {
                let row = &t.rows[r];
                let id = &self.workload.messages[row.msg].id;
                match &a.select {
                    Selection::Message(m) => m == id,
                    other => {
                        matches!(row.status, RowStatus::Pending | RowStatus::Failed)
                            && other.picks(id, self.reason_of(row.msg))
                    }
                }
            })
            .collect();
        let mut sent: Vec<usize> = Vec::new();
        let now = self.core.now.as_us();
        for r in picked {
            let msg = t.rows[r].msg;
            let operator = SysEventKind::Operator { action: a.kind, note: a.note.clone() };
            self.core.record(msg, &t.name, operator);
            let status = match a.kind {
                OperatorKind::Replay => {
                    let processing = SysEventKind::Status { status: RowStatus::Processing };
                    self.core.record(msg, &t.name, processing);
                    // `kafkaTemplate.send(...).get()` throws: `record.status = FAILED;
                    // record.retryCount++`.
                    if t.send_fails_until_us.is_some_and(|until| now < until) {
                        if let Some(row) = self.table.as_mut().map(|t| &mut t.rows[r]) {
                            row.retry_count += 1;
                        }
                        Some(RowStatus::Failed)
                    } else {
                        if !sent.contains(&msg) {
                            sent.push(msg);
                        }
                        Some(RowStatus::Completed)
                    }
                }
                OperatorKind::Skip => Some(RowStatus::Skipped),
                OperatorKind::Edit => {
                    self.consumer.edit(msg);
                    None
                }
            };
            if let Some(status) = status {
                if let Some(row) = self.table.as_mut().map(|t| &mut t.rows[r]) {
                    row.status = status;
                }
                if status == RowStatus::Failed {
                    let failed = SysEventKind::Failed {
                        attempt: 1,
                        reason: SEND_FAILED.into(),
                        permanent: false,
                        effect_applied: false,
                    };
                    self.core.record(msg, &t.name, failed);
                }
                self.core.record(msg, &t.name, SysEventKind::Status { status });
            }
        }
        for msg in sent {
            self.produce(msg);
        }
    }
}
