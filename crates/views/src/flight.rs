//! Message hops from the event log: where each copy moved, its fate, and where a dot is drawn.
//!
//! The engine is instantaneous, so each hop gets a visual transit of [`STEP_US`] of virtual time.
//! Hops that follow each other at the same instant play one after another; a hop is cut short
//! when the same copy's next hop starts, so a copy is never drawn twice.

use std::collections::BTreeMap;

use crate::engine::event::Name;
use crate::engine::EventLog;

pub use super::fate::{
    consumer_id, current_fate, event_fate, exchange_id, queue_id, resting_fate, CopyFate,
    PUBLISHER_ID,
};
use super::flight_builder::FlightsBuilder;
use super::layout::EdgeKind;
use crate::i18n::Message;
use crate::message;

/// Virtual time one hop takes on screen, in microseconds.
pub const STEP_US: u64 = 250_000;

/// One move (or mark, when `from == to`) of a message copy.
#[derive(Clone, Debug, PartialEq)]
pub struct Hop {
    /// The event that caused it (unique: its `seq`).
    pub seq: u64,
    /// The copy moving (for a publish, the first copy routed, or none).
    pub copy: Option<u64>,
    /// The publish this copy descends from.
    pub lineage: u64,
    /// Node ids (interned: a run has few nodes and many hops).
    pub from: Name,
    pub to: Name,
    /// How the path bends.
    pub kind: EdgeKind,
    /// What is happening.
    pub fate: CopyFate,
    /// When the event happened, and the visual window of the move.
    pub at_us: u64,
    pub start_us: u64,
    pub end_us: u64,
    /// The same copy's previous hop (index into [`Flights::hops`]).
    pub pred: Option<usize>,
}

/// Where a dot is on its hop: 0 at `start_us`, 1 at `end_us`; `None` outside the window.
pub fn progress(start_us: u64, end_us: u64, now_us: u64) -> Option<f64> {
    if now_us < start_us || now_us >= end_us {
        return None;
    }
    Some((now_us - start_us) as f64 / (end_us - start_us) as f64)
}

/// Every hop of a run, the ancestry of copies, and fast lookup of what is moving.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Flights {
    /// Hops in event order.
    pub hops: Vec<Hop>,
    /// Hop indexes sorted by `start_us`.
    pub(super) by_start: Vec<usize>,
    /// A dead-lettered copy → the copy that died (its parent).
    pub parent: BTreeMap<u64, u64>,
}

impl Flights {
    /// Builds the hops of a whole event log.
    pub fn from_events(events: &EventLog) -> Flights {
        let mut b = FlightsBuilder::new(super::republish::republished_by_consumers(events));
        events.iter().for_each(|e| b.feed(&e));
        b.finish()
    }

    /// Fits the chain of same-instant hops ending at `last` into `[their instant, limit]`.
    pub(super) fn squeeze(&mut self, last: usize, limit: u64) {
        let at = self.hops[last].at_us;
        let mut chain = vec![last];
        let mut cur = last;
        while let Some(p) = self.hops[cur].pred {
            if self.hops[p].at_us != at || chain.len() > 64 {
                break;
            }
            chain.push(p);
            cur = p;
        }
        chain.reverse();
        let span = limit.saturating_sub(at) / chain.len() as u64;
        for (k, &i) in chain.iter().enumerate() {
            let start = at + span * k as u64;
            let h = &mut self.hops[i];
            h.start_us = h.start_us.min(start).max(at);
            h.end_us = h.end_us.min(start + span).max(h.start_us);
        }
    }

    /// Indexes of the hops on screen at `now_us` (their window contains it), in start order.
    pub fn moving_at(&self, now_us: u64) -> Vec<usize> {
        let lo = now_us.saturating_sub(STEP_US);
        let first = self.by_start.partition_point(|&i| self.hops[i].start_us < lo);
        let last = self.by_start.partition_point(|&i| self.hops[i].start_us <= now_us);
        self.by_start[first..last]
            .iter()
            .copied()
            .filter(|&i| progress(self.hops[i].start_us, self.hops[i].end_us, now_us).is_some())
            .collect()
    }

    /// The copies a copy descends from, oldest first, ending with `copy` itself.
    pub fn ancestry(&self, copy: u64) -> Vec<u64> {
        let mut chain = vec![copy];
        let mut cur = copy;
        while let Some(&p) = self.parent.get(&cur) {
            if chain.contains(&p) || chain.len() > 10_000 {
                break;
            }
            chain.push(p);
            cur = p;
        }
        chain.reverse();
        chain
    }

