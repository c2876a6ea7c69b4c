//! Strategy exercises: each built-in's start fails naming the message, the attempt and the
//! moment, each solution passes, goals with other parameters fail (so the checks can fail),
//! and malformed exercises are refused with the JSON path.

use dlx_lab::scenario::workshop::strategy_exercise::StrategyExercise;
use dlx_lab::scenario::workshop::strategy_exercises::{strategy_exercise, STRATEGY_EXERCISES};
use dlx_lab::scenario::workshop::trace_goal::TraceGoal;
use dlx_lab::systems::{Comparison, Strategy};
use serde_json::{json, Value};

/// What each starting point fails with (the first failing part), and the moment it names (ms).
const START_FAILS_WITH: [(&str, &str, u64); 10] = [
    ("sqs-no-double-handling", "pay-2 was handled twice: attempt 2 applied its effect again at 16 s (4 duplicates in all)", 16_000),
    ("sqs-park-the-poison", "slow-order was to end as 'handled', but it ended as 'dead-lettered': its last step was at 31 s, after 1 attempt", 31_000),
    ("kafka-straight-to-dlt", "bad-vin was tried 5 times, the last at 15.4 s, not exactly 1", 15_400),
    ("kafka-keep-order", "e3 was handled at 1.1 s, before e2, published earlier with the same key account-7 (handled at 15.8 s)", 1_100),
    ("bullmq-attempts-on-the-job", "flaky was to end as 'handled', but it ended as 'dead-lettered': its last step was at 0.1 s, after 1 attempt", 100),
    ("bullmq-keep-unreplayed-failures", "2 messages were lost; the first at 10.1 s: mail-1 is lost: newer failures pushed it out of the bounded failed set (removeOnFail count or age).", 10_100),
    ("database-skip-locked", "sms-1 was handled twice: attempt 2 applied its effect again at 10.1 s (1 duplicate in all)", 10_100),
    ("database-replay-after-fix", "ev-1 was to end as 'handled', but it ended as 'dead-lettered': its last step was at 70.8 s, after 5 attempts", 70_800),
    ("hybrid-republish-after-outage", "order-1 was to end as 'handled', but it ended as 'dead-lettered': its last step was at 110 s, after 5 attempts", 110_000),
    ("hybrid-edit-then-replay", "addr-bad was to end as 'handled', but it ended as 'dead-lettered': its last step was at 63.4 s, after 6 attempts", 63_400),
];

#[test]
fn every_start_fails_by_name_and_every_solution_passes() {
    assert_eq!(START_FAILS_WITH.len(), STRATEGY_EXERCISES.len());
    for ((id, _), (want_id, said, at_ms)) in STRATEGY_EXERCISES.iter().zip(START_FAILS_WITH) {
        assert_eq!(*id, want_id);
        let ex = strategy_exercise(id).unwrap();
        let (start, outcome) = ex.check_text(&ex.start_text());
        assert!(!start.passed, "{id}: the start passes");
        assert_eq!(start.message(), said, "{id}");
        assert_eq!(start.moment().map(|t| t.as_ms()), Some(at_ms), "{id}");
        assert_eq!(outcome.unwrap().strategy, ex.system);
        let (solved, _) = ex.check_text(&ex.solution_text().unwrap());
        assert!(solved.passed, "{id}: {:?}", solved.failures());
        assert!(!ex.self_check().unwrap().1, "{id}: the start passes its own check");
    }
}

#[test]
fn every_other_system_has_two_exercises_with_full_texts() {
    let all: Vec<StrategyExercise> =
        STRATEGY_EXERCISES.iter().map(|(id, _)| strategy_exercise(id).unwrap()).collect();
    for s in Strategy::ALL.into_iter().filter(|s| *s != Strategy::Rabbitmq) {
        let n = all.iter().filter(|e| e.system == s).count();
        assert!(n >= 2, "{s:?} has {n} exercises");
    }
    for ((id, _), ex) in STRATEGY_EXERCISES.iter().zip(&all) {
        assert_eq!(*id, ex.id);
        assert!(ex.id.starts_with(ex.system.id()), "{id} names its system first");
        assert!(!ex.title.is_empty() && !ex.story.is_empty() && !ex.explanation.is_empty());
        assert!((2..=3).contains(&ex.hints.len()), "{id}");
        assert_ne!(ex.start, ex.solution_json().unwrap(), "{id}: the solution changes something");
    }
}

