//! Kafka retry topics as Spring for Apache Kafka names and times them, before any record
//! flows: the back-off values of Spring Kafka 3.3 (Spring Retry) and 4.0 (Spring Framework)
//! with their truncation, caps and random draws, the topic names in both suffixing and both
//! reuse strategies, the profile's description and the settings' errors. Each rule's source is
//! cited in the code and in docs/systems-kafka.md.

use dlx_lab::systems::kafka::{DltStrategy, KafkaConfig, SpringKafka, TopicReuse, TopicSuffixing};
use dlx_lab::systems::Comparison;

fn config(f: impl FnOnce(&mut KafkaConfig)) -> KafkaConfig {
    let mut c = KafkaConfig::default();
    f(&mut c);
    c
}

fn names(c: &KafkaConfig) -> Vec<String> {
    let (retry, dlt) = c.topics(0);
    retry.into_iter().map(|t| t.name).chain(dlt).collect()
}

#[test]
fn each_step_is_truncated_and_the_cap_applies_to_the_first_wait_too() {
    let c = config(|c| (c.delay_ms, c.multiplier, c.attempts) = (1_000, 1.5, 7));
    // (long)(interval × multiplier) at every step: 5 062 and 7 593, not 5 063 and 7 594.
    assert_eq!(c.backoff_values_ms(0), vec![1_000, 1_500, 2_250, 3_375, 5_062, 7_593]);
    let v4 = KafkaConfig { spring_kafka: SpringKafka::V4_0, ..c.clone() };
    assert_eq!(v4.backoff_values_ms(0), vec![1_000, 1_500, 2_250, 3_375, 5_062, 7_593]);
    // A 60 s delay waits 30 s in 3.3 (maxDelay not above delay), 60 s, 120 s … in 4.0.
    let long = config(|c| (c.delay_ms, c.attempts) = (60_000, 4));
    assert_eq!(long.backoff_values_ms(0), vec![30_000, 30_000, 30_000]);
    let long4 = KafkaConfig { spring_kafka: SpringKafka::V4_0, ..long.clone() };
    assert_eq!(long4.backoff_values_ms(0), vec![60_000, 120_000, 240_000]);
    // 4.0 caps at maxDelay, the first wait too.
    let capped4 = KafkaConfig { max_delay_ms: 10_000, ..long4 };
    assert_eq!(capped4.backoff_values_ms(0), vec![10_000, 10_000, 10_000]);
    // A multiplier in (0, 1] is 1 in 3.3, still capped.
    let slow = config(|c| (c.delay_ms, c.multiplier, c.attempts) = (40_000, 0.5, 3));
    assert_eq!(slow.backoff_values_ms(0), vec![30_000, 30_000]);
    let flat = config(|c| (c.delay_ms, c.multiplier, c.attempts) = (1_000, 0.5, 3));
    assert_eq!(flat.backoff_values_ms(0), vec![1_000, 1_000]);
    // No multiplier: fixed; a delay below 1 ms is 1 ms in 3.3, 0 in 4.0.
    let fixed = config(|c| (c.delay_ms, c.multiplier, c.attempts) = (0, 0.0, 3));
    assert_eq!(fixed.backoff_values_ms(0), vec![1, 1]);
    let fixed4 = KafkaConfig { spring_kafka: SpringKafka::V4_0, ..fixed };
    assert_eq!(fixed4.backoff_values_ms(0), vec![0, 0]);
}

