//! Guided tours: every built-in tour validates, every step lands on something that has really
//! happened by then (and, for an event, happened since the previous moment of the tour), the
//! facts the narration states hold in the engine, and malformed tours are refused by JSON path.

use dlx_lab::engine::{FieldValue, SimTime};
use dlx_lab::scenario::workshop::tour::{Focus, Highlight, Tour};
use dlx_lab::scenario::workshop::tours::{tour, TOURS};
use dlx_lab::scenario::{Run, Scenario};
use serde_json::{json, Value};

/// Plays the tour step by step as the player will: advance to the step, resolve its focus.
fn walk(id: &str) -> Vec<(u64, Highlight)> {
    let (scenario, t) = tour(id).unwrap_or_else(|e| panic!("tour {id}: {e}"));
    assert!(t.steps.len() >= 5, "tour {id} has only {} steps", t.steps.len());
    let mut run = Run::new(&scenario).unwrap();
    let mut out = Vec::new();
    let mut earlier_moment = None::<u64>;
    let mut moment = 0;
    for (i, step) in t.steps.iter().enumerate() {
        if step.at_ms > moment {
            earlier_moment = Some(moment);
            moment = step.at_ms;
        }
        run.advance_to(SimTime::from_ms(step.at_ms)).unwrap();
        assert_eq!(run.now(), SimTime::from_ms(step.at_ms));
        let h = step.resolve(run.engine()).unwrap_or_else(|e| {
            panic!("tour {id} step {i} ({} ms) lands on nothing: {e}", step.at_ms)
        });
        if let (Highlight::Event { event }, Some(Focus::Event(_))) = (&h, &step.focus) {
            let at = run.engine().events().get(*event as usize).unwrap().at_us;
            assert!(
                at <= SimTime::from_ms(step.at_ms),
                "tour {id} step {i}: the event is in the future"
            );
            if let Some(before) = earlier_moment {
                assert!(at > SimTime::from_ms(before), "tour {id} step {i} ({} ms) points at an event from {} ms, before the previous moment", step.at_ms, at.as_ms());
            }
        }
        if let Highlight::Message { lineage, .. } = &h {
            assert!(run
                .engine()
                .events()
                .iter()
                .any(|e| e.lineage == Some(*lineage) && e.at_us <= SimTime::from_ms(step.at_ms)));
        }
        out.push((step.at_ms, h));
    }
    assert!(!run.stalled);
    out
}

fn x_death(v: Option<&FieldValue>) -> Vec<(String, String, i64)> {
    let Some(FieldValue::Array(items)) = v else { return Vec::new() };
    items
        .iter()
        .filter_map(|i| match i {
            FieldValue::Table(t) => Some((
                t.get("queue")?.as_str()?.to_string(),
                t.get("reason")?.as_str()?.to_string(),
                t.get("count").and_then(FieldValue::as_i64).unwrap_or(0),
            )),
            _ => None,
        })
        .collect()
}

fn run_to(id: &str, ms: u64) -> Run {
    let (scenario, _) = tour(id).unwrap();
    let mut run = Run::new(&scenario).unwrap();
    run.advance_to(SimTime::from_ms(ms)).unwrap();
    run
}

#[test]
fn every_tour_validates_and_lands_on_real_events() {
    assert!(TOURS.len() >= 5);
    for (id, _) in TOURS {
        let (scenario, _) = tour(id).unwrap();
        assert_eq!(scenario.id, id, "the file's id matches its place in the index");
        walk(id);
    }
}

#[test]
fn four_reasons_tour_ends_with_four_dead_letters() {
    let run = run_to("tour-four-reasons", 1200);
    assert_eq!(run.engine().queue("dead.letters").unwrap().ready_len(), 4);
}

#[test]
fn wait_queue_tour_counts_as_it_says() {
    // 3.2 s: back in jobs with two entries, count 1 each.
    let run = run_to("tour-ttl-wait-queue", 3200);
    let copy = &run.engine().queue("jobs").map(|q| q.unacked).unwrap();
    assert_eq!(*copy, 1, "the worker has the job again");
    let last = run.engine().events().iter().rev().find(|e| matches!(&e.kind, dlx_lab::engine::EventKind::Enqueued { queue, .. } if &**queue == "jobs")).unwrap();
    let headers = &run.engine().message_copy(last.msg.unwrap()).unwrap().props.headers;
    assert_eq!(
        x_death(headers.get("x-death")),
        [("jobs.wait".into(), "expired".into(), 1), ("jobs".into(), "rejected".into(), 1)]
    );
    // 6.4 s: rejected count 3, expired count 2, in the wait queue again.
    let run = run_to("tour-ttl-wait-queue", 6400);
    let q = run.engine().queue("jobs.wait").unwrap();
    let m = &q.iter_ready().next().unwrap().msg;
    assert_eq!(
        x_death(m.props.headers.get("x-death")),
        [("jobs".into(), "rejected".into(), 3), ("jobs.wait".into(), "expired".into(), 2)]
    );
    // 9.5 s: parked.
    assert_eq!(
        run_to("tour-ttl-wait-queue", 9499).engine().queue("parking-lot").unwrap().ready_len(),
        0
    );
    assert_eq!(
        run_to("tour-ttl-wait-queue", 9500).engine().queue("parking-lot").unwrap().ready_len(),
        1
    );
}

