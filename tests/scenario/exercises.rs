//! Exercises: each starting scenario fails with the message naming the part of the goal that
//! fails, each solution passes, goals with wrong parameters fail (so the checks can fail),
//! and malformed exercises are refused with the JSON path.

use dlx_lab::scenario::workshop::broker_exercise::{run_to_end, BrokerExercise};
use dlx_lab::scenario::workshop::exercises::{exercise, index, next_after, EXERCISES};
use dlx_lab::scenario::workshop::finding::Finding;
use dlx_lab::scenario::workshop::goal::Goal;
use dlx_lab::scenario::workshop::patch::{apply_patch, read_patch};
use dlx_lab::scenario::Run;
use serde_json::{json, Value};

/// What each starting scenario must fail with (the first failing part's message).
const START_FAILS_WITH: [(&str, &str); 10] = [
    ("catch-rejected-messages", "the message 'bad order' did not end in orders.dlq: it died in orders (rejected) and was discarded because orders has no x-dead-letter-exchange"),
    ("dlx-without-binding", "the message 'unpaid invoice' did not end in invoices.dlq: it died in invoices (rejected) and was dropped because the dead-letter exchange 'invoices.dlx' has no binding for routing key invoices.dead"),
    ("dead-letter-routing-key", "the message 'eu order' did not end in orders.failed: it died in orders.eu (rejected) and was dropped because the dead-letter exchange 'dlx' has no binding for routing key eu"),
    ("ttl-wait-queue", "the message 'monthly report' was never acked: it is in jobs.wait"),
    ("backoff-ladder", "the message 'poison' reached parking-lot after 5 retries from work.q, not 3"),
    ("quorum-delivery-limit", "the message 'poison' did not end in poison.dlq: it is in tasks.q"),
    ("break-the-cycle", "the message 'stale order' did not end in orders.expired: it died in orders (expired) and was dropped as a dead-letter cycle (orders → orders)"),
    ("overflow-reject-publish", "the message 'ticket 1' was never acked: it died in tickets (maxlen) and was discarded because tickets has no x-dead-letter-exchange"),
    ("at-least-once", "the message 'payment 42' did not end in payments.dlq: it died in payments (rejected) and was dropped because no queue is bound to the fanout dead-letter exchange 'payments.dlx' (a fanout exchange ignores routing keys)"),
    ("cc-bcc-dead-letters", "the message 'order 7' did not end in dlq.order: it is in audit, billing; it died in orders (rejected) and was dropped because the dead-letter exchange 'dlx' has no binding for routing key failed"),
];

fn solved_run(id: &str) -> Run {
    let ex = exercise(id).unwrap();
    run_to_end(&ex.solution_scenario().unwrap()).unwrap()
}

/// Checks `goal` (JSON) against the solved run of exercise `id`.
fn goal_on_solution(id: &str, goal: Value) -> (bool, String) {
    let g = Goal::from_json(&goal, "$.goal").unwrap_or_else(|e| panic!("{goal}: {e}"));
    let v = g.evaluate(&solved_run(id));
    (v.passed, v.message())
}

#[test]
fn the_workshop_has_ten_exercises_in_order() {
    assert!(EXERCISES.len() >= 8);
    let cards = index();
    assert_eq!(cards.len(), EXERCISES.len(), "every exercise parses");
    for ((id, _), card) in EXERCISES.iter().zip(&cards) {
        assert_eq!(*id, card.id, "the file's id matches its place in the index");
        let ex = exercise(id).unwrap();
        assert!((2..=3).contains(&ex.hints.len()), "{id}: 2 or 3 hints");
        assert!(
            !ex.story.is_empty()
                && !ex.title.is_empty()
                && !ex.explanation.is_empty()
                && !ex.topics.is_empty(),
            "{id}"
        );
        assert_ne!(
            ex.start_scenario().unwrap().json,
            ex.solution_json().unwrap(),
            "{id}: the solution changes something"
        );
    }
    assert_eq!(next_after("catch-rejected-messages"), Some("dlx-without-binding"));
    assert_eq!(next_after("cc-bcc-dead-letters"), None);
    assert!(exercise("nope").unwrap_err().to_string().contains("no exercise called 'nope'"));
}