/// The solved comparison of exercise `id`, checked against `goal`.
fn goal_on_solution(id: &str, goal: Value) -> (bool, String) {
    let ex = strategy_exercise(id).unwrap();
    let g = TraceGoal::from_json(&goal, "$.goal").unwrap_or_else(|e| panic!("{goal}: {e}"));
    let c = Comparison::from_json(&ex.solution_text().unwrap()).unwrap();
    let v = g.evaluate(&c.workload, &c.run(ex.system).trace);
    (v.passed, v.message())
}

/// The starting comparison of exercise `id`, checked against `goal`.
fn goal_on_start(id: &str, goal: Value) -> (bool, String, Option<u64>) {
    let ex = strategy_exercise(id).unwrap();
    let g = TraceGoal::from_json(&goal, "$.goal").unwrap_or_else(|e| panic!("{goal}: {e}"));
    let c = Comparison::from_json(&ex.start_text()).unwrap();
    let v = g.evaluate(&c.workload, &c.run(ex.system).trace);
    (v.passed, v.message(), v.moment().map(|t| t.as_ms()))
}

#[test]
fn a_duplicates_bound_counts_the_effects_applied_again() {
    let id = "sqs-no-double-handling";
    assert_eq!(
        goal_on_start(id, json!({"duplicates": {"at_most": 1}})),
        (
            false,
            "4 effects were applied again, not at most 1; the first by pay-2, attempt 2 at 16 s"
                .to_string(),
            Some(16_000)
        )
    );
    assert!(goal_on_start(id, json!({"duplicates": {"at_least": 4}})).0);
    assert!(goal_on_solution(id, json!({"duplicates": {"equals": 0}})).0);
    let e = TraceGoal::from_json(&json!({"duplicates": {}}), "$.goal").unwrap_err();
    assert_eq!(e.to_string(), "$.goal.duplicates: needs equals, at_least or at_most");
}

#[test]
fn goals_with_other_parameters_fail_and_say_why() {
    let cases = [
        (
            "sqs-park-the-poison",
            json!({"message": {"id": "bad-order", "ends": "dead_lettered", "by_ms": 60000}}),
            "by 60 s bad-order was to be 'dead-lettered', but it was 'still on its way': it got there only at 90 s",
        ),
        (
            "sqs-park-the-poison",
            json!({"message": {"id": "slow-order", "attempts": {"at_most": 2}}}),
            "slow-order was tried 3 times, the last at 61 s, not at most 2",
        ),
        (
            "kafka-straight-to-dlt",
            json!({"message": {"failing_with": "Timeout", "ends": "dead_lettered"}}),
            "slow-lookup was to end as 'dead-lettered', but it ended as 'handled': its last step was at 3.8 s, after 3 attempts",
        ),
        (
            "kafka-straight-to-dlt",
            json!({"count": {"ends": "completed", "at_least": 3}}),
            "2 messages ended as 'handled', not at least 3",
        ),
        (
            "kafka-straight-to-dlt",
            json!({"message": {"failing_with": "OutOfMemory", "ends": "completed"}}),
            "no message of the workload fails with OutOfMemory",
        ),
        (
            "kafka-keep-order",
            json!({"any": [{"count": {"ends": "lost", "at_least": 1}}, {"message": {"id": "e1", "ends": "skipped"}}]}),
            "none of the alternatives holds: 0 messages ended as 'lost', not at least 1; or e1 was to end as 'skipped by the operator', but it ended as 'handled': its last step was at 0.1 s, after 1 attempt",
        ),
    ];
    for (id, goal, said) in cases {
        assert_eq!(goal_on_solution(id, goal.clone()), (false, said.to_string()), "{id} {goal}");
    }
    let holds = [
        (
            "kafka-keep-order",
            json!({"all": [{"order_kept": true}, {"no_duplicates": true}, {"no_message_lost": true}]}),
        ),
        (
            "sqs-park-the-poison",
            json!({"message": {"id": "bad-order", "ends": "dead_lettered", "by_ms": 90000}}),
        ),
        (
            "kafka-keep-order",
            json!({"any": [{"count": {"ends": "lost", "at_least": 1}}, {"message": {"id": "e1", "attempts": {"equals": 1}}}]}),
        ),
    ];
    for (id, goal) in holds {
        let (passed, said) = goal_on_solution(id, goal.clone());
        assert!(passed, "{id} {goal}: {said}");
    }
}

