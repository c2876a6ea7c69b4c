//! Kafka with Spring for Apache Kafka's error handling, as its sources do it: `@RetryableTopic`
//! non-blocking retries (a failed record goes to the next retry topic, whose consumer holds its
//! partition until the record's back-off is over; after the last attempt, or at once for an
//! excluded or fatal exception, to the `-dlt` topic), or the blocking `DefaultErrorHandler`
//! (the partition waits while the same record is redelivered, then `DeadLetterPublishingRecoverer`
//! sends it to the DLT).
//!
//! Follows spring-kafka 3.3.16 with spring-retry 2.0.12 (profile `"3.3"`) and spring-kafka
//! 4.0.7 with Spring Framework 7.0.9 (profile `"4.0"`), and kafka-clients 3.8's partitioner.
//! Every rule cites its source file and line beside it; `docs/systems-kafka.md` lists them
//! with their tests. The parts: [`backoff`] (the delays, computed once), [`naming`] (the topic
//! names), [`partitioner`] (murmur2 and the sticky partitioner), [`headers`] (what each hop
//! writes) and the simulation itself.
//!
//! The operator republishes chosen DLT records to the original topic (a new record) or skips
//! them. With a table (the hybrid, [`super::hybrid`]) the DLT handler stores each record as a
//! PENDING row instead, and the operator republishes or skips rows.

pub mod backoff;
pub mod classifier;
pub mod headers;
mod kafka_ends;
pub mod naming;
pub mod partitioner;
mod sim;
pub mod table_rows;

use serde::{Deserialize, Serialize};

pub use backoff::{Policy, DEFAULT_MAX_INTERVAL_MS};
pub use naming::{RetryTopic, TopicReuse, TopicSuffixing};
pub use partitioner::{murmur2, partition_of, Sticky, DEFAULT_BATCH_SIZE_BYTES};
pub use sim::Kafka;

use super::workload::{WorkloadError, MAX_HORIZON_MS};

/// Spring Retry's cap on an exponential back-off when `maxDelay` is not above `delay`.
pub const DEFAULT_MAX_DELAY_MS: u64 = DEFAULT_MAX_INTERVAL_MS;

/// Which Spring for Apache Kafka the run follows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpringKafka {
    /// 3.3 (3.3.16): `@Backoff` through Spring Retry 2.0's policies, the 30 s default cap.
    #[default]
    #[serde(rename = "3.3")]
    V3_3,
    /// 4.0 (4.0.7): `@BackOff` through Spring Framework 7's `ExponentialBackOff`, no cap
    /// unless `maxDelay` is set, and a multiplier below 1 refused.
    #[serde(rename = "4.0")]
    V4_0,
}

/// `DltStrategy` (DltStrategy.java:27-45): whether there is a DLT, and what happens when the
/// DLT handler fails.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DltStrategy {
    /// No DLT: a record out of attempts is logged and dropped.
    NoDlt,
    /// Spring's default (RetryableTopic.java:207): a record whose DLT handler fails goes back
    /// to the DLT.
    AlwaysRetryOnError,
    /// The seed document's choice (`dltStrategy = DltStrategy.FAIL_ON_ERROR`): a record whose
    /// DLT handler fails is logged and left.
    #[default]
    FailOnError,
}

/// How the listener's errors are handled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorHandling {
    /// `@RetryableTopic`: retry topics and a DLT; the main topic keeps flowing.
    #[default]
    RetryTopics,
    /// `DefaultErrorHandler` with a `FixedBackOff` and a `DeadLetterPublishingRecoverer`: the
    /// partition waits while its failed record is redelivered, so a key keeps its order.
    Blocking,
    /// Seed 002's hand-made ladder, no Spring: the consumer sends a failed record to the next
    /// retry topic of `ladder_ms` (`sendToRetryWithDelay(msg, attempts + 1, delay)`), each
    /// topic's consumer waits out its delay, and past the last step the record goes to the DLQ
    /// topic (`sendToDLQ`). The count travels in the message (`msg.attempts`).
    ManualLadder,
}

