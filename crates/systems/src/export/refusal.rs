//! What an export refuses: a setting its target does not take, with the setting, its value
//! and the target's limit, as a message value the page words in its language. Each limit
//! cites the vendor's document.

use std::fmt;

use super::Target;
use crate::i18n::{Lang, Message};
use crate::message;

/// A limit of a target that a setting breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// SQS API Reference, `CreateQueue`, `QueueName`: "A queue name can have up to 80
    /// characters. Valid values: alphanumeric characters, hyphens (-), and underscores (_)",
    /// and a FIFO queue's name ends in `.fifo`.
    SqsQueueName,
    /// `SetQueueAttributes`: every duration attribute is a whole number of seconds.
    SqsWholeSeconds,
    /// `SetQueueAttributes`, `VisibilityTimeout`: "0 to 43,200 (12 hours)".
    SqsVisibilityTimeout,
    /// `SetQueueAttributes`, `DelaySeconds`: "0 to 900 (15 minutes)".
    SqsDelaySeconds,
    /// `SendMessage`, `DelaySeconds`: "FIFO queues don't support per-message delays, only
    /// per-queue delays".
    SqsFifoMessageDelay,
    /// `SetQueueAttributes`, `MessageRetentionPeriod`: "60 (1 minute) to 1,209,600 (14 days)".
    SqsRetention,
    /// `RedrivePolicy`, `maxReceiveCount`: 1 to 1 000 (Developer Guide, "Using dead-letter
    /// queues").
    SqsMaxReceiveCount,
    /// `ReceiveMessage`, `WaitTimeSeconds`: 0 to 20.
    SqsWaitTime,
    /// `ReceiveMessage`, `MaxNumberOfMessages`: 1 to 10.
    SqsBatch,
    /// `StartMessageMoveTask`, `MaxNumberOfMessagesPerSecond`: at most 500.
    SqsMoveRate,
    /// `RedriveAllowPolicy`: `byQueue` lists 1 to 10 source queues, and the source queue must
    /// be allowed, or `SetQueueAttributes(RedrivePolicy)` fails.
    SqsRedriveAllow,
    /// Kafka `org.apache.kafka.common.internals.Topic`: legal characters `[a-zA-Z0-9._-]`, at
    /// most 249 (`MAX_NAME_LENGTH`); not `.` or `..`.
    KafkaTopicName,
    /// `@RetryableTopic(includeNames / excludeNames)`: Spring loads each with
    /// `ClassUtils.forName`, so each must be a Java class name.
    KafkaClassName,
    /// spring-kafka `RetryableTopic.java` / `KafkaListener.java`: "All String properties can be
    /// resolved from property placeholders ${...} or SpEL expressions #{...}", so a name that
    /// holds either would run as an expression.
    SpringExpression,
    /// bullmq 6.2.0 `src/classes/queue-base.ts`: "Queue name cannot contain :".
    BullmqQueueName,
    /// bullmq 6.2.0 `src/interfaces/worker-options.ts` has no `attempts` or `backoff`: they
    /// are job options (`Queue.add`), and the Worker ignores them.
    BullmqAttemptsOnWorker,
    /// PostgreSQL manual 4.1.1: an identifier is at most 63 bytes (`NAMEDATALEN` − 1, longer
    /// ones are truncated) and cannot hold the character NUL.
    SqlIdentifier,
}

/// Why an export was not made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// No target has this name.
    UnknownTarget { asked: String },
    /// The target refuses a setting.
    Refused { target: Target, setting: String, value: String, limit: Limit },
}

impl ExportError {
    /// A refusal of `setting` (its full path, `systems.sqs.…`) with `value` by `target`.
    pub fn refused(target: Target, setting: &str, value: impl fmt::Display, limit: Limit) -> Self {
        ExportError::Refused {
            target,
            setting: setting.to_string(),
            value: value.to_string(),
            limit,
        }
    }
}

/// The limit, as a message.
fn limit_message(l: Limit) -> Message {
    match l {
        Limit::SqsQueueName => message!("export-limit-sqs-queue-name"),
        Limit::SqsWholeSeconds => message!("export-limit-sqs-whole-seconds"),
        Limit::SqsVisibilityTimeout => message!("export-limit-sqs-visibility"),
        Limit::SqsDelaySeconds => message!("export-limit-sqs-delay"),
        Limit::SqsFifoMessageDelay => message!("export-limit-sqs-fifo-delay"),
        Limit::SqsRetention => message!("export-limit-sqs-retention"),
        Limit::SqsMaxReceiveCount => message!("export-limit-sqs-max-receive"),
        Limit::SqsWaitTime => message!("export-limit-sqs-wait"),
        Limit::SqsBatch => message!("export-limit-sqs-batch"),
        Limit::SqsMoveRate => message!("export-limit-sqs-move-rate"),
        Limit::SqsRedriveAllow => message!("export-limit-sqs-redrive-allow"),
        Limit::KafkaTopicName => message!("export-limit-kafka-topic"),
        Limit::KafkaClassName => message!("export-limit-kafka-class"),
        Limit::SpringExpression => message!("export-limit-spring-expression"),
        Limit::BullmqQueueName => message!("export-limit-bullmq-queue"),
        Limit::BullmqAttemptsOnWorker => message!("export-limit-bullmq-attempts-on-worker"),
        Limit::SqlIdentifier => message!("export-limit-sql-identifier"),
    }
}

/// The whole refusal, as a message.
pub fn message(e: &ExportError) -> Message {
    match e {
        ExportError::UnknownTarget { asked } => {
            let targets: Vec<&str> = Target::ALL.iter().map(|t| t.id()).collect();
            message!("export-unknown-target", asked = asked, targets = targets.join(", "))
        }
        ExportError::Refused { target, setting, value, limit } => message!(
            "export-refused",
            target = target.id(),
            setting = setting,
            value = super::escape::inline(value),
            limit = limit_message(*limit)
        ),
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&message(self).text(Lang::En))
    }
}

impl std::error::Error for ExportError {}

/// Refuses a PostgreSQL identifier that cannot be written as it is.
pub fn sql_identifier(target: Target, setting: &str, name: &str) -> Result<(), ExportError> {
    if name.is_empty() || name.len() > 63 || name.contains('\0') {
        return Err(ExportError::refused(target, setting, name, Limit::SqlIdentifier));
    }
    Ok(())
}

/// Refuses a Kafka topic name the broker would refuse.
pub fn kafka_topic(target: Target, setting: &str, name: &str) -> Result<(), ExportError> {
    let legal = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
    if name.is_empty()
        || name.len() > 249
        || name == "."
        || name == ".."
        || !name.chars().all(legal)
    {
        return Err(ExportError::refused(target, setting, name, Limit::KafkaTopicName));
    }
    Ok(())
}
