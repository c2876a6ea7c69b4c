//! What a system did to each message: an append-only list of events with their causes, and
//! the places (queues, topics, tables) the events happen in.

use serde::Serialize;

/// What a place is for, which decides how it is drawn and what ending there means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Where messages are first published and consumed (a queue, a topic).
    Main,
    /// Where a message waits before another attempt (a retry topic, a delayed set).
    Retry,
    /// Where messages that failed for good are kept (a DLQ, a DLT, the failed set).
    DeadLetter,
    /// A database table of failed messages, with a status per row.
    Table,
}

/// One queue, topic, set or table of a system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Place {
    pub name: String,
    pub role: Role,
}

/// Whether an attempt's effect was applied, applied again, or found already done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// The first time.
    Applied,
    /// Again: the consumer is not idempotent and this is a duplicate.
    Duplicate,
    /// The idempotent consumer saw it done and did nothing.
    AlreadyDone,
}

/// Why a message waits before its next attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Wait {
    /// It stays invisible until the visibility timeout ends (SQS).
    Visibility,
    /// A back-off delay (a retry topic's, BullMQ's exponential back-off).
    Backoff,
    /// Its row's `next_retry_at`, read by the scheduler's next pass (database DLQ).
    NextRetryAt,
    /// The queue's delivery delay (SQS `DelaySeconds`): a new message stays invisible.
    Delay,
}

/// Why a message was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Loss {
    /// Its retention period ended (SQS `MessageRetentionPeriod`).
    RetentionExpired,
    /// The consumer logged the error and dropped it (a non-retryable error with no DLQ).
    LoggedOnly,
    /// The failed job was removed (BullMQ `removeOnFail`).
    Removed,
    /// Newer failures pushed it out of a bounded failed set before anyone replayed it
    /// (BullMQ `removeOnFail` with a count or an age).
    Trimmed,
    /// A FIFO queue accepted the send and never delivered it: the same deduplication id was
    /// sent less than 5 minutes before (SQS `MessageDeduplicationId`).
    Deduplicated,
}

/// Why the system refused what was asked of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// A move task is already running on the queue (SQS `StartMessageMoveTask` runs one at a
    /// time per queue).
    MoveTaskRunning,
    /// The worker's lock on the job expired while its handler blocked the event loop, so
    /// BullMQ would not finish it ("Missing lock"): the result is lost, the job stays active.
    LockExpired,
}

/// A database row's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RowStatus {
    Pending,
    Processing,
    Completed,
    Failed,
    Skipped,
}

/// A record header a hop wrote (Kafka's retry-topic and dead-letter headers), its value as
/// text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Header {
    pub name: String,
    pub value: String,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SysEventKind {
    /// The producer published it into the place (or a replay sent it back there).
    Published,
    /// A consumer took it from the place: attempt number `attempt`, counted from 1 the way
    /// the system counts (SQS's receive count, Kafka's attempt, BullMQ's attemptsMade + 1).
    Received { attempt: u32 },
    /// The attempt succeeded.
    Succeeded { attempt: u32, effect: Effect },
    /// The attempt failed.
    Failed { attempt: u32, reason: String, permanent: bool, effect_applied: bool },
    /// It waits in the place until `until_us` before it can be tried again.
    Waiting { until_us: u64, why: Wait },
    /// It moved into the place from `from` (main → retry topic, DLT → database row).
    Moved { from: String },
    /// It moved into the place, the system's dead-letter place, from `from`, after failing
    /// with `reason`.
    DeadLettered { from: String, reason: String },
    /// It is gone from the system.
    Lost { why: Loss },
    /// The system refused an action on it and left it where it is.
    Refused { why: Refusal },
    /// The worker handling it died mid-way (a database scheduler's crash): what it was doing
    /// is lost, and its row stays as it was (PROCESSING).
    Interrupted,
    /// A stalled-job checker found it active without a lock and put it back at the front of
    /// the place's wait list; `count` stalls so far (BullMQ's `stc`).
    Stalled { count: u32 },
    /// Its database row has a new status.
    Status { status: RowStatus },
    /// The operator acted on it (`action` is `replay`, `skip` or `edit`), with the note.
    Operator { action: super::workload::OperatorKind, note: String },
    /// The record that just arrived in the place carries these headers, written on this hop
    /// (like RabbitMQ's `x-death`: Spring Kafka's `kafka_…` and `retry_topic-…` headers).
    Headers { headers: Vec<Header> },
}

/// One event of a system's run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SysEvent {
    /// Its position in the trace (0, 1, 2, ...).
    pub seq: u64,
    /// When, in µs of virtual time.
    pub at_us: u64,
    /// The message's index in the workload.
    pub msg: u32,
    /// The place it happened in (for a move: where the message went).
    pub place: String,
    pub kind: SysEventKind,
    /// The event that led to this one.
    pub cause: Option<u64>,
}

/// A system's places and everything that happened, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub places: Vec<Place>,
    pub events: Vec<SysEvent>,
}

impl Trace {
    /// A trace over these places, with nothing happened yet.
    pub fn new(places: Vec<Place>) -> Trace {
        Trace { places, events: vec![] }
    }

    /// Appends an event and returns its sequence number.
    pub fn push(
        &mut self,
        at_us: u64,
        msg: usize,
        place: &str,
        kind: SysEventKind,
        cause: Option<u64>,
    ) -> u64 {
        let seq = self.events.len() as u64;
        self.events.push(SysEvent {
            seq,
            at_us,
            msg: msg as u32,
            place: place.to_string(),
            kind,
            cause,
        });
        seq
    }

    /// The role of the place called `name` (`Main` for a name the trace does not list).
    pub fn role(&self, name: &str) -> Role {
        self.places.iter().find(|p| p.name == name).map_or(Role::Main, |p| p.role)
    }

    /// The events of message `msg`, in order.
    pub fn of(&self, msg: usize) -> impl Iterator<Item = &SysEvent> {
        self.events.iter().filter(move |e| e.msg as usize == msg)
    }

    /// A digest of the whole trace (FNV-1a over its JSON): equal traces, equal digests, on
    /// every target.
    pub fn digest(&self) -> u64 {
        let text = serde_json::to_string(self).unwrap_or_default();
        text.bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
    }
}
