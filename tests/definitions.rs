//! RabbitMQ definitions files: parsing both forms, effective settings as the broker merges
//! them, lints, and errors that name the JSON path (export and import round trips are in
//! `definitions_round_trip.rs`).

use dlx_lab::engine::{Profile, RABBITMQ_3_10, RABBITMQ_4};
use dlx_lab::scenario::definitions::lint::{lint_all, Level, Lint};
use dlx_lab::scenario::definitions::{
    build, effective_settings, parse_definitions, report_json, Definitions, SIMULATED_POLICY_KEYS,
};
use serde_json::{json, Value};

/// (value, source) of one setting of one queue.
#[path = "support/definitions_kit.rs"]
mod definitions_kit;

use definitions_kit::{load, rec, reports, scenario_defs};

fn setting(
    d: &Definitions,
    profile: &'static Profile,
    queue: &str,
    key: &str,
) -> Option<(Value, String)> {
    let r = reports(d, profile);
    let q = r.iter().find(|q| q.name == queue).unwrap_or_else(|| panic!("no queue {queue}"));
    q.get(key).cloned()
}

fn lints(d: &Definitions, profile: &'static Profile) -> Vec<Lint> {
    lint_all(d, &build(d, profile))
}

fn has_lint(ls: &[Lint], code: &str, subject: &str) -> bool {
    ls.iter().any(|l| l.code == code && l.subject == subject)
}

fn inline(v: Value) -> Definitions {
    parse_definitions(&v.to_string()).unwrap()
}

#[test]
fn the_cli_export_reads_with_queue_types_and_warnings() {
    let d = load(&rec().join("example_definitions.json"));
    assert_eq!(d.queues.len(), 14);
    assert_eq!(d.rabbitmq_version.as_deref(), Some("3.10.8"));
    let j3 = d.queues.iter().find(|q| q.name == "j3.main").unwrap();
    assert_eq!(j3.queue_type(), "quorum");
    assert_eq!(d.bindings.iter().filter(|b| b.source == "n3.dlx").count(), 5);
    assert!(d.warnings.iter().any(|w| w.to_string().contains("'users'")), "{:?}", d.warnings);
    assert!(d.warnings.iter().any(|w| w.to_string().contains("'permissions'")), "{:?}", d.warnings);
    // k3: the DLX is the queue's argument, the routing key comes from the policy, and the
    // lower TTL (the policy's 200 against the argument's 5000) wins.
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "k3.main", "dead-letter-exchange"),
        Some((json!("k3.dlx"), "argument".into()))
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "k3.main", "dead-letter-routing-key"),
        Some((json!("from-policy"), "policy:k3.pol".into()))
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "k3.main", "message-ttl"),
        Some((json!(200), "policy:k3.pol".into()))
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "j3.main", "dead-letter-strategy"),
        Some((json!("at-least-once"), "argument".into()))
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "j3.main", "queue-type"),
        Some((json!("quorum"), "argument".into()))
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "g1.wait", "message-ttl"),
        Some((json!(200), "argument".into()))
    );
    assert_eq!(setting(&d, &RABBITMQ_3_10, "g1.audit", "dead-letter-exchange"), None);
}

#[test]
fn policies_merge_with_arguments_as_the_recordings_show() {
    // k1: the DLX comes from the policy alone.
    let k1 = scenario_defs("k1_policy_dlx");
    assert_eq!(
        setting(&k1, &RABBITMQ_3_10, "k1.main", "dead-letter-exchange"),
        Some((json!("k1.dlx"), "policy:k1.pol".into()))
    );
    // k2: the argument wins over the policy for the DLX.
    let k2 = scenario_defs("k2_arg_overrides_policy_dlx");
    assert_eq!(
        setting(&k2, &RABBITMQ_3_10, "k2.main", "dead-letter-exchange"),
        Some((json!("k2.dlx_arg"), "argument".into()))
    );
    // k5: the lower TTL wins, here the argument's 200 against the policy's 5000.
    let k5 = scenario_defs("k5_policy_ttl_arg_smaller");
    assert_eq!(
        setting(&k5, &RABBITMQ_3_10, "k5.main", "message-ttl"),
        Some((json!(200), "argument".into()))
    );
    assert!(lints(&k5, &RABBITMQ_3_10).is_empty(), "{:?}", lints(&k5, &RABBITMQ_3_10));
}

