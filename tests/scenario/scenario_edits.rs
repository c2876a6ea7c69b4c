//! Edits made on the picture (`scenario::edit`): every built-in broker exercise solved with
//! the forms' edits alone, as a learner would make them; and each kind of bad input refused
//! with the field and the reason, the scenario unchanged.

use dlx_lab::scenario::edit::{apply, Edit, EditError};
use dlx_lab::scenario::workshop::broker_exercise::run_to_end;
use dlx_lab::scenario::workshop::exercises::{exercise, EXERCISES};
use dlx_lab::scenario::Scenario;
use serde_json::Value;

fn s(x: &str) -> String {
    x.to_string()
}
fn arg(queue: &str, key: &str, text: &str) -> Edit {
    Edit::SetQueueArgument { queue: s(queue), key: s(key), text: s(text) }
}
fn queue(name: &str, args: &[(&str, &str)]) -> Edit {
    Edit::AddQueue { name: s(name), arguments: args.iter().map(|(k, v)| (s(k), s(v))).collect() }
}
fn bind(exchange: &str, queue: &str, key: &str) -> Edit {
    Edit::AddBinding {
        exchange: s(exchange),
        queue: s(queue),
        routing_key: s(key),
        arguments: String::new(),
    }
}
fn consumer(field: &str, text: &str) -> Edit {
    Edit::SetConsumer { index: 0, field: s(field), text: s(text) }
}

/// What a learner does with the forms to solve each exercise.
fn form_steps(id: &str) -> Vec<Edit> {
    match id {
        "catch-rejected-messages" => vec![
            Edit::AddExchange { name: s("orders.dlx"), kind: s("fanout") },
            queue("orders.dlq", &[]),
            bind("orders.dlx", "orders.dlq", ""),
            arg("orders", "x-dead-letter-exchange", "orders.dlx"),
        ],
        "dlx-without-binding" => {
            vec![Edit::SetBindingKey { index: 0, routing_key: s("invoices.dead") }]
        }
        "dead-letter-routing-key" => vec![Edit::AddPolicy {
            name: s("regional-dead-letters"),
            pattern: s(r"^orders\.(eu|us)$"),
            apply_to: s("queues"),
            priority: s("1"),
            definition: vec![(s("dead-letter-routing-key"), s("orders.failed"))],
        }],
        "ttl-wait-queue" => vec![
            arg("jobs.wait", "x-message-ttl", "5000"),
            arg("jobs.wait", "x-dead-letter-exchange", "work"),
            arg("jobs.wait", "x-dead-letter-routing-key", "job"),
        ],
        "backoff-ladder" => {
            let wait = |ttl| {
                [
                    ("x-message-ttl", ttl),
                    ("x-dead-letter-exchange", "work"),
                    ("x-dead-letter-routing-key", "job"),
                ]
            };
            vec![
                queue("retry.2s", &wait("2000")),
                queue("retry.4s", &wait("4000")),
                bind("retry", "retry.2s", "2s"),
                bind("retry", "retry.4s", "4s"),
                consumer("max_attempts", "3"),
                consumer("retry_keys", "1s, 2s, 4s"),
            ]
        }
        "quorum-delivery-limit" => {
            vec![arg("tasks.q", "x-queue-type", "quorum"), arg("tasks.q", "x-delivery-limit", "3")]
        }
        "break-the-cycle" => vec![
            queue("orders.expired", &[]),
            arg("orders", "x-dead-letter-routing-key", "orders.expired"),
        ],
        "overflow-reject-publish" => vec![arg("tickets", "x-overflow", "reject-publish")],
        "at-least-once" => vec![
            arg("payments", "x-dead-letter-strategy", "at-least-once"),
            arg("payments", "x-overflow", "reject-publish"),
        ],
        "cc-bcc-dead-letters" => vec![arg("orders", "x-dead-letter-routing-key", "")],
        other => panic!("no form steps for exercise {other}: add them"),
    }
}

fn start_text(id: &str) -> String {
    let ex = exercise(id).unwrap();
    serde_json::to_string_pretty(&ex.start_scenario().unwrap().json).unwrap()
}

#[test]
fn every_broker_exercise_is_solved_with_the_forms_alone() {
    for (id, _) in EXERCISES {
        let ex = exercise(id).unwrap();
        let mut text = start_text(id);
        assert!(!ex.check_text(&text).passed, "{id}: the start already passes");
        for edit in form_steps(id) {
            text = apply(&text, &edit).unwrap_or_else(|e| panic!("{id}: {edit:?}: {e}"));
        }
        let verdict = ex.check_text(&text);
        assert!(verdict.passed, "{id}: the forms' edits do not solve it: {}", verdict.message());
    }
}

