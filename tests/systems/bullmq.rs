//! BullMQ: exponential back-off between attempts, UnrecoverableError, the failed set,
//! removeOnFail, `job.retry()` with and without resetting attemptsMade, and concurrency.

use super::common::{always_failing, finish, received_ms, routed_directly, workload};
use dlx_lab::systems::bullmq::{Backoff, BullMq, BullMqConfig, KeepJobs};
use dlx_lab::systems::{fate, Fate, Loss, Metrics, SysEventKind, Trace, Workload};

fn run(w: &Workload, config: BullMqConfig) -> Trace {
    finish(BullMq::new(config, w.clone()), w)
}

#[test]
fn retries_back_off_one_two_four_eight_seconds_then_the_job_is_failed() {
    let w = always_failing();
    let t = run(&w, BullMqConfig::default());
    assert_eq!(received_ms(&t, 0), vec![0, 1_100, 3_200, 7_300, 15_400]);
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
    assert_eq!(received_ms(&fixed, 0), vec![0, 2_100, 4_200]);
}

#[test]
fn an_unrecoverable_error_fails_at_once_and_remove_on_fail_loses_the_job() {
    let w = routed_directly();
    let t = run(&w, BullMqConfig::default());
    assert_eq!(received_ms(&t, 0), vec![0]);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    let removed =
        run(&w, BullMqConfig { remove_on_fail: KeepJobs::Remove(true), ..BullMqConfig::default() });
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
    assert_eq!(received_ms(&kept, 0).len(), 6);
    assert_eq!(fate(&kept, 0), Fate::DeadLettered);
    // With resetAttemptsMade it backs off again and outlives the bug.
    let reset = run(&w, BullMqConfig { retry_resets_attempts: true, ..BullMqConfig::default() });
    assert_eq!(received_ms(&reset, 0).len(), 10);
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

fn comparison_bullmq(text: &str) -> (Workload, BullMqConfig) {
    let c = dlx_lab::systems::Comparison::from_json(text).unwrap();
    (c.workload, c.systems.bullmq)
}

#[test]
fn a_due_retry_waits_for_the_next_fetch_and_goes_behind_jobs_added_meanwhile() {
    // m1 fails at 1.0 s (retry due 1.5 s) while m2 runs until 2.0 s; m3 arrives at 1.7 s. The
    // busy worker promotes m1 only when m2 ends, to the back of the wait list: m3 runs first.
    let (w, config) =
        comparison_bullmq(include_str!("../../scripts/bullmq/workloads/lazy-promotion.json"));
    let t = run(&w, config.clone());
    assert_eq!(received_ms(&t, 0), vec![0, 3_000]);
    assert_eq!(received_ms(&t, 1), vec![1_000]);
    assert_eq!(received_ms(&t, 2), vec![2_000]);
    let promoted = t
        .of(0)
        .find(|e| matches!(&e.kind, SysEventKind::Moved { from } if from == "main:delayed"))
        .unwrap();
    assert_eq!(promoted.at_us, 2_000_000);
    // With a second slot the worker is idle at 1.5 s, blocked on the marker: it wakes when
    // the retry is due.
    let two = run(&w, BullMqConfig { concurrency: 2, ..config });
    assert_eq!(received_ms(&two, 0), vec![0, 1_500]);
}

#[test]
fn retries_due_while_the_worker_is_busy_go_behind_the_jobs_added_before_the_next_fetch() {
    // One slot, 1 s handling, retries 200 ms after a failure. a fails at 1.0 s (due 1.2 s)
    // and b at 2.0 s (due 2.2 s); c is added at 1.5 s and d at 2.5 s. Promoted on the next
    // fetch, a goes behind c (fetch at 2.0 s) and b behind d (fetch at 3.0 s): a b c a d b.
    // Promoted when due, each would be ahead: a b a c b d.
    let (w, config) =
        comparison_bullmq(include_str!("../../scripts/bullmq/workloads/lazy-promotion-late.json"));
    let t = run(&w, config);
    let order: Vec<&str> = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| w.messages[e.msg as usize].id.as_str())
        .collect();
    assert_eq!(order, ["a", "b", "c", "a", "d", "b"]);
    assert_eq!(received_ms(&t, 0), vec![0, 3_000]);
    assert_eq!(received_ms(&t, 1), vec![1_000, 5_000]);
    assert_eq!([received_ms(&t, 2), received_ms(&t, 3)], [vec![2_000], vec![4_000]]);
}

