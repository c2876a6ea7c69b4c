//! DLQ alerts: each rule fires at the moment the log says, once per breach, and can be set or
//! switched off in the scenario.

use dlx_lab::scenario::playground::alerts::{self, dlq_alerts, Alert, AlertRule, AlertRules};
use dlx_lab::scenario::{Run, Scenario};

/// `work` expires every message after 100 ms into `dlq`; 12 messages are published 100 ms apart
/// from t = 0, so the n-th dead letter (1-based) arrives at n × 100 ms.
fn scenario(alerts: &str) -> Scenario {
    Scenario::parse(&format!(
        r#"{{"version": 1, "duration_ms": 10000, {alerts}
            "exchanges": [{{"name": "in", "type": "direct"}}, {{"name": "dlx", "type": "fanout"}}],
            "queues": [{{"name": "work", "arguments": {{"x-message-ttl": 100, "x-dead-letter-exchange": "dlx"}}}},
                       {{"name": "dlq", "arguments": {{}}}}],
            "bindings": [{{"exchange": "in", "queue": "work", "routing_key": "k"}}, {{"exchange": "dlx", "queue": "dlq"}}],
            "publishers": [{{"exchange": "in", "routing_key": "k", "every_ms": 100, "count": 12}}]}}"#
    ))
    .unwrap()
}

fn alerts_of(s: &Scenario) -> Vec<Alert> {
    let rules = alerts::read_rules(&s.json).unwrap();
    let mut r = Run::new(s).unwrap();
    r.advance_to(r.end()).unwrap();
    dlq_alerts(r.engine().events(), &["dlq".to_string()], &rules, r.end().as_us())
}

fn at(ms: u64, rule: AlertRule) -> Alert {
    Alert { at_us: ms * 1000, queue: "dlq".into(), rule }
}

#[test]
fn each_rule_fires_once_when_its_threshold_is_crossed() {
    let got = alerts_of(&scenario(
        r#""alerts": {"depth_over": 5, "nonempty_for_ms": 2000, "arrivals_per_hour": 10},"#,
    ));
    assert_eq!(
        got,
        vec![
            at(600, AlertRule::DepthOver),
            at(1000, AlertRule::ArrivalRate),
            at(2100, AlertRule::NonEmptyFor)
        ]
    );
}

#[test]
fn the_usual_thresholds_apply_when_the_scenario_sets_none() {
    assert_eq!(alerts::read_rules(&scenario("").json).unwrap(), AlertRules::default());
    // 12 arrivals within the hour; never above 100; 10 s is far from 30 min.
    assert_eq!(alerts_of(&scenario("")), vec![at(1000, AlertRule::ArrivalRate)]);
}

#[test]
fn zero_switches_a_rule_off() {
    let got = alerts_of(&scenario(
        r#""alerts": {"depth_over": 0, "nonempty_for_ms": 0, "arrivals_per_hour": 0},"#,
    ));
    assert_eq!(got, vec![]);
}

#[test]
fn a_queue_that_empties_starts_a_new_spell() {
    // Emptied by a purge at 0.5 s, refilled by the timeline at 3 s: the spell restarts then.
    let s = Scenario::parse(
        r#"{"version": 1, "duration_ms": 6000, "alerts": {"depth_over": 0, "nonempty_for_ms": 1000, "arrivals_per_hour": 0},
            "exchanges": [{"name": "dlx", "type": "fanout"}],
            "queues": [{"name": "dlq", "arguments": {}}],
            "bindings": [{"exchange": "dlx", "queue": "dlq"}],
            "timeline": [{"at_ms": 0, "op": "publish", "exchange": "dlx", "routing_key": "k"},
                         {"at_ms": 500, "op": "purge_queue", "queue": "dlq"},
                         {"at_ms": 3000, "op": "publish", "exchange": "dlx", "routing_key": "k"}]}"#,
    )
    .unwrap();
    assert_eq!(alerts_of(&s), vec![at(4000, AlertRule::NonEmptyFor)]);
}

#[test]
fn a_bad_rule_names_its_field() {
    let err = Scenario::parse(r#"{"version": 1, "alerts": {"depth_over": "lots"}}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("$.alerts.depth_over"), "{err}");
    let err = Scenario::parse(r#"{"version": 1, "alerts": 5}"#).unwrap_err().to_string();
    assert!(err.contains("$.alerts"), "{err}");
}