/// The listener's topic and its error handling settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KafkaConfig {
    pub topic: String,
    /// The main topic's partitions.
    pub partitions: u32,
    /// The partitions of the topics Spring creates, the retry topics and the DLT:
    /// `@RetryableTopic(numPartitions)`, default 1 (RetryableTopic.java:117,
    /// RetryTopicConfiguration.java:105-109).
    pub retry_topic_partitions: u32,
    /// `spring_kafka`: `"3.3"` or `"4.0"`.
    pub spring_kafka: SpringKafka,
    pub error_handling: ErrorHandling,
    /// `attempts`: deliveries in all, the first included.
    pub attempts: u32,
    /// `@Backoff(delay)`, in ms.
    pub delay_ms: u64,
    /// `@Backoff(multiplier)` (0: not set).
    pub multiplier: f64,
    /// `@Backoff(maxDelay)`, in ms (0: not set).
    pub max_delay_ms: u64,
    /// `@RetryableTopic(timeout)`, in ms (0: not set): a record failing later than this after
    /// its first record's timestamp goes to the DLT instead of retrying.
    pub timeout_ms: u64,
    /// 3.3's `@Backoff(random)`: an exponential back-off with jitter.
    pub random: bool,
    /// 4.0's `@BackOff(jitter)`, in ms.
    pub jitter_ms: u64,
    pub topic_suffixing: TopicSuffixing,
    pub same_interval_topic_reuse: TopicReuse,
    pub dlt_strategy: DltStrategy,
    /// How many times the `@DltHandler` fails on each record before it succeeds.
    pub dlt_handler_failures: u32,
    /// The listener's `groupId` (the seed's `vehicle-service`).
    pub group_id: String,
    /// Blocking: `FixedBackOff(interval, maxAttempts)`'s interval, in ms (default 0,
    /// SeekUtils.java:63).
    pub blocking_interval_ms: u64,
    /// Blocking: `FixedBackOff`'s `maxAttempts`, the redeliveries after the first (default 9,
    /// so 10 deliveries: SeekUtils.java:57-63).
    pub blocking_max_retries: u32,
    /// The size of one record as the producer counts it, in bytes (for the sticky partitioner).
    pub record_bytes: u32,
    /// The producer's `batch.size`, in bytes (default 16 384).
    pub batch_size_bytes: u32,
    /// The manual ladder's delays, one retry topic each, in ms: seed 002's text (1 s, 10 s,
    /// 60 s, 600 s, then the DLQ).
    pub ladder_ms: Vec<u64>,
    /// `@RetryableTopic(include)`: retry only these exceptions (by class name).
    pub include: Vec<String>,
    /// `@RetryableTopic(exclude)`: retry all but these (by class name), straight to the DLT.
    pub exclude: Vec<String>,
    /// `@RetryableTopic(traversingCauses = "true")`: look for the listed classes among the
    /// failure's causes too.
    pub traversing_causes: bool,
}

impl Default for KafkaConfig {
    fn default() -> Self {
        KafkaConfig {
            topic: "vehicle.event".into(),
            partitions: 1,
            retry_topic_partitions: 1,
            spring_kafka: SpringKafka::V3_3,
            error_handling: ErrorHandling::RetryTopics,
            attempts: 5,
            delay_ms: 5_000,
            multiplier: 2.0,
            max_delay_ms: 0,
            timeout_ms: 0,
            random: false,
            jitter_ms: 0,
            topic_suffixing: TopicSuffixing::DelayValue,
            same_interval_topic_reuse: TopicReuse::SingleTopic,
            dlt_strategy: DltStrategy::FailOnError,
            dlt_handler_failures: 0,
            group_id: "vehicle-service".into(),
            blocking_interval_ms: 0,
            blocking_max_retries: 9,
            record_bytes: 1_024,
            batch_size_bytes: DEFAULT_BATCH_SIZE_BYTES,
            ladder_ms: vec![1_000, 10_000, 60_000, 600_000],
            include: Vec::new(),
            exclude: Vec::new(),
            traversing_causes: false,
        }
    }
}