#[test]
fn the_done_example_adds_a_queue_with_a_dlx_and_a_ttl() {
    let text = start_text("catch-rejected-messages");
    let out = apply(
        &text,
        &queue("edited.by.form", &[("x-dead-letter-exchange", "dlx"), ("x-message-ttl", "5000")]),
    )
    .unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    let q = v["queues"].as_array().unwrap().iter().find(|q| q["name"] == "edited.by.form").unwrap();
    assert_eq!(q["arguments"]["x-dead-letter-exchange"], "dlx");
    assert_eq!(q["arguments"]["x-message-ttl"], 5000);
}

#[test]
fn bad_input_is_refused_by_field_and_reason_leaving_the_scenario_as_it_was() {
    let text = start_text("catch-rejected-messages");
    let refused = |edit: Edit| apply(&text, &edit).unwrap_err();
    let e = refused(arg("orders", "x-message-ttl", "-5"));
    assert_eq!((e.field(), e.to_string()), (Some("x-message-ttl"), s("x-message-ttl: at least 0")));
    assert!(matches!(refused(arg("orders", "x-max-length", "ten")), EditError::NotANumber { .. }));
    assert!(matches!(
        refused(arg("orders", "x-overflow", "drop-tail")),
        EditError::NotAChoice { .. }
    ));
    assert!(matches!(
        refused(arg("nope", "x-message-ttl", "1")),
        EditError::Unknown { what: "queue", .. }
    ));
    // The broker's own reason: a dead-letter routing key without a dead-letter exchange.
    let e = refused(arg("orders", "x-dead-letter-routing-key", "k"));
    assert_eq!(e.field(), Some("x-dead-letter-routing-key"));
    assert!(e.to_string().contains("routing_key_but_no_dlx_defined"), "{e}");
    // A queue type the broker does not take (a stream cannot be non-durable is not the
    // point: a word that is no type).
    assert!(matches!(refused(arg("orders", "x-queue-type", "lazy")), EditError::NotAChoice { .. }));
    assert!(matches!(refused(queue("orders", &[])), EditError::Exists { what: "queue", .. }));
    assert!(matches!(refused(queue(" ", &[])), EditError::Empty { .. }));
    assert!(matches!(refused(queue(&"q".repeat(300), &[])), EditError::TooLong { .. }));
    assert!(matches!(
        refused(bind("nowhere", "orders", "")),
        EditError::Unknown { what: "exchange", .. }
    ));
    assert!(matches!(
        refused(Edit::AddExchange { name: s("x"), kind: s("direct-ish") }),
        EditError::NotAChoice { .. }
    ));
    assert!(matches!(
        refused(Edit::AddExchange { name: s("amq.mine"), kind: s("direct") }),
        EditError::Exists { .. }
    ));
    assert!(matches!(refused(consumer("work_ms", "soon")), EditError::NotANumber { .. }));
    assert!(matches!(refused(consumer("kind", "sometimes")), EditError::NotAChoice { .. }));
    // A retry router needs its parking exchange: the load's reader names the field.
    let e = refused(consumer("kind", "retry_router"));
    assert!(matches!(e, EditError::Scenario { .. }), "{e}");
    assert!(matches!(apply("[1, 2]", &queue("q", &[])), Err(EditError::NotAnObject)));
}

#[test]
fn removing_a_queue_takes_its_bindings_and_consumers_along() {
    let text = start_text("catch-rejected-messages");
    let out = apply(&text, &Edit::RemoveQueue { name: s("orders") }).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["queues"].as_array().unwrap().is_empty());
    assert!(v["bindings"].as_array().unwrap().is_empty());
    assert!(v["consumers"].as_array().unwrap().is_empty());
    let out = apply(&text, &Edit::RemoveExchange { name: s("shop") }).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["exchanges"].as_array().unwrap().is_empty());
    assert!(v["bindings"].as_array().unwrap().is_empty(), "its binding goes with it");
    assert!(matches!(
        apply(&text, &Edit::RemoveExchange { name: s("nope") }),
        Err(EditError::Unknown { what: "exchange", .. })
    ));
    let out = apply(&text, &Edit::RemoveBinding { index: 0 }).unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["bindings"].as_array().unwrap().is_empty());
    assert!(apply(&text, &Edit::RemoveBinding { index: 9 }).is_err());
}