#[test]
fn every_recorded_topology_builds_without_a_refusal() {
    let mut n = 0;
    for entry in std::fs::read_dir(rec().join("definitions")).unwrap() {
        let path = entry.unwrap().path();
        let d = load(&path);
        let b = build(&d, &RABBITMQ_3_10);
        assert!(b.refused.is_empty(), "{}: {:?}", path.display(), b.refused);
        assert_eq!(effective_settings(&d, &b.engine).len(), d.queues.len());
        n += 1;
    }
    assert!(n >= 50, "found {n} definitions files");
    // 4.x refuses what 3.10 only warned about.
    let d8 = scenario_defs("d8_quorum_reject_publish_dlx");
    let refused = build(&d8, &RABBITMQ_4).refused;
    assert!(
        refused.len() == 1 && refused[0].to_string().contains("reject-publish-dlx"),
        "{refused:?}"
    );
}

fn quorum_with_policy(args: Value, policy: Value, operator: Option<Value>) -> Definitions {
    let mut v = json!({
        "queues": [{"name": "q", "durable": true, "auto_delete": false, "arguments": args}],
        "policies": [{"name": "p", "pattern": "^q$", "apply-to": "queues", "priority": 0, "definition": policy}],
    });
    if let Some(op) = operator {
        v["operator_policies"] = json!([{"name": "op", "pattern": "^q$", "apply-to": "queues", "priority": 0, "definition": op}]);
    }
    inline(v)
}

#[test]
fn quorum_queues_take_overflow_from_the_policy_first() {
    // rabbit_quorum_queue resolves overflow with the policy first; classic queues take the argument.
    let q = quorum_with_policy(
        json!({"x-queue-type": "quorum", "x-overflow": "drop-head"}),
        json!({"overflow": "reject-publish"}),
        None,
    );
    assert_eq!(
        setting(&q, &RABBITMQ_3_10, "q", "overflow"),
        Some((json!("reject-publish"), "policy:p".into()))
    );
    let c = quorum_with_policy(
        json!({"x-overflow": "drop-head"}),
        json!({"overflow": "reject-publish"}),
        None,
    );
    assert_eq!(
        setting(&c, &RABBITMQ_3_10, "q", "overflow"),
        Some((json!("drop-head"), "argument".into()))
    );
}

#[test]
fn quorum_expires_follows_the_version() {
    let q = quorum_with_policy(
        json!({"x-queue-type": "quorum", "x-expires": 1000}),
        json!({"expires": 5000}),
        None,
    );
    assert_eq!(setting(&q, &RABBITMQ_3_10, "q", "expires"), Some((json!(5000), "policy:p".into())));
    assert_eq!(setting(&q, &RABBITMQ_4, "q", "expires"), Some((json!(1000), "argument".into())));
}

#[test]
fn operator_policies_merge_by_the_lower_value() {
    let d = quorum_with_policy(
        json!({"x-message-ttl": 9000}),
        json!({"message-ttl": 5000, "max-length": 10}),
        Some(json!({"message-ttl": 3000, "max-length": 50})),
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "q", "message-ttl"),
        Some((json!(3000), "operator-policy:op".into()))
    );
    assert_eq!(
        setting(&d, &RABBITMQ_3_10, "q", "max-length"),
        Some((json!(10), "policy:p".into()))
    );
}

#[test]
fn a_policy_with_a_key_the_queue_type_refuses_does_not_apply() {
    // Classic queues do not support delivery-limit: the whole policy, DLX included, is skipped.
    let d = quorum_with_policy(
        json!({}),
        json!({"dead-letter-exchange": "dlx", "delivery-limit": 3}),
        None,
    );
    assert_eq!(setting(&d, &RABBITMQ_3_10, "q", "dead-letter-exchange"), None);
    assert!(has_lint(&lints(&d, &RABBITMQ_3_10), "policy-not-applicable", "q"));
    let q = quorum_with_policy(
        json!({"x-queue-type": "quorum"}),
        json!({"dead-letter-exchange": "dlx", "delivery-limit": 3}),
        None,
    );
    assert_eq!(
        setting(&q, &RABBITMQ_3_10, "q", "delivery-limit"),
        Some((json!(3), "policy:p".into()))
    );
}

