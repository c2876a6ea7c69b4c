//! Kafka retry topics and a DLT as Spring for Apache Kafka runs them: records through the
//! retry topics and their waits, a reused last topic, the headers of every hop, fatal and
//! excluded exceptions, the DLT strategies, the blocking error handler, the sticky partitioner
//! and the retry topics' partitions. (Names and back-off values: kafka_topics.rs.) Each rule's
//! source is cited in the code and in docs/systems-kafka.md.

use dlx_lab::systems::kafka::{
    murmur2, partition_of, DltStrategy, ErrorHandling, Kafka, KafkaConfig, Sticky,
};
use dlx_lab::systems::{fate, Fate, Loss, Metrics, SysEventKind, Trace, Workload};

use super::common::{finish, routed_directly, workload};

fn run(w: &Workload, config: KafkaConfig) -> Trace {
    finish(Kafka::new(config, w.clone()), w)
}

fn always_failing(horizon_ms: u64) -> Workload {
    workload(&format!(
        r#"{{"messages": [{{"id": "a", "failure": {{"kind": "bug"}}}}], "horizon_ms": {horizon_ms}}}"#
    ))
}

fn tries(t: &Trace, msg: u32) -> Vec<(u64, String)> {
    t.events
        .iter()
        .filter(|e| e.msg == msg && matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| (e.at_us / 1000, e.place.clone()))
        .collect()
}

fn at(list: &[(u64, &str)]) -> Vec<(u64, String)> {
    list.iter().map(|(t, p)| (*t, p.to_string())).collect()
}

fn config(f: impl FnOnce(&mut KafkaConfig)) -> KafkaConfig {
    let mut c = KafkaConfig::default();
    f(&mut c);
    c
}

/// Each hop's headers of message `msg`: (when in ms, where, [(name, value)]).
type Hop = (u64, String, Vec<(String, String)>);

fn hops(t: &Trace, msg: u32) -> Vec<Hop> {
    t.events
        .iter()
        .filter(|e| e.msg == msg)
        .filter_map(|e| match &e.kind {
            SysEventKind::Headers { headers } => Some((
                e.at_us / 1000,
                e.place.clone(),
                headers.iter().map(|h| (h.name.clone(), h.value.clone())).collect(),
            )),
            _ => None,
        })
        .collect()
}

fn value<'a>(hop: &'a Hop, name: &str) -> Option<&'a str> {
    hop.2.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

#[test]
fn a_record_that_always_fails_moves_through_the_retry_topics_named_by_delay_to_the_dlt() {
    let w = always_failing(600_000);
    let t = run(&w, KafkaConfig::default());
    let places: Vec<&str> = t.places.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        places,
        vec![
            "vehicle.event",
            "vehicle.event-retry-5000",
            "vehicle.event-retry-10000",
            "vehicle.event-retry-20000",
            "vehicle.event-retry-30000",
            "vehicle.event-dlt"
        ]
    );
    // 5 s, 10 s, 20 s, then Spring Retry's 30 s cap (the seed's table says 40 s).
    let expect = at(&[
        (0, "vehicle.event"),
        (5_100, "vehicle.event-retry-5000"),
        (15_200, "vehicle.event-retry-10000"),
        (35_300, "vehicle.event-retry-20000"),
        (65_400, "vehicle.event-retry-30000"),
    ]);
    assert_eq!(tries(&t, 0), expect);
    let dlt =
        t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })).unwrap();
    assert_eq!((dlt.at_us / 1000, dlt.place.as_str()), (65_500, "vehicle.event-dlt"));
    // With maxDelay above delay, the fourth wait is the seed's 40 s, and its topic says so.
    let t = run(&w, config(|c| c.max_delay_ms = 60_000));
    assert_eq!(tries(&t, 0).last(), Some(&(75_400, "vehicle.event-retry-40000".to_string())));
}

#[test]
fn capped_waits_share_the_last_retry_topic() {
    let w = always_failing(900_000);
    let t = run(&w, config(|c| c.attempts = 8));
    let places: Vec<String> = tries(&t, 0).into_iter().map(|x| x.1).collect();
    assert_eq!(places[4..], ["vehicle.event-retry-30000"; 4].map(String::from));
    let t = run(&w, config(|c| (c.multiplier, c.attempts) = (1.0, 3)));
    assert_eq!(
        tries(&t, 0),
        at(&[
            (0, "vehicle.event"),
            (5_100, "vehicle.event-retry"),
            (10_200, "vehicle.event-retry")
        ])
    );
}

