//! The hybrid: Kafka retry topics, the DLT stored as PENDING rows, the operator republishing
//! chosen rows to the original topic or skipping them.

use super::common::{finish, workload};
use dlx_lab::systems::hybrid::{Hybrid, HybridConfig};
use dlx_lab::systems::{fate, Fate, Metrics, RowStatus, SysEventKind, System, Trace, Workload};

fn run(w: &Workload) -> Trace {
    finish(Hybrid::new(HybridConfig::default(), w.clone()), w)
}

#[test]
fn dlt_records_wait_in_the_table_until_the_operator_republishes_them() {
    let w = workload(
        r#"{"messages": [
            {"id": "a", "failure": {"kind": "bug", "reason": "NullPointerException"}},
            {"id": "b", "failure": {"kind": "permanent"}}],
            "fix_deployed_at_ms": 150000,
            "operator": [
              {"at_ms": 200000, "do": "replay", "select": {"reason": "NullPointer"}, "note": "fixed in v2"},
              {"at_ms": 200000, "do": "skip", "select": {"message": "b"}, "note": "bad data"}],
            "horizon_ms": 300000}"#,
    );
    let t = run(&w);
    // Before the operator: both rows PENDING, both dead letters (nothing retries a row).
    let row_a: Vec<(u64, RowStatus)> = t
        .of(0)
        .filter_map(|e| {
            if let SysEventKind::Status { status } = e.kind {
                Some((e.at_us / 1000, status))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        row_a,
        vec![
            // The DLT handler takes the record at 65.5 s and stores it once handled (process_ms).
            (65_600, RowStatus::Pending),
            (200_000, RowStatus::Processing),
            (200_000, RowStatus::Completed)
        ]
    );
    assert_eq!(fate(&t, 0), Fate::Completed);
    assert_eq!(fate(&t, 1), Fate::Skipped);
    let republished = t
        .of(0)
        .find(|e| e.at_us == 200_000_000 && matches!(e.kind, SysEventKind::Published))
        .unwrap();
    assert_eq!(republished.place, "vehicle.event");
}

#[test]
fn a_row_left_alone_is_a_dead_letter_and_a_lost_reply_duplicates_unless_idempotent() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}], "horizon_ms": 120000}"#,
    );
    assert_eq!(Metrics::of(&w, &run(&w)).dead_lettered, 1);
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 2, "after_effect": true}}], "idempotent": IDEM, "horizon_ms": 120000}"#;
    let noisy = workload(&text.replace("IDEM", "false"));
    assert_eq!(Metrics::of(&noisy, &run(&noisy)).duplicates, 2);
    let careful = workload(&text.replace("IDEM", "true"));
    assert_eq!(Metrics::of(&careful, &run(&careful)).duplicates, 0);
}

#[test]
fn a_dlt_handler_that_fails_stores_no_row_unless_the_record_comes_back_to_the_dlt() {
    use dlx_lab::systems::kafka::DltStrategy;
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}], "horizon_ms": 120000}"#,
    );
    let rows = |strategy: DltStrategy| {
        let mut c = HybridConfig::default();
        (c.kafka.dlt_strategy, c.kafka.dlt_handler_failures) = (strategy, 1);
        let mut h = Hybrid::new(c, w.clone());
        h.step_until(w.horizon());
        let t = h.trace().clone();
        let rows: Vec<u64> = t
            .of(0)
            .filter(|e| matches!(e.kind, SysEventKind::Status { status: RowStatus::Pending }))
            .map(|e| e.at_us / 1000)
            .collect();
        (rows, fate(&t, 0))
    };
    // FAIL_ON_ERROR (the seed's): the record stays in the DLT, the table never hears of it.
    assert_eq!(rows(DltStrategy::FailOnError), (vec![], Fate::DeadLettered));
    // ALWAYS_RETRY_ON_ERROR: back to the DLT, handled on the next try.
    assert_eq!(rows(DltStrategy::AlwaysRetryOnError), (vec![65_700], Fate::DeadLettered));
}
