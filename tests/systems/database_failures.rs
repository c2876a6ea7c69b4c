//! The database DLQ's failures a reader must plan for: a scheduler that dies mid-row (the row
//! stuck PROCESSING until a reaper frees it), two scheduler instances reading the same rows
//! without locking (handled twice) or with `FOR UPDATE SKIP LOCKED`, and an `updateForRetry`
//! that does not set the row back to PENDING.

use super::common::{finish, received_ms};
use dlx_lab::systems::database::{Database, DatabaseConfig};
use dlx_lab::systems::{Metrics, RowStatus, SysEventKind, Trace, Workload};

fn run(w: &Workload, config: DatabaseConfig) -> Trace {
    config.check("systems.database").unwrap();
    finish(Database::new(config, w.clone()), w)
}

fn last_status(t: &Trace) -> Option<RowStatus> {
    t.events.iter().rev().find_map(|e| match e.kind {
        SysEventKind::Status { status } => Some(status),
        _ => None,
    })
}

fn workload(failure: &str) -> Workload {
    let text =
        r#"{"messages": [{"id": "a", "failure": F}], "process_ms": 1000, "horizon_ms": 120000}"#;
    Workload::from_json(&text.replace('F', failure)).unwrap()
}

#[test]
fn a_scheduler_dying_mid_row_leaves_it_processing_until_a_reaper_frees_it() {
    let w = workload(r#"{"kind": "bug"}"#);
    // Failed at 1 s, due at 6 s, taken by the pass at 10 s; the scheduler dies at 10.5 s.
    let crash = DatabaseConfig { crash_at_ms: Some(10_500), ..DatabaseConfig::default() };
    let t = run(&w, crash.clone());
    assert_eq!(received_ms(&t, 0), vec![0, 10_000]);
    assert_eq!(last_status(&t), Some(RowStatus::Processing));
    let died = t.events.iter().find(|e| matches!(e.kind, SysEventKind::Interrupted)).unwrap();
    assert_eq!(died.at_us, 10_500_000);
    // A reaper freeing rows PROCESSING for 30 s: due at 40 s, found by the restarted
    // scheduler's pass at 40.5 s.
    let t = run(&w, DatabaseConfig { reaper_after_ms: Some(30_000), ..crash });
    assert_eq!(received_ms(&t, 0)[..3], [0, 10_000, 40_500]);
}

#[test]
fn two_schedulers_without_locking_handle_a_row_twice_and_skip_locked_once() {
    let w = workload(r#"{"kind": "transient", "times": 1}"#);
    let two = DatabaseConfig { schedulers: 2, ..DatabaseConfig::default() };
    let t = run(&w, two.clone());
    assert_eq!(received_ms(&t, 0), vec![0, 10_000, 10_000]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 1);
    let t = run(&w, DatabaseConfig { skip_locked: true, ..two });
    assert_eq!(received_ms(&t, 0), vec![0, 10_000]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 0);
}

#[test]
fn update_for_retry_without_a_status_leaves_the_row_processing_for_good() {
    let w = workload(r#"{"kind": "bug"}"#);
    let seed_as_written =
        DatabaseConfig { retry_resets_pending: false, ..DatabaseConfig::default() };
    let t = run(&w, seed_as_written.clone());
    assert_eq!(received_ms(&t, 0), vec![0, 10_000]);
    assert_eq!(last_status(&t), Some(RowStatus::Processing));
    // The default assumes the reset: the row, due again at 21 s, is retried.
    let t = run(&w, DatabaseConfig::default());
    assert!(received_ms(&t, 0).len() > 2);
    // A reaper frees it: PROCESSING since 11 s, free at 41 s, the pass at 41 s takes it.
    let t = run(&w, DatabaseConfig { reaper_after_ms: Some(30_000), ..seed_as_written });
    assert_eq!(received_ms(&t, 0)[..3], [0, 10_000, 41_000]);
}
