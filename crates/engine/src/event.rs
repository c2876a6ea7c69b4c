//! The events of the log: what happened, when, to which message copy, and why (stored packed
//! by [`super::event_log::EventLog`]).

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde::Serialize;

use super::dead_letter::Reason;
use super::message::MsgId;
use super::time::SimTime;

pub use super::name::{Name, Names};

/// Why a message copy left the system without reaching a queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum DropRule {
    /// No queue (and no alternate exchange) took the published message.
    Unroutable { exchange: Name },
    /// The queue has no dead-letter exchange: a dead message is simply discarded.
    NoDeadLetterExchange,
    /// The configured dead-letter exchange does not exist.
    DeadLetterExchangeMissing { exchange: Name },
    /// The dead-letter exchange routed the message nowhere (`fanout`: it ignores routing keys,
    /// so no queue is bound to it at all).
    NoDeadLetterRoute { exchange: Name, routing_keys: Names, fanout: bool },
    /// A fully automatic dead-letter cycle (no rejection in it) would bring it back to `queue`.
    Cycle { queue: Name, path: Names },
    /// A dead-letter target refused it (reject-publish) under at-most-once.
    TargetRefused { queue: Name },
    /// The queue was purged, deleted or expired with the message in it.
    QueueGone { queue: Name },
    /// A quorum queue left at-least-once dead-lettering (a policy or overflow change): the
    /// dead letters it still held were deleted.
    StrategySwitched { queue: Name },
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// A client published a message to an exchange.
    Published { exchange: Name, routing_key: Name },
    /// A copy was placed in a queue (`from` is the copy it was made from).
    Enqueued { queue: Name, from: Option<MsgId> },
    /// A copy was handed to a consumer or to basic.get.
    Delivered { queue: Name, channel: u32, tag: u64, redelivered: bool },
    /// The client acknowledged it.
    Acked { queue: Name },
    /// The client (or a closed channel) gave it back to the queue; or, after a delayed retry,
    /// its wait is over and it is back.
    Requeued { queue: Name },
    /// It was given back, but the quorum queue holds it back until `until_us` (delayed retry).
    RetryDelayed { queue: Name, until_us: SimTime },
    /// It died in `queue` for `reason`; dead-lettered copies follow as `Enqueued` with `from`.
    Died { queue: Name, reason: Reason },
    /// A dead-lettered copy left for the dead-letter exchange (`from` is the copy that died).
    DeadLettered { queue: Name, from: MsgId, exchange: Name, routing_keys: Names, targets: Names },
    /// It is held by a quorum queue until the dead-letter route works (at-least-once; `from` is
    /// the copy that died).
    HeldForDeadLetter { queue: Name, from: MsgId },
    /// A copy was lost, with the rule that decided it.
    Dropped(DropRule),
    /// The publisher got a confirm.
    Confirmed { ack: bool },
    /// A publish with `mandatory` was returned to the publisher.
    Returned { exchange: Name, routing_key: Name },
    /// A queue reached `x-expires` unused and was deleted (its messages are not dead-lettered).
    QueueExpired { queue: Name, messages: u64 },
    /// A queue was purged.
    QueuePurged { queue: Name, messages: u64 },
    /// A queue was deleted.
    QueueDeleted { queue: Name, messages: u64 },
    /// The broker wrote a log line (warnings such as cycle detection).
    Log { line: String },
}

/// The setting or rule behind an event, so the UI can explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Cause {
    /// A client command (the index of the command in the run).
    Client { command: u64 },
    /// A queue setting (`x-message-ttl`, `x-max-length`…), with where it came from.
    Setting { key: &'static str, source: Name },
    /// The message's own `expiration` property.
    MessageExpiration,
    /// A broker rule that is not a setting.
    Rule { rule: &'static str },
}

/// A cause as events hold it: one word, shared by every event with the same cause.
pub type CauseRef = &'static Cause;

static CAUSES: Mutex<BTreeMap<Cause, CauseRef>> = Mutex::new(BTreeMap::new());

impl Cause {
    /// The shared copy of this cause (made on first use and kept for the process: causes
    /// are few — settings and where they came from, rules, client command numbers).
    pub fn interned(self) -> CauseRef {
        let mut table = CAUSES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = table.get(&self) {
            return c;
        }
        let stored: CauseRef = Box::leak(Box::new(self));
        table.insert(self, stored);
        stored
    }
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    /// Position in the log (0, 1, 2…).
    pub seq: u64,
    /// When it happened.
    pub at_us: SimTime,
    /// The message copy concerned, if any.
    pub msg: Option<MsgId>,
    /// The publish this copy descends from, if any.
    pub lineage: Option<u64>,
    pub kind: EventKind,
    pub cause: Cause,
}
