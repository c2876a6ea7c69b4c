//! `@RetryableTopic(include / exclude / traversingCauses)` and Spring's fatal exceptions,
//! found as the failure itself or as its cause; and the DLT handler's handling time.

use dlx_lab::systems::kafka::{Kafka, KafkaConfig};
use dlx_lab::systems::{SysEventKind, System, Workload, WorkloadError};

fn deliveries(failure: &str, config: KafkaConfig) -> usize {
    config.check("systems.kafka").unwrap();
    let text = r#"{"messages": [{"id": "a", "failure": F}], "horizon_ms": 600000}"#;
    let w = Workload::from_json(&text.replace('F', failure)).unwrap();
    let mut k = Kafka::new(config, w.clone());
    k.step_until(w.horizon());
    k.trace().events.iter().filter(|e| matches!(e.kind, SysEventKind::Received { .. })).count()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const WRAPPED: &str =
    r#"{"kind": "bug", "reason": "RuntimeException", "cause": "NonRetryableException"}"#;

#[test]
fn exclude_sends_the_listed_failure_to_the_dlt_and_a_wrapped_one_only_when_traversing() {
    let ex = KafkaConfig {
        exclude: names(&["com.example.NonRetryableException"]),
        ..KafkaConfig::default()
    };
    assert_eq!(deliveries(r#"{"kind": "bug", "reason": "NonRetryableException"}"#, ex.clone()), 1);
    // Wrapped in a RuntimeException: the annotation's default does not look at causes.
    assert_eq!(deliveries(WRAPPED, ex.clone()), 5);
    assert_eq!(deliveries(WRAPPED, KafkaConfig { traversing_causes: true, ..ex }), 1);
}

#[test]
fn include_retries_only_the_listed_failures() {
    let inc = KafkaConfig { include: names(&["TimeoutException"]), ..KafkaConfig::default() };
    assert_eq!(deliveries(r#"{"kind": "bug", "reason": "TimeoutException"}"#, inc.clone()), 5);
    assert_eq!(deliveries(r#"{"kind": "bug", "reason": "NullPointerException"}"#, inc), 1);
}

#[test]
fn a_fatal_exception_as_the_cause_skips_the_retries_whatever_the_lists() {
    let f = r#"{"kind": "bug", "reason": "ListenerExecutionFailedException", "cause": "ClassCastException"}"#;
    assert_eq!(deliveries(f, KafkaConfig::default()), 1);
}

#[test]
fn lists_spring_refuses_at_startup_are_refused_naming_the_field() {
    let field = |c: KafkaConfig| match c.check("systems.kafka") {
        Err(WorkloadError::Setting { field, .. }) => field,
        other => panic!("expected a refusal, got {other:?}"),
    };
    let both =
        KafkaConfig { include: names(&["A"]), exclude: names(&["B"]), ..KafkaConfig::default() };
    assert_eq!(field(both), "systems.kafka.include");
    let alone = KafkaConfig { traversing_causes: true, ..KafkaConfig::default() };
    assert_eq!(field(alone), "systems.kafka.traversing_causes");
}

/// docs/systems-kafka.md § What the model assumes: the DLT handler works on a record for the
/// workload's handling time, as the listener does.
#[test]
fn the_dlt_handler_takes_the_handling_time() {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}],
                   "process_ms": 700, "horizon_ms": 600000}"#;
    let w = Workload::from_json(text).unwrap();
    let config = KafkaConfig { dlt_handler_failures: 1, ..KafkaConfig::default() };
    let mut k = Kafka::new(config, w.clone());
    k.step_until(w.horizon());
    let t = k.trace();
    let at = |pick: &dyn Fn(&SysEventKind, &str) -> bool| {
        t.events.iter().find(|e| pick(&e.kind, &e.place)).map(|e| e.at_us / 1000).unwrap()
    };
    let arrived = at(&|k, _| matches!(k, SysEventKind::DeadLettered { .. }));
    let handled = at(&|k, p| p.ends_with("-dlt") && matches!(k, SysEventKind::Failed { .. }));
    assert_eq!(handled - arrived, 700);
}
