//! The database DLQ: rows PENDING with `next_retry_at` = now + 5 s × 2^n, a fixedDelay
//! scheduler that only sees a row at its first pass after it is due, FAILED after
//! `max_retries`, non-retryable errors only logged, and the operator's replay and skip.

use super::common::{finish, received_ms, routed_directly, workload};
use dlx_lab::systems::database::{Database, DatabaseConfig, NonRetryable};
use dlx_lab::systems::{fate, Fate, Metrics, RowStatus, SysEventKind, System, Workload};

fn run(w: &Workload, config: DatabaseConfig) -> dlx_lab::systems::Trace {
    finish(Database::new(config, w.clone()), w)
}

fn statuses(t: &dlx_lab::systems::Trace) -> Vec<(u64, RowStatus)> {
    t.events
        .iter()
        .filter_map(|e| {
            if let SysEventKind::Status { status } = e.kind {
                Some((e.at_us / 1000, status))
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn retries_wait_for_next_retry_at_and_the_schedulers_next_pass_then_the_row_fails() {
    let w = workload(
        r#"{"messages": [{"id": "a", "publish_at_ms": 2000, "failure": {"kind": "bug"}}], "horizon_ms": 400000}"#,
    );
    let t = run(&w, DatabaseConfig::default());
    let tries = received_ms(&t, 0);
    // The consumer at 2 s; the row is due at 7.1 s but the passes run at 0, 10 s, … so it is
    // tried at 10 s; each later pass comes fixedDelay (10 s) after the previous one ended, and
    // the row waits 10, 20, 40, 80 s after each failure.
    assert_eq!(tries, vec![2_000, 10_000, 20_100, 40_200, 80_300, 160_400]);
    assert_eq!(statuses(&t).last(), Some(&(160_500, RowStatus::Failed)));
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
}

#[test]
fn a_row_waits_for_the_pass_and_a_pass_handles_rows_one_after_another() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1}}, {"id": "b", "failure": {"kind": "transient", "times": 1}}],
            "process_ms": 1000, "horizon_ms": 60000}"#,
    );
    let t = run(&w, DatabaseConfig::default());
    let done: Vec<(usize, u64)> = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Succeeded { .. }))
        .map(|e| (e.msg as usize, e.at_us / 1000))
        .collect();
    // a fails at 1 s (due 6 s), b at 2 s (due 7 s); the pass at 10 s takes both in turn.
    assert_eq!(done, vec![(0, 11_000), (1, 12_000)]);
}

#[test]
fn a_non_retryable_error_is_only_logged_unless_it_gets_a_failed_row() {
    let w = routed_directly();
    let logged = run(&w, DatabaseConfig::default());
    assert_eq!(Metrics::of(&w, &logged).lost, 1);
    assert_eq!(fate(&logged, 0), Fate::Lost);
    let kept = run(
        &w,
        DatabaseConfig { non_retryable: NonRetryable::FailedRow, ..DatabaseConfig::default() },
    );
    assert_eq!(fate(&kept, 0), Fate::DeadLettered);
}

#[test]
fn the_operator_replays_failed_rows_by_reason_and_skips_the_rest_with_a_note() {
    let w = workload(
        r#"{"messages": [
            {"id": "a", "failure": {"kind": "bug", "reason": "NullPointerException"}},
            {"id": "b", "failure": {"kind": "permanent"}}],
            "fix_deployed_at_ms": 200000,
            "operator": [
              {"at_ms": 300000, "do": "replay", "select": {"reason": "NullPointer"}, "note": "fixed in v2"},
              {"at_ms": 301000, "do": "skip", "select": {"message": "b"}, "note": "bad data, customer contacted"}],
            "horizon_ms": 400000}"#,
    );
    let t = run(&w, DatabaseConfig::default());
    assert_eq!(fate(&t, 0), Fate::Completed);
    assert_eq!(fate(&t, 1), Fate::Skipped);
    let notes: Vec<String> = t
        .events
        .iter()
        .filter_map(|e| {
            if let SysEventKind::Operator { note, .. } = &e.kind {
                Some(note.clone())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(notes, vec!["fixed in v2", "bad data, customer contacted"]);
    let m = Metrics::of(&w, &t);
    assert_eq!((m.completed, m.skipped, m.dead_lettered), (1, 1, 0));
}

#[test]
fn nothing_pending_means_nothing_scheduled() {
    let w = workload(r#"{"messages": [{"id": "a"}], "horizon_ms": 60000}"#);
    let mut d = Database::new(DatabaseConfig::default(), w);
    while d.step() {}
    assert_eq!(d.next_at(), None);
    assert_eq!(d.trace().events.len(), 3);
}
