//! What scripts/bullmq-check.sh plays through a real BullMQ: a comparison with its clock
//! compressed, BullMQ's job options in BullMQ's own spelling, and what the model expects of
//! every job (its attempts' start times and its final state).

use serde_json::{json, Value};

use super::{Backoff, BullMq, JobState};
use crate::systems::compare::Comparison;
use crate::systems::metrics::first_accepted_success;
use crate::systems::trace::{SysEventKind, Wait};
use crate::systems::workload::WorkloadError;
use crate::systems::System;
use crate::systems::{fate, Fate, Metrics};

/// The comparison with every time of the workload and the back-off delay divided by
/// `divisor`, except the handling time `process_ms`, which stays as it is (BullMQ's own work
/// per job, a few Redis round trips, must stay small beside it). `removeOnFail`'s age, in
/// seconds, stays as it is too.
pub fn compressed(c: &Comparison, divisor: u64) -> Result<Comparison, WorkloadError> {
    let d = divisor.max(1);
    let mut c = c.clone();
    c.workload.compress_times(d);
    c.systems.bullmq.delay_ms /= d;
    for step in &mut c.systems.bullmq.custom_delays_ms {
        if *step > 0 {
            *step /= d as i64;
        }
    }
    if c.systems.bullmq.jitter > 0.0 {
        // Excluded by rule: BullMQ draws jittered delays from Math.random.
        return Err(WorkloadError::Setting {
            field: "systems.bullmq.jitter".into(),
            problem: "BullMQ draws a jittered delay from Math.random, so a live run cannot be \
                      compared attempt by attempt: set jitter to 0"
                .into(),
        });
    }
    let b = &mut c.systems.bullmq;
    b.lock_duration_ms = (b.lock_duration_ms / d).max(1);
    b.stalled_interval_ms = (b.stalled_interval_ms / d).max(1);
    c.workload.check()?;
    c.systems.bullmq.check()?;
    Ok(c)
}

/// The plan: the workload, the queue's options as `Queue.add` and `new Worker` take them,
/// each job's expected attempts (start times in ms from the start of the run), `failed`
/// events, final state and completion (ms, or null), the run's figures (completed jobs and
/// their latency, systems::Metrics), and how long to run (`run_ms`: the model's last event and a second more).
pub fn plan(c: &Comparison) -> Value {
    let cfg = &c.systems.bullmq;
    let mut b = BullMq::new(cfg.clone(), c.workload.clone());
    b.step_until(c.workload.horizon());
    let trace = b.trace();
    let jobs: Vec<Value> = c
        .workload
        .messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let starts_ms: Vec<u64> = trace
                .of(i)
                .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
                .map(|e| e.at_us / 1000)
                .collect();
            // worker.ts l. 1166: the `failed` event fires on every failed attempt, not only
            // on the last one; but not for a failure BullMQ refused (a lost lock: the worker
            // emits an error instead: worker.js l. 645-646 in the 6.2.0 package emit `failed` only after `moveToFailed` succeeds).
            let events: Vec<_> = trace.of(i).collect();
            let failed_events = events
                .iter()
                .enumerate()
                .filter(|(k, e)| {
                    matches!(e.kind, SysEventKind::Failed { .. })
                        && !events
                            .get(k + 1)
                            .is_some_and(|n| matches!(n.kind, SysEventKind::Refused { .. }))
                })
                .count();
            // Each retry's back-off (0: straight back to the wait list), or null where the
            // attempt follows the operator's replay or a stall instead.
            let mut retries: Vec<Value> = Vec::new();
            let mut backoff_ms = Some(0);
            let mut received = 0;
            for e in &events {
                match &e.kind {
                    SysEventKind::Received { .. } => {
                        if received > 0 {
                            retries.push(json!(backoff_ms));
                        }
                        received += 1;
                        backoff_ms = Some(0);
                    }
                    SysEventKind::Waiting { until_us, why: Wait::Backoff } => {
                        backoff_ms = backoff_ms.map(|_| until_us.saturating_sub(e.at_us) / 1000);
                    }
                    SysEventKind::Operator { .. } | SysEventKind::Stalled { .. } => {
                        backoff_ms = None;
                    }
                    _ => {}
                }
            }
            // When the worker's `completed` event fired (the result taken), or null.
            let completed_ms = matches!(fate(trace, i), Fate::Completed)
                .then(|| first_accepted_success(&events).map(|us| us / 1000))
                .flatten();
            json!({"id": m.id, "starts_ms": starts_ms, "state": b.states()[i],
                   "failed_events": failed_events, "retry_backoff_ms": retries,
                   "completed_ms": completed_ms})
        })
        .collect();
    let last_ms = trace.events.last().map_or(0, |e| e.at_us / 1000);
    // The shortest back-off the model waited: the live check's tolerance stays below it, so
    // a retry one step early or late cannot pass.
    let smallest_backoff_ms = trace
        .events
        .iter()
        .filter_map(|e| match e.kind {
            SysEventKind::Waiting { until_us, why: Wait::Backoff } => {
                Some(until_us.saturating_sub(e.at_us) / 1000)
            }
            _ => None,
        })
        .filter(|&ms| ms > 0)
        .min();
    let m = Metrics::of(&c.workload, trace);
    let figures = json!({"completed": m.completed, "latency_p50_ms": m.latency_p50_ms,
                         "latency_p95_ms": m.latency_p95_ms, "latency_max_ms": m.latency_max_ms});
    json!({
        "workload": c.workload,
        "bullmq": {
            "attempts": cfg.attempts,
            "backoff": {
                "type": match cfg.backoff {
                    Backoff::Fixed => "fixed",
                    Backoff::Exponential => "exponential",
                    Backoff::Custom => "custom",
                },
                "delay": cfg.delay_ms,
                "jitter": cfg.jitter,
            },
            "concurrency": cfg.concurrency,
            "workers": cfg.workers,
            "customDelays": cfg.custom_delays_ms,
            "removeOnFail": cfg.remove_on_fail.to_bullmq(),
            "removeOnComplete": cfg.remove_on_complete.to_bullmq(),
            "resetAttemptsMade": cfg.retry_resets_attempts,
            "attemptsOnWorker": cfg.attempts_on_worker,
            "lockDuration": cfg.lock_duration_ms,
            "stalledInterval": cfg.stalled_interval_ms,
            "maxStalledCount": cfg.max_stalled_count,
            "blockingHandler": cfg.blocking_handler,
        },
        "expected": jobs,
        "smallest_backoff_ms": smallest_backoff_ms,
        "figures": figures,
        "run_ms": last_ms.saturating_add(1000).min(c.workload.horizon_ms),
    })
}

/// Whether a job ends in `state` (a helper for the tests of the plan).
pub fn ends_in(plan: &Value, id: &str, state: JobState) -> bool {
    let want = serde_json::to_value(state).unwrap_or_default();
    plan["expected"]
        .as_array()
        .is_some_and(|jobs| jobs.iter().any(|j| j["id"] == id && j["state"] == want))
}
