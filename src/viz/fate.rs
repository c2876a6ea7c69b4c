//! What happens to a message copy, as the views name and draw it: its [`Fate`] on a hop or
//! at a node, the fate an event gives it, and the diagram's node ids.

use crate::engine::event::{DropRule, EventKind};
use crate::engine::Reason;

/// What happens to a message on a hop (or at a node); decides its look and its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fate {
    /// Published to an exchange, or routed to a queue.
    Routed,
    /// Handed to a consumer.
    Delivered,
    /// Acknowledged by the consumer.
    Acked,
    /// Nacked or rejected without requeue.
    Rejected,
    /// Given back to the queue.
    Requeued,
    /// Its TTL ran out at the head of the queue.
    Expired,
    /// Its TTL ran out but it waits behind the head (it only expires at the head).
    ExpiredWaiting,
    /// Pushed off the head of a full queue (or refused by reject-publish-dlx).
    Overflowed,
    /// Returned to a quorum queue more often than `x-delivery-limit` allows.
    DeliveryLimit,
    /// On its way to the dead-letter exchange.
    DeadLettered,
    /// Dead-lettered back into a queue it was already in.
    Looping,
    /// Held by a quorum queue until the dead-letter route works.
    Held,
    /// Dropped: no queue took the published message.
    DroppedUnroutable,
    /// Dropped: the queue has no dead-letter exchange, or it does not exist.
    DroppedNoDlx,
    /// Dropped: the dead-letter exchange routed it nowhere.
    DroppedNoRoute,
    /// Dropped: a fully automatic dead-letter cycle.
    DroppedCycle,
    /// Dropped for another reason (queue gone, target refused…).
    Dropped,
    /// Waiting in a queue.
    Waiting,
}

impl Fate {
    /// Every fate, in legend order.
    pub const ALL: [Fate; 18] = [
        Fate::Routed,
        Fate::Waiting,
        Fate::Delivered,
        Fate::Acked,
        Fate::Rejected,
        Fate::Requeued,
        Fate::Expired,
        Fate::ExpiredWaiting,
        Fate::Overflowed,
        Fate::DeliveryLimit,
        Fate::DeadLettered,
        Fate::Looping,
        Fate::Held,
        Fate::DroppedUnroutable,
        Fate::DroppedNoDlx,
        Fate::DroppedNoRoute,
        Fate::DroppedCycle,
        Fate::Dropped,
    ];

    /// The CSS class (and stable key) naming this fate.
    pub fn css_class(self) -> &'static str {
        match self {
            Fate::Routed => "routed",
            Fate::Delivered => "delivered",
            Fate::Acked => "acked",
            Fate::Rejected => "rejected",
            Fate::Requeued => "requeued",
            Fate::Expired => "expired",
            Fate::ExpiredWaiting => "expired-waiting",
            Fate::Overflowed => "overflowed",
            Fate::DeliveryLimit => "delivery-limit",
            Fate::DeadLettered => "dead-lettered",
            Fate::Looping => "looping",
            Fate::Held => "held",
            Fate::DroppedUnroutable => "dropped-unroutable",
            Fate::DroppedNoDlx => "dropped-no-dlx",
            Fate::DroppedNoRoute => "dropped-no-route",
            Fate::DroppedCycle => "dropped-cycle",
            Fate::Dropped => "dropped",
            Fate::Waiting => "waiting",
        }
    }

    /// The fate with this CSS class.
    pub fn from_css_class(s: &str) -> Option<Fate> {
        Fate::ALL.into_iter().find(|f| f.css_class() == s)
    }

    /// True for the fates that end a copy where it is (drawn as a mark at a node).
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            Fate::Acked
                | Fate::DroppedUnroutable
                | Fate::DroppedNoDlx
                | Fate::DroppedNoRoute
                | Fate::DroppedCycle
                | Fate::Dropped
        )
    }
}

/// The families of fates, as the legend groups them and the dots' shapes tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FateFamily {
    /// Published, routed, waiting, delivered, acknowledged or requeued: circles.
    OnItsWay,
    /// Died at a queue (rejected, expired, maxlen, delivery_limit): triangles.
    Died,
    /// On its way to (or held for) the dead-letter exchange: diamonds.
    DeadLettered,
    /// Dropped: the copy is lost: squares.
    Dropped,
}