#[test]
fn random_back_offs_are_drawn_once_per_topic_from_the_seed() {
    // No multiplier, maxDelay above delay: Spring Retry's uniform random [delay, maxDelay).
    let c =
        config(|c| (c.multiplier, c.delay_ms, c.max_delay_ms, c.attempts) = (0.0, 1_000, 5_000, 5));
    let v = c.backoff_values_ms(7);
    assert_eq!(v, c.backoff_values_ms(7), "the same seed, the same values");
    assert_ne!(v, c.backoff_values_ms(8));
    assert!(v.iter().all(|x| (1_000..5_000).contains(x)), "{v:?}");
    // Each value names its own topic.
    let (retry, _) = c.topics(7);
    assert_eq!(retry[0].name, format!("vehicle.event-retry-{}", v[0]));
    // The same settings in 4.0 are not random: multiplier 1 up to maxDelay.
    let c4 = KafkaConfig { spring_kafka: SpringKafka::V4_0, ..c };
    assert_eq!(c4.backoff_values_ms(7), vec![1_000; 4]);
    // 3.3's `random`: between the interval and interval × multiplier, capped.
    let r = config(|c| (c.random, c.delay_ms, c.attempts) = (true, 1_000, 5));
    let v = r.backoff_values_ms(3);
    for (x, base) in v.iter().zip([1_000u64, 2_000, 4_000, 8_000]) {
        assert!((base..=base * 2).contains(x), "{v:?}");
    }
    // 4.0's jitter: within the scaled jitter of each interval, never below the first.
    let j = config(|c| {
        (c.spring_kafka, c.jitter_ms, c.delay_ms, c.attempts) = (SpringKafka::V4_0, 100, 1_000, 4)
    });
    let v = j.backoff_values_ms(3);
    for (x, (base, scale)) in v.iter().zip([(1_000u64, 1), (2_000, 2), (4_000, 4)]) {
        assert!((base.saturating_sub(100 * scale).max(1_000)..base + 100 * scale).contains(x));
    }
}

#[test]
fn topic_names_in_both_suffixing_strategies_and_both_reuse_strategies() {
    let eight = config(|c| c.attempts = 8); // 5, 10, 20 s, then 30 s four times
    assert_eq!(
        names(&eight),
        [
            "vehicle.event-retry-5000",
            "vehicle.event-retry-10000",
            "vehicle.event-retry-20000",
            "vehicle.event-retry-30000",
            "vehicle.event-dlt"
        ]
    );
    let index = KafkaConfig { topic_suffixing: TopicSuffixing::IndexValue, ..eight.clone() };
    assert_eq!(
        names(&index),
        [
            "vehicle.event-retry-0",
            "vehicle.event-retry-1",
            "vehicle.event-retry-2",
            "vehicle.event-retry-3",
            "vehicle.event-dlt"
        ]
    );
    let multiple =
        KafkaConfig { same_interval_topic_reuse: TopicReuse::MultipleTopics, ..eight.clone() };
    assert_eq!(
        names(&multiple)[3..],
        [
            "vehicle.event-retry-30000-0",
            "vehicle.event-retry-30000-1",
            "vehicle.event-retry-30000-2",
            "vehicle.event-retry-30000-3",
            "vehicle.event-dlt"
        ]
    );
    // One retry topic, with or without a multiplier: plain `-retry`.
    for single in [
        config(|c| c.attempts = 2),
        config(|c| (c.multiplier, c.delay_ms, c.attempts) = (0.0, 2_000, 4)),
        config(|c| (c.multiplier, c.attempts) = (1.0, 4)),
        config(|c| (c.delay_ms, c.attempts) = (60_000, 4)),
        KafkaConfig { topic_suffixing: TopicSuffixing::IndexValue, ..config(|c| c.attempts = 2) },
    ] {
        assert_eq!(names(&single), ["vehicle.event-retry", "vehicle.event-dlt"], "{single:?}");
    }
    // Equal delays in separate topics are told apart by index.
    let fixed = config(|c| {
        (c.multiplier, c.attempts, c.same_interval_topic_reuse) =
            (0.0, 4, TopicReuse::MultipleTopics)
    });
    assert_eq!(
        names(&fixed),
        [
            "vehicle.event-retry-0",
            "vehicle.event-retry-1",
            "vehicle.event-retry-2",
            "vehicle.event-dlt"
        ]
    );
    let two = KafkaConfig {
        same_interval_topic_reuse: TopicReuse::MultipleTopics,
        ..config(|c| c.attempts = 2)
    };
    assert_eq!(names(&two), ["vehicle.event-retry-5000", "vehicle.event-dlt"]);
    // NO_DLT: no DLT topic at all.
    assert_eq!(
        names(&config(|c| (c.attempts, c.dlt_strategy) = (2, DltStrategy::NoDlt))),
        ["vehicle.event-retry"]
    );
    // 4.0 has no cap: every retry its own topic.
    assert_eq!(
        names(&config(|c| c.spring_kafka = SpringKafka::V4_0))[3],
        "vehicle.event-retry-40000"
    );
}

