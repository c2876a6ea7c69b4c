//! A timeline step and a broker timer due at the same instant happen in the order they were
//! scheduled (the agenda's one (time, sequence) order), whichever was scheduled first.

use dlx_lab::engine::{EventKind, SimTime};
use dlx_lab::scenario::{Run, Scenario};

/// Runs `text` to its end; returns, in log order, the publishes routed to `q` and the
/// deletion of `q` by `x-expires` (with the messages it still held), and when each happened.
fn story(text: &str) -> Vec<(u64, String)> {
    let s = Scenario::parse(text).unwrap();
    let mut run = Run::new(&s).unwrap();
    run.advance_to(run.end()).unwrap();
    run.engine()
        .events()
        .iter()
        .filter_map(|e| {
            let said = match e.kind {
                EventKind::Enqueued { queue, .. } if queue.as_str() == "q" => "enqueued".into(),
                EventKind::QueueExpired { queue, messages } if queue.as_str() == "q" => {
                    format!("expired holding {messages}")
                }
                _ => return None,
            };
            Some((e.at_us.as_us() / 1000, said))
        })
        .collect()
}

#[test]
fn a_timer_scheduled_before_the_step_fires_first() {
    // The queue's expiry timer is scheduled as the topology is declared, before the run plans
    // its timeline: at 1 s the queue expires, and the step's publish finds no queue.
    let text = r#"{"version": 1, "duration_ms": 2000,
        "queues": [{"name": "q", "arguments": {"x-expires": 1000}}],
        "timeline": [{"at_ms": 1000, "op": "publish", "routing_key": "q", "body": "late"}]}"#;
    assert_eq!(story(text), vec![(1000, "expired holding 0".to_string())]);
}

#[test]
fn a_timer_scheduled_after_the_step_fires_after_it() {
    // The same queue declared by the timeline at 0: its expiry timer is scheduled while the run
    // plays, after the step at 1 s was planned. The publish goes in first, then the queue
    // expires holding it.
    let text = r#"{"version": 1, "duration_ms": 2000,
        "timeline": [
            {"at_ms": 0, "op": "declare_queue", "name": "q", "arguments": {"x-expires": 1000}},
            {"at_ms": 1000, "op": "publish", "routing_key": "q", "body": "in time"}]}"#;
    let want = vec![(1000, "enqueued".to_string()), (1000, "expired holding 1".to_string())];
    assert_eq!(story(text), want);
}

#[test]
fn the_order_holds_step_by_step_too() {
    // Firing one happening at a time gives the same log as advancing to the end.
    let text = r#"{"version": 1, "duration_ms": 2000,
        "timeline": [
            {"at_ms": 0, "op": "declare_queue", "name": "q", "arguments": {"x-expires": 1000}},
            {"at_ms": 1000, "op": "publish", "routing_key": "q", "body": "in time"}]}"#;
    let s = Scenario::parse(text).unwrap();
    let mut stepped = Run::new(&s).unwrap();
    while stepped.step_event().unwrap() {}
    let mut whole = Run::new(&s).unwrap();
    whole.advance_to(SimTime::from_ms(2000)).unwrap();
    assert_eq!(stepped.engine().events(), whole.engine().events());
}
