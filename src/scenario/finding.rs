//! What a goal check found: one variant per verdict text with its names and values, and the
//! English text as `Display` (the native CLI and tests read it; the browser UI words each
//! variant in the user's language). Broker terms stay as the broker spells them.

use std::fmt;

use serde::{Serialize, Serializer};

use super::error::ScenarioError;
use super::goal::Count;
use super::log_query::{seconds, DropName, EventFilter};
use crate::engine::dead_letter::Reason;
use crate::engine::event::DropRule;
use crate::engine::time::SimTime;

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
pub struct Fate(pub Vec<FatePart>);

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
    NotEndedIn { body: String, queue: String, fate: Fate },
    /// The message was never acked.
    NeverAcked { body: String, fate: Fate },
    /// The message was acked, and must not be.
    AckedAnyway { body: String, fate: Fate },
    /// The message never died with `reason`; the reasons it died with instead.
    NeverDied { body: String, reason: Reason, died_as: Vec<Reason> },
    /// The message was never delivered.
    NeverDelivered { body: String, fate: Fate },
    /// Deliveries from `queue` (`reached`: the queue it ended in, if the goal names one).
    Deliveries { body: String, reached: Option<String>, count: u64, queue: String, wanted: u64 },
    /// Retries from `queue`.
    Retries { body: String, reached: Option<String>, count: u64, queue: String, wanted: u64 },
    /// The waits before its retries (ms), and those asked for.
    Spacing { body: String, waits: Vec<u64>, wanted: Vec<u64>, tolerance_ms: u64 },
    /// What became of the message (its part holds).
    MessageFate { body: String, fate: Fate },
    /// The learner's scenario cannot be read.
    Unreadable(ScenarioError),
    /// The learner's scenario cannot be built or run.
    DoesNotRun(ScenarioError),
    /// The run stopped early: an endless zero-delay loop.
    Stalled,
    /// A line the broker logged as an error (its own words).
    BrokerLog(String),
}

/// Times in seconds, joined with commas.
pub fn waits(ms: &[u64]) -> String {
    ms.iter().map(|w| seconds(SimTime::from_ms(*w))).collect::<Vec<_>>().join(", ")
}

/// "s" when `n` is not 1.
fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

impl fmt::Display for MessageName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageName::Body(b) => write!(f, "'{b}'"),
            MessageName::Published { exchange, routing_key } if exchange.is_empty() => {
                write!(f, "the message published to the default exchange with routing key '{routing_key}'")
            }
            MessageName::Published { exchange, routing_key } => write!(
                f,
                "the message published to exchange '{exchange}' with routing key '{routing_key}'"
            ),
            MessageName::Unknown => f.write_str("a message"),
        }
    }
}