#[test]
fn publishers_and_consumers_are_added_changed_and_removed() {
    let text = start_text("catch-rejected-messages");
    let edits = [
        Edit::AddPublisher {
            exchange: s("shop"),
            routing_key: s("order"),
            count: s("3"),
            every_ms: s("250"),
        },
        Edit::SetPublisher { index: 0, field: s("expiration"), text: s("5000") },
        Edit::SetPublisher { index: 0, field: s("headers"), text: s("tenant=eu, kind=test") },
        Edit::AddConsumer { queue: s("orders"), kind: s("fail_percent") },
    ];
    let mut out = text.clone();
    for e in &edits {
        out = apply(&out, e).unwrap_or_else(|err| panic!("{e:?}: {err}"));
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    let p = &v["publishers"][0];
    assert_eq!((p["count"].as_u64(), p["every_ms"].as_u64()), (Some(3), Some(250)));
    assert_eq!(p["properties"]["expiration"], "5000");
    assert_eq!(p["properties"]["headers"]["tenant"], "eu");
    assert_eq!(v["consumers"][1]["behaviour"]["kind"], "fail_percent");
    // The run publishes the three, each with its TTL and headers.
    let run = run_to_end(&Scenario::parse(&out).unwrap()).unwrap();
    let sent: Vec<_> = run
        .engine()
        .message_copies()
        .into_iter()
        .flat_map(|m| m.values())
        .filter(|m| m.props.expiration.as_deref() == Some("5000"))
        .collect();
    assert!(sent.len() >= 3, "the three messages with a TTL of 5000 ms: {}", sent.len());
    assert!(sent.iter().all(|m| m.props.headers.get("tenant").is_some()));
    let out = apply(&out, &Edit::RemovePublisher { index: 0 }).unwrap();
    let out = apply(&out, &Edit::RemoveConsumer { index: 1 }).unwrap();
    let mut back: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(back["publishers"], serde_json::json!([]));
    back.as_object_mut().unwrap().remove("publishers");
    assert_eq!(back, serde_json::from_str::<Value>(&text).unwrap());
    let refused = |e: Edit| apply(&text, &e).unwrap_err();
    assert!(matches!(
        refused(Edit::SetPublisher { index: 9, field: s("count"), text: s("1") }),
        EditError::Unknown { .. }
    ));
    assert!(matches!(
        refused(Edit::AddPublisher {
            exchange: s("shop"),
            routing_key: s(""),
            count: s("many"),
            every_ms: s("")
        }),
        EditError::NotANumber { .. }
    ));
    assert!(matches!(
        refused(Edit::AddConsumer { queue: s("nowhere"), kind: s("ack") }),
        EditError::Unknown { what: "queue", .. }
    ));
}

#[test]
fn a_policy_added_by_form_is_removed_by_name() {
    let text = start_text("dead-letter-routing-key");
    let add = form_steps("dead-letter-routing-key").remove(0);
    let with = apply(&text, &add).unwrap();
    let ex = exercise("dead-letter-routing-key").unwrap();
    assert!(ex.check_text(&with).passed);
    let without = apply(&with, &Edit::RemovePolicy { name: s("regional-dead-letters") }).unwrap();
    assert!(!ex.check_text(&without).passed, "the policy's removal undoes the fix");
    assert!(matches!(
        apply(&without, &Edit::RemovePolicy { name: s("regional-dead-letters") }),
        Err(EditError::Unknown { what: "policy", .. })
    ));
}

#[test]
fn a_binding_of_a_headers_exchange_takes_its_match_arguments() {
    let text = start_text("catch-rejected-messages");
    let out =
        apply(&text, &Edit::AddExchange { name: s("by.headers"), kind: s("headers") }).unwrap();
    let out = apply(
        &out,
        &Edit::AddBinding {
            exchange: s("by.headers"),
            queue: s("orders"),
            routing_key: s(""),
            arguments: s("x-match=all, tenant=eu"),
        },
    )
    .unwrap();
    let v: Value = serde_json::from_str(&out).unwrap();
    let b = v["bindings"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (b["arguments"]["x-match"].as_str(), b["arguments"]["tenant"].as_str()),
        (Some("all"), Some("eu"))
    );
    let bad = Edit::AddBinding {
        exchange: s("shop"),
        queue: s("orders"),
        routing_key: s("k"),
        arguments: s("tenant"),
    };
    assert!(matches!(apply(&text, &bad), Err(EditError::NotAChoice { .. })));
}
