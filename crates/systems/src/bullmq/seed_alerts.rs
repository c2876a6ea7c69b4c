//! The seed's alert (seed 002): a `failed` listener that logs "moved to DLQ" when
//! `job.attemptsMade === 5`. The worker emits `failed` on every failed attempt
//! (dist/cjs/classes/worker.js l. 645-646 in bullmq 6.2.0), with `attemptsMade` already
//! counting it, so such a check fires once per job that fails its fifth attempt; it misses a
//! job that fails for good at another count (an `UnrecoverableError` at 1, a job the operator
//! retried without resetting `attemptsMade`, which fails again at 6, a custom back-off's -1, a
//! job stalled too often, `attempts` set elsewhere than 5) and it fires for a job that still
//! has retries left (when `attempts` is over 5).

use crate::systems::trace::{Loss, SysEventKind, Trace};

/// The `attemptsMade` the seed's listener compares with.
pub const SEED_ALERT_ATTEMPTS: u32 = 5;

/// What the seed's listener would have done over a BullMQ run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeedAlerts {
    /// Alerts it sent.
    pub sent: u32,
    /// Jobs that failed for good with no alert.
    pub missed: u32,
    /// Alerts for jobs that were still going to be retried.
    pub early: u32,
}

/// Reads a BullMQ trace: every `failed` event the worker emitted (a failure BullMQ refused,
/// after a lost lock, emits none) and whether it was the job's last.
pub fn seed_alerts(trace: &Trace, jobs: usize) -> SeedAlerts {
    let mut a = SeedAlerts::default();
    // One pass over the trace: each job's last `Failed` waits for the job's next event,
    // which says whether it was final.
    let mut pending: Vec<Option<u32>> = vec![None; jobs];
    for e in &trace.events {
        let Some(slot) = pending.get_mut(e.msg as usize) else { continue };
        if let Some(attempt) = slot.take() {
            count(&mut a, attempt, Some(&e.kind));
        }
        if let SysEventKind::Failed { attempt, .. } = e.kind {
            *slot = Some(attempt);
        }
    }
    for attempt in pending.into_iter().flatten() {
        count(&mut a, attempt, None);
    }
    a
}

/// Counts a `failed` event at `attempt`, followed in its job by `next`.
fn count(a: &mut SeedAlerts, attempt: u32, next: Option<&SysEventKind>) {
    if matches!(next, Some(SysEventKind::Refused { .. })) {
        return;
    }
    let is_final = matches!(
        next,
        Some(SysEventKind::DeadLettered { .. }) | Some(SysEventKind::Lost { why: Loss::Removed })
    );
    let alerts = attempt == SEED_ALERT_ATTEMPTS;
    match (alerts, is_final) {
        (true, true) => a.sent += 1,
        (true, false) => {
            a.sent += 1;
            a.early += 1;
        }
        (false, true) => a.missed += 1,
        (false, false) => {}
    }
}