#[test]
fn every_start_fails_with_the_expected_message() {
    assert_eq!(START_FAILS_WITH.len(), EXERCISES.len());
    for (id, want) in START_FAILS_WITH {
        let ex = exercise(id).unwrap();
        let v = ex.check(&ex.start_scenario().unwrap());
        assert!(!v.passed, "{id}: the starting scenario already passes");
        assert!(v.message().starts_with(want), "{id}\n  wanted: {want}\n  got:    {}", v.message());
        // What the topology gets wrong is named too; nothing stalls or logs an error.
        assert!(v.notes.iter().all(|n| matches!(n, Finding::Lint(_))), "{id}: {:?}", v.notes);
    }
    let ex = exercise("dlx-without-binding").unwrap();
    let notes = ex.check(&ex.start_scenario().unwrap()).notes;
    assert!(
        notes.iter().any(|n| n
            .to_string()
            .starts_with("invoices: no binding of dead-letter exchange 'invoices.dlx'")),
        "{notes:?}"
    );
}

#[test]
fn a_quorum_only_argument_on_a_classic_queue_is_named_in_the_verdict() {
    // The delivery limit without the queue type: a classic queue ignores it.
    let ex = exercise("quorum-delivery-limit").unwrap();
    let mut s = ex.start.clone();
    s["queues"][0]["arguments"]["x-delivery-limit"] = json!(3);
    let v = ex.check_json(&s);
    assert!(!v.passed);
    let named = v.notes.iter().map(|n| n.to_string()).find(|t| t.contains("x-delivery-limit"));
    assert_eq!(
        named.as_deref(),
        Some("tasks.q: x-delivery-limit only applies to quorum queues: this classic queue ignores it (declare the queue with \"x-queue-type\": \"quorum\" for it to count)")
    );
}

#[test]
fn a_verdict_names_the_moment_to_look_at() {
    let mut dated = 0;
    for (id, _) in EXERCISES {
        let ex = exercise(id).unwrap();
        let start = ex.start_scenario().unwrap();
        let v = ex.check(&start);
        if let Some(t) = v.moment() {
            dated += 1;
            assert!(t.as_ms() <= start.duration_ms, "{id}: {t:?} is past the end");
        }
        assert_eq!(ex.check(&ex.solution_scenario().unwrap()).moment(), None, "{id}");
    }
    // Most starting points fail with a death, an ack or a drop at a moment.
    assert!(dated >= 5, "{dated}");
    let ex = exercise("catch-rejected-messages").unwrap();
    let v = ex.check(&ex.start_scenario().unwrap());
    let drop_at = run_to_end(&ex.start_scenario().unwrap())
        .unwrap()
        .engine()
        .events()
        .iter()
        .find(|e| matches!(e.kind, dlx_lab::engine::EventKind::Dropped(_)))
        .map(|e| e.at_us);
    assert_eq!(v.moment(), drop_at);
}

#[test]
fn every_solution_passes() {
    for (id, _) in EXERCISES {
        let ex = exercise(id).unwrap();
        let v = ex.check_json(&ex.solution_json().unwrap());
        assert!(v.passed, "{id}: {:?}", v.failures());
        assert!(v.parts.iter().all(|p| p.passed) && v.message().starts_with("Goal met"), "{id}");
        assert!(v.notes.is_empty(), "{id}: {:?}", v.notes);
    }
}

#[test]
fn the_verdict_names_every_failing_part() {
    let ex = exercise("overflow-reject-publish").unwrap();
    let v = ex.check(&ex.start_scenario().unwrap());
    let failing: Vec<&str> =
        v.parts.iter().filter(|p| !p.passed).map(|p| p.path.as_str()).collect();
    assert_eq!(failing, ["goal.all[0]", "goal.all[1]", "goal.all[3]", "goal.all[4]"]);
    assert!(v.parts[2].passed, "ticket 3 is printed either way: {}", v.parts[2].message);
    assert_eq!(v.failures()[2], "the log has 0 'confirmed' events that were nacks, not exactly 2");
}

