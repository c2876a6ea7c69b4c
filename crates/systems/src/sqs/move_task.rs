//! What the operator does to the DLQ on SQS, and retention ending a stay: a consumer-side
//! replay script (picks by id or reason, sends each as a new message), SQS's own redrive
//! (`StartMessageMoveTask`: everything, oldest first, at a set rate, one task at a time),
//! skip (a delete from the DLQ) and edit.

use super::{At, Gone, Happening, ReplayBy, Sqs, DLQ, SOURCE};
use crate::engine::SimTime;
use crate::systems::trace::{Loss, Refusal, SysEventKind};
use crate::systems::workload::OperatorKind;

impl Sqs {
    pub(super) fn operator(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        if a.kind == OperatorKind::Replay && self.config.replay == ReplayBy::MoveTask {
            self.start_move_task(&a.note);
            self.poll();
            return;
        }
        let picked: Vec<usize> = self
            .dlq
            .iter()
            .copied()
            .filter(|&m| a.select.picks(&self.workload.messages[m].id, &self.reason[m]))
            .collect();
        for msg in picked {
            self.record(msg, DLQ, SysEventKind::Operator { action: a.kind, note: a.note.clone() });
            match a.kind {
                OperatorKind::Replay => self.script_send(msg),
                OperatorKind::Skip => {
                    self.leave(msg);
                    self.at[msg] = At::Gone(Gone::Skipped);
                }
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
        self.poll();
    }

    /// The script's `SendMessage` to the source queue, then its `DeleteMessage` from the DLQ.
    /// In a FIFO queue the message keeps its deduplication id (the script sends the same body
    /// again, or the producer's id), so within 5 minutes of the last accepted send it is
    /// accepted and never delivered: gone from both queues (`dedup`).
    fn script_send(&mut self, msg: usize) {
        self.leave(msg);
        let now = self.core.now.as_us();
        if !self.accepts_send(msg) {
            return;
        }
        let from = self.names[DLQ].clone();
        self.record(msg, SOURCE, SysEventKind::Moved { from });
        let delay_us = self.config.delay_ms.saturating_mul(1000);
        self.enter(msg, At::Source, now, delay_us);
    }

    /// `StartMessageMoveTask` on the DLQ: "Only one active message movement task is supported
    /// per queue at any given time"; it takes every message ("Dead-letter queues redrive
    /// messages in the order they are received, starting with the oldest message") at
    /// `MaxNumberOfMessagesPerSecond`. The operator's selection cannot narrow it.
    fn start_move_task(&mut self, note: &str) {
        let now = self.core.now.as_us();
        if self.task.is_some_and(|(_, ends_us)| now <= ends_us) {
            for msg in self.dlq.clone() {
                self.record(msg, DLQ, SysEventKind::Refused { why: Refusal::MoveTaskRunning });
            }
            return;
        }
        self.tasks_started += 1;
        let task = self.tasks_started;
        let interval_us = 1_000_000 / u64::from(self.config.move_rate_per_s.clamp(1, 500));
        let mut ends_us = now;
        for (k, msg) in self.dlq.clone().into_iter().enumerate() {
            let action = OperatorKind::Replay;
            self.record(msg, DLQ, SysEventKind::Operator { action, note: note.to_string() });
            ends_us = now.saturating_add(interval_us.saturating_mul(k as u64));
            self.core.at(SimTime(ends_us), Happening::Move { task, msg });
        }
        self.task = Some((task, ends_us));
    }

    /// One move of a task: "The redrive task resets the retention period. All redriven
    /// messages are considered new messages with a new messageID and enqueueTime" (so the
    /// receive count starts again; no delay is applied, which AWS does not say).
    pub(super) fn move_one(&mut self, task: u64, msg: usize) {
        if self.at[msg] != At::Dlq || self.task.map(|(t, _)| t) != Some(task) {
            return;
        }
        self.leave(msg);
        let from = self.names[DLQ].clone();
        self.record(msg, SOURCE, SysEventKind::Moved { from });
        let now = self.core.now.as_us();
        // A moved message is a new one in the source queue, its id accepted anew.
        self.accepted_now(msg);
        self.enter(msg, At::Source, now, 0);
        self.poll();
    }

    /// The retention period of a stay ends: SQS deletes the message
    /// (`MessageRetentionPeriod`), in flight or not.
    pub(super) fn expire(&mut self, msg: usize, stay: u64) {
        if self.stay[msg] == stay && matches!(self.at[msg], At::Source | At::Dlq) {
            let place = if self.at[msg] == At::Dlq { DLQ } else { SOURCE };
            self.leave(msg);
            self.at[msg] = At::Gone(Gone::Expired);
            self.record(msg, place, SysEventKind::Lost { why: Loss::RetentionExpired });
        }
    }
}
