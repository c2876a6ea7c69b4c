//! Hostile and random scenario JSON never panics and never hangs: it is refused with a message
//! naming the field, or replayed within the step budget.

use dlx_lab::engine::rng::SimRng;
use dlx_lab::engine::{RABBITMQ_3_10, RABBITMQ_4};
use dlx_lab::scenario::{replay_str, ScenarioError};

#[path = "../support/json_pointers.rs"]
mod json_pointers;
use json_pointers::pointers;

fn err(text: &str) -> String {
    match replay_str(text, &RABBITMQ_4) {
        Err(e) => e.to_string(),
        Ok(v) => panic!("expected an error, got {v}"),
    }
}

/// JSON a mutation puts in place of a field: out of range, of another type, or empty.
const JUNK: [&str; 10] = [
    "-1",
    "1e309",
    "null",
    "\"\"",
    "{}",
    "[]",
    "true",
    "18446744073709551616",
    "\"x-death\"",
    "{\"$timestamp\": -3}",
];

#[test]
fn malformed_input_names_the_problem() {
    assert!(err("{").contains("line 1"));
    assert!(err("[]").contains("$"));
    assert_eq!(err(r#"{"steps": 5}"#), "$.steps: is missing (a list of steps is required)");
    assert!(err(r#"{"steps": [{"op": "declare_queue"}]}"#).contains("$.steps[0].name"));
    assert!(err(r#"{"steps": [{"op": "fly"}]}"#).contains("unknown op 'fly'"));
    assert!(err(r#"{"steps": [{"op": "wait", "ms": -5}]}"#).contains("$.steps[0].ms"));
    assert!(err(r#"{"steps": [{"op": "wait", "ms": 1e300}]}"#).contains("$.steps[0].ms"));
    let e = err(r#"{"steps": [{"op": "publish", "properties": {"priority": 999}}]}"#);
    assert!(e.contains("$.steps[0].properties.priority"), "{e}");
}

#[test]
fn broker_refusals_are_results_not_crashes() {
    let text = r#"{"steps": [
        {"op": "declare_queue", "name": "q", "arguments": {"x-message-ttl": -1}},
        {"op": "declare_queue", "name": "r", "arguments": {"x-max-length": 99999999999999999}},
        {"op": "declare_queue", "name": "s", "arguments": {"x-queue-type": "nope"}},
        {"op": "set_policy", "name": "p", "pattern": "(a*)*b(((((((", "definition": {}},
        {"op": "set_policy", "name": "p2", "pattern": "(x+x+)+y", "definition": {"message-ttl": 5}},
        {"op": "publish", "exchange": "missing", "routing_key": "q", "body": "x"},
        {"op": "publish", "routing_key": "r", "body": "x", "properties": {"expiration": "soon"}},
        {"op": "get", "queue": "nowhere", "as": "d"},
        {"op": "ack", "delivery": "d"},
        {"op": "wait", "ms": 18446744073709551615},
        {"op": "queue_length", "queue": "r", "unknown_field": [1, 2, 3]}
    ]}"#;
    let v = replay_str(text, &RABBITMQ_3_10).expect("a replayable scenario");
    let codes: Vec<_> =
        v["steps"].as_array().unwrap().iter().map(|s| s["error"]["code"].clone()).collect();
    assert_eq!(codes[0], 406);
    assert_eq!(codes[2], 406);
    assert_eq!(codes[3], 406);
    assert_eq!(codes[5], 404);
    assert_eq!(codes[6], 406);
    assert_eq!(codes[7], 404);
    assert_eq!(v["steps"][8]["error"], "unknown delivery label d");
}

#[test]
fn deeply_nested_headers_are_refused_not_overflowed() {
    let mut nested = "1".to_string();
    for _ in 0..100 {
        nested = format!("[{nested}]");
    }
    let text = format!(
        r#"{{"steps": [{{"op": "publish", "routing_key": "q", "properties": {{"headers": {{"deep": {nested}}}}}}}]}}"#
    );
    let e = replay_str(&text, &RABBITMQ_4).unwrap_err();
    assert!(matches!(e, ScenarioError::Field { .. }), "{e}");
    assert!(e.to_string().contains("headers.deep"), "{e}");
    // Deeper than serde_json's own limit is a syntax error, still not a crash.
    let very = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(replay_str(&very, &RABBITMQ_4).is_err());
}

#[test]
fn random_mutations_of_real_scenarios_never_panic() {
    let sources = [
        include_str!("../conformance/rabbitmq-3.10/scenarios/g1_retry_loop.json"),
        include_str!("../conformance/rabbitmq-3.10/scenarios/f2_cc_bcc_with_dlrk.json"),
        include_str!(
            "../conformance/rabbitmq-3.10/scenarios/j9_quorum_held_dlx_counts_toward_limit.json"
        ),
        include_str!("../conformance/rabbitmq-3.10/scenarios/m1_priority_maxlen_drop_head.json"),
    ];
    let mut r = SimRng::new(99);
    let (mut refused, mut replayed) = (0, 0);
    for round in 0..400 {
        let src = sources[round % sources.len()];
        let mut v: serde_json::Value = serde_json::from_str(src).unwrap();
        let steps = v["steps"].as_array_mut().unwrap();
        // The fields changed, as a refusal must name them: `$.steps[3].ms`.
        let mut changed = Vec::new();
        for _ in 0..3 {
            let i = r.below(steps.len() as u64) as usize;
            if let Some(obj) = steps[i].as_object_mut() {
                let keys: Vec<String> = obj.keys().cloned().collect();
                let k = keys[r.below(keys.len() as u64) as usize].clone();
                let j = JUNK[r.below(JUNK.len() as u64) as usize];
                changed.push(format!("$.steps[{i}]"));
                obj.insert(k, serde_json::from_str(j).unwrap_or(serde_json::Value::Null));
            }
        }
        let text = v.to_string();
        for profile in [&RABBITMQ_3_10, &RABBITMQ_4] {
            match replay_str(&text, profile) {
                Ok(result) => {
                    assert!(result["steps"].is_array(), "round {round}: {result}");
                    replayed += 1;
                }
                Err(e) => {
                    let message = e.to_string();
                    assert!(matches!(e, ScenarioError::Field { .. }), "round {round}: {message}");
                    assert!(
                        changed.iter().any(|p| message.starts_with(&format!("{p}."))
                            || message.starts_with(&format!("{p}:"))),
                        "round {round}: the refusal names no changed field ({changed:?}): {message}"
                    );
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 0 && replayed > 0, "refused {refused}, replayed {replayed}");
}

#[test]
fn random_mutations_of_the_presets_never_panic() {
    use dlx_lab::scenario::playground::presets::PRESETS;
    use dlx_lab::scenario::{Run, Scenario};
    use serde_json::{json, Value};
    // Mostly values of the right type (so the run goes on and the engine meets them), sometimes
    // anything at all (so the reader meets it).
    let numbers = [0u64, 1, 2, 3, 7, 100, 1000, 60_000, 4_294_967_296, u64::MAX];
    let rounds: usize =
        std::env::var("DLX_HOSTILE_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(150);
    let mut r = SimRng::new(7);
    let mut ran = 0;
    for round in 0..rounds {
        let (_, src) = PRESETS[round % PRESETS.len()];
        let mut v: Value = serde_json::from_str(src).unwrap();
        let mut names = Vec::new();
        let mut ps = Vec::new();
        pointers(&v, String::new(), &mut ps);
        // The texts are checked on their own (tests/translations/content.rs): aim at the run.
        ps.retain(|p| {
            !["/i18n", "/title", "/description", "/teaches", "/id"].iter().any(|t| p.starts_with(t))
        });
        for p in &ps {
            if let Some(Value::String(n)) = v.pointer(p) {
                names.push(n.clone());
            }
        }
        for _ in 0..1 + r.below(3) {
            let p = &ps[r.below(ps.len() as u64) as usize];
            let Some(slot) = v.pointer_mut(p) else { continue };
            *slot = match (&*slot, r.below(5)) {
                (_, 0) => serde_json::from_str(JUNK[r.below(JUNK.len() as u64) as usize])
                    .unwrap_or(Value::Null),
                (Value::Number(_), _) => json!(numbers[r.below(numbers.len() as u64) as usize]),
                (Value::String(_), _) => json!(names[r.below(names.len() as u64) as usize]),
                (Value::Bool(b), _) => json!(!b),
                (Value::Array(_), _) => json!([]),
                (other, _) => other.clone(),
            };
        }
        // Shortened so each round stays quick; a refusal is fine, a panic is not.
        if let Some(d) = v.get_mut("duration_ms").filter(|d| d.as_u64().is_some_and(|n| n > 20_000))
        {
            *d = json!(20_000);
        }
        if let Ok(s) = Scenario::from_json(v) {
            if let Ok(mut run) = Run::new(&s) {
                ran += 1;
                let end = run.end();
                let _ = run.advance_to(end);
                // What the playground draws from it: hops, diagram, layout, depth, alerts.
                let events = run.engine().events();
                let flights = dlx_lab::viz::flight::Flights::from_events(events);
                let d = dlx_lab::viz::diagram::build(run.engine(), &flights);
                let l = dlx_lab::viz::layout(&d.node_specs(), &d.edge_specs());
                assert!(l.width.is_finite() && l.height.is_finite());
                let _ = dlx_lab::viz::depth::depth_series(events);
                if let Ok(rules) = dlx_lab::scenario::playground::alerts::read_rules(&s.json) {
                    let _ = dlx_lab::scenario::playground::alerts::dlq_alerts(
                        events,
                        &run.engine().queues().map(|q| q.name.to_string()).collect::<Vec<_>>(),
                        &rules,
                        end.as_us(),
                    );
                }
                let _ = run.seek(dlx_lab::engine::SimTime::from_ms(0));
            }
        }
    }
    // Most mutated presets still run: the engine is exercised, not only the reader.
    assert!(ran * 3 > rounds, "only {ran} of {rounds} mutated presets ran");
}
