//! What a goal check found: one variant per verdict text with its names and values. The words
//! are in the catalogues (`crates/translations/src/*.ftl`, rendered by [`crate::scenario::workshop::finding_text`]); `Display`
//! is the English (the native CLI and tests read it; the browser UI shows the user's language).

use std::fmt;

use serde::{Serialize, Serializer};

use super::goal::Count;
use super::log_query::{DropName, EventFilter};
use crate::engine::dead_letter::Reason;
use crate::engine::event::DropRule;
use crate::engine::time::SimTime;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::Lang;

/// A message as a learner knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageName {
    /// Its body, once a copy of it reached a queue.
    Body(String),
    /// It never reached a queue: where it was published (an empty `exchange` is the default one).
    Published { exchange: String, routing_key: String },
    /// Nothing is known of it.
    Unknown,
}

/// Why a copy was dropped: the rule, and the death that led to it (queue and reason), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discarded {
    pub rule: DropRule,
    pub died: Option<(String, Reason)>,
}

/// One thing that became of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FatePart {
    /// Copies of it are in these queues at the end.
    In(Vec<String>),
    /// It was (last) acked in `queue` at `at`.
    Acked { queue: String, at: SimTime },
    /// A copy was dropped at `at`.
    Dropped { how: Discarded, at: SimTime },
}

/// Everything that became of a message (nothing: it is nowhere).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FateStory(pub Vec<FatePart>);

/// When a queue's depth is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    At(SimTime),
    End,
}

/// One verdict text: what holds, what failed and what happened instead.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// Every one of `parts` parts holds.
    GoalMet { parts: usize },
    /// An `any` goal: one of its alternatives holds.
    AnyHolds,
    /// An `any` goal: none holds; what failed in each.
    NoneHolds(Vec<Finding>),
    /// An `all` or `any` asked to be checked as one part.
    Combined,
    /// `no_message_lost` holds.
    NothingLost,
    /// A message was lost, and nothing more is known.
    SomeLost,
    /// `count` messages were lost; the first was `who`, at `at`, as `how` says.
    Lost { count: usize, who: MessageName, at: SimTime, how: Box<Discarded> },
    /// `no_drop` holds.
    NothingDropped { rule: DropName },
    /// A message was dropped by `rule`, and nothing more is known.
    DroppedBy { rule: DropName },
    /// `who` was dropped by `rule` at `at`, as `how` says.
    DroppedAt { rule: DropName, who: MessageName, at: SimTime, how: Box<Discarded> },
    /// The run could not be moved to `at`.
    SeekFailed { at: SimTime, error: ScenarioError },
    /// No queue `queue` exists then.
    NoQueue { queue: String, when: Moment },
    /// `queue` holds `ready` ready messages then; `wanted` when that is not what the goal asks.
    Depth { queue: String, ready: u64, when: Moment, wanted: Option<Count> },
    /// The log has `count` events of `filter`; `wanted` when that is not what the goal asks.
    Events { count: u64, filter: EventFilter, wanted: Option<Count> },
    /// No copy of the message with this body reached a queue.
    NeverQueued { body: String },
    /// The message did not end in `queue`.
    NotEndedIn { body: String, queue: String, fate: FateStory },
    /// The message was never acked.
    NeverAcked { body: String, fate: FateStory },
    /// The message was acked, and must not be.
    AckedAnyway { body: String, fate: FateStory },
    /// The message never died with `reason`; the reasons it died with instead.
    NeverDied { body: String, reason: Reason, died_as: Vec<Reason> },
    /// The message was never delivered.
    NeverDelivered { body: String, fate: FateStory },
    /// Deliveries from `queue` (`reached`: the queue it ended in, if the goal names one).
    Deliveries { body: String, reached: Option<String>, count: u64, queue: String, wanted: u64 },
    /// Retries from `queue`.
    Retries { body: String, reached: Option<String>, count: u64, queue: String, wanted: u64 },
    /// The waits before its retries (ms), and those asked for.
    Spacing { body: String, waits: Vec<u64>, wanted: Vec<u64>, tolerance_ms: u64 },
    /// What became of the message (its part holds).
    MessageFate { body: String, fate: FateStory },
    /// The learner's scenario cannot be read.
    Unreadable(ScenarioError),
    /// The learner's scenario cannot be built or run.
    DoesNotRun(ScenarioError),
    /// The run stopped early: an endless zero-delay loop.
    Stalled,
    /// A line the broker logged as an error (its own words).
    BrokerLog(String),
    /// What the definitions lints say of the scenario's topology (a quorum-only argument on
    /// a classic queue, a dead-letter exchange that routes nowhere…).
    Lint(Box<crate::scenario::definitions::lint::Lint>),
    /// What a check on a strategy's trace found (a strategy exercise).
    Trace(Box<super::trace_finding::TraceFinding>),
}

impl FateStory {
    /// The moment of its last dated part (an ack or a drop).
    pub fn last_moment(&self) -> Option<SimTime> {
        self.0.iter().rev().find_map(|p| match p {
            FatePart::Acked { at, .. } | FatePart::Dropped { at, .. } => Some(*at),
            FatePart::In(_) => None,
        })
    }
}

impl Finding {
    /// The moment this finding names, if it names one (where a learner should look).
    pub fn moment(&self) -> Option<SimTime> {
        match self {
            Finding::Lost { at, .. } | Finding::DroppedAt { at, .. } => Some(*at),
            Finding::SeekFailed { at, .. } => Some(*at),
            Finding::NoQueue { when: Moment::At(at), .. }
            | Finding::Depth { when: Moment::At(at), .. } => Some(*at),
            Finding::NotEndedIn { fate, .. }
            | Finding::NeverAcked { fate, .. }
            | Finding::AckedAnyway { fate, .. }
            | Finding::NeverDelivered { fate, .. }
            | Finding::MessageFate { fate, .. } => fate.last_moment(),
            Finding::NoneHolds(all) => all.iter().find_map(Finding::moment),
            Finding::Trace(t) => t.moment(),
            _ => None,
        }
    }
}

impl fmt::Display for MessageName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::scenario::workshop::finding_text::name(self).text(Lang::En))
    }
}

impl fmt::Display for Discarded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::scenario::workshop::finding_text::discarded(self).text(Lang::En))
    }
}

impl fmt::Display for FateStory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::scenario::workshop::finding_text::fate(self).text(Lang::En))
    }
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::scenario::workshop::finding_text::moment(*self).text(Lang::En))
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::scenario::workshop::finding_text::finding(self).text(Lang::En))
    }
}

/// Written as its English text in JSON.
impl Serialize for Finding {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
