//! The headers a hop writes on the record it forwards, as `DeadLetterPublishingRecoverer`
//! (spring-kafka 3.3.16, the same in 4.0.7) writes them: the exception's, the original
//! record's (only when absent, for retry topics), and, for retry topics, Spring's
//! `retry_topic-…` headers with every hop's value kept.
//!
//! Header names differ by path. `@RetryableTopic`'s recoverer is given `KafkaHeaders.ORIGINAL_*`
//! and `EXCEPTION_*` (DeadLetterPublishingRecovererFactory.java:207-223): `kafka_original-topic`,
//! `kafka_exception-message`, …. A plain recoverer (the blocking path) keeps its default
//! `KafkaHeaders.DLT_*` (DeadLetterPublishingRecoverer.java:122-138): `kafka_dlt-original-topic`,
//! `kafka_dlt-exception-message`, …. Values are written here as text; Kafka holds them as bytes
//! (an int, a long, a `BigInteger`, UTF-8).

use crate::systems::trace::Header;

/// The exception Spring hands the recoverer: the container wraps what the listener threw
/// (KafkaMessageListenerContainer.java:3039-3050).
pub const LISTENER_FAILED_FQCN: &str =
    "org.springframework.kafka.listener.ListenerExecutionFailedException";

/// Which recoverer writes the headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `@RetryableTopic`'s recoverer.
    RetryTopic,
    /// A `DeadLetterPublishingRecoverer` with its defaults (behind `DefaultErrorHandler`).
    Plain,
}

/// The failed record, as the original-record headers describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub topic: String,
    pub partition: usize,
    pub offset: u64,
    pub timestamp_ms: u64,
    pub group_id: String,
}

/// Spring's retry headers for the forwarded record (DeadLetterPublishingRecovererFactory.java
/// :362-387): the delivery attempt it will be, when it is due, the first record's timestamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryValues {
    pub attempts: u32,
    pub backoff_timestamp_ms: u64,
    pub original_timestamp_ms: u64,
}

fn header(name: &str, value: impl ToString) -> Header {
    Header { name: name.into(), value: value.to_string() }
}

/// The headers one hop writes, in the order Spring adds them
/// (DeadLetterPublishingRecoverer.java:538-560, then :767-778).
///
/// `origin` is `Some` when the original-record headers are written on this hop: every hop of
/// the plain recoverer, only the first of the retry-topic one (`appendOriginalHeaders(false)`,
/// DeadLetterPublishingRecovererFactory.java:233, and DeadLetterPublishingRecoverer.java
/// :803-810).
pub fn hop(
    style: Style,
    reason: &str,
    origin: Option<&Origin>,
    retry: Option<RetryValues>,
) -> Vec<Header> {
    let (pre, message) = match style {
        Style::RetryTopic => ("kafka_", "Listener failed"),
        Style::Plain => ("kafka_dlt-", "Listener method '…' threw exception"),
    };
    let o = if style == Style::RetryTopic { "kafka_original-" } else { "kafka_dlt-original-" };
    // :812-837 (addExceptionInfoHeaders, replacing the previous hop's: :859-868): the
    // wrapper's class, the root cause's class, "message; root cause message", the stack
    // trace (printStackTrace, :870-875; shortened here).
    let mut h = vec![
        header(&format!("{pre}exception-fqcn"), LISTENER_FAILED_FQCN),
        header(&format!("{pre}exception-cause-fqcn"), reason),
        header(&format!("{pre}exception-message"), format!("{message}; {reason}")),
        header(
            &format!("{pre}exception-stacktrace"),
            format!("{LISTENER_FAILED_FQCN}: {message}\n\t… (shortened)\nCaused by: {reason}"),
        ),
    ];
    if let Some(origin) = origin {
        // :780-801 (maybeAddOriginalHeaders); the group comes from the listener exception.
        h.push(header(&format!("{o}topic"), &origin.topic));
        h.push(header(&format!("{o}partition"), origin.partition));
        h.push(header(&format!("{o}offset"), origin.offset));
        h.push(header(&format!("{o}timestamp"), origin.timestamp_ms));
        h.push(header(&format!("{o}timestamp-type"), "CreateTime"));
        // KafkaHeaders.ORIGINAL_CONSUMER_GROUP is spelt "dlt-original-consumer-group" too
        // (KafkaHeaders.java:216, :309).
        h.push(header("kafka_dlt-original-consumer-group", &origin.group_id));
    }
    if let Some(r) = retry {
        // RetryTopicHeaders.java:32-42.
        h.push(header("retry_topic-original-timestamp", r.original_timestamp_ms));
        h.push(header("retry_topic-attempts", r.attempts));
        h.push(header("retry_topic-backoff-timestamp", r.backoff_timestamp_ms));
    }
    h
}
