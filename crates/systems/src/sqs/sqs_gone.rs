//! How a message left SQS's queues, which its end is read from (`Sqs::stored_ends`): in the
//! source queue it is in flight, or handled and left there by a delete with an old receipt
//! handle; in the DLQ, dead-lettered; or gone, and how.

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
