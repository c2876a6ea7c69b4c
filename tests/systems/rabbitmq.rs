//! The RabbitMQ strategy: the broker engine runs the retry-queue pattern (reject → DLX →
//! retry queue with a TTL → back), and the consumer parks a message after its last attempt.

use super::common::{always_failing, finish, received_ms, routed_directly, workload};
use dlx_lab::systems::rabbitmq::{RabbitMq, RabbitMqConfig};
use dlx_lab::systems::{
    fate, Comparison, Fate, Metrics, Strategy, SysEventKind, Workload, WorkloadError,
};

fn run(w: &Workload, config: RabbitMqConfig) -> dlx_lab::systems::Trace {
    finish(RabbitMq::new(config, w.clone()), w)
}

#[test]
fn a_message_that_always_fails_waits_the_ttl_between_attempts_then_is_parked() {
    let w = always_failing();
    let t = run(&w, RabbitMqConfig::default());
    // Each attempt: 100 ms of work, then 5 s in orders.retry.
    assert_eq!(received_ms(&t, 0), vec![0, 5_100, 10_200, 15_300, 20_400]);
    let parked = t
        .events
        .iter()
        .find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. }))
        .expect("never parked");
    assert_eq!((parked.at_us, parked.place.as_str()), (20_500_000, "orders.dlq"));
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    let waits = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Waiting { .. }) && e.place == "orders.retry")
        .count();
    assert_eq!(waits, 4);
}

#[test]
fn permanent_failures_can_skip_the_retry_queue() {
    let w = routed_directly();
    let t = run(&w, RabbitMqConfig::default());
    let m = Metrics::of(&w, &t);
    assert_eq!((m.attempts, m.dead_lettered), (1, 1));
}

#[test]
fn a_replay_by_reason_takes_only_the_matching_messages_off_the_dlq() {
    let w = workload(
        r#"{"messages": [
            {"id": "a", "failure": {"kind": "bug", "reason": "NullPointerException"}},
            {"id": "b", "failure": {"kind": "permanent"}}],
            "fix_deployed_at_ms": 100000,
            "operator": [{"at_ms": 120000, "do": "replay", "select": {"reason": "NullPointer"}, "note": "v1.4.2"}],
            "horizon_ms": 200000}"#,
    );
    let t = run(&w, RabbitMqConfig { max_attempts: 2, ..RabbitMqConfig::default() });
    assert_eq!(fate(&t, 0), Fate::Completed);
    assert_eq!(fate(&t, 1), Fate::DeadLettered, "b was not selected and stays in the DLQ");
    let replayed = t.of(0).find(|e| matches!(e.kind, SysEventKind::Operator { .. })).unwrap();
    assert_eq!(replayed.at_us, 120_000_000);
    // The replayed message starts its attempts again (no x-death on a fresh publish).
    let last = t
        .of(0)
        .filter_map(|e| {
            if let SysEventKind::Succeeded { attempt, .. } = e.kind {
                Some(attempt)
            } else {
                None
            }
        })
        .last();
    assert_eq!(last, Some(1));
}

#[test]
fn a_lost_reply_duplicates_unless_the_consumer_is_idempotent() {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1, "after_effect": true}}], "idempotent": IDEM, "horizon_ms": 60000}"#;
    let noisy = workload(&text.replace("IDEM", "false"));
    assert_eq!(Metrics::of(&noisy, &run(&noisy, RabbitMqConfig::default())).duplicates, 1);
    let careful = workload(&text.replace("IDEM", "true"));
    assert_eq!(Metrics::of(&careful, &run(&careful, RabbitMqConfig::default())).duplicates, 0);
}

#[test]
fn an_unknown_profile_is_an_error_naming_the_setting() {
    let e = Comparison::from_json(r#"{"workload": {"messages": [{"id": "a"}]}, "systems": {"rabbitmq": {"profile": "rabbitmq-2"}}}"#).unwrap_err();
    assert!(matches!(e, WorkloadError::Setting { .. }));
    assert!(
        e.to_string().starts_with("systems.rabbitmq.profile: unknown profile 'rabbitmq-2'"),
        "{e}"
    );
    assert_eq!(Strategy::from_id("rabbitmq"), Some(Strategy::Rabbitmq));
    for (setting, field) in [
        (r#""queue": """#, "queue"),
        (r#""queue": "amq.x""#, "queue"),
        (r#""max_attempts": 0"#, "max_attempts"),
        (r#""consumers": 0"#, "consumers"),
        (r#""retry_delay_ms": 99999999999"#, "retry_delay_ms"),
    ] {
        let text = format!(
            r#"{{"workload": {{"messages": [{{"id": "a"}}]}}, "systems": {{"rabbitmq": {{{setting}}}}}}}"#
        );
        let e = Comparison::from_json(&text).unwrap_err().to_string();
        assert!(e.starts_with(&format!("systems.rabbitmq.{field}: ")), "{setting}: {e}");
    }
}

#[test]
fn a_quorum_queue_holds_returns_back_and_dead_letters_past_the_delivery_limit() {
    use dlx_lab::systems::rabbitmq::Pattern;
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "process_ms": 100, "horizon_ms": 120000}"#,
    );
    let quorum =
        RabbitMqConfig { pattern: Pattern::QuorumDeliveryLimit, ..RabbitMqConfig::default() };
    let t = run(&w, quorum.clone());
    let received: Vec<u64> = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| e.at_us / 1000)
        .collect();
    // 4.3 delayed retry: min × delivery count (5, 10, 15, 20 s); x-delivery-limit 4.
    assert_eq!(received, vec![0, 5_100, 15_200, 30_300, 50_400]);
    let dead =
        t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })).unwrap();
    assert_eq!((dead.at_us / 1000, dead.place.as_str()), (50_500, "orders.dlq"));
    assert_eq!(t.places.len(), 2, "no retry queue in this pattern");
    // 3.10 ignores the delayed-retry arguments: redelivered at once.
    let old = run(&w, RabbitMqConfig { profile: "rabbitmq-3.10".into(), ..quorum });
    let received: Vec<u64> = old
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| e.at_us / 1000)
        .collect();
    assert_eq!(received, vec![0, 100, 200, 300, 400]);
    assert_eq!(fate(&old, 0), Fate::DeadLettered);
}
