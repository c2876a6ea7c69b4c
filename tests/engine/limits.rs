//! Sizes checked before any work: the links, definitions files and exercise texts that froze a
//! page (a policy pattern that compiles huge, ten thousand queues, a fanout mesh) are refused
//! at once by the field they overflow, with the limit named, in every language.

use dlx_lab::scenario::definitions::parse_definitions;
use dlx_lab::scenario::model::error::{Problem, ScenarioError};
use dlx_lab::scenario::model::limits::{
    pattern_weight, MAX_BINDINGS, MAX_EXCHANGES, MAX_NAME_BYTES, MAX_POLICIES, MAX_POLICY_WORK,
    MAX_QUEUES, MAX_TIMELINE_STEPS,
};
use dlx_lab::scenario::{Lang, Run, Scenario};
use serde_json::{json, Value};

fn queues(n: usize, name: impl Fn(usize) -> String) -> Vec<Value> {
    (0..n).map(|i| json!({"name": name(i)})).collect()
}

fn policies(n: usize, pattern: &str) -> Vec<Value> {
    (0..n)
        .map(|i| json!({"name": format!("p{i}"), "pattern": pattern, "definition": {"max-length": 5}}))
        .collect()
}

/// Reads and builds a scenario as a page does; the error it stops at.
fn refused(scenario: Value) -> ScenarioError {
    match Scenario::parse(&scenario.to_string()).and_then(|s| Run::new(&s).map(drop)) {
        Ok(()) => {
            panic!("accepted: {}", &scenario.to_string()[..200.min(scenario.to_string().len())])
        }
        Err(e) => e,
    }
}

fn field(e: &ScenarioError) -> (&str, &Problem) {
    match e {
        ScenarioError::Field { path, problem } => (path, problem),
        other => panic!("not a field error: {other}"),
    }
}

#[test]
fn a_pattern_that_compiles_huge_is_refused_by_its_policy() {
    // The 19 KB link: ten policies `(?:[a-z]{1,20000})$` over fifty long queue names.
    let s = json!({"version": 1, "duration_ms": 1000,
        "queues": queues(50, |i| format!("q{i}-{}", "a".repeat(200))),
        "policies": policies(10, "(?:[a-z]{1,20000})$")});
    let e = refused(s);
    let (path, problem) = field(&e);
    assert_eq!(path, "$.policies[0]");
    let Problem::Refused { error } = problem else { panic!("{e}") };
    assert!(error.contains("compiles to more than 64 KB"), "{error}");
    assert_eq!(pattern_weight("(?:[a-z]{1,20000})$"), 0);
    assert_eq!(pattern_weight("^orders\\."), 2);
}

#[test]
fn patterns_that_would_take_too_long_to_match_are_refused_before_any_work() {
    // Twenty policies whose patterns each compile near the limit, over two hundred long names.
    let s = json!({"version": 1, "duration_ms": 1000,
        "queues": queues(200, |i| format!("q{i}-{}", "a".repeat(200))),
        "policies": policies(20, "(?:[a-z]{1,200})$")});
    let e = refused(s);
    assert_eq!(field(&e).0, "$.policies");
    assert!(matches!(field(&e).1, Problem::PolicyWork { limit: MAX_POLICY_WORK, .. }), "{e}");
    assert!(e.to_string().contains(&MAX_POLICY_WORK.to_string()), "{e}");
    // The same names with one plain pattern are fine.
    let s = json!({"version": 1, "duration_ms": 1000,
        "queues": queues(200, |i| format!("q{i}-{}", "a".repeat(200))), "policies": policies(1, "^q1")});
    Scenario::parse(&s.to_string()).and_then(|s| Run::new(&s).map(drop)).unwrap();
}

#[test]
fn every_list_is_refused_past_its_limit_naming_it() {
    let mesh: Vec<Value> = (0..150)
        .flat_map(|i| {
            (0..150)
                .filter(move |j| *j != i)
                .map(move |j| json!({"exchange": format!("x{i}"), "to_exchange": format!("x{j}")}))
        })
        .collect();
    let cases = [
        (
            json!({"queues": queues(10_000, |i| format!("queue.number.{i}"))}),
            "$.queues",
            MAX_QUEUES,
        ),
        (
            json!({"exchanges": (0..150).map(|i| json!({"name": format!("x{i}"), "type": "fanout"})).collect::<Vec<_>>(),
                "bindings": mesh}),
            "$.bindings",
            MAX_BINDINGS,
        ),
        (
            json!({"exchanges": (0..MAX_EXCHANGES + 1).map(|i| json!({"name": format!("x{i}")})).collect::<Vec<_>>()}),
            "$.exchanges",
            MAX_EXCHANGES,
        ),
        (json!({"policies": policies(MAX_POLICIES + 1, "^x$")}), "$.policies", MAX_POLICIES),
        (
            json!({"timeline": (0..=MAX_TIMELINE_STEPS).map(|i| json!({"at_ms": i, "op": "wait", "ms": 1})).collect::<Vec<_>>()}),
            "$.timeline",
            MAX_TIMELINE_STEPS,
        ),
        // Queues declared by the timeline count with the topology's.
        (
            json!({"queues": queues(MAX_QUEUES, |i| format!("q{i}")),
                "timeline": [{"at_ms": 5, "op": "declare_queue", "queue": "one.more"}]}),
            "$.queues",
            MAX_QUEUES,
        ),
    ];
    for (mut s, want, limit) in cases {
        s["version"] = json!(1);
        let e = refused(s);
        let (path, problem) = field(&e);
        assert_eq!(path, want, "{e}");
        assert!(matches!(problem, Problem::ListTooLong { limit: l, .. } if *l == limit), "{e}");
        for lang in [Lang::En, Lang::Ko, Lang::ZhCn] {
            let text = dlx_lab::scenario::model::problem_text::error(&e).text(lang);
            assert!(text.contains(&limit.to_string()), "{lang:?}: {text}");
        }
    }
}

