//! Kafka retry topics and a DLT as Spring's `@RetryableTopic` makes them: topic names, the
//! back-off with its 30 s cap, exclusions straight to the DLT, partitions by murmur2, a retry
//! partition held until its head record is due, and a key's order broken by non-blocking
//! retries.

use dlx_lab::systems::kafka::{murmur2, partition_of, Kafka, KafkaConfig};
use dlx_lab::systems::{fate, Fate, Metrics, SysEventKind, System, Trace, Workload};

fn run(w: &Workload, config: KafkaConfig) -> Trace {
    let mut k = Kafka::new(config, w.clone());
    k.step_until(w.horizon_ms * 1000);
    k.trace().clone()
}

fn workload(text: &str) -> Workload {
    Workload::from_json(text).unwrap()
}

fn tries(t: &Trace, msg: u32) -> Vec<(u64, String)> {
    t.events
        .iter()
        .filter(|e| e.msg == msg && matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| (e.at_us / 1000, e.place.clone()))
        .collect()
}

#[test]
fn a_record_that_always_fails_moves_through_the_retry_topics_to_the_dlt() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 600000}"#,
    );
    let t = run(&w, KafkaConfig::default());
    let names: Vec<&str> = t.places.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "vehicle.event",
            "vehicle.event-retry-0",
            "vehicle.event-retry-1",
            "vehicle.event-retry-2",
            "vehicle.event-retry-3",
            "vehicle.event-dlt"
        ]
    );
    // 5 s, 10 s, 20 s, then Spring Retry's 30 s cap (the seed's table says 40 s).
    let expect = [
        (0, "vehicle.event"),
        (5_100, "vehicle.event-retry-0"),
        (15_200, "vehicle.event-retry-1"),
        (35_300, "vehicle.event-retry-2"),
        (65_400, "vehicle.event-retry-3"),
    ];
    assert_eq!(tries(&t, 0), expect.map(|(at, p)| (at, p.to_string())).to_vec());
    let dlt =
        t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })).unwrap();
    assert_eq!((dlt.at_us / 1000, dlt.place.as_str()), (65_500, "vehicle.event-dlt"));
    // With maxDelay above delay, the fourth wait is the seed's 40 s.
    let t = run(&w, KafkaConfig { max_delay_ms: 60_000, ..KafkaConfig::default() });
    assert_eq!(tries(&t, 0).last().map(|x| x.0), Some(75_400));
}

#[test]
fn capped_waits_share_one_retry_topic_and_a_fixed_back_off_has_one() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 900000}"#,
    );
    let t = run(&w, KafkaConfig { attempts: 8, ..KafkaConfig::default() });
    let places: Vec<String> = tries(&t, 0).into_iter().map(|x| x.1).collect();
    assert_eq!(
        places[4..],
        [
            "vehicle.event-retry-3",
            "vehicle.event-retry-3",
            "vehicle.event-retry-3",
            "vehicle.event-retry-3"
        ]
        .map(String::from)
    );
    let t = run(&w, KafkaConfig { multiplier: 1.0, attempts: 3, ..KafkaConfig::default() });
    assert_eq!(
        tries(&t, 0),
        vec![
            (0, "vehicle.event".to_string()),
            (5_100, "vehicle.event-retry".to_string()),
            (10_200, "vehicle.event-retry".to_string())
        ]
    );
}

#[test]
fn an_excluded_exception_goes_straight_to_the_dlt() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}], "route_permanent_directly": true, "horizon_ms": 60000}"#,
    );
    let t = run(&w, KafkaConfig::default());
    assert_eq!(tries(&t, 0).len(), 1);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
}

#[test]
fn non_blocking_retries_break_a_keys_order() {
    let w = workload(
        r#"{"messages": [{"id": "m1", "key": "k", "failure": {"kind": "transient", "times": 1}}, {"id": "m2", "key": "k", "publish_at_ms": 500}],
            "horizon_ms": 60000}"#,
    );
    let t = run(&w, KafkaConfig::default());
    let done: Vec<u32> = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Succeeded { .. }))
        .map(|e| e.msg)
        .collect();
    assert_eq!(done, vec![1, 0], "m2 overtakes m1 while m1 waits in the retry topic");
    assert_eq!(Metrics::of(&w, &t).reordered, 1);
}

#[test]
fn a_retry_partition_is_held_until_its_head_record_is_due() {
    // Both fail once; b's wait in retry-0 ends at 5.2 s but it sits behind a, whose wait ends
    // at 5.1 s; with one partition the consumer takes them in order, one at a time.
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1}}, {"id": "b", "failure": {"kind": "transient", "times": 1}}],
            "process_ms": 100, "horizon_ms": 60000}"#,
    );
    let t = run(&w, KafkaConfig::default());
    assert_eq!(tries(&t, 0)[1], (5_100, "vehicle.event-retry-0".to_string()));
    assert_eq!(tries(&t, 1)[1], (5_200, "vehicle.event-retry-0".to_string()));
    let slow = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1}}, {"id": "b", "failure": {"kind": "transient", "times": 1}}],
            "process_ms": 4000, "horizon_ms": 60000}"#,
    );
    let t = run(&slow, KafkaConfig::default());
    // a fails at 4 s (due 9 s), b at 8 s (due 13 s); a is handled 9–13 s, b right after.
    assert_eq!(tries(&t, 1)[1].0, 13_000);
}

#[test]
fn keys_go_to_kafkas_default_partitions() {
    // Kafka's murmur2 of the empty input and of "21" (values from Kafka's own unit tests).
    assert_eq!(murmur2(b""), 275_646_681);
    assert_eq!(murmur2(b"21"), -973_932_308);
    let p: Vec<u32> = ["k1", "k2", "k3", "k4"].iter().map(|k| partition_of(k, 3)).collect();
    assert!(p.iter().all(|&x| x < 3));
    assert_eq!(p, ["k1", "k2", "k3", "k4"].iter().map(|k| partition_of(k, 3)).collect::<Vec<_>>());
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
