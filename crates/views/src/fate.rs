//! What happens to a message copy, as the views name and draw it: its [`CopyFate`] on a hop or
//! at a node, the fate an event gives it, and the diagram's node ids.

use std::collections::BTreeMap;

use crate::engine::event::{DropRule, EventKind, Name};
use crate::engine::Reason;

/// What happens to a message on a hop (or at a node); decides its look and its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CopyFate {
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

impl CopyFate {
    /// Every fate, in legend order.
    pub const ALL: [CopyFate; 18] = [
        CopyFate::Routed,
        CopyFate::Waiting,
        CopyFate::Delivered,
        CopyFate::Acked,
        CopyFate::Rejected,
        CopyFate::Requeued,
        CopyFate::Expired,
        CopyFate::ExpiredWaiting,
        CopyFate::Overflowed,
        CopyFate::DeliveryLimit,
        CopyFate::DeadLettered,
        CopyFate::Looping,
        CopyFate::Held,
        CopyFate::DroppedUnroutable,
        CopyFate::DroppedNoDlx,
        CopyFate::DroppedNoRoute,
        CopyFate::DroppedCycle,
        CopyFate::Dropped,
    ];

    /// The CSS class (and stable key) naming this fate.
    pub fn css_class(self) -> &'static str {
        match self {
            CopyFate::Routed => "routed",
            CopyFate::Delivered => "delivered",
            CopyFate::Acked => "acked",
            CopyFate::Rejected => "rejected",
            CopyFate::Requeued => "requeued",
            CopyFate::Expired => "expired",
            CopyFate::ExpiredWaiting => "expired-waiting",
            CopyFate::Overflowed => "overflowed",
            CopyFate::DeliveryLimit => "delivery-limit",
            CopyFate::DeadLettered => "dead-lettered",
            CopyFate::Looping => "looping",
            CopyFate::Held => "held",
            CopyFate::DroppedUnroutable => "dropped-unroutable",
            CopyFate::DroppedNoDlx => "dropped-no-dlx",
            CopyFate::DroppedNoRoute => "dropped-no-route",
            CopyFate::DroppedCycle => "dropped-cycle",
            CopyFate::Dropped => "dropped",
            CopyFate::Waiting => "waiting",
        }
    }

    /// The fate with this CSS class.
    pub fn from_css_class(s: &str) -> Option<CopyFate> {
        CopyFate::ALL.into_iter().find(|f| f.css_class() == s)
    }

    /// True for the fates that end a copy where it is (drawn as a mark at a node).
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            CopyFate::Acked
                | CopyFate::DroppedUnroutable
                | CopyFate::DroppedNoDlx
                | CopyFate::DroppedNoRoute
                | CopyFate::DroppedCycle
                | CopyFate::Dropped
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

impl CopyFate {
    /// The family this fate belongs to.
    pub fn family(self) -> FateFamily {
        match self {
            CopyFate::Routed
            | CopyFate::Waiting
            | CopyFate::Delivered
            | CopyFate::Acked
            | CopyFate::Requeued => FateFamily::OnItsWay,
            CopyFate::Rejected
            | CopyFate::Expired
            | CopyFate::ExpiredWaiting
            | CopyFate::Overflowed
            | CopyFate::DeliveryLimit => FateFamily::Died,
            CopyFate::DeadLettered | CopyFate::Looping | CopyFate::Held => FateFamily::DeadLettered,
            CopyFate::DroppedUnroutable
            | CopyFate::DroppedNoDlx
            | CopyFate::DroppedNoRoute
            | CopyFate::DroppedCycle
            | CopyFate::Dropped => FateFamily::Dropped,
        }
    }
}

/// The fate an event gives its message copy, if it has one.
pub fn event_fate(kind: &EventKind) -> Option<CopyFate> {
    Some(match kind {
        EventKind::Published { .. } | EventKind::Enqueued { .. } => CopyFate::Routed,
        EventKind::Delivered { .. } => CopyFate::Delivered,
        EventKind::Acked { .. } => CopyFate::Acked,
        EventKind::Requeued { .. } | EventKind::RetryDelayed { .. } => CopyFate::Requeued,
        EventKind::Died { reason, .. } => match reason {
            Reason::Rejected => CopyFate::Rejected,
            Reason::Expired => CopyFate::Expired,
            Reason::Maxlen => CopyFate::Overflowed,
            Reason::DeliveryLimit => CopyFate::DeliveryLimit,
        },
        EventKind::DeadLettered { .. } => CopyFate::DeadLettered,
        EventKind::HeldForDeadLetter { .. } => CopyFate::Held,
        EventKind::Dropped(rule) => drop_fate(rule),
        _ => return None,
    })
}

pub(super) fn drop_fate(rule: &DropRule) -> CopyFate {
    match rule {
        DropRule::Unroutable { .. } => CopyFate::DroppedUnroutable,
        DropRule::NoDeadLetterExchange | DropRule::DeadLetterExchangeMissing { .. } => {
            CopyFate::DroppedNoDlx
        }
        DropRule::NoDeadLetterRoute { .. } => CopyFate::DroppedNoRoute,
        DropRule::Cycle { .. } => CopyFate::DroppedCycle,
        _ => CopyFate::Dropped,
    }
}

/// A message waiting in a queue: [`CopyFate::ExpiredWaiting`] when its deadline has passed but it
/// is not at the head, otherwise [`CopyFate::Waiting`].
pub fn resting_fate(expires_at_us: Option<u64>, now_us: u64, at_head: bool) -> CopyFate {
    match expires_at_us {
        Some(t) if t <= now_us && !at_head => CopyFate::ExpiredWaiting,
        _ => CopyFate::Waiting,
    }
}

/// The fate a copy shows now. `last` is the last fate its hops recorded; `resting` is
/// `Some((its deadline, at the head))` while it waits ready in a queue. A copy that was routed
/// or requeued and has arrived is waiting (or expired but waiting behind the head), not
/// "routed".
pub fn current_fate(
    last: Option<CopyFate>,
    resting: Option<(Option<u64>, bool)>,
    now_us: u64,
) -> Option<CopyFate> {
    match (last, resting) {
        (Some(CopyFate::Routed | CopyFate::Requeued) | None, Some((expires_at_us, at_head))) => {
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
/// Node ids by kind and name, made and interned once per run.
#[derive(Default)]
pub(crate) struct NodeIds(BTreeMap<(u8, Name), Name>);

impl NodeIds {
    fn get(&mut self, kind: u8, name: Name, make: fn(&str) -> String) -> Name {
        *self.0.entry((kind, name)).or_insert_with(|| Name::new(&make(&name)))
    }
    pub(crate) fn queue(&mut self, name: Name) -> Name {
        self.get(b'q', name, queue_id)
    }
    pub(crate) fn exchange(&mut self, name: Name) -> Name {
        self.get(b'x', name, exchange_id)
    }
    pub(crate) fn consumer(&mut self, queue: Name) -> Name {
        self.get(b'c', queue, consumer_id)
    }
}

/// The node id of the publishers.
pub const PUBLISHER_ID: &str = "p";
