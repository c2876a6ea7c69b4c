//! BullMQ's back-off beyond the built-in delays: jitter (seeded, within its bounds), a custom
//! `backoffStrategy` ladder where -1 stops the retries, and several workers sharing a queue.

use dlx_lab::systems::bullmq::{Backoff, BullMq, BullMqConfig, JobState};
use dlx_lab::systems::{System, Trace, Workload};

use super::common::received_ms;

fn run(w: &Workload, config: BullMqConfig) -> (Trace, Vec<JobState>) {
    config.check().unwrap();
    let mut b = BullMq::new(config, w.clone());
    b.step_until(w.horizon());
    (b.trace().clone(), b.states().to_vec())
}

#[test]
fn a_custom_ladder_sets_each_wait_and_minus_one_fails_the_job_early() {
    let w = Workload::from_json(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 60000}"#,
    )
    .unwrap();
    let config = BullMqConfig {
        attempts: 5,
        backoff: Backoff::Custom,
        custom_delays_ms: vec![300, 600, -1],
        ..BullMqConfig::default()
    };
    let (t, states) = run(&w, config.clone());
    // Waits 300 ms, then 600 ms; the third failure gets -1: failed with attempts to spare.
    assert_eq!(received_ms(&t, 0), vec![0, 400, 1_100]);
    assert_eq!(states, vec![JobState::Failed]);
    // Without the -1 the last step repeats until attempts run out.
    let (t, _) = run(&w, BullMqConfig { custom_delays_ms: vec![300, 600], ..config });
    assert_eq!(received_ms(&t, 0), vec![0, 400, 1_100, 1_800, 2_500]);
}

#[test]
fn jitter_draws_each_wait_between_its_floor_and_the_full_delay_the_same_way_for_one_seed() {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "seed": SEED, "horizon_ms": 600000}"#;
    let config = BullMqConfig { jitter: 0.5, ..BullMqConfig::default() };
    let w = Workload::from_json(&text.replace("SEED", "1")).unwrap();
    let (t1, _) = run(&w, config.clone());
    let (t2, _) = run(&w, config.clone());
    assert_eq!(t1, t2, "the same seed, the same run");
    let starts = received_ms(&t1, 0);
    // Exponential from 1 s: the n-th wait lies in [2^(n-1) × 0.5 s, 2^(n-1) s).
    for (n, pair) in starts.windows(2).enumerate() {
        let wait_ms = pair[1] - pair[0] - 100;
        let full = 1000u64 << n;
        assert!((full / 2..full).contains(&wait_ms), "wait {n}: {wait_ms} ms");
    }
    let w3 = Workload::from_json(&text.replace("SEED", "3")).unwrap();
    assert_ne!(received_ms(&run(&w3, config).0, 0), starts, "another seed, other draws");
}

#[test]
fn two_workers_handle_two_jobs_at_once_and_an_idle_one_wakes_for_a_due_retry() {
    let w = Workload::from_json(
        r#"{"messages": [
            {"id": "a", "failure": {"kind": "transient", "times": 1}},
            {"id": "b", "publish_at_ms": 50}, {"id": "c", "publish_at_ms": 100}],
            "process_ms": 500, "horizon_ms": 5000}"#,
    )
    .unwrap();
    let two = BullMqConfig {
        attempts: 3,
        backoff: Backoff::Fixed,
        delay_ms: 100,
        workers: 2,
        ..BullMqConfig::default()
    };
    let (t, _) = run(&w, two.clone());
    assert_eq!(
        [received_ms(&t, 0), received_ms(&t, 1), received_ms(&t, 2)],
        [vec![0, 600], vec![50], vec![500]]
    );
    let (t, _) = run(&w, BullMqConfig { workers: 1, ..two });
    assert_eq!(received_ms(&t, 1), vec![500]);
}