#[test]
fn due_retries_are_promoted_earliest_due_first_behind_the_waiting_jobs() {
    let w = workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1}},
                         {"id": "b", "publish_at_ms": 1, "failure": {"kind": "transient", "times": 1}},
                         {"id": "c", "publish_at_ms": 2}, {"id": "d", "publish_at_ms": 3},
                         {"id": "e", "publish_at_ms": 500}],
            "process_ms": 1000, "horizon_ms": 20000}"#,
    );
    let config = BullMqConfig { backoff: Backoff::Fixed, delay_ms: 100, ..BullMqConfig::default() };
    let t = run(&w, config);
    // a fails at 1 s (due 1.1 s), b at 2 s (due 2.1 s); each is promoted on the fetch after
    // it is due, behind the jobs already waiting.
    assert_eq!(received_ms(&t, 0), vec![0, 5_000]);
    assert_eq!(received_ms(&t, 1), vec![1_000, 6_000]);
    assert_eq!(
        [received_ms(&t, 2), received_ms(&t, 3), received_ms(&t, 4)],
        [vec![2_000], vec![3_000], vec![4_000]]
    );
}

fn failures(n: usize, gap_ms: u64) -> Workload {
    let messages: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id": "f{i}", "publish_at_ms": {}, "failure": {{"kind": "permanent"}}}}"#,
                i as u64 * gap_ms
            )
        })
        .collect();
    workload(&format!(
        r#"{{"messages": [{}], "route_permanent_directly": true, "horizon_ms": 100000}}"#,
        messages.join(",")
    ))
}

fn lost_at(t: &Trace) -> Vec<(u32, u64)> {
    t.events
        .iter()
        .filter(|e| matches!(e.kind, SysEventKind::Lost { why: Loss::Trimmed }))
        .map(|e| (e.msg, e.at_us / 1000))
        .collect()
}

#[test]
fn a_bounded_failed_set_loses_its_oldest_failures() {
    let w = failures(4, 1_000);
    let t =
        run(&w, BullMqConfig { remove_on_fail: KeepJobs::Newest(2), ..BullMqConfig::default() });
    // The third and fourth failures push out the first and second.
    assert_eq!(lost_at(&t), vec![(0, 2_100), (1, 3_100)]);
    assert_eq!(Metrics::of(&w, &t).lost, 2);
    assert_eq!((fate(&t, 0), fate(&t, 3)), (Fate::Lost, Fate::DeadLettered));
    // true deletes at once; false keeps them all.
    let gone =
        run(&w, BullMqConfig { remove_on_fail: KeepJobs::Remove(true), ..BullMqConfig::default() });
    assert_eq!(Metrics::of(&w, &gone).lost, 4);
    let kept = run(&w, BullMqConfig::default());
    assert_eq!(Metrics::of(&w, &kept).lost, 0);
}

#[test]
fn an_age_limit_is_applied_only_when_the_next_job_fails() {
    // f0 fails at 0.1 s and is 5 s old at 5.1 s, but nothing trims the set until f1 fails
    // for good at 20.1 s.
    let w = failures(2, 20_000);
    let config = BullMqConfig {
        remove_on_fail: KeepJobs::Limits { age_s: Some(5), count: None },
        ..BullMqConfig::default()
    };
    let t = run(&w, config.clone());
    assert_eq!(lost_at(&t), vec![(0, 20_100)]);
    // Exactly `age` old counts as too old (the bound is inclusive).
    let t = run(&failures(2, 5_000), config);
    assert_eq!(lost_at(&t), vec![(0, 5_100)]);
}

