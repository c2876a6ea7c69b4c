//! The topics `@RetryableTopic` creates from the back-off values: their names, delays and
//! whether the last retry topic is reused, as spring-kafka 3.3.16's
//! `DestinationTopicPropertiesFactory` does it (unchanged in 4.0.7 but for types).

use serde::{Deserialize, Serialize};

use super::DltStrategy;

/// `RetryTopicConstants.DEFAULT_RETRY_SUFFIX` (RetryTopicConstants.java:32).
pub const RETRY_SUFFIX: &str = "-retry";
/// `RetryTopicConstants.DEFAULT_DLT_SUFFIX` (RetryTopicConstants.java:37).
pub const DLT_SUFFIX: &str = "-dlt";

/// `TopicSuffixingStrategy`: what follows `-retry` in a retry topic's name.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TopicSuffixing {
    /// `SUFFIX_WITH_DELAY_VALUE`, the default of `@RetryableTopic` (RetryableTopic.java:191)
    /// and of `RetryTopicConfigurationBuilder` (:89): `orders-retry-1000`, `orders-retry-2000`.
    #[default]
    DelayValue,
    /// `SUFFIX_WITH_INDEX_VALUE`: `orders-retry-0`, `orders-retry-1`. (The seed document's
    /// `vehicle.event.retry-0` is neither: Spring joins with `-`, not `.`, and says `-dlt`.)
    IndexValue,
}

/// `SameIntervalTopicReuseStrategy`: whether the last attempts with the same (maximum) delay
/// share one retry topic.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TopicReuse {
    /// `SINGLE_TOPIC`, the annotation's default since 3.2 (RetryableTopic.java:201).
    #[default]
    SingleTopic,
    /// `MULTIPLE_TOPICS`, still the default of `RetryTopicConfigurationBuilder` (:91): one
    /// topic per retry, equal delays told apart by `-0`, `-1`, ….
    MultipleTopics,
}

/// One retry topic: its name, its delay in ms, and whether records that fail in it come back
/// to it (`Type.REUSABLE_RETRY_TOPIC`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetryTopic {
    pub name: String,
    pub delay_ms: u64,
    pub reusable: bool,
}

/// Seed 002's hand-made ladder: one retry topic per delay, named by it (`orders.retry.1s`,
/// `orders.retry.600s`; ms when not whole seconds), and `orders.dlq`. Not Spring's spelling
/// (`orders-retry-1000`, `orders-dlt`): the seed names its own topics.
pub fn manual_topics(topic: &str, ladder_ms: &[u64]) -> (Vec<RetryTopic>, Option<String>) {
    let retry = ladder_ms
        .iter()
        .map(|&ms| {
            let label = if ms % 1000 == 0 { format!("{}s", ms / 1000) } else { format!("{ms}ms") };
            RetryTopic { name: format!("{topic}.retry.{label}"), delay_ms: ms, reusable: false }
        })
        .collect();
    (retry, Some(format!("{topic}.dlq")))
}

/// The retry topics and the DLT's name (none with `NO_DLT`) of `topic` for these back-off
/// values.
pub fn topics(
    topic: &str,
    values_ms: &[u64],
    suffixing: TopicSuffixing,
    reuse: TopicReuse,
    dlt: DltStrategy,
) -> (Vec<RetryTopic>, Option<String>) {
    let n = values_ms.len();
    let count = |v: u64| values_ms.iter().filter(|&&x| x == v).count();
    // DestinationTopicPropertiesFactory.java:136-143.
    let same_interval_reuse = reuse == TopicReuse::SingleTopic;
    let all_equal = values_ms.windows(2).all(|w| w[0] == w[1]);
    let fixed_delay = suffixing == TopicSuffixing::IndexValue || (n > 1 && all_equal);
    // :220-226 (reusableTopicAttempts): the duplicates of the last value, "assumed" at the end.
    let reusable_attempts =
        if same_interval_reuse && n > 1 { count(values_ms[n - 1]) - 1 } else { 0 };
    let amount = n - reusable_attempts;
    let retry = (0..amount)
        .map(|index| {
            let value = values_ms[index];
            // :200-214 (getTopicSuffix).
            let suffix = if same_interval_reuse && amount == 1 {
                RETRY_SUFFIX.to_string()
            } else if fixed_delay {
                format!("{RETRY_SUFFIX}-{index}")
            } else if !same_interval_reuse && count(value) > 1 {
                let first = values_ms.iter().position(|&x| x == value).unwrap_or(index);
                format!("{RETRY_SUFFIX}-{value}-{}", index - first)
            } else {
                format!("{RETRY_SUFFIX}-{value}")
            };
            RetryTopic {
                name: format!("{topic}{suffix}"),
                delay_ms: value,
                // :216-218: reusable when reuse is on and the value repeats. (Spring refuses to
                // start when that topic is not the last, DefaultDestinationTopicResolver.java
                // :253-266; only a random back-off could repeat a value earlier, so here only
                // the last one is reused.)
                reusable: same_interval_reuse && count(value) > 1 && index + 1 == amount,
            }
        })
        .collect();
    // :169-172: no DLT with NO_DLT.
    let dlt = (dlt != DltStrategy::NoDlt).then(|| format!("{topic}{DLT_SUFFIX}"));
    (retry, dlt)
}