#[test]
fn a_name_longer_than_amqp_allows_is_refused_by_its_path() {
    let s =
        json!({"version": 1, "queues": [{"name": "ok"}, {"name": "q".repeat(MAX_NAME_BYTES + 1)}]});
    let e = refused(s);
    assert_eq!(field(&e).0, "$.queues[1].name");
    assert!(e.to_string().contains("256 bytes"), "{e}");
    let s = json!({"version": 1, "queues": [{"name": "é".repeat(MAX_NAME_BYTES / 2)}]});
    Scenario::parse(&s.to_string()).unwrap();
}

#[test]
fn a_definitions_file_is_held_to_the_same_limits() {
    let big = json!({"queues": (0..2_000).map(|i| json!({"name": format!("q{i}"), "vhost": "/"})).collect::<Vec<_>>()});
    let e = parse_definitions(&big.to_string()).unwrap_err();
    assert_eq!(field(&e).0, "$.queues");
    let slow = json!({
        "queues": (0..200).map(|i| json!({"name": format!("q{i}-{}", "a".repeat(200)), "vhost": "/"})).collect::<Vec<_>>(),
        "policies": (0..20).map(|i| json!({"name": format!("p{i}"), "vhost": "/", "pattern": "(?:[a-z]{1,200})$",
            "apply-to": "queues", "definition": {"max-length": 1}, "priority": 0})).collect::<Vec<_>>()});
    let e = parse_definitions(&slow.to_string()).unwrap_err();
    assert_eq!(field(&e).0, "$.policies");
}

#[test]
fn a_topology_at_every_limit_still_loads() {
    let s = json!({"version": 1, "duration_ms": 1000,
        "exchanges": (0..MAX_EXCHANGES).map(|i| json!({"name": format!("x{i}"), "type": "fanout"})).collect::<Vec<_>>(),
        "queues": queues(MAX_QUEUES, |i| format!("q{i}")),
        "bindings": (0..MAX_BINDINGS).map(|i| json!({"exchange": format!("x{}", i % MAX_EXCHANGES), "queue": format!("q{}", i % MAX_QUEUES),
            "routing_key": format!("k{i}")})).collect::<Vec<_>>(),
        "policies": policies(30, "^q1")});
    let run = Run::new(&Scenario::parse(&s.to_string()).unwrap()).unwrap();
    assert_eq!(run.engine().queues().count(), MAX_QUEUES);
}

#[test]
fn a_recording_is_held_to_the_same_limits() {
    use dlx_lab::engine::RABBITMQ_4;
    use dlx_lab::scenario::conformance::runner::replay;
    let steps: Vec<Value> = (0..=MAX_QUEUES)
        .map(|i| json!({"op": "declare_queue", "queue": format!("q{i}")}))
        .collect();
    let e = replay(&json!({"name": "big", "steps": steps}), &RABBITMQ_4).unwrap_err();
    assert_eq!(field(&e).0, "$.steps");
    assert!(e.to_string().contains(&MAX_QUEUES.to_string()), "{e}");
}

#[test]
fn a_workshop_link_with_an_oversized_exercise_is_refused_by_its_path() {
    use dlx_lab::scenario::workshop::exercises::EXERCISES;
    use dlx_lab::scenario::workshop::workshop_file::WorkshopFile;
    let mut own: Value = serde_json::from_str(EXERCISES[0].1).unwrap();
    own["id"] = json!("own-big");
    own["start"]["queues"] = json!(queues(10_000, |i| format!("queue.number.{i}")));
    let w = json!({"workshop": 1, "title": "x", "exercises": [own]});
    let e = WorkshopFile::from_json_in(&w, Lang::En).map(drop).unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("$.exercises[0].start.queues"), "{text}");
    assert!(text.contains(&MAX_QUEUES.to_string()), "{text}");
}