#[test]
fn x_death_tour_shows_three_entries_newest_first() {
    let run = run_to("tour-x-death-hops", 2000);
    let q = run.engine().queue("final").unwrap();
    let m = &q.iter_ready().next().unwrap().msg;
    assert_eq!(&*m.body, "traveller");
    let h = &m.props.headers;
    assert_eq!(
        x_death(h.get("x-death")),
        [
            ("stage.3".into(), "maxlen".into(), 1),
            ("stage.2".into(), "expired".into(), 1),
            ("stage.1".into(), "rejected".into(), 1)
        ]
    );
    assert_eq!(h.get("x-first-death-queue").and_then(FieldValue::as_str), Some("stage.1"));
    assert_eq!(h.get("x-first-death-reason").and_then(FieldValue::as_str), Some("rejected"));
    assert_eq!(h.get("x-last-death-queue").and_then(FieldValue::as_str), Some("stage.3"));
    assert_eq!(h.get("x-last-death-reason").and_then(FieldValue::as_str), Some("maxlen"));
}

#[test]
fn cycle_and_at_least_once_tours_state_facts() {
    let run = run_to("tour-dead-letter-cycle", 600);
    assert!(run.engine().log_lines().iter().any(|l| l.contains("cycle detected")));
    let run = run_to("tour-at-least-once", 2000);
    assert_eq!(
        run.engine().queue("dlq").unwrap().ready_len(),
        0,
        "bound, but the held message has not moved yet"
    );
    let run = run_to("tour-at-least-once", 180_400);
    assert_eq!(run.engine().queue("dlq").unwrap().ready_len(), 1);
}

#[test]
fn a_step_before_its_event_does_not_land() {
    let (scenario, t) = tour("tour-four-reasons").unwrap();
    let mut run = Run::new(&scenario).unwrap();
    run.advance_to(SimTime::from_ms(1100)).unwrap();
    let expired_step = t
        .steps
        .iter()
        .find(|s| s.at_ms == 1200 && matches!(s.focus, Some(Focus::Event(_))))
        .unwrap();
    let err = expired_step.resolve(run.engine()).unwrap_err();
    assert!(
        err.contains("'died' events") && err.contains("expired") && err.contains("1100 ms"),
        "{err}"
    );
}

#[test]
fn scenarios_without_a_tour_have_an_empty_one() {
    for s in dlx_lab::scenario::playground::presets::all() {
        assert!(Tour::read(&s).unwrap().is_empty(), "{}", s.id);
    }
}

fn tour_error(tour: Value) -> String {
    let mut base = json!({
        "duration_ms": 1000,
        "exchanges": [{"name": "x", "type": "fanout"}],
        "queues": [{"name": "q"}],
        "timeline": [{"at_ms": 10, "op": "declare_queue", "name": "late"}]
    });
    base["tour"] = tour;
    let s = Scenario::from_json(base).unwrap();
    Tour::read(&s).map(|t| format!("accepted: {t:?}")).unwrap_or_else(|e| e.to_string())
}

#[test]
fn malformed_tours_are_refused_with_the_json_path() {
    let ok = tour_error(
        json!([{"at_ms": 0, "text": "hi", "focus": {"node": "late"}}, {"at_ms": 5, "text": "x", "focus": {"node": ""}}]),
    );
    assert!(ok.starts_with("accepted"), "{ok}");
    let cases: &[(Value, &str)] = &[
        (json!({"at_ms": 0}), "$.tour: must be a list"),
        (json!([{"at_ms": 2000, "text": "late"}]), "$.tour[0].at_ms: 2000 is after the end"),
        (
            json!([{"at_ms": 500, "text": "a"}, {"at_ms": 100, "text": "b"}]),
            "$.tour[1].at_ms: 100 comes before",
        ),
        (json!([{"at_ms": 0}]), "$.tour[0].text: is missing"),
        (json!([{"at_ms": 0, "text": "  "}]), "$.tour[0].text: must not be empty"),
        (json!([{"at_ms": 0, "txt": "typo", "text": "a"}]), "$.tour[0].txt: is not a known field"),
        (json!([{"text": "a"}]), "$.tour[0].at_ms: is missing"),
        (json!(["just text"]), "$.tour[0]: must be an object"),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"node": "nope"}}]),
            "$.tour[0].focus.node: 'nope' is not a queue or exchange",
        ),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"node": "q", "lineage": 1}}]),
            "$.tour[0].focus: must name exactly one",
        ),
        (json!([{"at_ms": 0, "text": "a", "focus": {}}]), "$.tour[0].focus: must name exactly one"),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"lineage": 0}}]),
            "$.tour[0].focus.lineage: counts publishes from 1",
        ),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"event": "exploded"}}]),
            "$.tour[0].focus.event: unknown variant `exploded`",
        ),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"event": "died", "reason": "bored"}}]),
            "$.tour[0].focus.reason: unknown variant `bored`",
        ),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"event": "died", "queue": "elsewhere"}}]),
            "$.tour[0].focus.queue: 'elsewhere' is not a queue",
        ),
        (
            json!([{"at_ms": 0, "text": "a", "focus": {"event": "dropped", "rule": "cycle", "colour": "red"}}]),
            "$.tour[0].focus.colour: is not a known field",
        ),
    ];
    for (tour, want) in cases {
        let got = tour_error(tour.clone());
        assert!(got.starts_with(want), "tour {tour}\n  wanted: {want}…\n  got:    {got}");
    }
}
