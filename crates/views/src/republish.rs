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
    let mut r = Republished::default();
    events.iter().for_each(|e| r.feed(&e));
    r.finish()
}

/// [`republished_by_consumers`] read an event at a time (a long log is read in slices).
#[derive(Debug, Clone, Default)]
pub struct Republished {
    out: BTreeMap<u64, String>,
    pending: Vec<u64>,
}

impl Republished {
    /// Reads the next event of the log.
    pub fn feed(&mut self, e: &Event) {
        let by_consumer = matches!(e.cause, Cause::Rule { rule: "consumer_behaviour" });
        match &e.kind {
            EventKind::Published { .. } if by_consumer => self.pending.push(e.seq),
            EventKind::Acked { queue } if by_consumer && !self.pending.is_empty() => {
                for seq in self.pending.drain(..) {
                    self.out.insert(seq, queue.to_string());
                }
            }
            _ => {}
        }
    }

    /// The republishes found.
    pub fn finish(self) -> BTreeMap<u64, String> {
        self.out
    }
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