#[test]
fn the_profile_and_its_topics_are_described_and_bad_settings_name_their_field() {
    let d = KafkaConfig::default().describe(0);
    assert!(d.starts_with("Spring Kafka 3.3"), "{d}");
    assert!(
        d.contains("vehicle.event-retry-30000 (30000 ms)") && d.ends_with("vehicle.event-dlt"),
        "{d}"
    );
    assert!(config(|c| c.spring_kafka = SpringKafka::V4_0)
        .describe(0)
        .starts_with("Spring Kafka 4.0"));
    let bad = [
        (
            config(|c| (c.spring_kafka, c.multiplier) = (SpringKafka::V4_0, 0.5)),
            "systems.kafka.multiplier",
        ),
        (config(|c| c.jitter_ms = 100), "systems.kafka.jitter_ms"),
        (
            config(|c| (c.spring_kafka, c.random) = (SpringKafka::V4_0, true)),
            "systems.kafka.random",
        ),
        (config(|c| c.retry_topic_partitions = 0), "systems.kafka.retry_topic_partitions"),
        (config(|c| c.max_delay_ms = u64::MAX), "systems.kafka.max_delay_ms"),
        (config(|c| c.record_bytes = 0), "systems.kafka.record_bytes"),
    ];
    for (c, field) in bad {
        let e = c.check("systems.kafka").unwrap_err().to_string();
        assert!(e.starts_with(field), "{e}");
    }
    for (setting, field) in [
        (r#""spring_kafka": "5.0""#, "spring_kafka"),
        (r#""topic_suffixing": "dot""#, "topic_suffixing"),
    ] {
        let text = format!(
            r#"{{"workload": {{"messages": [{{"id": "a"}}]}}, "systems": {{"kafka": {{{setting}}}}}}}"#
        );
        let e = Comparison::from_json(&text).unwrap_err().to_string();
        assert!(e.contains(field), "{e}");
    }
    let ok = r#"{"workload": {"messages": [{"id": "a"}]}, "systems": {"kafka": {"spring_kafka": "4.0", "topic_suffixing": "index_value", "dlt_strategy": "always_retry_on_error", "error_handling": "blocking"}}}"#;
    assert!(Comparison::from_json(ok).is_ok());
}

/// Where Spring Kafka's documents and code disagree, the comparison page's assumptions list
/// says both, with the lines (docs/systems-kafka.md D1, D2), and names the DLT handler's time.
#[test]
fn the_page_tells_where_the_documents_and_the_code_disagree() {
    use dlx_lab::scenario::Lang;
    use dlx_lab::systems::system_text::assumptions;
    use dlx_lab::systems::Strategy;
    for s in [Strategy::Kafka, Strategy::Hybrid] {
        let said: Vec<&str> = assumptions(s).iter().map(|a| a.label(Lang::En)).collect();
        let said = said.join("\n");
        for line in [
            "features.adoc l. 58-59",
            "BackOffFactory.java l. 69-92",
            "RetryableTopic.java l. 154-158",
            "RetryableTopicAnnotationProcessor.java l. 138-145",
            "process_ms",
        ] {
            assert!(said.contains(line), "{s:?} does not say {line}: {said}");
        }
        let worded = |lang| assumptions(s).iter().map(|a| a.label(lang)).collect::<Vec<_>>();
        for lang in [Lang::Ko, Lang::ZhCn] {
            assert_eq!(worded(lang).len(), worded(Lang::En).len());
        }
    }
}