#[test]
fn remove_on_fail_reads_every_shape_bullmq_takes() {
    let read = |v: &str| {
        dlx_lab::systems::Comparison::from_json(&format!(
            r#"{{"workload": {{"messages": [{{"id": "a"}}]}}, "systems": {{"bullmq": {{"remove_on_fail": {v}, "remove_on_complete": 10}}}}}}"#
        ))
        .map(|c| c.systems.bullmq.remove_on_fail)
    };
    assert_eq!(read("true").unwrap(), KeepJobs::Remove(true));
    assert_eq!(read("100").unwrap(), KeepJobs::Newest(100));
    assert_eq!(
        read(r#"{"age": 3600, "count": 10}"#).unwrap(),
        KeepJobs::Limits { age_s: Some(3600), count: Some(10) }
    );
    assert_eq!(
        read(r#"{"age_s": 60}"#).unwrap(),
        KeepJobs::Limits { age_s: Some(60), count: None }
    );
    for bad in ["-1", "\"yes\"", r#"{"days": 1}"#, r#"{"count": 1.5}"#] {
        let e = read(bad).unwrap_err().to_string();
        assert!(e.contains("remove_on_fail") && e.contains("a count of jobs"), "{bad}: {e}");
    }
    let c = BullMqConfig {
        remove_on_fail: KeepJobs::Limits { age_s: Some(5), count: None },
        ..BullMqConfig::default()
    };
    let text = serde_json::to_string(&c).unwrap();
    assert!(text.contains(r#""remove_on_fail":{"age_s":5}"#), "{text}");
    assert_eq!(serde_json::from_str::<BullMqConfig>(&text).unwrap(), c);
}

#[test]
fn the_live_plan_compresses_the_clock_and_expects_what_the_model_does() {
    use dlx_lab::systems::bullmq::{live, JobState};
    let c = dlx_lab::systems::presets::preset("poison").unwrap().comparison();
    let fast = live::compressed(&c, 20).unwrap();
    assert_eq!(fast.workload.process_ms, c.workload.process_ms);
    assert_eq!(fast.workload.operator[1].at_ms, 12_500);
    assert_eq!(fast.systems.bullmq.delay_ms, 50);
    let plan = live::plan(&fast);
    assert!(live::ends_in(&plan, "m3", JobState::Completed));
    assert_eq!(
        plan["bullmq"]["backoff"],
        serde_json::json!({"type": "exponential", "delay": 50, "jitter": 0.0})
    );
    assert_eq!(plan["expected"][2]["starts_ms"].as_array().unwrap().len(), 6);
    // Each retry says the back-off before it (none after the operator's replay), and the live
    // check keeps its tolerance between retries below the smallest step.
    assert_eq!(
        plan["expected"][2]["retry_backoff_ms"],
        serde_json::json!([50, 100, 200, 400, null])
    );
    assert_eq!(plan["smallest_backoff_ms"], 50);
    assert!(plan["run_ms"].as_u64().unwrap() < 20_000);
}

#[test]
fn attempts_set_on_the_worker_are_ignored_so_the_first_failure_is_final() {
    let (w, config) =
        comparison_bullmq(include_str!("../../scripts/bullmq/workloads/attempts-on-worker.json"));
    assert!(config.attempts_on_worker);
    let t = run(&w, config.clone());
    assert_eq!(received_ms(&t, 0), vec![0]);
    assert_eq!(fate(&t, 0), Fate::DeadLettered);
    // Set on the job (Queue.add), the same attempts retry it 1 s after it failed.
    let right = run(&w, BullMqConfig { attempts_on_worker: false, ..config });
    assert_eq!(received_ms(&right, 0), vec![0, 1_100]);
    assert_eq!(fate(&right, 0), Fate::Completed);
}

#[test]
fn the_plan_expects_a_failed_event_for_every_failed_attempt() {
    let c = dlx_lab::systems::Comparison::from_json(include_str!(
        "../../scripts/bullmq/workloads/lazy-promotion.json"
    ))
    .unwrap();
    let plan = dlx_lab::systems::bullmq::live::plan(&c);
    let events: Vec<u64> = plan["expected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["failed_events"].as_u64().unwrap())
        .collect();
    assert_eq!(events, vec![1, 0, 0]);
}