/// Exercise `id`'s JSON with `edit` applied.
fn edited(id: &str, edit: impl Fn(&mut Value)) -> String {
    let text = STRATEGY_EXERCISES.iter().find(|(i, _)| *i == id).unwrap().1;
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn malformed_exercises_are_refused_with_the_json_path() {
    let id = "sqs-no-double-handling";
    let cases: Vec<(String, &str)> = vec![
        (edited(id, |v| v["system"] = json!("rabbitmq")), "$.system: 'rabbitmq' is not a system"),
        (edited(id, |v| v["system"] = json!("nats")), "$.system: 'nats'"),
        (
            edited(id, |v| v["goal"] = json!({"message": {"id": "pay-9", "ends": "completed"}})),
            "$.goal.message.id: the workload has no message 'pay-9'",
        ),
        (
            edited(id, |v| v["goal"] = json!({"all": [{"no_duplicates": false}]})),
            "$.goal.all[0].no_duplicates: can only be true",
        ),
        (
            edited(id, |v| {
                v["goal"] = json!({"message": {"id": "pay-1", "failing_with": "X", "ends": "lost"}})
            }),
            "$.goal.message: give either id",
        ),
        (
            edited(id, |v| v["goal"] = json!({"message": {"id": "pay-1"}})),
            "$.goal.message: say what to check",
        ),
        (
            edited(id, |v| v["goal"] = json!({"count": {"ends": "completed"}})),
            "$.goal.count: needs equals, at_least or at_most",
        ),
        (
            edited(id, |v| v["goal"] = json!({"message": {"id": "pay-1", "ends": "gone"}})),
            "$.goal.message",
        ),
        (
            edited(id, |v| v["start"]["systems"]["sqs"]["visibility_timeout_ms"] = json!(-1)),
            "$.start: the comparison cannot run",
        ),
        (
            edited(id, |v| v["start"]["workload"]["messages"] = json!([])),
            "$.start: the comparison cannot run",
        ),
        (edited(id, |v| v["hints"] = json!([])), "$.hints"),
        (
            edited(id, |v| {
                v["solution"] =
                    json!({"patch": [{"op": "replace", "path": "/systems/kafka/x", "value": 1}]})
            }),
            "$.patch",
        ),
        (edited(id, |v| v["id"] = json!("Bad Id")), "$.id"),
    ];
    for (text, want) in cases {
        let e = StrategyExercise::parse(&text).unwrap_err().to_string();
        assert!(e.starts_with(want) || e.contains(want), "{want}\n  got: {e}");
    }
}

#[test]
fn a_learner_text_that_does_not_run_gets_a_verdict_naming_the_field() {
    let ex = strategy_exercise("kafka-keep-order").unwrap();
    let (v, outcome) = ex.check_text(
        r#"{"workload": {"messages": [{"id": "a"}]}, "systems": {"kafka": {"colour": 1}}}"#,
    );
    assert!(!v.passed && outcome.is_none());
    assert!(v.message().contains("colour"), "{}", v.message());
    let (v, _) = ex.check_text("{");
    assert!(v.message().starts_with("the comparison cannot run"), "{}", v.message());
}

#[test]
fn the_workshop_goes_on_from_the_broker_to_the_other_systems() {
    use dlx_lab::scenario::workshop::strategy_exercises::{is_strategy_exercise, next_in_workshop};
    assert_eq!(next_in_workshop("catch-rejected-messages"), Some("dlx-without-binding"));
    assert_eq!(next_in_workshop("cc-bcc-dead-letters"), Some("sqs-no-double-handling"));
    assert_eq!(next_in_workshop("sqs-no-double-handling"), Some("sqs-park-the-poison"));
    assert_eq!(next_in_workshop("hybrid-edit-then-replay"), None);
    assert_eq!(next_in_workshop("nope"), None);
    assert!(is_strategy_exercise("kafka-keep-order") && !is_strategy_exercise("backoff-ladder"));
}
