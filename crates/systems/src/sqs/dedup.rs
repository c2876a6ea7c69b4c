//! A FIFO queue's deduplication: a send whose `MessageDeduplicationId` the queue accepted in
//! the last 5 minutes is accepted and not stored, also when the first copy was received and
//! deleted since; a send after that is a new message. A standard queue has none.
//!
//! Sources: API Reference, `SendMessage`, `MessageDeduplicationId` ("If a message with a
//! particular MessageDeduplicationId is sent successfully, any messages sent with the same
//! MessageDeduplicationId are accepted successfully but aren't delivered during the 5-minute
//! deduplication interval"); Developer Guide, "Amazon SQS FIFO queue key terms" ("Amazon SQS
//! continues tracking the deduplication ID even after the message has been received and
//! deleted"). The id is the message's `dedup_id` (or its own id): explicit, or the SHA-256 of a
//! body that a resend repeats (`ContentBasedDeduplication`).

use std::collections::BTreeMap;

use super::{At, Gone, Sqs, SOURCE};
use crate::systems::trace::{Loss, SysEventKind};

/// The deduplication interval, in µs.
pub const DEDUPLICATION_US: u64 = 5 * 60 * 1_000_000;

/// The ids the source queue accepted: when, and which message that send stored.
#[derive(Debug, Default)]
pub struct Dedup {
    accepted: BTreeMap<String, (u64, usize)>,
    /// The messages deduplicated against a copy that had left the queue by then (deleted, or
    /// moved to the DLQ): AWS still knows its id, moto's server does not (sqs_live).
    pub(super) after_the_copy_left: Vec<usize>,
}

impl Sqs {
    /// A send of `msg` to the source queue now: true when the queue stores it; false when a
    /// FIFO queue takes it as a duplicate (recorded: gone, never delivered).
    pub(super) fn accepts_send(&mut self, msg: usize) -> bool {
        if !self.config.fifo {
            return true;
        }
        let now = self.core.now.as_us();
        let key = self.workload.messages[msg].dedup_key().to_string();
        match self.dedup.accepted.get(&key) {
            Some(&(at, copy)) if now < at.saturating_add(DEDUPLICATION_US) => {
                if self.at[copy] != At::Source {
                    self.dedup.after_the_copy_left.push(msg);
                }
                self.at[msg] = At::Gone(Gone::Deduplicated);
                self.record(msg, SOURCE, SysEventKind::Lost { why: Loss::Deduplicated });
                false
            }
            _ => {
                self.dedup.accepted.insert(key, (now, msg));
                true
            }
        }
    }

    /// `msg` entered the source queue now other than by a send (a move task's move): its id
    /// counts as accepted from now.
    pub(super) fn accepted_now(&mut self, msg: usize) {
        if self.config.fifo {
            let key = self.workload.messages[msg].dedup_key().to_string();
            self.dedup.accepted.insert(key, (self.core.now.as_us(), msg));
        }
    }
}
