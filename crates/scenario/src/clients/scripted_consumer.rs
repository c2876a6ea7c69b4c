//! Scripted consumers: what a consumer with a behaviour (ack, reject, fail a share, route
//! retries, crash) does with a delivery once its work time is over. They are clients: the
//! engine wakes them ([`Wake::Delivery`](crate::engine::Wake)) and they answer with the
//! commands an application would send, attributed to the `consumer_behaviour` rule.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use crate::engine::dead_letter::{death_count, Reason};
use crate::engine::event::{Cause, CauseRef, Name};
use crate::engine::headers::FieldValue;
use crate::engine::publish::Outgoing;
use crate::engine::rng::SimRng;
use crate::engine::Engine;

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

/// The cause every scripted consumer's command carries (the views draw its republishes from
/// the consumer).
pub const CONSUMER_RULE: CauseRef = &Cause::Rule { rule: "consumer_behaviour" };

/// One scripted consumer's own state.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptedConsumer {
    behaviour: Behaviour,
    /// Deliveries seen per message lineage (only fail-then-succeed counts them).
    attempts: BTreeMap<u64, u32>,
    /// A retry router's names.
    router: Option<RouterNames>,
}

/// A retry router's exchanges and routing keys, interned once (a router republishes every
/// message it gives up on or retries).
#[derive(Debug, Clone, PartialEq)]
struct RouterNames {
    parking: (Name, Name),
    retry_exchange: Name,
    retry_keys: Vec<Name>,
}

impl RouterNames {
    fn of(behaviour: &Behaviour) -> Option<RouterNames> {
        match behaviour {
            Behaviour::RetryRouter {
                parking_exchange,
                parking_routing_key,
                retry_exchange,
                retry_keys,
                ..
            } => Some(RouterNames {
                parking: (Name::new(parking_exchange), Name::new(parking_routing_key)),
                retry_exchange: Name::new(retry_exchange),
                retry_keys: retry_keys.iter().map(|k| Name::new(k)).collect(),
            }),
            _ => None,
        }
    }
}

impl ScriptedConsumer {
    pub fn new(behaviour: Behaviour) -> ScriptedConsumer {
        ScriptedConsumer {
            router: RouterNames::of(&behaviour),
            behaviour,
            attempts: BTreeMap::new(),
        }
    }

    /// How long it works on a delivery before settling it (`None`: it never settles itself).
    pub fn work_ms(&self) -> Option<u64> {
        self.behaviour.work_ms()
    }

    /// Its work on delivery `tag` is done: settle it as the behaviour says.
    pub fn done(
        &mut self,
        e: &mut Engine,
        rng: &mut SimRng,
        consumer: u64,
        channel: u32,
        tag: u64,
    ) {
        let Some(c) = e.consumer(consumer) else { return };
        let (queue, delivered) = (c.queue, c.delivered);
        let Some(u) = e.delivery(channel, tag) else { return };
        let mut republish = None;
        let outcome = match &self.behaviour {
            Behaviour::Manual => return,
            Behaviour::Ack { .. } => None,
            Behaviour::Reject { requeue, .. } => Some(*requeue),
            Behaviour::FailThenSucceed { failures, requeue, .. } => {
                let a = self.attempts.entry(u.entry.msg.lineage).or_insert(0);
                *a += 1;
                (*a <= *failures).then_some(*requeue)
            }
            Behaviour::FailPercent { percent, requeue, .. } => {
                rng.chance_percent(*percent).then_some(*requeue)
            }
            Behaviour::RetryRouter { max_attempts, .. } => {
                let Some(names) = &self.router else { return };
                let headers = &u.entry.msg.props.headers;
                let ladder = !names.retry_exchange.is_empty();
                let attempts = if ladder {
                    headers.get("x-retry-count").and_then(FieldValue::as_i64).unwrap_or(0)
                } else {
                    death_count(headers, &queue, Reason::Rejected)
                };
                if attempts < *max_attempts as i64 && !ladder {
                    Some(false)
                } else {
                    let mut props = u.entry.msg.props.clone();
                    let (exchange, routing_key) = if attempts < *max_attempts as i64 {
                        let keys = &names.retry_keys;
                        let i = (attempts.max(0) as usize).min(keys.len().saturating_sub(1));
                        Arc::make_mut(&mut props)
                            .headers
                            .set("x-retry-count", FieldValue::Long(attempts + 1));
                        let key = keys.get(i).copied().unwrap_or_else(|| Name::new(""));
                        (names.retry_exchange, key)
                    } else {
                        names.parking
                    };
                    let body = u.entry.msg.body.clone();
                    republish =
                        Some(Outgoing { exchange, routing_key, body, props, mandatory: false });
                    None
                }
            }
            Behaviour::CrashAfter { deliveries, .. } => {
                if delivered >= *deliveries as u64 {
                    e.crash_channel(channel);
                    return;
                }
                None
            }
        };
        if let Some(out) = republish {
            // A missing exchange is the scenario's mistake: the message stays unacked.
            if e.publish_as(out, CONSUMER_RULE).is_err() {
                return;
            }
        }
        let _ = match outcome {
            None => e.ack_as(channel, tag, CONSUMER_RULE),
            Some(requeue) => e.reject_as(channel, tag, requeue, CONSUMER_RULE),
        };
    }
}
