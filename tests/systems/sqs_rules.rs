//! SQS rule by rule, beyond the standard queue's basics: FIFO message groups, retention and
//! receipt handles; `DelaySeconds`; `ChangeMessageVisibility` (release, ladder, heartbeat);
//! batch receives; a stale-handle delete either way; `StartMessageMoveTask` against the
//! replay script; FIFO deduplication of a replay; and the settings AWS refuses.

use super::common::{finish, received_ms, workload};
use dlx_lab::systems::sqs::{OnFailure, RedriveAllow, ReplayBy, Sqs, SqsConfig, StaleDelete};
use dlx_lab::systems::{fate, Fate, Loss, Metrics, Refusal, SysEventKind, Trace, Wait, Workload};

fn run(w: &Workload, config: SqsConfig) -> Trace {
    config.check().unwrap();
    finish(Sqs::new(config, w.clone()), w)
}

fn fifo() -> SqsConfig {
    SqsConfig { queue: "orders.fifo".into(), fifo: true, ..SqsConfig::default() }
}

fn when(t: &Trace, msg: u32, pick: impl Fn(&SysEventKind) -> bool) -> Option<u64> {
    t.of(msg as usize).find(|e| pick(&e.kind)).map(|e| e.at_us / 1000)
}

#[test]
fn a_fifo_group_waits_behind_its_failing_message_until_the_dlq_takes_it() {
    let w = workload(
        r#"{"messages": [
            {"id": "a", "key": "k", "failure": {"kind": "bug"}},
            {"id": "b", "key": "k", "publish_at_ms": 1000},
            {"id": "c", "key": "j", "publish_at_ms": 2000}], "horizon_ms": 100000}"#,
    );
    let t = run(&w, SqsConfig { max_receive_count: 2, ..fifo() });
    assert_eq!(received_ms(&t, 0), vec![0, 30_000]);
    // b waits for a: in flight, then visible again and received, then moved at 60 s.
    assert_eq!(received_ms(&t, 1), vec![60_000]);
    assert_eq!(when(&t, 0, |k| matches!(k, SysEventKind::DeadLettered { .. })), Some(60_000));
    // Another group goes on meanwhile.
    assert_eq!(received_ms(&t, 2), vec![2_000]);
    assert_eq!(t.places[1].name, "orders-dlq.fifo");
    // A standard queue has no groups: b goes at once.
    let t = run(&w, SqsConfig { max_receive_count: 2, ..SqsConfig::default() });
    assert_eq!(received_ms(&t, 1), vec![1_000]);
}

#[test]
fn a_fifo_batch_takes_as_many_messages_of_one_group_as_it_can() {
    let w = workload(
        r#"{"messages": [{"id": "a", "key": "k"}, {"id": "b", "key": "j"}, {"id": "c", "key": "k"}],
            "horizon_ms": 10000}"#,
    );
    let t = run(&w, SqsConfig { batch: 2, delay_ms: 1_000, ..fifo() });
    assert_eq!([received_ms(&t, 0), received_ms(&t, 2)], [vec![1_000], vec![1_000]]);
    assert_eq!(received_ms(&t, 1), vec![1_200]);
    // A standard queue takes them in queue order.
    let t = run(&w, SqsConfig { batch: 2, delay_ms: 1_000, ..SqsConfig::default() });
    assert_eq!(received_ms(&t, 1), vec![1_000]);
}

#[test]
fn a_fifo_dlq_counts_retention_from_the_move_a_standard_one_from_the_send() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 200000}"#,
    );
    let lost = |t: &Trace| when(t, 0, |k| matches!(k, SysEventKind::Lost { .. }));
    let one = |c: SqsConfig| SqsConfig { max_receive_count: 1, dlq_retention_ms: 60_000, ..c };
    // Moved at 30 s (the receive after the first).
    assert_eq!(lost(&run(&w, one(SqsConfig::default()))), Some(60_000));
    assert_eq!(lost(&run(&w, one(fifo()))), Some(90_000));
}