#[test]
fn every_hop_carries_springs_headers() {
    let w = always_failing(60_000);
    let t = run(&w, config(|c| c.attempts = 3));
    let h = hops(&t, 0);
    assert_eq!(
        h.iter().map(|x| (x.0, x.1.as_str())).collect::<Vec<_>>(),
        [
            (100, "vehicle.event-retry-5000"),
            (5_200, "vehicle.event-retry-10000"),
            (15_300, "vehicle.event-dlt")
        ]
    );
    let first: Vec<(&str, &str)> = h[0].2.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    assert_eq!(
        first
            .iter()
            .filter(|(n, _)| *n != "kafka_exception-stacktrace")
            .copied()
            .collect::<Vec<_>>(),
        [
            (
                "kafka_exception-fqcn",
                "org.springframework.kafka.listener.ListenerExecutionFailedException"
            ),
            ("kafka_exception-cause-fqcn", "NullPointerException"),
            ("kafka_exception-message", "Listener failed; NullPointerException"),
            ("kafka_original-topic", "vehicle.event"),
            ("kafka_original-partition", "0"),
            ("kafka_original-offset", "0"),
            ("kafka_original-timestamp", "0"),
            ("kafka_original-timestamp-type", "CreateTime"),
            ("kafka_dlt-original-consumer-group", "vehicle-service"),
            ("retry_topic-original-timestamp", "0"),
            ("retry_topic-attempts", "2"),
            ("retry_topic-backoff-timestamp", "5100"),
        ]
    );
    assert!(value(&h[0], "kafka_exception-stacktrace")
        .unwrap()
        .contains("Caused by: NullPointerException"));
    // Later hops: the exception again, the originals kept from the first hop, the retry values.
    assert_eq!(value(&h[1], "kafka_original-topic"), None);
    assert_eq!(value(&h[1], "retry_topic-attempts"), Some("3"));
    assert_eq!(value(&h[1], "retry_topic-backoff-timestamp"), Some("15200"));
    assert_eq!(value(&h[2], "retry_topic-attempts"), Some("4"));
    assert_eq!(
        value(&h[2], "retry_topic-backoff-timestamp"),
        Some("15300"),
        "the DLT's delay is 0"
    );
    assert_eq!(value(&h[2], "retry_topic-original-timestamp"), Some("0"));
}

#[test]
fn fatal_and_excluded_exceptions_go_straight_to_the_dlt() {
    let excluded = routed_directly();
    let t = run(&excluded, KafkaConfig::default());
    assert_eq!(tries(&t, 0).len(), 1);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    // Spring's default fatal exceptions skip the retries without any exclusion, both paths.
    for reason in [
        "DeserializationException",
        "org.springframework.messaging.converter.MessageConversionException",
        "ClassCastException",
    ] {
        let w = workload(&format!(
            r#"{{"messages": [{{"id": "a", "failure": {{"kind": "bug", "reason": "{reason}"}}}}], "horizon_ms": 60000}}"#
        ));
        for handling in [ErrorHandling::RetryTopics, ErrorHandling::Blocking] {
            let t = run(&w, config(|c| c.error_handling = handling));
            assert_eq!(tries(&t, 0).len(), 1, "{reason} {handling:?}");
            assert_eq!(fate(&t, 0), Fate::DeadLettered);
        }
    }
}

#[test]
fn non_blocking_retries_break_a_keys_order_and_blocking_keeps_it() {
    let w = workload(
        r#"{"messages": [{"id": "m1", "key": "k", "failure": {"kind": "transient", "times": 1}}, {"id": "m2", "key": "k", "publish_at_ms": 500}],
            "horizon_ms": 60000}"#,
    );
    let done = |t: &Trace| -> Vec<(u32, u64)> {
        t.events
            .iter()
            .filter(|e| matches!(e.kind, SysEventKind::Succeeded { .. }))
            .map(|e| (e.msg, e.at_us / 1000))
            .collect()
    };
    let t = run(&w, KafkaConfig::default());
    assert_eq!(
        done(&t),
        [(1, 600), (0, 5_200)],
        "m2 overtakes m1 while m1 waits in the retry topic"
    );
    assert_eq!(Metrics::of(&w, &t).reordered, 1);
    // DefaultErrorHandler: the partition waits for m1's redelivery (here after 1 s).
    let t = run(
        &w,
        config(|c| (c.error_handling, c.blocking_interval_ms) = (ErrorHandling::Blocking, 1_000)),
    );
    assert_eq!(done(&t), [(0, 1_200), (1, 1_300)]);
    assert_eq!(Metrics::of(&w, &t).reordered, 0);
}