#[test]
fn goals_with_wrong_parameters_fail() {
    let cases: Vec<(&str, Value, &str)> = vec![
        ("backoff-ladder", json!({"message": {"body": "poison", "ends_in": "parking-lot", "retries": 4}}), "the message 'poison' reached parking-lot after 3 retries from work.q, not 4"),
        (
            "backoff-ladder",
            json!({"message": {"body": "poison", "retries": 3, "spacing_ms": [1000, 2000, 3000], "tolerance_ms": 50}}),
            "the message 'poison' waited 1 s, 2 s, 4 s before its retries, not 1 s, 2 s, 3 s (± 50 ms)",
        ),
        ("backoff-ladder", json!({"message": {"body": "poison", "ends_in": "work.q"}}), "the message 'poison' did not end in work.q: it is in parking-lot"),
        ("backoff-ladder", json!({"message": {"body": "ghost", "ends_in": "parking-lot"}}), "the message 'ghost' never reached a queue"),
        ("backoff-ladder", json!({"queue_depth": {"queue": "parking-lot", "at_ms": 5000, "equals": 1}}), "parking-lot holds 0 ready messages at 5 s, not exactly 1"),
        ("backoff-ladder", json!({"queue_depth": {"queue": "parking-lot", "at_most": 0}}), "parking-lot holds 1 ready message at the end, not at most 0"),
        ("backoff-ladder", json!({"queue_depth": {"queue": "nowhere", "equals": 0}}), "there is no queue nowhere at the end"),
        ("ttl-wait-queue", json!({"message": {"body": "monthly report", "retries": 2, "spacing_ms": [4000, 4000], "tolerance_ms": 100}}), "the message 'monthly report' waited 5 s, 5 s before its retries, not 4 s, 4 s (± 100 ms)"),
        ("ttl-wait-queue", json!({"message": {"body": "monthly report", "acked": false}}), "the message 'monthly report' was acked, which it must not be: it was acked in jobs at 10.4 s"),
        ("quorum-delivery-limit", json!({"message": {"body": "poison", "deliveries": 3}}), "the message 'poison' was handled after 4 deliveries from tasks.q, not 3"),
        ("quorum-delivery-limit", json!({"message": {"body": "poison", "died": "expired"}}), "the message 'poison' never died with reason expired: it died only as delivery_limit"),
        ("overflow-reject-publish", json!({"event_count": {"kind": "confirmed", "ack": false, "equals": 1}}), "the log has 2 'confirmed' events that were nacks, not exactly 1"),
        ("overflow-reject-publish", json!({"no_message_lost": true}), "2 messages were lost; the first: the message published to the default exchange with routing key 'tickets' at 0.13 s: queue tickets refused it (x-overflow reject-publish)"),
        ("at-least-once", json!({"event_count": {"kind": "held_for_dead_letter", "queue": "payments.dlq", "at_least": 1}}), "the log has 0 'held_for_dead_letter' events in payments.dlq, not at least 1"),
        ("at-least-once", json!({"event_count": {"kind": "died", "reason": "rejected", "at_least": 2, "at_most": 5}}), "the log has 1 'died' events with reason rejected, not at least 2 and at most 5"),
        (
            "cc-bcc-dead-letters",
            json!({"any": [{"message": {"body": "order 7", "ends_in": "orders"}}, {"event_count": {"kind": "dropped", "at_least": 1}}, {"message": {"body": "order 7", "acked": true}}]}),
            "none of the alternatives holds: the message 'order 7' did not end in orders",
        ),
    ];
    for (id, goal, want) in cases {
        let (passed, msg) = goal_on_solution(id, goal.clone());
        assert!(!passed, "{id}: {goal} passed: {msg}");
        assert!(msg.starts_with(want), "{id}: {goal}\n  wanted: {want}\n  got:    {msg}");
    }
}

#[test]
fn goals_with_the_right_parameters_pass() {
    let cases: Vec<(&str, Value)> = vec![
        (
            "backoff-ladder",
            json!({"queue_depth": {"queue": "parking-lot", "at_ms": 7500, "equals": 1}}),
        ),
        ("backoff-ladder", json!({"message": {"body": "poison", "deliveries": 4, "retries": 3}})),
        (
            "backoff-ladder",
            json!({"event_count": {"kind": "died", "reason": "expired", "equals": 3}}),
        ),
        (
            "overflow-reject-publish",
            json!({"event_count": {"kind": "dropped", "rule": "target_refused", "queue": "tickets", "equals": 2}}),
        ),
        ("break-the-cycle", json!({"no_drop": "cycle"})),
        (
            "cc-bcc-dead-letters",
            json!({"any": [{"message": {"body": "order 7", "ends_in": "orders"}}, {"message": {"body": "order 7", "ends_in": "dlq.billing"}}]}),
        ),
        (
            "quorum-delivery-limit",
            json!({"message": {"body": "poison", "in": "tasks.q", "deliveries": 4, "spacing_ms": [0, 0, 0]}}),
        ),
    ];
    for (id, goal) in cases {
        let (passed, msg) = goal_on_solution(id, goal.clone());
        assert!(passed, "{id}: {goal} failed: {msg}");
    }
    let ex = exercise("break-the-cycle").unwrap();
    let (passed, msg) = {
        let v = Goal::from_json(&json!({"no_drop": "cycle"}), "$")
            .unwrap()
            .evaluate(&run_to_end(&ex.start_scenario().unwrap()).unwrap());
        (v.passed, v.message())
    };
    assert!(!passed);
    assert!(
        msg.starts_with(
            "'stale order' was lost at 1.1 s by the rule cycle: it died in orders (expired)"
        ),
        "{msg}"
    );
}

