//! What a strategy exercise's check found on a system's trace: one variant per verdict text,
//! naming the message, the attempt and the moment. The words are the catalogues'
//! `verdict-trace-*` messages (rendered by [`crate::scenario::workshop::trace_verdict_text`]).

use serde::Serialize;

use super::goal::Count;
use crate::engine::time::SimTime;
use crate::systems::{Fate, Loss, WorkloadError};

/// One verdict text of a check on a trace.
#[derive(Debug, Clone, PartialEq)]
pub enum TraceFinding {
    /// The message ended as asked: `fate` at `at` after `attempts` attempts.
    Ended { id: String, fate: Fate, at: Option<SimTime>, attempts: u64 },
    /// The message stood as `got` (at `by`, or at the end), not as `wanted`; `at` is its last
    /// happening by then, `reached` when it got there later.
    WrongEnd {
        id: String,
        wanted: Fate,
        got: Fate,
        by: Option<SimTime>,
        at: Option<SimTime>,
        attempts: u64,
        reached: Option<SimTime>,
    },
    /// The message was tried `count` times (the last at `last`), not as `wanted`.
    Attempts { id: String, count: u64, wanted: Count, last: Option<SimTime> },
    /// The message was tried `count` times, as asked.
    AttemptsOk { id: String, count: u64 },
    /// No message of the workload is called `id`.
    NoMessage { id: String },
    /// No message of the workload fails with a reason containing `reason`.
    NoneFailsWith { reason: String },
    /// No effect was applied twice.
    NoDuplicates,
    /// `count` effects were applied again (the first by `id`'s attempt at a moment); `wanted`
    /// when that is not what the goal asks.
    Duplicates { count: u64, wanted: Option<Count>, first: Option<(String, u32, SimTime)> },
    /// Attempt `attempt` of `id` applied its effect again at `at`; `count` duplicates in all.
    Duplicate { id: String, attempt: u32, at: SimTime, count: u64 },
    /// No message was lost.
    NothingLost,
    /// `id` was lost at `at`, as `why` says; `count` lost in all.
    Lost { id: String, at: SimTime, why: Loss, count: u64 },
    /// Every key's messages were handled in publish order.
    OrderKept,
    /// `overtaken` (key `key`) was handled at `done`, but `later`, published after it on the
    /// same key, was handled first, at `at`.
    OutOfOrder { key: String, overtaken: String, later: String, at: SimTime, done: SimTime },
    /// `count` messages ended as `fate`; `wanted` when that is not what the goal asks.
    FateCount { fate: Fate, count: u64, wanted: Option<Count> },
    /// The comparison text cannot be run: what is wrong with it.
    NotRunnable { error: WorkloadError },
}

impl TraceFinding {
    /// The message this finding names, if any (the one the learner should follow).
    pub fn message_id(&self) -> Option<&str> {
        match self {
            TraceFinding::Ended { id, .. }
            | TraceFinding::WrongEnd { id, .. }
            | TraceFinding::Attempts { id, .. }
            | TraceFinding::AttemptsOk { id, .. }
            | TraceFinding::Duplicate { id, .. }
            | TraceFinding::Lost { id, .. } => Some(id),
            TraceFinding::OutOfOrder { later, .. } => Some(later),
            TraceFinding::Duplicates { first: Some((id, ..)), .. } => Some(id),
            _ => None,
        }
    }

    /// The moment this finding names, if any (where the learner should look).
    pub fn moment(&self) -> Option<SimTime> {
        match self {
            TraceFinding::WrongEnd { reached: Some(t), .. } => Some(*t),
            TraceFinding::WrongEnd { at, .. } | TraceFinding::Ended { at, .. } => *at,
            TraceFinding::Attempts { last, .. } => *last,
            TraceFinding::Duplicates { first: Some((_, _, at)), .. } => Some(*at),
            TraceFinding::Duplicate { at, .. }
            | TraceFinding::Lost { at, .. }
            | TraceFinding::OutOfOrder { at, .. } => Some(*at),
            _ => None,
        }
    }
}

/// A fate's id in goals (`completed`, `dead_lettered`, …), as serde writes it.
pub fn fate_id(f: Fate) -> &'static str {
    match f {
        Fate::Completed => "completed",
        Fate::DeadLettered => "dead_lettered",
        Fate::Skipped => "skipped",
        Fate::Lost => "lost",
        Fate::InFlight => "in_flight",
    }
}

/// Written as its English text in JSON.
impl Serialize for TraceFinding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(
            &crate::scenario::workshop::trace_verdict_text::trace_finding(self)
                .text(crate::scenario::Lang::En),
        )
    }
}