impl KafkaConfig {
    /// Checks the settings; the error names the field (`prefix.…`).
    pub fn check(&self, prefix: &str) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: &str| {
            Err(WorkloadError::Setting {
                field: format!("{prefix}.{field}"),
                problem: problem.into(),
            })
        };
        if self.topic.is_empty() {
            return bad("topic", "give the topic a name");
        }
        if !(1..=64).contains(&self.partitions) {
            return bad("partitions", "use 1 to 64");
        }
        if !(1..=64).contains(&self.retry_topic_partitions) {
            return bad("retry_topic_partitions", "use 1 to 64");
        }
        if !(1..=50).contains(&self.attempts) {
            return bad("attempts", "use 1 to 50");
        }
        if self.delay_ms > MAX_HORIZON_MS {
            return bad("delay_ms", "use at most 30 days");
        }
        if self.max_delay_ms > MAX_HORIZON_MS {
            return bad("max_delay_ms", "use at most 30 days");
        }
        if self.timeout_ms > MAX_HORIZON_MS {
            return bad("timeout_ms", "use at most 30 days");
        }
        if self.jitter_ms > MAX_HORIZON_MS {
            return bad("jitter_ms", "use at most 30 days");
        }
        if !(self.multiplier.is_finite() && (0.0..=100.0).contains(&self.multiplier)) {
            return bad("multiplier", "use a number from 0 to 100");
        }
        if self.spring_kafka == SpringKafka::V4_0 {
            if self.multiplier > 0.0 && self.multiplier < 1.0 {
                // RetryPolicy.java:316-321 (Spring Framework 7.0.9): the listener fails to start.
                return bad(
                    "multiplier",
                    "Spring Kafka 4.0 refuses a multiplier below 1 (use 0 or at least 1)",
                );
            }
            if self.random {
                return bad("random", "`random` is Spring Kafka 3.3's @Backoff; 4.0 has jitter_ms");
            }
        } else if self.jitter_ms > 0 {
            return bad("jitter_ms", "`jitter` is Spring Kafka 4.0's @BackOff; 3.3 has random");
        }
        if self.group_id.is_empty() {
            return bad("group_id", "give the consumer group a name");
        }
        if self.blocking_interval_ms > MAX_HORIZON_MS {
            return bad("blocking_interval_ms", "use at most 30 days");
        }
        if self.blocking_max_retries > 1_000 {
            return bad("blocking_max_retries", "use 0 to 1000");
        }
        if self.dlt_handler_failures > 1_000 {
            return bad("dlt_handler_failures", "use 0 to 1000");
        }
        if !(1..=1_048_576).contains(&self.record_bytes) {
            return bad("record_bytes", "use 1 to 1048576");
        }
        if !(1..=16_777_216).contains(&self.batch_size_bytes) {
            return bad("batch_size_bytes", "use 1 to 16777216");
        }
        if self.error_handling == ErrorHandling::ManualLadder && self.ladder_ms.is_empty() {
            return bad("ladder_ms", "give the ladder at least one delay, in ms");
        }
        if self.ladder_ms.len() > 49 || self.ladder_ms.iter().any(|&ms| ms > MAX_HORIZON_MS) {
            return bad("ladder_ms", "use at most 49 steps of at most 30 days each");
        }
        // BinaryExceptionClassifierBuilder: "Please use only retryOn() or only notRetryOn()",
        // and "Attempt to build classifier with empty rules": the listener does not start.
        if !self.include.is_empty() && !self.exclude.is_empty() {
            return bad("include", "Spring refuses include and exclude together: keep one of them");
        }
        if self.traversing_causes && self.include.is_empty() && self.exclude.is_empty() {
            return bad(
                "traversing_causes",
                "Spring refuses traversingCauses without include or exclude (no rules to traverse for)",
            );
        }
        if self.include.len() + self.exclude.len() > 50
            || self.include.iter().chain(&self.exclude).any(|c| c.is_empty() || c.len() > 200)
        {
            return bad("exclude", "list at most 50 class names of 1 to 200 characters");
        }
        Ok(())
    }

    /// The retry topics (none when blocking) and the DLT's name, for back-off values drawn
    /// with `seed`.
    pub fn topics(&self, seed: u64) -> (Vec<RetryTopic>, Option<String>) {
        match self.error_handling {
            ErrorHandling::Blocking => {
                // DeadLetterPublishingRecoverer.java:80: the failed record's topic + "-dlt".
                return (vec![], Some(format!("{}{}", self.topic, naming::DLT_SUFFIX)));
            }
            ErrorHandling::ManualLadder => {
                return naming::manual_topics(&self.topic, &self.ladder_ms)
            }
            ErrorHandling::RetryTopics => {}
        }
        let values = self.backoff_values_ms(seed);
        naming::topics(
            &self.topic,
            &values,
            self.topic_suffixing,
            self.same_interval_topic_reuse,
            self.dlt_strategy,
        )
    }

    /// One line saying which Spring Kafka this is and what it made: the policy and the topics.
    pub fn describe(&self, seed: u64) -> String {
        let version = match self.spring_kafka {
            SpringKafka::V3_3 => "Spring Kafka 3.3 (Spring Retry 2.0 back-off)",
            SpringKafka::V4_0 => "Spring Kafka 4.0 (Spring Framework 7 back-off)",
        };
        let (retry, dlt) = self.topics(seed);
        let mut line = match self.error_handling {
            ErrorHandling::RetryTopics => {
                format!("{version}, @RetryableTopic, {:?}: {}", self.policy(), self.topic)
            }
            ErrorHandling::Blocking => format!(
                "{version}, DefaultErrorHandler FixedBackOff({}, {}): {}",
                self.blocking_interval_ms, self.blocking_max_retries, self.topic
            ),
            ErrorHandling::ManualLadder => {
                format!("A hand-made retry ladder (seed 002, no Spring): {}", self.topic)
            }
        };
        for t in &retry {
            line.push_str(&format!(
                " → {} ({} ms{})",
                t.name,
                t.delay_ms,
                if t.reusable { ", reused" } else { "" }
            ));
        }
        match dlt {
            Some(d) => line.push_str(&format!(" → {d}")),
            None => line.push_str(" → (no DLT)"),
        }
        line
    }
}