#[test]
fn a_broken_learner_scenario_gets_a_verdict_not_a_panic() {
    let ex = exercise("catch-rejected-messages").unwrap();
    let v = ex.check_text("{\"queues\": [");
    assert!(
        !v.passed
            && v.message()
                .starts_with("the scenario cannot be read: the scenario is not valid JSON"),
        "{}",
        v.message()
    );
    let mut bad = ex.start.clone();
    bad["queues"][0]["arguments"]["x-message-ttl"] = json!(-1);
    let v = ex.check_json(&bad);
    assert!(
        !v.passed && v.message().starts_with("the scenario does not run: $.queues[0]"),
        "{}",
        v.message()
    );
    let mut bad = ex.start.clone();
    bad["consumers"][0]["queue"] = json!("missing");
    let v = ex.check_json(&bad);
    assert!(!v.passed);
    assert!(v.notes.iter().any(|n| n.to_string().contains("$.consumers[0]")), "{:?}", v.notes);
}

fn msg(v: &mut Value) -> &mut Value {
    &mut v["goal"]["all"][0]["message"]
}

fn refused(edit: impl Fn(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(EXERCISES[4].1).unwrap();
    edit(&mut v);
    BrokerExercise::from_json(&v)
        .map(|e| format!("accepted {}", e.id))
        .unwrap_or_else(|e| e.to_string())
}

#[test]
fn malformed_exercises_are_refused_with_the_json_path() {
    assert_eq!(refused(|_| {}), "accepted backoff-ladder");
    type Edit = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(Edit, &str)> = vec![
        (Box::new(|v| v["id"] = json!("Backoff Ladder")), "$.id: must be lowercase"),
        (Box::new(|v| v["title"] = json!(3)), "$.title: must be a string"),
        (
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("start");
            }),
            "$.start: is missing",
        ),
        (
            Box::new(|v| v["start"]["queues"][1]["arguments"]["x-message-ttl"] = json!("soon")),
            "$.start.queues[1]: the broker refused it",
        ),
        (Box::new(|v| v["start"]["profile"] = json!("rabbitmq-2")), "$.start.profile"),
        (
            Box::new(|v| v["goal"] = json!({"all": [{"mesage": {}}]})),
            "$.goal.all[0].mesage: unknown variant `mesage`",
        ),
        (Box::new(|v| v["goal"] = json!({"all": []})), "$.goal.all: must not be empty"),
        (
            Box::new(|v| {
                v["goal"] = json!({"all": [{"no_drop": "cycle", "no_message_lost": true}]})
            }),
            "$.goal.all[0]: must have exactly one key",
        ),
        (
            Box::new(|v| msg(v)["ends_on"] = json!("x")),
            "$.goal.all[0].message: unknown field `ends_on`",
        ),
        (
            Box::new(|v| msg(v)["spacing_ms"] = json!([1000, 2000])),
            "$.goal.all[0].message.spacing_ms: lists 2 waits but retries is 3",
        ),
        (
            Box::new(|v| msg(v)["deliveries"] = json!(3)),
            "$.goal.all[0].message.deliveries: must be retries + 1",
        ),
        (
            Box::new(|v| msg(v)["died"] = json!("lost")),
            "$.goal.all[0].message: unknown variant `lost`",
        ),
        (
            Box::new(|v| v["goal"]["all"][1] = json!({"no_message_lost": false})),
            "$.goal.all[1].no_message_lost: must be true",
        ),
        (
            Box::new(|v| v["goal"]["all"][1] = json!({"event_count": {"kind": "died"}})),
            "$.goal.all[1].event_count: needs equals",
        ),
        (
            Box::new(|v| {
                v["goal"]["all"][1] = json!({"event_count": {"kind": "vanished", "equals": 1}})
            }),
            "$.goal.all[1].event_count: unknown variant `vanished`",
        ),
        (
            Box::new(|v| {
                v["goal"]["all"][1] = json!({"queue_depth": {"queue": "q", "at": 5, "equals": 1}})
            }),
            "$.goal.all[1].queue_depth: unknown field `at`",
        ),
        (Box::new(|v| v["hints"] = json!([])), "$.hints: must hold one to three hints"),
        (Box::new(|v| v["hints"][1] = json!(" ")), "$.hints[1]: must not be empty"),
        (Box::new(|v| v["hints"][1] = json!(7)), "$.hints[1]: must be a string"),
        (Box::new(|v| v["solution"] = json!({})), "$.solution: must hold either patch"),
        (
            Box::new(|v| v["solution"]["patch"][0]["op"] = json!("move")),
            "$.solution.patch[0].op: 'move' is not one of",
        ),
        (
            Box::new(|v| v["solution"]["patch"][0]["path"] = json!("queues")),
            "$.solution.patch[0].path: must be a JSON pointer",
        ),
        (
            Box::new(|v| v["solution"]["patch"][4]["path"] = json!("/consumers/3/behaviour")),
            "$.solution.patch: /consumers/3/behaviour: no item 3",
        ),
        (
            Box::new(|v| {
                v["solution"]["patch"][0]["value"] =
                    json!({"name": "retry.2s", "arguments": {"x-max-length": -1}})
            }),
            "$.solution.scenario.queues[2]: the broker refused it",
        ),
    ];
    for (i, (edit, want)) in cases.iter().enumerate() {
        let got = refused(edit);
        assert!(got.starts_with(want), "case {i}\n  wanted: {want}…\n  got:    {got}");
    }
    let e = BrokerExercise::parse("{\"id\": ").unwrap_err().to_string();
    assert!(e.contains("not valid JSON (line 1"), "{e}");
}