#[test]
fn the_blocking_handler_delivers_ten_times_then_publishes_to_the_dlt_with_dlt_headers() {
    let w = always_failing(60_000);
    let t = run(&w, config(|c| c.error_handling = ErrorHandling::Blocking));
    let tries = tries(&t, 0);
    assert_eq!(tries.len(), 10, "FixedBackOff(0, 9): ten deliveries");
    assert_eq!(
        tries.iter().map(|x| x.0).collect::<Vec<_>>(),
        (0..10).map(|i| i * 100).collect::<Vec<_>>()
    );
    assert_eq!(
        t.places.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
        ["vehicle.event", "vehicle.event-dlt"]
    );
    let h = hops(&t, 0);
    assert_eq!((h.len(), h[0].0, h[0].1.as_str()), (1, 1_000, "vehicle.event-dlt"));
    let names: Vec<&str> = h[0].2.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "kafka_dlt-exception-fqcn",
            "kafka_dlt-exception-cause-fqcn",
            "kafka_dlt-exception-message",
            "kafka_dlt-exception-stacktrace",
            "kafka_dlt-original-topic",
            "kafka_dlt-original-partition",
            "kafka_dlt-original-offset",
            "kafka_dlt-original-timestamp",
            "kafka_dlt-original-timestamp-type",
            "kafka_dlt-original-consumer-group"
        ]
    );
}

#[test]
fn dlt_strategies_decide_what_a_failing_dlt_handler_does() {
    let w = always_failing(120_000);
    let dead_lettered_at = |t: &Trace| -> Vec<u64> {
        t.events
            .iter()
            .filter(|e| matches!(e.kind, SysEventKind::DeadLettered { .. }))
            .map(|e| e.at_us / 1000)
            .collect()
    };
    let handler_failures = |t: &Trace| {
        t.events
            .iter()
            .filter(|e| {
                e.place == "vehicle.event-dlt" && matches!(e.kind, SysEventKind::Failed { .. })
            })
            .count()
    };
    // FAIL_ON_ERROR (the seed's): the handler fails once, the record stays in the DLT unhandled.
    let t = run(&w, config(|c| c.dlt_handler_failures = 1));
    assert_eq!((dead_lettered_at(&t), handler_failures(&t)), (vec![65_500], 1));
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    // ALWAYS_RETRY_ON_ERROR (Spring's default): back to the DLT after each failure.
    let t = run(
        &w,
        config(|c| (c.dlt_strategy, c.dlt_handler_failures) = (DltStrategy::AlwaysRetryOnError, 2)),
    );
    assert_eq!((dead_lettered_at(&t), handler_failures(&t)), (vec![65_500, 65_600, 65_700], 2));
    let h = hops(&t, 0);
    assert_eq!(value(&h[5], "retry_topic-attempts"), Some("7"));
    assert_eq!(value(&h[5], "kafka_exception-cause-fqcn"), Some("DltHandlerException"));
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    // NO_DLT: logged and dropped after the last attempt.
    let t = run(&w, config(|c| c.dlt_strategy = DltStrategy::NoDlt));
    assert_eq!(fate(&t, 0), Fate::Lost);
    assert!(t.events.iter().any(|e| e.kind == SysEventKind::Lost { why: Loss::LoggedOnly }));
}

