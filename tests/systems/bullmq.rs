//! BullMQ: exponential back-off between attempts, UnrecoverableError, the failed set,
//! removeOnFail, `job.retry()` with and without resetting attemptsMade, and concurrency.

use dlx_lab::systems::bullmq::{Backoff, BullMq, BullMqConfig};
use dlx_lab::systems::{fate, Fate, Metrics, SysEventKind, System, Trace, Workload};

fn run(w: &Workload, config: BullMqConfig) -> Trace {
    let mut b = BullMq::new(config, w.clone());
    b.step_until(w.horizon_ms * 1000);
    b.trace().clone()
}

fn workload(text: &str) -> Workload {
    Workload::from_json(text).unwrap()
}

fn tries(t: &Trace, msg: u32) -> Vec<u64> {
    t.events
        .iter()
        .filter(|e| e.msg == msg && matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| e.at_us / 1000)
        .collect()
}

#[test]
fn retries_back_off_one_two_four_eight_seconds_then_the_job_is_failed() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "process_ms": 100, "horizon_ms": 60000}"#,
    );
    let t = run(&w, BullMqConfig::default());
    assert_eq!(tries(&t, 0), vec![0, 1_100, 3_200, 7_300, 15_400]);
    let failed =
        t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })).unwrap();
    assert_eq!((failed.at_us / 1000, failed.place.as_str()), (15_500, "main:failed"));
    let fixed = run(
        &w,
        BullMqConfig {
            backoff: Backoff::Fixed,
            delay_ms: 2_000,
            attempts: 3,
            ..BullMqConfig::default()
        },
    );
    assert_eq!(tries(&fixed, 0), vec![0, 2_100, 4_200]);
}

#[test]
fn an_unrecoverable_error_fails_at_once_and_remove_on_fail_loses_the_job() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}], "route_permanent_directly": true, "horizon_ms": 60000}"#,
    );
    let t = run(&w, BullMqConfig::default());
    assert_eq!(tries(&t, 0), vec![0]);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    let removed = run(&w, BullMqConfig { remove_on_fail: true, ..BullMqConfig::default() });
    assert_eq!(Metrics::of(&w, &removed).lost, 1);
}

#[test]
fn job_retry_keeps_attempts_made_unless_told_to_reset_it() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "fix_deployed_at_ms": 100000,
            "operator": [{"at_ms": 60000, "do": "replay", "note": "too early"}], "horizon_ms": 200000}"#,
    );
    // The bug is not fixed yet: the retried job has used its attempts, so one more failure
    // puts it straight back in the failed set.
    let kept = run(&w, BullMqConfig::default());
    assert_eq!(tries(&kept, 0).len(), 6);
    assert_eq!(fate(&kept, 0), Fate::DeadLettered);
    // With resetAttemptsMade it backs off again and outlives the bug.
    let reset = run(&w, BullMqConfig { retry_resets_attempts: true, ..BullMqConfig::default() });
    assert_eq!(tries(&reset, 0).len(), 10);
    assert_eq!(fate(&reset, 0), Fate::DeadLettered);
    let late_fix = workload(
        &serde_json::to_string(&{
            let mut l = w.clone();
            l.fix_deployed_at_ms = Some(65_000);
            l
        })
        .unwrap(),
    );
    let saved =
        run(&late_fix, BullMqConfig { retry_resets_attempts: true, ..BullMqConfig::default() });
    assert_eq!(fate(&saved, 0), Fate::Completed);
}

#[test]
fn concurrency_handles_jobs_side_by_side() {
    let w = workload(
        r#"{"messages": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "process_ms": 1000, "horizon_ms": 10000}"#,
    );
    let one = run(&w, BullMqConfig::default());
    assert_eq!(Metrics::of(&w, &one).latency_max_ms, Some(3_000));
    let two = run(&w, BullMqConfig { concurrency: 2, ..BullMqConfig::default() });
    assert_eq!(Metrics::of(&w, &two).latency_max_ms, Some(2_000));
}