#[test]
fn lints_name_what_users_get_wrong() {
    let l = lints(&scenario_defs("i1_dlx_missing"), &RABBITMQ_3_10);
    assert!(
        l.iter().any(|x| x.code == "dlx-missing"
            && x.level == Level::Error
            && x.reason.to_string().contains("i1.nonexistent")),
        "{l:?}"
    );
    assert!(has_lint(
        &lints(&scenario_defs("i2_dlx_no_binding"), &RABBITMQ_3_10),
        "dlx-no-binding",
        "i2.main"
    ));
    assert!(has_lint(
        &lints(&scenario_defs("h1_self_cycle_ttl_dropped"), &RABBITMQ_3_10),
        "dead-letter-cycle",
        "h1.a"
    ));
    // A rejected message keeps looping (rule 3): no cycle lint for the reject-driven self loop.
    assert!(!lints(&scenario_defs("h3_self_cycle_with_reject_kept"), &RABBITMQ_3_10)
        .iter()
        .any(|x| x.code == "dead-letter-cycle"));
    let j4 = scenario_defs("j4_quorum_at_least_once_without_reject_publish");
    assert!(has_lint(
        &lints(&j4, &RABBITMQ_3_10),
        "at-least-once-without-reject-publish",
        "j4.main"
    ));
    assert!(!has_lint(
        &lints(&scenario_defs("j3_quorum_at_least_once"), &RABBITMQ_3_10),
        "at-least-once-without-reject-publish",
        "j3.main"
    ));
    // 3.x quorum queues have no delivery limit by default; 4.x has 20.
    let j3 = scenario_defs("j3_quorum_at_least_once");
    assert!(has_lint(&lints(&j3, &RABBITMQ_3_10), "quorum-no-delivery-limit", "j3.main"));
    assert!(!has_lint(&lints(&j3, &RABBITMQ_4), "quorum-no-delivery-limit", "j3.main"));
    assert!(!has_lint(
        &lints(&scenario_defs("j1_quorum_delivery_limit"), &RABBITMQ_3_10),
        "quorum-no-delivery-limit",
        "j1.main"
    ));
    // A queue with a DLX and no queue TTL: per-message TTLs would wait behind the head.
    let a = lints(&scenario_defs("a_reject_to_dlx"), &RABBITMQ_3_10);
    assert!(a
        .iter()
        .any(|x| x.code == "ttl-behind-head" && x.level == Level::Info && x.subject == "a.main"));
    assert!(!has_lint(
        &lints(&scenario_defs("c1_queue_ttl"), &RABBITMQ_3_10),
        "ttl-behind-head",
        "c1.main"
    ));
    // Topic patterns and fanout bindings leave the keys unknown: no unroutable claim.
    assert!(!has_lint(
        &lints(&scenario_defs("n1_topic_dlx"), &RABBITMQ_3_10),
        "dlx-unroutable",
        "n1.main"
    ));
}

#[test]
fn lints_for_keys_and_routing_keys_without_a_dlx() {
    let d = inline(json!({
        "exchanges": [{"name": "dlx", "type": "direct"}],
        "queues": [
            {"name": "work", "arguments": {"x-dead-letter-exchange": "dlx"}},
            {"name": "dlq", "arguments": {}},
            {"name": "orphan", "arguments": {}}
        ],
        "bindings": [{"source": "dlx", "destination": "dlq", "destination_type": "queue", "routing_key": "something-else"}],
        "policies": [{"name": "rk", "pattern": "^orphan$", "apply-to": "queues", "priority": 0, "definition": {"dead-letter-routing-key": "x"}}]
    }));
    let l = lints(&d, &RABBITMQ_3_10);
    let unroutable = l
        .iter()
        .find(|x| x.code == "dlx-unroutable" && x.subject == "work")
        .expect("dlx-unroutable");
    assert!(unroutable.reason.to_string().contains("work"), "{}", unroutable.reason);
    assert!(has_lint(&l, "dlrk-without-dlx", "orphan"));
    // As an argument the broker refuses it outright.
    let refused = inline(
        json!({"queues": [{"name": "bad", "arguments": {"x-dead-letter-routing-key": "x"}}]}),
    );
    let l = lints(&refused, &RABBITMQ_3_10);
    assert!(
        l.iter().any(|x| x.code == "refused"
            && x.level == Level::Error
            && x.reason.to_string().contains("406")),
        "{l:?}"
    );
}