#[test]
fn unkeyed_records_stick_to_a_partition_for_a_batch_then_move_on() {
    let mut s = Sticky::new(42);
    let p: Vec<u32> = (0..48).map(|_| s.next(3, 1_024, 16_384)).collect();
    // 16 records of 1 KiB fill a 16 KiB batch: the partition changes only at 16, 32.
    for run in p.chunks(16) {
        assert!(run.iter().all(|&x| x == run[0]), "{p:?}");
    }
    // Over many batches every partition gets its share.
    let mut s = Sticky::new(42);
    let mut counts = [0u32; 3];
    for _ in 0..16 * 300 {
        counts[s.next(3, 1_024, 16_384) as usize] += 1;
    }
    assert!(counts.iter().all(|&c| (1_000..2_300).contains(&c)), "{counts:?}");
    // In the run: the first 16 failing unkeyed records came from one partition.
    let mut text = String::from(r#"{"messages": ["#);
    for i in 0..17 {
        text += &format!(
            r#"{{"id": "m{i}", "publish_at_ms": {}, "failure": {{"kind": "transient", "times": 1}}}},"#,
            i * 10
        );
    }
    text.pop();
    text += r#"], "seed": 5, "horizon_ms": 60000}"#;
    let w = workload(&text);
    let t = run(&w, config(|c| (c.partitions, c.attempts) = (3, 2)));
    let origin: Vec<String> = (0..17)
        .map(|m| value(&hops(&t, m)[0], "kafka_original-partition").unwrap().to_string())
        .collect();
    assert!(origin[..16].iter().all(|p| *p == origin[0]), "{origin:?}");
}

#[test]
fn retry_records_keep_their_partition_when_the_retry_topic_has_it() {
    // Two keys on different main partitions fail at the same moment; Spring's retry topics
    // have one partition by default, so their retries queue behind each other there.
    let w = workload(
        r#"{"messages": [{"id": "a", "key": "k1", "failure": {"kind": "transient", "times": 1}},
                         {"id": "b", "key": "k3", "failure": {"kind": "transient", "times": 1}}],
            "horizon_ms": 60000}"#,
    );
    assert_ne!(partition_of("k1", 3), partition_of("k3", 3));
    let t = run(&w, config(|c| c.partitions = 3));
    assert_eq!((tries(&t, 0)[1].0, tries(&t, 1)[1].0), (5_100, 5_200));
    let t = run(&w, config(|c| (c.partitions, c.retry_topic_partitions) = (3, 3)));
    assert_eq!((tries(&t, 0)[1].0, tries(&t, 1)[1].0), (5_100, 5_100));
}

#[test]
fn a_retry_partition_is_held_until_its_head_record_is_due() {
    // Both fail once; b's wait in the retry topic ends at 5.2 s but it sits behind a, whose
    // wait ends at 5.1 s; with one partition the consumer takes them in order, one at a time.
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1}}, {"id": "b", "failure": {"kind": "transient", "times": 1}}],
            "process_ms": PROCESS, "horizon_ms": 60000}"#;
    let t = run(&workload(&text.replace("PROCESS", "100")), KafkaConfig::default());
    assert_eq!(tries(&t, 0)[1], (5_100, "vehicle.event-retry-5000".to_string()));
    assert_eq!(tries(&t, 1)[1], (5_200, "vehicle.event-retry-5000".to_string()));
    // a fails at 4 s (due 9 s), b at 8 s (due 13 s); a is handled 9–13 s, b right after.
    let t = run(&workload(&text.replace("PROCESS", "4000")), KafkaConfig::default());
    assert_eq!(tries(&t, 1)[1].0, 13_000);
}

#[test]
fn keys_go_to_kafkas_default_partitions() {
    // Kafka's murmur2 of the empty input and of "21" (values from Kafka's own unit tests).
    assert_eq!(murmur2(b""), 275_646_681);
    assert_eq!(murmur2(b"21"), -973_932_308);
    let p: Vec<u32> = ["k1", "k2", "k3", "k4"].iter().map(|k| partition_of(k, 3)).collect();
    assert!(p.iter().all(|&x| x < 3));
}

#[test]
fn the_operator_republishes_dlt_records() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "fix_deployed_at_ms": 100000,
            "operator": [{"at_ms": 120000, "do": "replay"}], "horizon_ms": 200000}"#,
    );
    let t = run(&w, KafkaConfig::default());
    assert_eq!(fate(&t, 0), Fate::Completed);
    assert_eq!(tries(&t, 0).last(), Some(&(120_000, "vehicle.event".to_string())));
}

#[test]
fn past_the_timeout_a_failed_record_goes_to_the_dlt() {
    let w = always_failing(120_000);
    let t = run(&w, config(|c| c.timeout_ms = 12_000));
    let dlt =
        t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })).unwrap();
    // Fails at 0.1 s and 5.2 s (within 12 s: retried), at 15.3 s past it: the DLT.
    assert_eq!((dlt.at_us / 1000, tries(&t, 0).len()), (15_300, 3));
}