#[test]
fn a_fifo_receipt_handle_expires_with_the_visibility_timeout() {
    let w = workload(r#"{"messages": [{"id": "a"}], "process_ms": 40000, "horizon_ms": 300000}"#);
    // Standard: nobody received it again, so the late delete with the latest handle works.
    let t = run(&w, SqsConfig::default());
    assert_eq!(received_ms(&t, 0), vec![0]);
    assert_eq!(fate(&t, 0), Fate::Completed);
    // FIFO: the handle expired at 30 s; the delete at 40 s fails and it comes back, until
    // the fifth receive's delete fails too and the next receive moves it to the DLQ.
    let t = run(&w, fifo());
    assert_eq!(received_ms(&t, 0), vec![0, 40_000, 80_000, 120_000, 160_000]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 4);
    assert_eq!(fate(&t, 0), Fate::DeadLettered, "in the DLQ though every handling succeeded");
}

#[test]
fn a_delete_with_a_stale_handle_deletes_nothing_by_default_and_everything_if_set() {
    let w = workload(r#"{"messages": [{"id": "a"}], "process_ms": 40000, "horizon_ms": 300000}"#);
    let two = SqsConfig { consumers: 2, ..SqsConfig::default() };
    let t = run(&w, two.clone());
    assert_eq!(received_ms(&t, 0).len(), 5);
    let t = run(&w, SqsConfig { stale_delete: StaleDelete::Deletes, ..two });
    // The first consumer's delete at 40 s (its handle is stale since 30 s) deletes it.
    assert_eq!(received_ms(&t, 0), vec![0, 30_000]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 1);
    assert_eq!(fate(&t, 0), Fate::Completed);
}

#[test]
fn the_live_plan_runs_the_default_stale_handle_rule_and_names_the_messages_moto_decides() {
    use dlx_lab::systems::sqs::sqs_live::plan;
    use dlx_lab::systems::Comparison;
    let read = |text: &str| Comparison::from_json(text).unwrap();
    // Two consumers, a handling longer than the visibility timeout: AWS's worst case (the
    // default) keeps the message after each stale delete until its receives move it to the
    // DLQ; moto deletes it with the first consumer's stale handle.
    let stale = read(include_str!("../../scripts/sqs/workloads/stale-handle.json"));
    let p = plan(&stale).unwrap();
    let decided = p["stale_handle"].as_array().unwrap();
    assert_eq!(decided.len(), 1, "{p}");
    assert_eq!(decided[0]["id"], "a");
    assert_eq!(decided[0]["default"]["state"], "dlq");
    assert_eq!(
        decided[0]["default"]["receives_ms"],
        serde_json::json!([0, 1000, 2000, 3000, 4000])
    );
    assert_eq!(decided[0]["moto"]["state"], "deleted");
    assert_eq!(p["expected"][0], decided[0]["moto"]);
    assert!(p["rules"][0].as_str().unwrap().contains("stale_delete = ignored, the default"));
    // Where no delete is stale, the default is what the live check compares, and no rule
    // about stale handles is applied.
    let plain = read(include_str!("../../scripts/sqs/workloads/dlq-wait.json"));
    let p = plan(&plain).unwrap();
    assert_eq!(p["stale_handle"], serde_json::json!([]));
    assert!(p["rules"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| !r.as_str().unwrap().contains("receipt handle")));
    assert_eq!(p["expected"][0]["state"], "dlq");
}

#[test]
fn delay_seconds_hide_a_new_message() {
    let w = workload(r#"{"messages": [{"id": "a"}], "horizon_ms": 60000}"#);
    let t = run(&w, SqsConfig { delay_ms: 5_000, ..SqsConfig::default() });
    assert_eq!(received_ms(&t, 0), vec![5_000]);
    let waits = t
        .of(0)
        .any(|e| matches!(e.kind, SysEventKind::Waiting { until_us: 5_000_000, why: Wait::Delay }));
    assert!(waits);
}

#[test]
fn change_message_visibility_releases_at_once_or_climbs_a_ladder() {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": N}}], "horizon_ms": 60000}"#;
    let w = workload(&text.replace('N', "2"));
    let t = run(&w, SqsConfig { on_failure: OnFailure::Release, ..SqsConfig::default() });
    assert_eq!(received_ms(&t, 0), vec![0, 100, 200]);
    let w = workload(&text.replace('N', "3"));
    let ladder = SqsConfig {
        on_failure: OnFailure::Ladder,
        ladder_ms: vec![1_000, 10_000],
        ..SqsConfig::default()
    };
    // The step is chosen by the receive count; the last step repeats.
    assert_eq!(received_ms(&run(&w, ladder), 0), vec![0, 1_100, 11_200, 21_300]);
}

#[test]
fn a_heartbeat_keeps_a_long_handling_hidden_from_the_other_consumers() {
    let w = workload(r#"{"messages": [{"id": "a"}], "process_ms": 40000, "horizon_ms": 200000}"#);
    let two = SqsConfig { consumers: 2, ..SqsConfig::default() };
    assert_eq!(received_ms(&run(&w, two.clone()), 0).len(), 5);
    let t = run(&w, SqsConfig { heartbeat_ms: Some(10_000), ..two.clone() });
    assert_eq!(received_ms(&t, 0), vec![0]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 0);
    // A heartbeat slower than the timeout comes too late.
    let t = run(&w, SqsConfig { heartbeat_ms: Some(35_000), ..two });
    assert_eq!(received_ms(&t, 0)[..2], [0, 30_000]);
}

#[test]
fn a_batch_shares_one_visibility_timeout_so_its_last_message_can_be_received_twice() {
    let w = workload(
        r#"{"messages": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "process_ms": 500, "horizon_ms": 10000}"#,
    );
    let config = SqsConfig {
        batch: 3,
        consumers: 2,
        visibility_timeout_ms: 1_000,
        delay_ms: 1_000,
        ..SqsConfig::default()
    };
    let t = run(&w, config.clone());
    assert_eq!(received_ms(&t, 0), vec![1_000]);
    assert_eq!(received_ms(&t, 1), vec![1_000]);
    // c's turn in the batch comes at 2.0 s, when its timeout has already ended.
    assert_eq!(received_ms(&t, 2), vec![1_000, 2_000]);
    assert_eq!(Metrics::of(&w, &t).duplicates, 1);
    // One message per receive: the other consumer takes b and c in time.
    let t = run(&w, SqsConfig { batch: 1, ..config });
    assert_eq!(Metrics::of(&w, &t).duplicates, 0);
}

#[test]
fn a_move_task_takes_the_whole_dlq_oldest_first_at_its_rate_and_one_task_at_a_time() {
    let w = workload(
        r#"{"messages": [
            {"id": "a", "failure": {"kind": "permanent"}},
            {"id": "b", "publish_at_ms": 1000, "failure": {"kind": "permanent"}},
            {"id": "c", "publish_at_ms": 2000, "failure": {"kind": "permanent"}}],
            "route_permanent_directly": true,
            "operator": [
                {"at_ms": 10000, "do": "edit"},
                {"at_ms": 20000, "do": "replay", "select": {"message": "b"}},
                {"at_ms": 21000, "do": "replay"}],
            "horizon_ms": 60000}"#,
    );
    let task = SqsConfig { replay: ReplayBy::MoveTask, move_rate_per_s: 1, ..SqsConfig::default() };
    let t = run(&w, task);
    // The selection cannot narrow a move task: all three go, a second apart, a first.
    assert_eq!(received_ms(&t, 0), vec![0, 20_000]);
    assert_eq!(received_ms(&t, 1), vec![1_000, 21_000]);
    assert_eq!(received_ms(&t, 2), vec![2_000, 22_000]);
    let attempts: Vec<_> = t
        .events
        .iter()
        .filter_map(|e| match e.kind {
            SysEventKind::Received { attempt } if e.at_us >= 20_000_000 => Some(attempt),
            _ => None,
        })
        .collect();
    assert_eq!(attempts, vec![1, 1, 1], "moved messages are new messages");
    // The replay at 21 s finds the task still running: refused for b and c, still there.
    let refused: Vec<u32> = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Refused { why: Refusal::MoveTaskRunning }))
        .map(|e| e.msg)
        .collect();
    assert_eq!(refused, vec![1, 2]);
    // The replay script picks b alone.
    let t = run(&w, SqsConfig::default());
    assert_eq!(received_ms(&t, 0), vec![0, 21_000]);
    assert_eq!(received_ms(&t, 1), vec![1_000, 20_000]);
}

