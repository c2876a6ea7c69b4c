//! The SQS queue pair's settings as the `CreateQueue` / `SetQueueAttributes` attributes and the
//! consumer's own choices, checked against the ranges AWS accepts.
//!
//! Ranges: Amazon SQS API Reference, `SetQueueAttributes` (`DelaySeconds` 0–900,
//! `MessageRetentionPeriod` 60–1 209 600, `VisibilityTimeout` 0–43 200, `RedrivePolicy`
//! `maxReceiveCount` 1–1 000, `RedriveAllowPolicy` up to 10 source queues), `ReceiveMessage`
//! (`MaxNumberOfMessages` 1–10, `WaitTimeSeconds` 0–20), `StartMessageMoveTask`
//! (`MaxNumberOfMessagesPerSecond` at most 500); every one of them in whole seconds.

use serde::{Deserialize, Serialize};

use crate::systems::workload::WorkloadError;

/// One hour, in ms.
const HOUR_MS: u64 = 3_600_000;
/// One day, in ms.
const DAY_MS: u64 = 24 * HOUR_MS;

/// What the consumer does with a message whose handling failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnFailure {
    /// Nothing: the message reappears when its visibility timeout ends (the seed's consumer).
    #[default]
    Wait,
    /// `ChangeMessageVisibility` to 0: visible again at once, received again right away.
    Release,
    /// `ChangeMessageVisibility` to `ladder_ms[receive count - 1]` (the last step repeats):
    /// a back-off ladder made of visibility.
    Ladder,
}

/// What `DeleteMessage` does with a receipt handle that is not the message's latest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaleDelete {
    /// The request succeeds and nothing is deleted: the message is handled again. AWS's
    /// `DeleteMessage` reference: "If you use an old ReceiptHandle, the request will succeed,
    /// but the message might not be deleted." The worst case, so the default.
    #[default]
    Ignored,
    /// The message is deleted anyway: the other outcome that sentence allows (moto's server
    /// always does this).
    Deletes,
}

/// How the operator's `replay` runs on SQS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplayBy {
    /// A consumer-side script: `ReceiveMessage` from the DLQ, `SendMessage` of each selected
    /// message to the source (a new message), `DeleteMessage` from the DLQ. It can pick by id
    /// or reason because the script decides; SQS itself keeps no failure reason.
    #[default]
    Script,
    /// SQS's own redrive, `StartMessageMoveTask`: every message in the DLQ, oldest first, at
    /// `move_rate_per_s`; no selection; one task per queue at a time.
    MoveTask,
}

/// Which source queues the DLQ's `RedriveAllowPolicy` lets use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedriveAllow {
    /// `allowAll` (AWS's default).
    #[default]
    AllowAll,
    /// `denyAll`: no queue may use it as a DLQ.
    DenyAll,
    /// `byQueue`: only the queues in `allowed_sources` (at most 10).
    ByQueue,
}

