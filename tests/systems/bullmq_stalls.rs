//! BullMQ's locks and stalled jobs: a handler that blocks the event loop longer than
//! `lockDuration` loses its lock, its result is refused, the stalled-job checker puts the job
//! back, and past `maxStalledCount` it fails unprocessed.

use dlx_lab::systems::bullmq::stall::STALLED_TOO_OFTEN;
use dlx_lab::systems::bullmq::{BullMq, BullMqConfig, JobState};
use dlx_lab::systems::{Metrics, Refusal, SysEventKind, System, Trace, Workload};

fn run(w: &Workload, config: BullMqConfig) -> (Trace, Vec<JobState>) {
    config.check().unwrap();
    let mut b = BullMq::new(config, w.clone());
    b.step_until(w.horizon());
    (b.trace().clone(), b.states().to_vec())
}

fn workload(process_ms: u64) -> Workload {
    let text = r#"{"messages": [{"id": "a"}], "process_ms": P, "horizon_ms": 300000}"#;
    Workload::from_json(&text.replace('P', &process_ms.to_string())).unwrap()
}

fn at(t: &Trace, pick: impl Fn(&SysEventKind) -> bool) -> Vec<u64> {
    t.events.iter().filter(|e| pick(&e.kind)).map(|e| e.at_us / 1000).collect()
}

fn blocking() -> BullMqConfig {
    BullMqConfig { blocking_handler: true, ..BullMqConfig::default() }
}

#[test]
fn a_handler_blocking_past_the_lock_is_refused_stalls_twice_and_fails_unprocessed() {
    let w = workload(45_000);
    let (t, states) = run(&w, blocking());
    // Handled 0-45 s (the lock ended at 30 s; the check due then runs at 45 s and first sees
    // the job active), put back by the check at 75 s, handled 75-120 s, put back at 150 s past
    // maxStalledCount 1, and failed at that fetch without running.
    assert_eq!(at(&t, |k| matches!(k, SysEventKind::Received { .. })), vec![0, 75_000]);
    let refused = at(&t, |k| *k == SysEventKind::Refused { why: Refusal::LockExpired });
    assert_eq!(refused, vec![45_000, 120_000]);
    let stalled: Vec<_> = t
        .events
        .iter()
        .filter_map(|e| match e.kind {
            SysEventKind::Stalled { count } => Some((e.at_us / 1000, count)),
            _ => None,
        })
        .collect();
    assert_eq!(stalled, vec![(75_000, 1), (150_000, 2)]);
    let failed = t.events.iter().find(|e| matches!(e.kind, SysEventKind::Failed { .. })).unwrap();
    assert_eq!(failed.at_us, 150_000_000);
    assert!(
        matches!(&failed.kind, SysEventKind::Failed { reason, permanent: true, .. } if reason == STALLED_TOO_OFTEN)
    );
    assert_eq!(states, vec![JobState::Failed]);
    // Its effect happened twice, and it still failed.
    assert_eq!(Metrics::of(&w, &t).duplicates, 1);
    assert_eq!(Metrics::of(&w, &t).dead_lettered, 1);
}

#[test]
fn max_stalled_count_zero_fails_the_job_at_its_first_stall() {
    let (t, states) = run(&workload(45_000), BullMqConfig { max_stalled_count: 0, ..blocking() });
    assert_eq!(at(&t, |k| matches!(k, SysEventKind::Received { .. })), vec![0]);
    assert_eq!(at(&t, |k| matches!(k, SysEventKind::Failed { .. })), vec![75_000]);
    assert_eq!(states, vec![JobState::Failed]);
}

#[test]
fn a_lock_outlives_a_short_blocking_handler_and_an_async_one_is_renewed() {
    // Blocking for less than lockDuration: finished in time.
    let (t, states) = run(&workload(20_000), blocking());
    assert!(at(&t, |k| matches!(k, SysEventKind::Refused { .. })).is_empty());
    assert_eq!(states, vec![JobState::Completed]);
    // An async handler of any length renews its lock every lockDuration / 2.
    let (t, states) = run(&workload(45_000), BullMqConfig::default());
    assert_eq!(at(&t, |k| matches!(k, SysEventKind::Received { .. })), vec![0]);
    assert_eq!(states, vec![JobState::Completed]);
    // A longer lock holds a longer blocking handler.
    let (_, states) =
        run(&workload(45_000), BullMqConfig { lock_duration_ms: 60_000, ..blocking() });
    assert_eq!(states, vec![JobState::Completed]);
}

#[test]
fn a_blocking_handler_with_concurrency_is_refused_naming_the_field() {
    let c = BullMqConfig { concurrency: 2, ..blocking() };
    match c.check() {
        Err(dlx_lab::systems::WorkloadError::Setting { field, .. }) => {
            assert_eq!(field, "systems.bullmq.blocking_handler")
        }
        other => panic!("expected a refused setting, got {other:?}"),
    }
}