#[test]
fn a_fifo_queue_swallows_a_replay_sent_within_five_minutes_of_the_first_send() {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}],
        "route_permanent_directly": true,
        "operator": [{"at_ms": 1000, "do": "edit"}, {"at_ms": AT, "do": "replay"}],
        "horizon_ms": 400000}"#;
    let w = workload(&text.replace("AT", "2000"));
    let t = run(&w, fifo());
    assert!(t.of(0).any(|e| matches!(e.kind, SysEventKind::Lost { why: Loss::Deduplicated })));
    assert_eq!(fate(&t, 0), Fate::Lost);
    let w = workload(&text.replace("AT", "301000"));
    let t = run(&w, fifo());
    assert_eq!(received_ms(&t, 0), vec![0, 301_000]);
    assert_eq!(fate(&t, 0), Fate::Completed);
    // A standard queue does not deduplicate.
    let w = workload(&text.replace("AT", "2000"));
    assert_eq!(fate(&run(&w, SqsConfig::default()), 0), Fate::Completed);
}

#[test]
fn settings_outside_what_aws_accepts_are_refused_naming_the_field() {
    let field = |c: SqsConfig| match c.check() {
        Err(dlx_lab::systems::WorkloadError::Setting { field, .. }) => field,
        other => panic!("expected a refused setting, got {other:?}"),
    };
    let d = SqsConfig::default;
    assert_eq!(
        field(SqsConfig { visibility_timeout_ms: 1_500, ..d() }),
        "systems.sqs.visibility_timeout_ms"
    );
    assert_eq!(
        field(SqsConfig { visibility_timeout_ms: 43_201_000, ..d() }),
        "systems.sqs.visibility_timeout_ms"
    );
    assert_eq!(field(SqsConfig { retention_ms: 59_000, ..d() }), "systems.sqs.retention_ms");
    assert_eq!(
        field(SqsConfig { dlq_retention_ms: 15 * 86_400_000, ..d() }),
        "systems.sqs.dlq_retention_ms"
    );
    assert_eq!(field(SqsConfig { delay_ms: 901_000, ..d() }), "systems.sqs.delay_ms");
    assert_eq!(
        field(SqsConfig { max_receive_count: 1001, ..d() }),
        "systems.sqs.max_receive_count"
    );
    assert_eq!(field(SqsConfig { batch: 11, ..d() }), "systems.sqs.batch");
    assert_eq!(field(SqsConfig { fifo: true, ..d() }), "systems.sqs.queue");
    assert_eq!(field(SqsConfig { queue: "x.fifo".into(), ..d() }), "systems.sqs.queue");
    assert_eq!(field(SqsConfig { move_rate_per_s: 501, ..d() }), "systems.sqs.move_rate_per_s");
    assert_eq!(field(SqsConfig { on_failure: OnFailure::Ladder, ..d() }), "systems.sqs.ladder_ms");
    assert_eq!(
        field(SqsConfig { ladder_ms: vec![1_000, 2_500], ..d() }),
        "systems.sqs.ladder_ms[1]"
    );
    assert_eq!(
        field(SqsConfig { redrive_allow: RedriveAllow::DenyAll, ..d() }),
        "systems.sqs.redrive_allow"
    );
    let by_queue = SqsConfig { redrive_allow: RedriveAllow::ByQueue, ..d() };
    assert_eq!(field(by_queue.clone()), "systems.sqs.redrive_allow");
    let allowed = SqsConfig { allowed_sources: vec!["main-queue".into()], ..by_queue };
    assert!(allowed.check().is_ok());
    assert!(SqsConfig { visibility_timeout_ms: 0, ..d() }.check().is_ok());
}