#[test]
fn a_quorum_only_argument_on_a_classic_queue_is_named() {
    let d = inline(json!({
        "queues": [
            {"name": "classic.q", "arguments": {"x-delivery-limit": 3}},
            {"name": "quorum.q", "arguments": {"x-queue-type": "quorum", "x-delivery-limit": 3}}
        ]
    }));
    for profile in [&RABBITMQ_3_10, &RABBITMQ_4] {
        let l = lints(&d, profile);
        let found = l
            .iter()
            .find(|x| x.code == "quorum-only-argument" && x.subject == "classic.q")
            .expect("the classic queue's x-delivery-limit is named");
        assert_eq!(found.level, Level::Warning);
        let text = found.reason.to_string();
        assert!(text.contains("x-delivery-limit") && text.contains("classic"), "{text}");
        assert!(!has_lint(&l, "quorum-only-argument", "quorum.q"));
    }
}

#[test]
fn both_definitions_forms_give_the_same_topology() {
    let cli = inline(
        json!({"queues": [{"name": "q", "vhost": "/", "durable": true, "auto_delete": false, "type": "quorum", "arguments": {}}]}),
    );
    let http = inline(
        json!({"queues": [{"name": "q", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-queue-type": "quorum"}}]}),
    );
    assert_eq!(cli.queues, http.queues);
    assert_eq!(
        setting(&cli, &RABBITMQ_3_10, "q", "queue-type"),
        Some((json!("quorum"), "argument".into()))
    );
}

#[test]
fn unsupported_parts_are_listed_not_dropped() {
    let d = inline(json!({
        "exchanges": [{"name": "delayed", "vhost": "/", "type": "x-delayed-message", "arguments": {"x-delayed-type": "direct"}}],
        "queues": [{"name": "q", "vhost": "/", "arguments": {"x-single-active-consumer": true}},
                   {"name": "elsewhere", "vhost": "other", "arguments": {}}],
        "parameters": [{"vhost": "/", "component": "shovel", "name": "s", "value": {}}],
        "policies": [{"vhost": "/", "name": "ha", "pattern": ".*", "definition": {"ha-mode": "all"}}],
        "surprise": 1
    }));
    let w = d.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>().join("\n");
    for needle in [
        "x-delayed-message",
        "x-single-active-consumer",
        "shovel",
        "ha-mode",
        "surprise",
        "virtual host 'other'",
    ] {
        assert!(w.contains(needle), "no warning about {needle}:\n{w}");
    }
    assert_eq!(d.queues.len(), 1, "one vhost is simulated");
}

#[test]
fn malformed_files_name_the_json_path() {
    let err = |v: &str| parse_definitions(v).unwrap_err().to_string();
    assert!(err(r#"{"queues": [{"durable": true}]}"#).contains("$.queues[0].name"));
    assert!(err(r#"{"queues": {}}"#).contains("$.queues"));
    assert!(err(
        r#"{"bindings": [{"source": "x", "destination": "q", "destination_type": "topic"}]}"#
    )
    .contains("$.bindings[0].destination_type"));
    assert!(err(
        r#"{"queues": [{"name": "q", "type": "quorum", "arguments": {"x-queue-type": "classic"}}]}"#
    )
    .contains("$.queues[0].type"));
    assert!(err(
        r#"{"queues": [{"name": "q", "arguments": {"x-message-ttl": {"$timestamp": -1}}}]}"#
    )
    .contains("$.queues[0].arguments.x-message-ttl"));
    assert!(err(r#"{"parameters": [{"component": "operator_policy", "name": "o", "value": {"pattern": ".*", "definition": [["a", 1], 2]}}]}"#)
        .contains("$.parameters[0].value.definition[1]"));
    assert!(
        err(r#"{"policies": [{"name": "p", "definition": {}}]}"#).contains("$.policies[0].pattern")
    );
    assert!(err("[1, 2").contains("line 1"));
    assert!(err("[]").contains("$"));
}

#[test]
fn the_report_json_has_values_and_sources() {
    let d = scenario_defs("k2_arg_overrides_policy_dlx");
    let v = report_json(&reports(&d, &RABBITMQ_3_10));
    let main = v["queues"].as_array().unwrap().iter().find(|q| q["name"] == "k2.main").unwrap();
    assert_eq!(main["effective"]["dead-letter-exchange"], "k2.dlx_arg");
    assert_eq!(main["source"]["dead-letter-exchange"], "argument");
    assert_eq!(main["effective"]["message-ttl"], Value::Null);
    assert!(main["source"].get("message-ttl").is_none());
    // Every policy key the engine simulates, and the queue's type.
    for key in SIMULATED_POLICY_KEYS.into_iter().chain(["queue-type"]) {
        assert!(main["effective"].get(key).is_some(), "{key} missing");
    }
}