impl FateFamily {
    /// Every family, in legend order.
    pub const ALL: [FateFamily; 4] =
        [FateFamily::OnItsWay, FateFamily::Died, FateFamily::DeadLettered, FateFamily::Dropped];

    /// The CSS class (and stable key) naming this family.
    pub fn css_class(self) -> &'static str {
        match self {
            FateFamily::OnItsWay => "on-its-way",
            FateFamily::Died => "died",
            FateFamily::DeadLettered => "dead-lettered",
            FateFamily::Dropped => "dropped",
        }
    }
}

impl Fate {
    /// The family this fate belongs to.
    pub fn family(self) -> FateFamily {
        match self {
            Fate::Routed | Fate::Waiting | Fate::Delivered | Fate::Acked | Fate::Requeued => {
                FateFamily::OnItsWay
            }
            Fate::Rejected
            | Fate::Expired
            | Fate::ExpiredWaiting
            | Fate::Overflowed
            | Fate::DeliveryLimit => FateFamily::Died,
            Fate::DeadLettered | Fate::Looping | Fate::Held => FateFamily::DeadLettered,
            Fate::DroppedUnroutable
            | Fate::DroppedNoDlx
            | Fate::DroppedNoRoute
            | Fate::DroppedCycle
            | Fate::Dropped => FateFamily::Dropped,
        }
    }
}

/// The fate an event gives its message copy, if it has one.
pub fn event_fate(kind: &EventKind) -> Option<Fate> {
    Some(match kind {
        EventKind::Published { .. } | EventKind::Enqueued { .. } => Fate::Routed,
        EventKind::Delivered { .. } => Fate::Delivered,
        EventKind::Acked { .. } => Fate::Acked,
        EventKind::Requeued { .. } | EventKind::RetryDelayed { .. } => Fate::Requeued,
        EventKind::Died { reason, .. } => match reason {
            Reason::Rejected => Fate::Rejected,
            Reason::Expired => Fate::Expired,
            Reason::Maxlen => Fate::Overflowed,
            Reason::DeliveryLimit => Fate::DeliveryLimit,
        },
        EventKind::DeadLettered { .. } => Fate::DeadLettered,
        EventKind::HeldForDeadLetter { .. } => Fate::Held,
        EventKind::Dropped(rule) => drop_fate(rule),
        _ => return None,
    })
}

pub(super) fn drop_fate(rule: &DropRule) -> Fate {
    match rule {
        DropRule::Unroutable { .. } => Fate::DroppedUnroutable,
        DropRule::NoDeadLetterExchange | DropRule::DeadLetterExchangeMissing { .. } => {
            Fate::DroppedNoDlx
        }
        DropRule::NoDeadLetterRoute { .. } => Fate::DroppedNoRoute,
        DropRule::Cycle { .. } => Fate::DroppedCycle,
        _ => Fate::Dropped,
    }
}

/// A message waiting in a queue: [`Fate::ExpiredWaiting`] when its deadline has passed but it
/// is not at the head, otherwise [`Fate::Waiting`].
pub fn resting_fate(expires_at_us: Option<u64>, now_us: u64, at_head: bool) -> Fate {
    match expires_at_us {
        Some(t) if t <= now_us && !at_head => Fate::ExpiredWaiting,
        _ => Fate::Waiting,
    }
}

/// The fate a copy shows now. `last` is the last fate its hops recorded; `resting` is
/// `Some((its deadline, at the head))` while it waits ready in a queue. A copy that was routed
/// or requeued and has arrived is waiting (or expired but waiting behind the head), not
/// "routed".
pub fn current_fate(
    last: Option<Fate>,
    resting: Option<(Option<u64>, bool)>,
    now_us: u64,
) -> Option<Fate> {
    match (last, resting) {
        (Some(Fate::Routed | Fate::Requeued) | None, Some((expires_at_us, at_head))) => {
            Some(resting_fate(expires_at_us, now_us, at_head))
        }
        _ => last,
    }
}

/// Node ids used by the diagram: `p` (publishers), `x:NAME`, `q:NAME`, `c:QUEUE` (its consumers).
pub fn exchange_id(name: &str) -> String {
    format!("x:{name}")
}
/// The node id of a queue.
pub fn queue_id(name: &str) -> String {
    format!("q:{name}")
}
/// The node id of the consumers of a queue.
pub fn consumer_id(queue: &str) -> String {
    format!("c:{queue}")
}
/// The node id of the publishers.
pub const PUBLISHER_ID: &str = "p";
