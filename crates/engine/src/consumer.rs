//! Channels, unacknowledged deliveries and push consumers.

use super::event::Name;
use super::message::Message;
use super::queue::Entry;
use super::tag_queue::TagQueue;

/// A push consumer (`basic.consume`).
#[derive(Debug, Clone, PartialEq)]
pub struct Consumer {
    pub id: u64,
    pub channel: u32,
    pub queue: Name,
    /// Unacknowledged deliveries allowed at once (0: unlimited).
    pub prefetch: u32,
    pub auto_ack: bool,
    /// The client takes each delivery it must settle as a wake-up ([`crate::Wake::Delivery`]);
    /// otherwise it reads them from the event log or settles by tags it knows.
    pub hand_back: bool,
    /// Deliveries not yet settled.
    pub in_flight: u32,
    /// Deliveries so far.
    pub delivered: u64,
}

impl Consumer {
    /// True when prefetch allows another delivery.
    pub fn has_capacity(&self) -> bool {
        self.auto_ack || self.prefetch == 0 || self.in_flight < self.prefetch
    }
}

/// A delivery the client has not settled yet.
#[derive(Debug, Clone, PartialEq)]
pub struct Unacked {
    pub queue: Name,
    pub entry: Entry,
    pub consumer: Option<u64>,
    /// Its queue was deleted since (a queue of the same name declared later is another
    /// queue): a return or a rejection finds no queue and the copy is gone.
    pub orphaned: bool,
}

/// An AMQP channel: its delivery tags and unacknowledged deliveries.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Channel {
    pub next_tag: u64,
    pub unacked: TagQueue<Unacked>,
}

/// A message as a client receives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Delivery {
    pub channel: u32,
    pub tag: u64,
    pub queue: Name,
    /// The message with delivery-only headers (`x-delivery-count`) added.
    pub msg: Message,
    pub redelivered: bool,
    /// Ready messages left in the queue after this one was taken.
    pub message_count: u64,
    pub consumer: Option<u64>,
}