/// The source queue, its redrive policy, the DLQ, and the consumers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SqsConfig {
    /// The source queue's name (ending in `.fifo` for a FIFO queue); the DLQ is named after
    /// it (`main-queue-dlq`, `orders-dlq.fifo`).
    pub queue: String,
    /// `FifoQueue`: message groups are delivered in order, one message of a group in flight
    /// at a time; the DLQ is FIFO too (a FIFO queue's DLQ must be).
    pub fifo: bool,
    /// `ContentBasedDeduplication` (FIFO only): a send without an explicit
    /// `MessageDeduplicationId` is known by its body's SHA-256. The producer's resend carries
    /// the same body, so the model deduplicates by the message's `dedup_id` either way; the
    /// setting decides how it travels (the live check sends bodies, or explicit ids).
    pub content_based_deduplication: bool,
    /// `VisibilityTimeout`, in ms (whole seconds, 0 to 12 hours).
    pub visibility_timeout_ms: u64,
    /// The redrive policy's `maxReceiveCount` (1 to 1 000).
    pub max_receive_count: u32,
    /// The source queue's `MessageRetentionPeriod`, in ms (whole seconds, 60 s to 14 days;
    /// 4 days by default).
    pub retention_ms: u64,
    /// The DLQ's `MessageRetentionPeriod`, in ms (14 days, as the seed sets it).
    pub dlq_retention_ms: u64,
    /// The source queue's `DelaySeconds`, in ms (whole seconds, 0 to 15 minutes): a message
    /// sent to it stays invisible that long.
    pub delay_ms: u64,
    /// `DelaySeconds` given with single sends (`SendMessage`), by message id, in ms (whole
    /// seconds, 0 to 15 minutes; standard queues only). It replaces the queue's delay.
    pub message_delays_ms: std::collections::BTreeMap<String, u64>,
    /// Consumers receiving from the source queue.
    pub consumers: u32,
    /// `WaitTimeSeconds`, in ms (whole seconds, 0 to 20 s). Over 0 (long polling) a free
    /// consumer gets a message the moment one is visible; 0 (short polling) it asks, finds
    /// nothing, and asks again after `poll_interval_ms` of its own.
    pub wait_time_ms: u64,
    /// A short-polling consumer's pause after an empty receive, in ms.
    pub poll_interval_ms: u64,
    /// `MaxNumberOfMessages` per receive (1 to 10): a consumer handles the batch one message
    /// after another, and each message's visibility timeout runs from the receive.
    pub batch: u32,
    /// What the consumer does after a failed attempt.
    pub on_failure: OnFailure,
    /// The ladder of [`OnFailure::Ladder`], in ms (whole seconds, each at most 12 hours).
    pub ladder_ms: Vec<u64>,
    /// While it works on a message, the consumer extends its visibility
    /// (`ChangeMessageVisibility` to the queue's timeout) every this many ms; never when absent.
    pub heartbeat_ms: Option<u64>,
    /// What a delete with an old receipt handle does.
    pub stale_delete: StaleDelete,
    /// How the operator's replay runs.
    pub replay: ReplayBy,
    /// `StartMessageMoveTask`'s `MaxNumberOfMessagesPerSecond` (1 to 500).
    pub move_rate_per_s: u32,
    /// The DLQ's `RedriveAllowPolicy`.
    pub redrive_allow: RedriveAllow,
    /// The queues `byQueue` allows.
    pub allowed_sources: Vec<String>,
}

impl Default for SqsConfig {
    fn default() -> Self {
        SqsConfig {
            queue: "main-queue".into(),
            fifo: false,
            content_based_deduplication: false,
            visibility_timeout_ms: 30_000,
            max_receive_count: 5,
            retention_ms: 4 * DAY_MS,
            dlq_retention_ms: 14 * DAY_MS,
            delay_ms: 0,
            message_delays_ms: Default::default(),
            consumers: 1,
            wait_time_ms: 20_000,
            poll_interval_ms: 1_000,
            batch: 1,
            on_failure: OnFailure::Wait,
            ladder_ms: Vec::new(),
            heartbeat_ms: None,
            stale_delete: StaleDelete::Ignored,
            replay: ReplayBy::Script,
            move_rate_per_s: 500,
            redrive_allow: RedriveAllow::AllowAll,
            allowed_sources: Vec::new(),
        }
    }
}

impl SqsConfig {
    /// The DLQ's name: `<queue>-dlq`, keeping a FIFO queue's `.fifo` at the end.
    pub fn dlq_name(&self) -> String {
        match self.queue.strip_suffix(".fifo") {
            Some(stem) if self.fifo => format!("{stem}-dlq.fifo"),
            _ => format!("{}-dlq", self.queue),
        }
    }

    /// One line naming the queues and the settings that decide a run, in SQS's own words.
    pub fn describe(&self) -> String {
        let kind = if self.fifo { "FIFO" } else { "standard" };
        let replay = match self.replay {
            ReplayBy::Script => {
                "replay: a consumer-side script (ReceiveMessage, SendMessage, DeleteMessage)"
                    .to_string()
            }
            ReplayBy::MoveTask => format!(
                "replay: StartMessageMoveTask at {} messages/s (the whole DLQ, no selection)",
                self.move_rate_per_s
            ),
        };
        format!(
            "SQS {kind} queue {} → {} (RedrivePolicy maxReceiveCount {}), VisibilityTimeout {} s; {replay}",
            self.queue,
            self.dlq_name(),
            self.max_receive_count,
            self.visibility_timeout_ms / 1000
        )
    }

