//! The figures of a run (systems::Metrics) read only what the system took: a success BullMQ
//! refused ("Missing lock") is no completion, and latency and order are over the completed
//! messages only, as their definitions say.

use super::common::workload;
use dlx_lab::systems::bullmq::{BullMq, BullMqConfig};
use dlx_lab::systems::{Effect, Metrics, Place, Refusal, Role, SysEventKind, System, Trace};

/// A trace over a main place and a dead-letter one, with `events` (µs, message, place, kind).
fn trace(events: &[(u64, usize, &str, SysEventKind)]) -> Trace {
    let place = |name: &str, role| Place { name: name.into(), role };
    let mut t = Trace::new(vec![place("main", Role::Main), place("dlq", Role::DeadLetter)]);
    for (at, msg, at_place, kind) in events {
        t.push(*at, *msg, at_place, kind.clone(), None);
    }
    t
}

fn received(attempt: u32) -> SysEventKind {
    SysEventKind::Received { attempt }
}

fn succeeded(attempt: u32) -> SysEventKind {
    SysEventKind::Succeeded { attempt, effect: Effect::Applied }
}

fn refused() -> SysEventKind {
    SysEventKind::Refused { why: Refusal::LockExpired }
}

/// scripts/bullmq/workloads/stalled.json, as a real BullMQ 6.2.0 ran it: both handler runs'
/// results refused, then "job stalled more than allowable limit"; no job completed, so no
/// latency (the model used to report the first refused success: p50 2 500 ms).
#[test]
fn a_stalled_refused_job_has_no_latency() {
    let w = workload(
        r#"{"messages": [{"id": "a", "publish_at_ms": 300}, {"id": "b", "publish_at_ms": 400}],
            "process_ms": 1500, "horizon_ms": 9000}"#,
    );
    let config = BullMqConfig {
        attempts: 3,
        concurrency: 1,
        blocking_handler: true,
        lock_duration_ms: 1000,
        stalled_interval_ms: 1000,
        max_stalled_count: 1,
        ..BullMqConfig::default()
    };
    config.check().unwrap();
    let mut b = BullMq::new(config, w.clone());
    b.step_until(w.horizon());
    let m = Metrics::of(&w, b.trace());
    let refusals = b.trace().events.iter().filter(|e| e.kind == refused()).count();
    assert!(refusals >= 2, "{refusals} refusals");
    assert_eq!((m.completed, m.dead_lettered), (0, 2));
    assert_eq!((m.latency_p50_ms, m.latency_p95_ms, m.latency_max_ms), (None, None, None));
}

/// A refused success, then one taken: the latency runs to the one taken.
#[test]
fn latency_runs_to_the_success_that_was_taken() {
    let w = workload(r#"{"messages": [{"id": "a"}]}"#);
    let t = trace(&[
        (0, 0, "main", SysEventKind::Published),
        (1_000_000, 0, "main", received(1)),
        (2_000_000, 0, "main", succeeded(1)),
        (2_000_000, 0, "main", refused()),
        (5_000_000, 0, "main", received(1)),
        (6_000_000, 0, "main", succeeded(1)),
    ]);
    let m = Metrics::of(&w, &t);
    assert_eq!((m.completed, m.attempts, m.duplicates), (1, 2, 1));
    assert_eq!(m.latency_p50_ms, Some(6_000));
    // As it stood at 3 s: the refused success did not complete it.
    let early = Metrics::until(&w, &t, 3_000_000);
    assert_eq!((early.completed, early.in_flight, early.latency_max_ms), (0, 1, None));
}

/// "Completed messages handled after a later message with the same key": `a`'s refused
/// success at 2 s does not put it before `b` (3 s); its success taken at 6 s comes after.
#[test]
fn a_refused_success_does_not_order_a_message() {
    let w = workload(
        r#"{"messages": [{"id": "a", "key": "k"}, {"id": "b", "key": "k", "publish_at_ms": 1000}]}"#,
    );
    let t = trace(&[
        (0, 0, "main", SysEventKind::Published),
        (1_000_000, 1, "main", SysEventKind::Published),
        (1_000_000, 0, "main", received(1)),
        (2_000_000, 0, "main", succeeded(1)),
        (2_000_000, 0, "main", refused()),
        (2_000_000, 1, "main", received(1)),
        (3_000_000, 1, "main", succeeded(1)),
        (5_000_000, 0, "main", received(1)),
        (6_000_000, 0, "main", succeeded(1)),
    ]);
    assert_eq!(Metrics::of(&w, &t).reordered, 1);
}

/// A success that ended in the dead-letter place after all (an SQS delete with a stale
/// receipt handle) is not a completed message: no latency of its own; but it was handled, so
/// a message of its key handled after it is out of order.
#[test]
fn latency_is_over_the_completed_messages_only() {
    let w = workload(r#"{"messages": [{"id": "a", "key": "k"}, {"id": "b", "key": "k"}]}"#);
    let moved = SysEventKind::Moved { from: "main".into() };
    let t = trace(&[
        (0, 0, "main", SysEventKind::Published),
        (0, 1, "main", SysEventKind::Published),
        (1_000_000, 1, "main", received(1)),
        (2_000_000, 1, "main", succeeded(1)),
        (3_000_000, 1, "dlq", moved),
        (4_000_000, 0, "main", received(1)),
        (5_000_000, 0, "main", succeeded(1)),
    ]);
    let m = Metrics::of(&w, &t);
    assert_eq!((m.completed, m.dead_lettered), (1, 1));
    assert_eq!((m.latency_p50_ms, m.latency_max_ms), (Some(5_000), Some(5_000)));
    assert_eq!(m.reordered, 1);
}
