//! The hybrid's table as seed 003's code writes it: a new row for every DLT arrival (the old
//! one keeps its status), reprocess and skip on the rows given whatever their status, and a
//! failed republish leaving the row FAILED.

use super::common::finish;
use dlx_lab::systems::hybrid::{Hybrid, HybridConfig};
use dlx_lab::systems::kafka::table_rows::SEND_FAILED;
use dlx_lab::systems::{fate, Fate, Metrics, RowStatus, SysEventKind, Trace, Workload};

fn run(w: &Workload, config: HybridConfig) -> Trace {
    finish(Hybrid::new(config, w.clone()), w)
}

fn statuses(t: &Trace, msg: usize) -> Vec<RowStatus> {
    t.of(msg)
        .filter_map(|e| match e.kind {
            SysEventKind::Status { status } => Some(status),
            _ => None,
        })
        .collect()
}

fn rows_made(t: &Trace, msg: usize) -> usize {
    t.of(msg)
        .filter(|e| e.place == "dead_letter_record" && matches!(e.kind, SysEventKind::Moved { .. }))
        .count()
}

fn workload(operator: &str, fix_ms: &str) -> Workload {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}],
        "fix_deployed_at_ms": FIX, "operator": [OPS], "horizon_ms": 600000}"#;
    Workload::from_json(&text.replace("OPS", operator).replace("FIX", fix_ms)).unwrap()
}

#[test]
fn a_replayed_message_that_fails_again_gets_a_second_row_and_the_first_stays_completed() {
    let w = workload(r#"{"at_ms": 200000, "do": "replay", "select": {"message": "a"}}"#, "null");
    let t = run(&w, HybridConfig::default());
    assert_eq!(rows_made(&t, 0), 2);
    use RowStatus::*;
    assert_eq!(statuses(&t, 0), vec![Pending, Processing, Completed, Pending]);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
}

#[test]
fn reprocess_by_id_republishes_a_completed_row_again() {
    // Fixed at 150 s, replayed at 200 s (handled), replayed again by id at 300 s: the row is
    // COMPLETED, the code does not check, the message is sent and handled a second time.
    let ops = r#"{"at_ms": 200000, "do": "replay", "select": {"message": "a"}},
                 {"at_ms": 300000, "do": "replay", "select": {"message": "a"}}"#;
    let w = workload(ops, "150000");
    let t = run(&w, HybridConfig::default());
    let republished = t.of(0).filter(|e| matches!(e.kind, SysEventKind::Published)).count();
    assert_eq!(republished, 3);
    assert_eq!(Metrics::of(&w, &t).duplicates, 1);
    // "Every dead-lettered message" lists only the open rows: the second replay reaches nothing.
    let ops_all = r#"{"at_ms": 200000, "do": "replay"}, {"at_ms": 300000, "do": "replay"}"#;
    let w = workload(ops_all, "150000");
    assert_eq!(Metrics::of(&w, &run(&w, HybridConfig::default())).duplicates, 0);
}

#[test]
fn skip_by_id_marks_even_a_completed_row_skipped() {
    let ops = r#"{"at_ms": 200000, "do": "replay", "select": {"message": "a"}},
                 {"at_ms": 300000, "do": "skip", "select": {"message": "a"}}"#;
    let t = run(&workload(ops, "150000"), HybridConfig::default());
    assert_eq!(statuses(&t, 0).last(), Some(&RowStatus::Skipped));
}

#[test]
fn a_republish_whose_send_fails_leaves_the_row_failed_until_a_later_replay() {
    let ops = r#"{"at_ms": 200000, "do": "replay"}, {"at_ms": 400000, "do": "replay"}"#;
    let config =
        HybridConfig { republish_fails_until_ms: Some(300_000), ..HybridConfig::default() };
    let t = run(&workload(ops, "150000"), config);
    use RowStatus::*;
    assert_eq!(statuses(&t, 0), vec![Pending, Processing, Failed, Processing, Completed]);
    let send_failed = t.of(0).any(|e| {
        matches!(&e.kind, SysEventKind::Failed { reason, .. } if reason == SEND_FAILED)
            && e.at_us == 200_000_000
    });
    assert!(send_failed);
    assert_eq!(fate(&t, 0), Fate::Completed);
}