    /// Checks the settings against AWS's ranges; the error names the field (`systems.sqs.…`).
    pub fn check(&self) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: String| {
            Err(WorkloadError::Setting { field: format!("systems.sqs.{field}"), problem })
        };
        let seconds = |field: &str, ms: u64, min_ms: u64, max_ms: u64, range: &str| {
            if ms % 1000 != 0 {
                bad(
                    field,
                    format!("SQS takes whole seconds here: use a multiple of 1000 ({range})"),
                )
            } else if !(min_ms..=max_ms).contains(&ms) {
                bad(field, format!("SQS allows {range}"))
            } else {
                Ok(())
            }
        };
        if self.queue.is_empty() || self.queue.len() > 80 {
            return bad("queue", "give the queue a name of 1 to 80 characters".into());
        }
        // CreateQueue: "A FIFO queue name must end with the .fifo suffix."
        if self.fifo != self.queue.ends_with(".fifo") {
            let fix = if self.fifo {
                format!("a FIFO queue's name ends in .fifo: call it {}.fifo", self.queue)
            } else {
                "only a FIFO queue's name ends in .fifo: set fifo to true or rename it".into()
            };
            return bad("queue", fix);
        }
        // CreateQueue, ContentBasedDeduplication: "Enables content-based deduplication. Valid
        // values are true and false" under "The following attributes apply only to FIFO".
        if self.content_based_deduplication && !self.fifo {
            return bad(
                "content_based_deduplication",
                "only a FIFO queue deduplicates: set fifo to true, or leave this false".into(),
            );
        }
        seconds(
            "visibility_timeout_ms",
            self.visibility_timeout_ms,
            0,
            12 * HOUR_MS,
            "0 s to 12 hours",
        )?;
        if !(1..=1000).contains(&self.max_receive_count) {
            return bad("max_receive_count", "SQS allows 1 to 1000".into());
        }
        seconds("retention_ms", self.retention_ms, 60_000, 14 * DAY_MS, "60 s to 14 days")?;
        seconds("dlq_retention_ms", self.dlq_retention_ms, 60_000, 14 * DAY_MS, "60 s to 14 days")?;
        seconds("delay_ms", self.delay_ms, 0, 900_000, "0 s to 15 minutes")?;
        for (id, &ms) in &self.message_delays_ms {
            seconds(&format!("message_delays_ms.{id}"), ms, 0, 900_000, "0 s to 15 minutes")?;
        }
        // SendMessage, DelaySeconds: "FIFO queues don't support per-message delays".
        if self.fifo && !self.message_delays_ms.is_empty() {
            return bad(
                "message_delays_ms",
                "FIFO queues take no per-message delay: use delay_ms for the whole queue".into(),
            );
        }
        if !(1..=64).contains(&self.consumers) {
            return bad("consumers", "use 1 to 64".into());
        }
        seconds("wait_time_ms", self.wait_time_ms, 0, 20_000, "0 s to 20 s")?;
        if !(1..=3_600_000).contains(&self.poll_interval_ms) {
            return bad("poll_interval_ms", "use 1 ms to 1 hour between short polls".into());
        }
        if !(1..=10).contains(&self.batch) {
            return bad("batch", "ReceiveMessage takes 1 to 10 messages at a time".into());
        }
        if self.on_failure == OnFailure::Ladder && self.ladder_ms.is_empty() {
            return bad("ladder_ms", "give the ladder at least one step, in ms".into());
        }
        if self.ladder_ms.len() > 100 {
            return bad("ladder_ms", "use at most 100 steps".into());
        }
        for (i, &ms) in self.ladder_ms.iter().enumerate() {
            seconds(&format!("ladder_ms[{i}]"), ms, 0, 12 * HOUR_MS, "0 s to 12 hours")?;
        }
        if let Some(ms) = self.heartbeat_ms {
            if ms == 0 || ms > 12 * HOUR_MS {
                return bad("heartbeat_ms", "use 1 ms to 12 hours between extensions".into());
            }
        }
        if !(1..=500).contains(&self.move_rate_per_s) {
            return bad(
                "move_rate_per_s",
                "StartMessageMoveTask moves 1 to 500 messages a second".into(),
            );
        }
        if self.allowed_sources.len() > 10 {
            return bad("allowed_sources", "a RedriveAllowPolicy lists at most 10 queues".into());
        }
        // SetQueueAttributes(RedrivePolicy) on the source fails when the DLQ's policy does not
        // allow it as a source.
        let allowed = match self.redrive_allow {
            RedriveAllow::AllowAll => true,
            RedriveAllow::DenyAll => false,
            RedriveAllow::ByQueue => self.allowed_sources.contains(&self.queue),
        };
        if !allowed {
            return bad(
                "redrive_allow",
                format!(
                    "the DLQ's RedriveAllowPolicy does not let {} use it, so SQS refuses the \
                     redrive policy: use allow_all, or by_queue with {} in allowed_sources",
                    self.queue, self.queue
                ),
            );
        }
        Ok(())
    }
}
