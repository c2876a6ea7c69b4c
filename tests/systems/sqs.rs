//! SQS with a redrive policy: receives spaced by the visibility timeout, the move to the DLQ
//! at the receive after `maxReceiveCount`, retention counted from the original enqueue time,
//! duplicates when handling outlasts the visibility timeout, and redrive.

use super::common::{finish, received_ms, routed_directly, workload};
use dlx_lab::systems::sqs::{Sqs, SqsConfig};
use dlx_lab::systems::{fate, Fate, Loss, Metrics, SysEventKind, Trace, Workload};

fn run(w: &Workload, config: SqsConfig) -> Trace {
    finish(Sqs::new(config, w.clone()), w)
}

#[test]
fn a_failing_message_is_received_max_receive_count_times_then_moved_at_the_next_receive() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 600000}"#,
    );
    let t = run(&w, SqsConfig::default());
    assert_eq!(received_ms(&t, 0), vec![0, 30_000, 60_000, 90_000, 120_000]);
    let moved =
        t.events.iter().find(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })).unwrap();
    assert_eq!((moved.at_us / 1000, moved.place.as_str()), (150_000, "main-queue-dlq"));
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
}

#[test]
fn dlq_retention_counts_from_the_original_enqueue_time() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 600000}"#,
    );
    // 200 s in the DLQ would keep it to 350 s; counted from its send at 0 s it goes at 200 s.
    let t = run(&w, SqsConfig { dlq_retention_ms: 200_000, ..SqsConfig::default() });
    let lost = t
        .events
        .iter()
        .find(|e| matches!(e.kind, SysEventKind::Lost { why: Loss::RetentionExpired }))
        .unwrap();
    assert_eq!((lost.at_us / 1000, lost.place.as_str()), (200_000, "main-queue-dlq"));
    // A retention shorter than the time in the DLQ so far: gone as soon as it arrives.
    let t = run(&w, SqsConfig { dlq_retention_ms: 100_000, ..SqsConfig::default() });
    assert_eq!(fate(&t, 0), Fate::Lost);
    // The source queue's retention can end a message before it is ever dead-lettered.
    let t = run(&w, SqsConfig { retention_ms: 60_000, ..SqsConfig::default() });
    assert_eq!(received_ms(&t, 0), vec![0, 30_000]);
    assert_eq!(Metrics::of(&w, &t).lost, 1);
}

#[test]
fn handling_longer_than_the_visibility_timeout_repeats_and_duplicates_unless_idempotent() {
    let text = r#"{"messages": [{"id": "a"}], "process_ms": 40000, "idempotent": IDEM, "horizon_ms": 200000}"#;
    let config = SqsConfig { consumers: 2, ..SqsConfig::default() };
    let w = workload(&text.replace("IDEM", "false"));
    let t = run(&w, config.clone());
    // The second consumer receives it at 30 s while the first still works on it; each delete
    // comes with a stale receipt handle and deletes nothing, so it is received again and
    // again, handled every time, and finally moved to the DLQ although it never failed.
    assert_eq!(received_ms(&t, 0), vec![0, 30_000, 60_000, 90_000, 120_000]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 4);
    assert!(t.events.iter().any(|e| matches!(e.kind, SysEventKind::DeadLettered { .. })));
    let w = workload(&text.replace("IDEM", "true"));
    assert_eq!(Metrics::of(&w, &run(&w, config)).duplicates, 0);
    // A visibility timeout longer than the handling: one receive, one delete.
    let w = workload(&text.replace("IDEM", "false"));
    let t = run(&w, SqsConfig { visibility_timeout_ms: 60_000, ..SqsConfig::default() });
    assert_eq!(received_ms(&t, 0), vec![0]);
}

#[test]
fn a_redrive_by_reason_sends_only_the_matching_messages_back_as_new_ones() {
    let w = workload(
        r#"{"messages": [
            {"id": "a", "failure": {"kind": "bug", "reason": "NullPointerException"}},
            {"id": "b", "failure": {"kind": "permanent"}}],
            "fix_deployed_at_ms": 200000,
            "operator": [{"at_ms": 250000, "do": "replay", "select": {"reason": "NullPointer"}}],
            "horizon_ms": 400000}"#,
    );
    let t = run(&w, SqsConfig::default());
    assert_eq!(fate(&t, 0), Fate::Completed);
    assert_eq!(fate(&t, 1), Fate::DeadLettered);
    assert_eq!(received_ms(&t, 0).last(), Some(&250_000));
    let last_attempt = t
        .of(0)
        .filter_map(|e| {
            if let SysEventKind::Received { attempt } = e.kind {
                Some(attempt)
            } else {
                None
            }
        })
        .last();
    assert_eq!(last_attempt, Some(1), "a redriven message starts a new receive count");
}

#[test]
fn a_consumer_that_sends_bad_data_to_the_dlq_itself_skips_the_receives() {
    let w = routed_directly();
    let t = run(&w, SqsConfig::default());
    assert_eq!(received_ms(&t, 0), vec![0]);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
}
