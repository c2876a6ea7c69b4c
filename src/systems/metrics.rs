//! What a finished run came to, read the same way from every system's trace: how each
//! message ended, attempts, end-to-end latency, duplicates, reordering and loss.

use serde::Serialize;

use super::trace::{Effect, Role, RowStatus, SysEventKind, Trace};
use super::workload::{OperatorKind, Workload};

/// How a message stood when the run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// It was handled (at least once).
    Completed,
    /// It sits in the dead-letter place (a DLQ, a DLT, the failed set, a FAILED row).
    DeadLettered,
    /// The operator marked it handled without handling it.
    Skipped,
    /// It is gone: nobody handled it and nothing keeps it.
    Lost,
    /// Still on its way: waiting for another attempt, or being handled.
    InFlight,
}

/// The figures of one run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Metrics {
    pub messages: usize,
    /// Deliveries to the consumer, replays included.
    pub attempts: u64,
    pub completed: usize,
    pub dead_lettered: usize,
    pub skipped: usize,
    pub lost: usize,
    pub in_flight: usize,
    /// Effects applied more than once (0 with an idempotent consumer).
    pub duplicates: u64,
    /// Completed messages handled after a later message with the same key.
    pub reordered: usize,
    /// Publish → first success, over the completed messages, in ms.
    pub latency_p50_ms: Option<u64>,
    pub latency_p95_ms: Option<u64>,
    pub latency_max_ms: Option<u64>,
}

/// How message `msg` stood at the end of `trace`.
pub fn fate(trace: &Trace, msg: usize) -> Fate {
    let mut fate = Fate::InFlight;
    for e in trace.of(msg) {
        fate = match &e.kind {
            SysEventKind::Succeeded { .. } => return Fate::Completed,
            SysEventKind::Lost { .. } => Fate::Lost,
            SysEventKind::DeadLettered { .. } => Fate::DeadLettered,
            SysEventKind::Status { status: RowStatus::Failed } => Fate::DeadLettered,
            SysEventKind::Status { status: RowStatus::Skipped } => Fate::Skipped,
            SysEventKind::Status { status: RowStatus::Completed } => Fate::Completed,
            SysEventKind::Operator { action: OperatorKind::Skip, .. } => Fate::Skipped,
            SysEventKind::Operator { action: OperatorKind::Edit, .. } => fate,
            SysEventKind::Moved { .. } if trace.role(&e.place) == Role::DeadLetter => Fate::DeadLettered,
            _ => Fate::InFlight,
        };
    }
    fate
}

impl Metrics {
    /// Reads the figures from a finished run of `workload`.
    pub fn of(workload: &Workload, trace: &Trace) -> Metrics {
        let n = workload.messages.len();
        let mut m = Metrics {
            messages: n,
            attempts: 0,
            completed: 0,
            dead_lettered: 0,
            skipped: 0,
            lost: 0,
            in_flight: 0,
            duplicates: 0,
            reordered: 0,
            latency_p50_ms: None,
            latency_p95_ms: None,
            latency_max_ms: None,
        };
        let mut done_at_us: Vec<Option<u64>> = vec![None; n];
        for e in &trace.events {
            match &e.kind {
                SysEventKind::Received { .. } => m.attempts += 1,
                SysEventKind::Succeeded { effect: Effect::Duplicate, .. } => m.duplicates += 1,
                _ => {}
            }
            if let SysEventKind::Succeeded { .. } = e.kind {
                done_at_us[e.msg as usize].get_or_insert(e.at_us);
            }
        }
        // An effect applied before an error, then again: count every application past the first.
        for msg in 0..n {
            let applied = trace
                .of(msg)
                .filter(|e| match e.kind {
                    SysEventKind::Failed { effect_applied, .. } => effect_applied,
                    SysEventKind::Succeeded { effect, .. } => effect != Effect::AlreadyDone,
                    _ => false,
                })
                .count() as u64;
            let counted = trace
                .of(msg)
                .filter(|e| matches!(e.kind, SysEventKind::Succeeded { effect: Effect::Duplicate, .. }))
                .count() as u64;
            m.duplicates += applied.saturating_sub(1).saturating_sub(counted);
            match fate(trace, msg) {
                Fate::Completed => m.completed += 1,
                Fate::DeadLettered => m.dead_lettered += 1,
                Fate::Skipped => m.skipped += 1,
                Fate::Lost => m.lost += 1,
                Fate::InFlight => m.in_flight += 1,
            }
        }
        m.reordered = reordered(workload, &done_at_us);
        let mut latencies: Vec<u64> = done_at_us
            .iter()
            .zip(&workload.messages)
            .filter_map(|(done, w)| done.map(|d| d.saturating_sub(w.publish_at_ms.saturating_mul(1000)) / 1000))
            .collect();
        latencies.sort_unstable();
        let pick = |q: usize| (!latencies.is_empty()).then(|| latencies[(latencies.len() - 1) * q / 100]);
        m.latency_p50_ms = pick(50);
        m.latency_p95_ms = pick(95);
        m.latency_max_ms = latencies.last().copied();
        m
    }
}

/// Completed messages that finished after a message with the same key published later.
fn reordered(workload: &Workload, done_at_us: &[Option<u64>]) -> usize {
    let ws = &workload.messages;
    (0..ws.len())
        .filter(|&a| {
            let (Some(key), Some(done_a)) = (&ws[a].key, done_at_us[a]) else { return false };
            (0..ws.len()).any(|b| {
                let later = (ws[b].publish_at_ms, b) > (ws[a].publish_at_ms, a);
                later && ws[b].key.as_ref() == Some(key) && done_at_us[b].is_some_and(|d| d < done_a)
            })
        })
        .count()
}
