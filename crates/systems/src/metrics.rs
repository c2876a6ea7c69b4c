//! What a finished run came to, read the same way from every system's trace: how each
//! message ended, attempts, end-to-end latency, duplicates, reordering and loss.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::figures_reader::{event_role, next_fate};
use super::trace::{Effect, Refusal, SysEvent, SysEventKind, Trace};
use super::workload::Workload;

/// How a message stood when the run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    fate_of(trace, trace.of(msg))
}

/// How message `msg` stood at `until_us` (µs of virtual time) in `trace`.
pub fn fate_until(trace: &Trace, msg: usize, until_us: u64) -> Fate {
    fate_of(trace, trace.of(msg).filter(|e| e.at_us < until_us))
}

/// The standing a message's events (in order) leave it in.
fn fate_of<'a>(trace: &Trace, events: impl Iterator<Item = &'a SysEvent>) -> Fate {
    let mut fate = Fate::InFlight;
    // Whether the last handling succeeded (a row's COMPLETED after a republish is not one).
    let mut handled = false;
    for e in events {
        fate = next_fate(fate, &mut handled, e, event_role(trace, e));
    }
    fate
}

impl Metrics {
    /// Reads the figures from a finished run of `workload`.
    pub fn of(workload: &Workload, trace: &Trace) -> Metrics {
        Metrics::until(workload, trace, u64::MAX)
    }

    /// The figures as they stood at `until_us` (µs of virtual time): only what happened by
    /// then counts; a message not handled to its end yet (or not yet published) is in flight.
    pub fn until(workload: &Workload, trace: &Trace, until_us: u64) -> Metrics {
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
        let mut by_msg: Vec<Vec<&SysEvent>> = vec![Vec::new(); n];
        for e in trace.events.iter().filter(|e| e.at_us <= until_us) {
            if let Some(list) = by_msg.get_mut(e.msg as usize) {
                list.push(e);
            }
            if let SysEventKind::Received { .. } = e.kind {
                m.attempts += 1;
            }
        }
        // When each message was first handled (a success BullMQ refused is none), and whether
        // it ended completed: latency and order are over the completed messages.
        let mut done_at_us: Vec<Option<u64>> = vec![None; n];
        let mut completed = vec![false; n];
        // Every application of a message's effect past the first is a duplicate (a success
        // after a lost reply, a second delivery handled while the first was still at work),
        // a refused success's too: its handler ran.
        for (i, events) in by_msg.iter().enumerate() {
            done_at_us[i] = first_accepted_success(events);
            let applied = events
                .iter()
                .filter(|e| match e.kind {
                    SysEventKind::Failed { effect_applied, .. } => effect_applied,
                    SysEventKind::Succeeded { effect, .. } => effect != Effect::AlreadyDone,
                    _ => false,
                })
                .count() as u64;
            m.duplicates += applied.saturating_sub(1);
            match fate_of(trace, events.iter().copied()) {
                Fate::Completed => {
                    m.completed += 1;
                    completed[i] = true;
                }
                Fate::DeadLettered => m.dead_lettered += 1,
                Fate::Skipped => m.skipped += 1,
                Fate::Lost => m.lost += 1,
                Fate::InFlight => m.in_flight += 1,
            }
        }
        m.reordered = reordered(workload, &done_at_us, &completed);
        let mut latencies: Vec<u64> = done_at_us
            .iter()
            .zip(&workload.messages)
            .zip(&completed)
            .filter(|(_, &completed)| completed)
            .filter_map(|((done, w), _)| {
                done.map(|d| d.saturating_sub(w.publish_at_ms.saturating_mul(1000)) / 1000)
            })
            .collect();
        latencies.sort_unstable();
        let pick =
            |q: usize| (!latencies.is_empty()).then(|| latencies[(latencies.len() - 1) * q / 100]);
        m.latency_p50_ms = pick(50);
        m.latency_p95_ms = pick(95);
        m.latency_max_ms = latencies.last().copied();
        m
    }
}

/// When a message's first success was taken (µs): the first one not refused at once (BullMQ
/// refuses the result of a handler that outlived its lock, and the job is not completed then:
/// `scripts/moveToFinished-14.js` l. 47 in the pinned bullmq 6.2.0 package, -2 "Missing lock";
/// crates/systems/src/bullmq/stall.rs).
pub(crate) fn first_accepted_success(events: &[&SysEvent]) -> Option<u64> {
    events.iter().enumerate().find_map(|(k, e)| {
        let refused = events
            .get(k + 1)
            .is_some_and(|n| n.kind == SysEventKind::Refused { why: Refusal::LockExpired });
        (matches!(e.kind, SysEventKind::Succeeded { .. }) && !refused).then_some(e.at_us)
    })
}

/// Completed messages that finished after a message with the same key published later was
/// handled (`done_at_us`: each message's first success taken, wherever it ended).
fn reordered(workload: &Workload, done_at_us: &[Option<u64>], completed: &[bool]) -> usize {
    let ws = &workload.messages;
    let mut by_key: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, m) in ws.iter().enumerate() {
        if let Some(k) = &m.key {
            by_key.entry(k.as_str()).or_default().push(i);
        }
    }
    let mut count = 0;
    for mut group in by_key.into_values() {
        group.sort_by_key(|&i| (ws[i].publish_at_ms, i));
        // Walk from the last published back, keeping the earliest completion seen so far.
        let mut earliest_later: Option<u64> = None;
        for &i in group.iter().rev() {
            if let (Some(done), Some(later), true) = (done_at_us[i], earliest_later, completed[i]) {
                if later < done {
                    count += 1;
                }
            }
            if let Some(done) = done_at_us[i] {
                earliest_later = Some(earliest_later.map_or(done, |l| l.min(done)));
            }
        }
    }
    count
}
