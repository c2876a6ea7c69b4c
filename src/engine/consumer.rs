//! Channels, unacknowledged deliveries, push consumers and their scripted behaviours.

use std::collections::BTreeMap;

use serde::Serialize;

use super::event::Name;
use super::message::Message;
use super::queue::Entry;

/// What a scripted consumer does with each delivery (read from scenarios by
/// `scenario::model::behaviour`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Behaviour {
    /// Nothing automatic: the client (a test, the UI, a scenario step) settles deliveries.
    Manual,
    /// Works `work_ms`, then acks.
    Ack {
        #[serde(default)]
        work_ms: u64,
    },
    /// Works `work_ms`, then rejects (with or without requeue): "always reject".
    Reject {
        #[serde(default)]
        work_ms: u64,
        #[serde(default)]
        requeue: bool,
    },
    /// Rejects the first `failures` deliveries of each message, then acks.
    FailThenSucceed {
        failures: u32,
        #[serde(default)]
        work_ms: u64,
        #[serde(default)]
        requeue: bool,
    },
    /// Rejects a seeded `percent` of deliveries, acks the rest.
    FailPercent {
        percent: u32,
        #[serde(default)]
        work_ms: u64,
        #[serde(default)]
        requeue: bool,
    },
    /// A retry router. Without `retry_exchange` it rejects a message (so the queue's DLX sends
    /// it to a wait queue) until its x-death shows `max_attempts` rejections from this queue.
    /// With `retry_exchange` it republishes the message there with the routing key
    /// `retry_keys[n]` (the last key for later attempts) and an `x-retry-count` header of n+1,
    /// n being the header's value so far — a retry ladder. Either way, once `max_attempts` is
    /// reached it publishes the message to `parking_exchange` and acks it.
    RetryRouter {
        max_attempts: u32,
        parking_exchange: String,
        #[serde(default)]
        parking_routing_key: String,
        #[serde(default)]
        retry_exchange: String,
        #[serde(default)]
        retry_keys: Vec<String>,
        #[serde(default)]
        work_ms: u64,
    },
    /// Takes `deliveries` messages, then crashes: its channel closes and they return to the queue.
    CrashAfter {
        deliveries: u32,
        #[serde(default)]
        work_ms: u64,
    },
}

impl Behaviour {
    /// How long the consumer works on one message, in ms (`None`: it never settles by itself).
    pub fn work_ms(&self) -> Option<u64> {
        match self {
            Behaviour::Manual => None,
            Behaviour::Ack { work_ms }
            | Behaviour::Reject { work_ms, .. }
            | Behaviour::FailThenSucceed { work_ms, .. }
            | Behaviour::FailPercent { work_ms, .. }
            | Behaviour::RetryRouter { work_ms, .. }
            | Behaviour::CrashAfter { work_ms, .. } => Some(*work_ms),
        }
    }
}

/// A push consumer (`basic.consume`).
#[derive(Debug, Clone, PartialEq)]
pub struct Consumer {
    pub id: u64,
    pub channel: u32,
    pub queue: Name,
    /// Unacknowledged deliveries allowed at once (0: unlimited).
    pub prefetch: u32,
    pub auto_ack: bool,
    pub behaviour: Behaviour,
    /// Deliveries not yet settled.
    pub in_flight: u32,
    /// Deliveries so far.
    pub delivered: u64,
    /// Deliveries seen per message lineage (for fail-then-succeed).
    pub attempts: BTreeMap<u64, u32>,
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
    pub unacked: BTreeMap<u64, Unacked>,
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