#[test]
fn patches_follow_rfc_6902() {
    let doc = json!({"a": [1, 2], "b": {"c": "d", "e/f": 1}});
    let ops = read_patch(
        &json!([
            {"op": "test", "path": "/b/c", "value": "d"},
            {"op": "add", "path": "/a/1", "value": 9},
            {"op": "add", "path": "/a/-", "value": 3},
            {"op": "replace", "path": "/b/c", "value": "x"},
            {"op": "remove", "path": "/b/e~1f"}
        ]),
        "$.p",
    )
    .unwrap();
    assert_eq!(apply_patch(&doc, &ops).unwrap(), json!({"a": [1, 9, 2, 3], "b": {"c": "x"}}));
    let fails = |ops: Value| apply_patch(&doc, &read_patch(&ops, "$").unwrap()).unwrap_err();
    assert_eq!(
        fails(json!([{"op": "test", "path": "/b/c", "value": "z"}])),
        "/b/c: holds \"d\", not \"z\""
    );
    assert_eq!(
        fails(json!([{"op": "replace", "path": "/b/zz", "value": 1}])),
        "/b/zz: nothing there to replace"
    );
    assert_eq!(fails(json!([{"op": "remove", "path": "/a/7"}])), "/a/7: nothing there to remove");
    assert_eq!(
        fails(json!([{"op": "add", "path": "/a/9", "value": 1}])),
        "/a/9: the list has only 2 items"
    );
    assert_eq!(fails(json!([{"op": "add", "path": "/q/r", "value": 1}])), "/q/r: no 'q'");
    assert!(read_patch(&json!([{"op": "add", "path": "/a"}]), "$.p")
        .unwrap_err()
        .to_string()
        .starts_with("$.p[0].value: is missing"));
}

#[test]
fn goals_round_trip_through_serde() {
    for (id, _) in EXERCISES {
        let ex = exercise(id).unwrap();
        let text = serde_json::to_value(&ex.goal).unwrap();
        assert_eq!(Goal::from_json(&text, "$.goal").unwrap(), ex.goal, "{id}");
        let direct: Goal = serde_json::from_value(text).unwrap();
        assert_eq!(direct, ex.goal, "{id}");
    }
}

#[test]
fn a_text_that_failed_to_run_is_judged_unreadable_or_not_runnable_by_parsing_it_alone() {
    use dlx_lab::scenario::ScenarioError;
    let ex = exercise("catch-rejected-messages").unwrap();
    let refused = ScenarioError::field(
        "publishers[0].count",
        dlx_lab::scenario::model::problem::Problem::MissingNumber,
    );
    let v = ex.not_runnable("{ not json", refused.clone());
    assert!(matches!(v.parts.first().map(|p| &p.message), Some(Finding::Unreadable(_))), "{v:?}");
    let start = serde_json::to_string(&ex.start).unwrap();
    let v = ex.not_runnable(&start, refused.clone());
    assert!(
        matches!(v.parts.first().map(|p| &p.message), Some(Finding::DoesNotRun(e)) if *e == refused),
        "{v:?}"
    );
    assert!(!v.passed);
}