#[test]
fn short_polling_finds_a_message_at_its_next_poll_long_polling_at_once() {
    let w = workload(
        r#"{"messages": [{"id": "a", "publish_at_ms": 2500, "failure": {"kind": "transient", "times": 1}}],
            "horizon_ms": 60000}"#,
    );
    // Long polling (the default, WaitTimeSeconds 20): received when sent.
    assert_eq!(received_ms(&run(&w, SqsConfig::default()), 0), vec![2_500, 32_500]);
    // Short polling every 1 s from 0: the send at 2.5 s waits for the poll at 3 s, and the
    // message, visible again at 33 s, waits for the poll at 33.1 s, on the grid of the pause
    // that began with the empty receive after the failure at 3.1 s.
    let short = SqsConfig { wait_time_ms: 0, poll_interval_ms: 1_000, ..SqsConfig::default() };
    assert_eq!(received_ms(&run(&w, short), 0), vec![3_000, 33_100]);
}

#[test]
fn a_send_with_its_own_delay_seconds_replaces_the_queues() {
    let text = r#"{"workload": {"messages": [{"id": "a"}, {"id": "b"}], "horizon_ms": 60000},
        "systems": {"sqs": {"delay_ms": 5000, "message_delays_ms": {"b": 0}}}}"#;
    let c = dlx_lab::systems::Comparison::from_json(text).unwrap();
    let t = run(&c.workload, c.systems.sqs.clone());
    assert_eq!((received_ms(&t, 0), received_ms(&t, 1)), (vec![5_000], vec![0]));
    // An id the workload lacks, and a FIFO queue, are refused with the field named.
    let bad = text.replace(r#""b": 0"#, r#""zz": 0"#);
    let e = dlx_lab::systems::Comparison::from_json(&bad).unwrap_err().to_string();
    assert!(e.contains("systems.sqs.message_delays_ms.zz"), "{e}");
    let fifo = SqsConfig { message_delays_ms: [("a".to_string(), 1000)].into(), ..fifo() };
    assert!(fifo.check().is_err());
}
