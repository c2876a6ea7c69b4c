//! Seed 002's hand-made Kafka retry ladder: one retry topic per delay (1 s, 10 s, 60 s, 600 s)
//! named by the seed's own scheme, then the DLQ topic; the count in the message; bad data
//! straight to the DLQ when the consumer routes it there; and the seed's own code, whose
//! delays (`min(60 s, 1 s × 2^attempts)`, five retries) differ from its text.

use super::common::{finish, routed_directly};
use dlx_lab::systems::kafka::{ErrorHandling, Kafka, KafkaConfig};
use dlx_lab::systems::{fate, Fate, SysEventKind, Trace, Workload};

fn run(w: &Workload, config: KafkaConfig) -> Trace {
    config.check("systems.kafka").unwrap();
    finish(Kafka::new(config, w.clone()), w)
}

fn ladder() -> KafkaConfig {
    KafkaConfig {
        topic: "orders".into(),
        error_handling: ErrorHandling::ManualLadder,
        ..KafkaConfig::default()
    }
}

fn hops(t: &Trace) -> Vec<(u64, String)> {
    t.events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| (e.at_us / 1000, e.place.clone()))
        .collect()
}

const BUG: &str =
    r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 900000}"#;

#[test]
fn the_seeds_ladder_waits_one_ten_sixty_six_hundred_seconds_then_parks_the_record() {
    let w = Workload::from_json(BUG).unwrap();
    let t = run(&w, ladder());
    let want: Vec<(u64, String)> = [
        (0, "orders"),
        (1_100, "orders.retry.1s"),
        (11_200, "orders.retry.10s"),
        (71_300, "orders.retry.60s"),
        (671_400, "orders.retry.600s"),
    ]
    .iter()
    .map(|(at, p)| (*at, p.to_string()))
    .collect();
    assert_eq!(hops(&t), want);
    let parked = t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. }));
    assert_eq!(parked.map(|e| (e.at_us / 1000, e.place.as_str())), Some((671_500, "orders.dlq")));
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    // The count travels in the message, not as Spring's headers.
    let headers: Vec<String> = t
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            SysEventKind::Headers { headers } => {
                Some(headers.iter().map(|h| h.name.clone()).collect::<Vec<_>>().join(","))
            }
            _ => None,
        })
        .collect();
    // One header list per hop (four retry topics and the DLQ), each the count alone.
    assert_eq!(headers, vec!["attempts"; 5], "{headers:?}");
}

#[test]
fn the_seeds_code_retries_five_times_one_two_four_eight_sixteen_seconds() {
    let w = Workload::from_json(BUG).unwrap();
    let code = KafkaConfig { ladder_ms: vec![1_000, 2_000, 4_000, 8_000, 16_000], ..ladder() };
    let t = run(&w, code);
    let at: Vec<u64> = hops(&t).iter().map(|(at, _)| *at).collect();
    assert_eq!(at, vec![0, 1_100, 3_200, 7_300, 15_400, 31_500]);
}

#[test]
fn bad_data_goes_to_the_dlq_at_once_when_the_consumer_routes_it_and_springs_fatal_list_does_not_apply(
) {
    let w = routed_directly();
    assert_eq!(hops(&run(&w, ladder())).len(), 1);
    // A ClassCastException is fatal to Spring, an ordinary failure to the hand-made consumer.
    let w = Workload::from_json(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug", "reason": "ClassCastException"}}], "horizon_ms": 60000}"#,
    )
    .unwrap();
    assert_eq!(hops(&run(&w, ladder())).len(), 3, "retried on the ladder (0, 1.1 and 11.2 s)");
    assert_eq!(hops(&run(&w, KafkaConfig::default())).len(), 1, "Spring: straight to the DLT");
}