    /// The last fate recorded for a copy up to `now_us` (what its dot's look says).
    pub fn fate_of(&self, copy: u64, now_us: u64) -> Option<CopyFate> {
        self.hops.iter().rev().find(|h| h.copy == Some(copy) && h.at_us <= now_us).map(|h| h.fate)
    }
}

/// The name of a fate (shown on hover, in the legend and in the log), a label: building it
/// allocates nothing, and [`Message::label`] borrows its words from the catalogue.
pub fn fate_name(fate: CopyFate) -> Message {
    match fate {
        CopyFate::Routed => message!("fate-name-routed"),
        CopyFate::Waiting => message!("fate-name-waiting"),
        CopyFate::Delivered => message!("fate-name-delivered"),
        CopyFate::Acked => message!("fate-name-acked"),
        CopyFate::Rejected => message!("fate-name-rejected"),
        CopyFate::Requeued => message!("fate-name-requeued"),
        CopyFate::Expired => message!("fate-name-expired"),
        CopyFate::ExpiredWaiting => message!("fate-name-expired-waiting"),
        CopyFate::Overflowed => message!("fate-name-overflowed"),
        CopyFate::DeliveryLimit => message!("fate-name-delivery-limit"),
        CopyFate::DeadLettered => message!("fate-name-dead-lettered"),
        CopyFate::Looping => message!("fate-name-looping"),
        CopyFate::Held => message!("fate-name-held"),
        CopyFate::DroppedUnroutable => message!("fate-name-dropped-unroutable"),
        CopyFate::DroppedNoDlx => message!("fate-name-dropped-no-dlx"),
        CopyFate::DroppedNoRoute => message!("fate-name-dropped-no-route"),
        CopyFate::DroppedCycle => message!("fate-name-dropped-cycle"),
        CopyFate::Dropped => message!("fate-name-dropped"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};

    fn run(id: &str) -> Run {
        let s = presets::preset(id).unwrap();
        let mut r = Run::new(&s).unwrap();
        r.advance_to(r.end()).unwrap();
        r
    }

    #[test]
    fn progress_is_a_pure_function_of_the_window() {
        assert_eq!(progress(100, 200, 99), None);
        assert_eq!(progress(100, 200, 100), Some(0.0));
        assert_eq!(progress(100, 200, 150), Some(0.5));
        assert_eq!(progress(100, 200, 200), None);
    }

    #[test]
    fn same_instant_hops_play_in_turn_and_never_overlap_for_one_copy() {
        let r = run("four-reasons");
        let f = Flights::from_events(r.engine().events());
        // The rejected message: published, routed, delivered at 100 ms, one after another.
        let first: Vec<&Hop> = f.hops.iter().filter(|h| h.lineage == 1).take(3).collect();
        assert_eq!(first[0].from, "p");
        assert_eq!(first[1].to, "q:orders.rejected");
        assert_eq!(first[2].to, "c:orders.rejected");
        assert!(first[0].end_us <= first[1].start_us && first[1].end_us <= first[2].start_us);
        for h in &f.hops {
            assert!(h.start_us >= h.at_us && h.end_us >= h.start_us, "{h:?}");
        }
        for c in f.hops.iter().filter_map(|h| h.copy) {
            let mine: Vec<&Hop> = f.hops.iter().filter(|h| h.copy == Some(c)).collect();
            for w in mine.windows(2) {
                assert!(w[0].end_us <= w[1].start_us, "copy {c} overlaps: {w:?}");
            }
        }
        let fates: Vec<CopyFate> = f.hops.iter().map(|h| h.fate).collect();
        for want in [
            CopyFate::Rejected,
            CopyFate::Expired,
            CopyFate::Overflowed,
            CopyFate::DeliveryLimit,
            CopyFate::DeadLettered,
            CopyFate::Requeued,
        ] {
            assert!(fates.contains(&want), "{want:?} missing");
        }
        // The dead-lettered copy descends from the copy that died.
        let dlq_copy =
            f.hops.iter().find(|h| h.to == "q:dead.letters").and_then(|h| h.copy).unwrap();
        assert_eq!(f.ancestry(dlq_copy).len(), 2);
    }

    #[test]
    fn copies_dying_at_one_instant_each_descend_from_their_own_death() {
        // One publish fans out to two queues with the same TTL: both copies die at 1 s, and
        // each dead letter must trace back to its own queue, not to whichever died last.
        let s = crate::scenario::Scenario::parse(
            r#"{"version": 1, "profile": "rabbitmq-4", "seed": 1, "duration_ms": 3000,
                "exchanges": [{"name": "fan", "type": "fanout"}, {"name": "dlx", "type": "fanout"}],
                "queues": [
                    {"name": "a", "arguments": {"x-message-ttl": 1000, "x-dead-letter-exchange": "dlx"}},
                    {"name": "b", "arguments": {"x-message-ttl": 1000, "x-dead-letter-exchange": "dlx"}},
                    {"name": "dlq", "arguments": {}}],
                "bindings": [{"exchange": "fan", "queue": "a"}, {"exchange": "fan", "queue": "b"},
                             {"exchange": "dlx", "queue": "dlq"}],
                "timeline": [{"at_ms": 0, "op": "publish", "exchange": "fan", "routing_key": "k"}]}"#,
        )
        .unwrap();
        let mut r = Run::new(&s).unwrap();
        r.advance_to(r.end()).unwrap();
        let f = Flights::from_events(r.engine().events());
        let first_queue = |copy: u64| {
            let root = f.ancestry(copy)[0];
            f.hops
                .iter()
                .find(|h| h.copy == Some(root) && h.to.starts_with("q:"))
                .map(|h| h.to.to_string())
        };
        let mut origins: Vec<Option<String>> = f
            .hops
            .iter()
            .filter(|h| h.to == "q:dlq")
            .filter_map(|h| h.copy)
            .map(first_queue)
            .collect();
        origins.sort();
        assert_eq!(origins, vec![Some("q:a".to_string()), Some("q:b".to_string())]);
    }

    #[test]
    fn cycles_and_loops_are_named() {
        let f = Flights::from_events(run("dead-letter-cycle").engine().events());
        assert!(f.hops.iter().any(|h| h.fate == CopyFate::DroppedCycle && h.from == h.to));
        assert!(f.hops.iter().any(|h| h.fate == CopyFate::Looping));
        let f = Flights::from_events(run("trap-missing-dlx").engine().events());
        assert!(f.hops.iter().any(|h| h.fate == CopyFate::DroppedNoDlx), "{:?}", f.hops);
    }

    #[test]
    fn moving_at_finds_exactly_the_open_windows() {
        let f = Flights::from_events(run("main-queue-dlq").engine().events());
        for now in (0..5_000_000u64).step_by(37_000) {
            let got = f.moving_at(now);
            let want: Vec<usize> = {
                let mut v: Vec<usize> = (0..f.hops.len())
                    .filter(|&i| progress(f.hops[i].start_us, f.hops[i].end_us, now).is_some())
                    .collect();
                v.sort_by_key(|&i| (f.hops[i].start_us, i));
                v
            };
            assert_eq!(got, want, "at {now}");
        }
    }

    #[test]
    fn resting_messages_past_their_deadline_wait_behind_the_head() {
        assert_eq!(resting_fate(Some(10), 20, false), CopyFate::ExpiredWaiting);
        assert_eq!(resting_fate(Some(10), 20, true), CopyFate::Waiting);
        assert_eq!(resting_fate(Some(30), 20, false), CopyFate::Waiting);
        assert_eq!(resting_fate(None, 20, false), CopyFate::Waiting);
        for f in CopyFate::ALL {
            assert_eq!(CopyFate::from_css_class(f.css_class()), Some(f));
        }
    }

    #[test]
    fn an_arrived_copy_is_waiting_not_routed() {
        assert_eq!(
            current_fate(Some(CopyFate::Routed), Some((None, false)), 5),
            Some(CopyFate::Waiting)
        );
        assert_eq!(
            current_fate(Some(CopyFate::Requeued), Some((Some(3), false)), 5),
            Some(CopyFate::ExpiredWaiting)
        );
        assert_eq!(
            current_fate(Some(CopyFate::Requeued), Some((Some(3), true)), 5),
            Some(CopyFate::Waiting)
        );
        // Still moving on its hop, delivered, or gone: the recorded fate stands.
        assert_eq!(current_fate(Some(CopyFate::Routed), None, 5), Some(CopyFate::Routed));
        assert_eq!(
            current_fate(Some(CopyFate::Delivered), Some((None, true)), 5),
            Some(CopyFate::Delivered)
        );
        assert_eq!(
            current_fate(Some(CopyFate::DeadLettered), None, 5),
            Some(CopyFate::DeadLettered)
        );
    }
}
