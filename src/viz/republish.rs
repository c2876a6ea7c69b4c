//! Which publishes a consumer made itself (a retry router republishing a failed message to a
//! retry or parking exchange), so the graph draws them from that consumer, not from the
//! publishers.

use std::collections::BTreeMap;

use crate::engine::event::{Cause, Event, EventKind};
use crate::engine::EventLog;

/// The publishes a consumer made while handling a delivery (a retry router republishing to a
/// retry or parking exchange), by event `seq`, with the queue it consumed from: the broker logs
/// them with the consumer-behaviour cause, and the handled delivery's ack follows them.
pub fn republished_by_consumers(events: &EventLog) -> BTreeMap<u64, String> {
    let by_consumer = |e: &Event| matches!(e.cause, Cause::Rule { rule: "consumer_behaviour" });
    let mut out = BTreeMap::new();
    let mut pending: Vec<u64> = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::Published { .. } if by_consumer(&e) => pending.push(e.seq),
            EventKind::Acked { queue } if by_consumer(&e) && !pending.is_empty() => {
                for seq in pending.drain(..) {
                    out.insert(seq, queue.to_string());
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};
    use crate::viz::flight::Flights;

    #[test]
    fn a_retry_routers_republishes_leave_from_its_consumer() {
        let s = presets::preset("retry-ladder").unwrap();
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        let events = run.engine().events();
        let republished = republished_by_consumers(events);
        assert!(!republished.is_empty());
        let flights = Flights::from_events(events);
        let from_consumers: Vec<_> = flights
            .hops
            .iter()
            .filter(|h| h.from.starts_with("c:") && h.to.starts_with("x:"))
            .collect();
        assert_eq!(from_consumers.len(), republished.len());
        for (seq, queue) in &republished {
            let h = flights.hops.iter().find(|h| h.seq == *seq).unwrap();
            assert_eq!(h.from.as_str(), format!("c:{queue}"));
        }
        // The publishers' own publishes still leave from the publishers.
        assert!(flights.hops.iter().any(|h| h.from == "p"));
    }
}