impl fmt::Display for Discarded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let death = self
            .died
            .as_ref()
            .map(|(q, r)| format!("it died in {q} ({}) and ", r.as_str()))
            .unwrap_or_default();
        match &self.rule {
            DropRule::Unroutable { exchange } => {
                write!(f, "exchange '{exchange}' routed it to no queue")
            }
            DropRule::NoDeadLetterExchange => {
                let q = self.died.as_ref().map(|(q, _)| q.as_str()).unwrap_or("its queue");
                write!(f, "{death}was discarded because {q} has no x-dead-letter-exchange")
            }
            DropRule::DeadLetterExchangeMissing { exchange } => write!(
                f,
                "{death}was dropped because its dead-letter exchange '{exchange}' does not exist"
            ),
            DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
                write!(f, "{death}was dropped because the dead-letter exchange '{exchange}' has no binding for routing key {}", routing_keys.join(", "))
            }
            DropRule::Cycle { path, .. } => {
                write!(f, "{death}was dropped as a dead-letter cycle ({})", path.join(" → "))
            }
            DropRule::TargetRefused { queue } => {
                write!(f, "queue {queue} refused it (x-overflow reject-publish)")
            }
            DropRule::QueueGone { queue } => {
                write!(f, "queue {queue} was purged, deleted or expired with it inside")
            }
            DropRule::StrategySwitched { queue } => write!(
                f,
                "{queue} left at-least-once dead-lettering and deleted the dead letters it held"
            ),
        }
    }
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("it is nowhere");
        }
        for (i, part) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            match part {
                FatePart::In(queues) => write!(f, "it is in {}", queues.join(", "))?,
                FatePart::Acked { queue, at } => {
                    write!(f, "it was acked in {queue} at {}", seconds(*at))?
                }
                FatePart::Dropped { how, at } => write!(
                    f,
                    "it {} at {}",
                    how.to_string().trim_start_matches("it "),
                    seconds(*at)
                )?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Moment::At(t) => write!(f, "at {}", seconds(*t)),
            Moment::End => f.write_str("at the end"),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Finding::*;
        let not = |f: &mut fmt::Formatter<'_>, wanted: &Option<Count>| match wanted {
            Some(c) => write!(f, ", not {}", c.describe()),
            None => Ok(()),
        };
        let ending = |reached: &Option<String>| match reached {
            Some(q) => format!("reached {q}"),
            None => "was handled".to_string(),
        };
        match self {
            GoalMet { parts } => write!(f, "Goal met: all {parts} parts hold."),
            AnyHolds => f.write_str("one of the alternatives holds"),
            NoneHolds(inner) => {
                f.write_str("none of the alternatives holds: ")?;
                for (i, x) in inner.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; or ")?;
                    }
                    write!(f, "{x}")?;
                }
                Ok(())
            }
            Combined => f.write_str("a combined goal cannot be checked as one part"),
            NothingLost => f.write_str("no message was lost"),
            SomeLost => f.write_str("a message was lost"),
            Lost { count: 1, who, at, how } => {
                write!(f, "a message was lost: {who} at {}: {how}", seconds(*at))
            }
            Lost { count, who, at, how } => {
                write!(f, "{count} messages were lost; the first: {who} at {}: {how}", seconds(*at))
            }
            NothingDropped { rule } => {
                write!(f, "nothing was dropped by the rule {}", rule.as_str())
            }
            DroppedBy { rule } => write!(f, "a message was dropped by the rule {}", rule.as_str()),
            DroppedAt { rule, who, at, how } => {
                write!(f, "{who} was lost at {} by the rule {}: {how}", seconds(*at), rule.as_str())
            }
            SeekFailed { at, error } => write!(f, "could not go to {}: {error}", seconds(*at)),
            NoQueue { queue, when } => write!(f, "there is no queue {queue} {when}"),
            Depth { queue, ready, when, wanted } => {
                write!(f, "{queue} holds {ready} ready message{} {when}", plural(*ready, "", "s"))?;
                not(f, wanted)
            }
            Events { count, filter, wanted } => {
                write!(f, "the log has {count} {}", filter.describe())?;
                not(f, wanted)
            }
            NeverQueued { body } => write!(
                f,
                "the message '{body}' never reached a queue (was it published, and routed?)"
            ),
            NotEndedIn { body, queue, fate } => {
                write!(f, "the message '{body}' did not end in {queue}: {fate}")
            }
            NeverAcked { body, fate } => write!(f, "the message '{body}' was never acked: {fate}"),
            AckedAnyway { body, fate } => {
                write!(f, "the message '{body}' was acked, which it must not be: {fate}")
            }
            NeverDied { body, reason, died_as } => {
                write!(f, "the message '{body}' never died with reason {}: ", reason.as_str())?;
                if died_as.is_empty() {
                    f.write_str("it never died")
                } else {
                    write!(
                        f,
                        "it died only as {}",
                        died_as.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", ")
                    )
                }
            }
            NeverDelivered { body, fate } => {
                write!(f, "the message '{body}' was never delivered to a consumer: {fate}")
            }
            Deliveries { body, reached, count, queue, wanted } => {
                write!(
                    f,
                    "the message '{body}' {} after {count} deliver{} from {queue}, not {wanted}",
                    ending(reached),
                    plural(*count, "y", "ies")
                )
            }
            Retries { body, reached, count, queue, wanted } => {
                write!(
                    f,
                    "the message '{body}' {} after {count} retr{} from {queue}, not {wanted}",
                    ending(reached),
                    plural(*count, "y", "ies")
                )
            }
            Spacing { body, waits: w, wanted, tolerance_ms } => write!(
                f,
                "the message '{body}' waited {} before its retries, not {} (± {tolerance_ms} ms)",
                if w.is_empty() { "never".to_string() } else { waits(w) },
                waits(wanted)
            ),
            MessageFate { body, fate } => write!(f, "the message '{body}': {fate}"),
            Unreadable(e) => write!(f, "the scenario cannot be read: {e}"),
            DoesNotRun(e) => write!(f, "the scenario does not run: {e}"),
            Stalled => f.write_str("the run stopped early: messages loop without any delay"),
            BrokerLog(line) => f.write_str(line),
        }
    }
}

/// Written as its English text in JSON.
impl Serialize for Finding {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
