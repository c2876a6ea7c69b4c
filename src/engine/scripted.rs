//! Scripted consumers: what a consumer with a behaviour (ack, reject, fail a share, route
//! retries, crash) does with a delivery once its work time is over.

use std::sync::Arc;

use super::broker::Engine;
use super::client::Return;
use super::consumer::Behaviour;
use super::event::{Cause, Name};
use super::headers::FieldValue;
use super::publish::Outgoing;

/// How often a message's x-death says it was rejected from `queue`.
fn rejections_in(headers: &super::headers::FieldTable, queue: &str) -> i64 {
    match headers.get("x-death") {
        Some(FieldValue::Array(entries)) => entries
            .iter()
            .find_map(|v| match v {
                FieldValue::Table(t)
                    if t.get("queue").and_then(FieldValue::as_str) == Some(queue)
                        && t.get("reason").and_then(FieldValue::as_str) == Some("rejected") =>
                {
                    t.get("count").and_then(FieldValue::as_i64)
                }
                _ => None,
            })
            .unwrap_or(0),
        _ => 0,
    }
}

impl Engine {
    /// A scripted consumer finished working on a delivery: settle it as its behaviour says.
    pub(crate) fn on_consumer_done(&mut self, consumer: u64, channel: u32, tag: u64) {
        let Some(c) = self.consumers.get_mut(&consumer) else { return };
        let Some(u) = self.channels.get(&channel).and_then(|ch| ch.unacked.get(&tag)) else {
            return;
        };
        let cause = &Cause::Rule { rule: "consumer_behaviour" };
        let mut republish = None;
        let outcome = match &c.behaviour {
            Behaviour::Manual => return,
            Behaviour::Ack { .. } => None,
            Behaviour::Reject { requeue, .. } => Some(*requeue),
            Behaviour::FailThenSucceed { failures, requeue, .. } => {
                // Deliveries are counted per message only for the behaviour that needs them.
                let a = c.attempts.entry(u.entry.msg.lineage).or_insert(0);
                *a += 1;
                (*a <= *failures).then_some(*requeue)
            }
            Behaviour::FailPercent { percent, requeue, .. } => {
                self.rng.chance_percent(*percent).then_some(*requeue)
            }
            Behaviour::RetryRouter {
                max_attempts,
                parking_exchange,
                parking_routing_key,
                retry_exchange,
                retry_keys,
                ..
            } => {
                let headers = &u.entry.msg.props.headers;
                let ladder = !retry_exchange.is_empty();
                let attempts = if ladder {
                    headers.get("x-retry-count").and_then(FieldValue::as_i64).unwrap_or(0)
                } else {
                    rejections_in(headers, &c.queue)
                };
                if attempts < *max_attempts as i64 && !ladder {
                    Some(false)
                } else {
                    let mut props = u.entry.msg.props.clone();
                    let (exchange, routing_key) = if attempts < *max_attempts as i64 {
                        let i = (attempts.max(0) as usize).min(retry_keys.len().saturating_sub(1));
                        Arc::make_mut(&mut props)
                            .headers
                            .set("x-retry-count", FieldValue::Long(attempts + 1));
                        let key = retry_keys.get(i).map(String::as_str).unwrap_or_default();
                        (Name::new(retry_exchange), Name::new(key))
                    } else {
                        (Name::new(parking_exchange), Name::new(parking_routing_key))
                    };
                    let body = u.entry.msg.body.clone();
                    republish =
                        Some(Outgoing { exchange, routing_key, body, props, mandatory: false });
                    None
                }
            }
            Behaviour::CrashAfter { deliveries, .. } => {
                if c.delivered >= *deliveries as u64 {
                    self.close_channel_inner(channel);
                    return;
                }
                None
            }
        };
        if let Some(out) = republish {
            // A missing exchange is the scenario's mistake: the message stays unacked.
            if self.publish_outgoing(out, cause).is_err() {
                return;
            }
        }
        let _ = match outcome {
            None => self.ack_with(channel, tag, false, cause),
            Some(requeue) => self.negative(channel, tag, false, requeue, Return::Reject, cause),
        };
    }
}
