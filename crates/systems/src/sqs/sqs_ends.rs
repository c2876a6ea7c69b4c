//! Where each message stands by SQS's queues: in the source queue (in flight, or handled and
//! left there by a delete with an old receipt handle), in the DLQ, or gone and how.

use super::{At, Sqs};
use crate::systems::metrics::Fate;

/// How a message left both queues.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Gone {
    /// `DeleteMessage` after the consumer handled it.
    Deleted,
    /// The operator deleted it from the DLQ without handling it.
    Skipped,
    /// Its retention period ended.
    Expired,
    /// A FIFO queue accepted the send and dropped it as a duplicate.
    Deduplicated,
}

impl Sqs {
    /// Each message's end by where the queues hold it.
    pub(super) fn ends_in_store(&self) -> Vec<Fate> {
        (0..self.at.len())
            .map(|msg| match self.at[msg] {
                At::Nowhere => Fate::InFlight,
                At::Source if self.consumer.handled(msg) => Fate::Completed,
                At::Source => Fate::InFlight,
                At::Dlq => Fate::DeadLettered,
                At::Gone(Gone::Deleted) => Fate::Completed,
                At::Gone(Gone::Skipped) => Fate::Skipped,
                At::Gone(Gone::Expired | Gone::Deduplicated) => Fate::Lost,
            })
            .collect()
    }
}
