//! One timeline for the views: built once from a run played to its end, it holds the whole
//! event log and everything derived from it (every copy's hops, the deaths, the diagram, the
//! depth series, each copy's headers), and answers for any moment. The present state of the
//! broker (what is in a queue now, its settings now) is the run's, which seeks to the moment;
//! everything about time — what happened before or after, where a copy flies — is read here.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::engine::event_log::{self, EventLog};
use crate::engine::message::{Message, MsgId};
use crate::scenario::playground::run::Run;
use crate::viz::appearance::Appearance;
use crate::viz::death_label::death_hops;
use crate::viz::depth::{Depths, Series};
use crate::viz::diagram::{build, Diagram};
use crate::viz::flight::Flights;
use crate::viz::flight_builder::FlightsBuilder;
use crate::viz::republish::Republished;
use crate::viz::{layout, Layout};

/// The whole run, read by moment.
#[derive(Debug, Clone)]
pub struct Timeline {
    /// Every event of the run, in order (times never go back): the run's own log, its
    /// chunks shared with it.
    pub events: EventLog,
    /// Each message copy as it entered its queue (the inspector's headers hop by hop).
    copies: BTreeMap<MsgId, Arc<Message>>,
    pub flights: Flights,
    /// The hops where a copy dies or is dropped (see [`death_hops`]).
    pub deaths: Vec<usize>,
    /// The first copy of each publish (what clicking a message still on its publish hop selects).
    pub first_copy: BTreeMap<u64, u64>,
    pub diagram: Diagram,
    /// When each node and binding the timeline declares or deletes is drawn.
    pub appearance: Appearance,
    pub layout: Layout,
    /// Each queue's ready depth over time.
    pub depth: BTreeMap<String, Series>,
    /// Where the run ends (the scenario's duration, or earlier if it stalled), at least 1 µs.
    pub end_us: u64,
    /// The run stopped on its step budget (an endless zero-delay loop).
    pub stalled: bool,
}

/// Reads a run's log into a [`Timeline`] a slice at a time: first the consumers'
/// republishes, then the hops and depths; [`TimelineBuilder::finish`] adds the diagram.
pub struct TimelineBuilder {
    events: EventLog,
    /// Events read in the current pass.
    read: usize,
    republished: Option<Republished>,
    flights: Option<FlightsBuilder>,
    depths: Depths,
}

impl TimelineBuilder {
    /// Starts reading `run`, which has been played to its end.
    pub fn new(run: &Run) -> TimelineBuilder {
        TimelineBuilder {
            events: run.engine().events().clone(),
            read: 0,
            republished: Some(Republished::default()),
            flights: None,
            depths: Depths::default(),
        }
    }

    /// Reads about `events` more events; true once every pass is done.
    pub fn work(&mut self, events: usize) -> bool {
        let to = self.read.saturating_add(events).min(self.events.len());
        if let Some(r) = self.republished.as_mut() {
            self.events.range(self.read..to).for_each(|e| r.feed(&e));
            self.read = to;
            if to == self.events.len() {
                let r = self.republished.take().unwrap_or_default().finish();
                self.flights = Some(FlightsBuilder::new(r));
                self.read = 0;
            }
            return false;
        }
        if let Some(f) = self.flights.as_mut() {
            for e in self.events.range(self.read..to) {
                f.feed(&e);
                self.depths.feed(&e);
            }
            self.read = to;
        }
        self.read == self.events.len()
    }

    /// How much of the log has been read, from 0 to 1 (two passes).
    pub fn progress(&self) -> f64 {
        let n = self.events.len().max(1) as f64;
        let pass = if self.republished.is_some() { 0.0 } else { 1.0 };
        ((pass + self.read as f64 / n) / 2.0).min(1.0)
    }

    /// The timeline of `run` (the run this builder read, at its end).
    pub fn finish(mut self, run: &Run) -> Timeline {
        while !self.work(usize::MAX) {}
        let flights = self.flights.take().map(FlightsBuilder::finish).unwrap_or_default();
        Timeline::assemble(run, self.events, flights, self.depths.finish())
    }
}

impl Timeline {
    /// Reads `run`, which has been played to its end.
    pub fn of(run: &Run) -> Timeline {
        TimelineBuilder::new(run).finish(run)
    }

    fn assemble(
        run: &Run,
        events: EventLog,
        flights: Flights,
        depth: BTreeMap<String, Series>,
    ) -> Timeline {
        let e = run.engine();
        let mut first_copy = BTreeMap::new();
        for h in &flights.hops {
            if let Some(c) = h.copy {
                first_copy.entry(h.lineage).or_insert(c);
            }
        }
        let diagram = build(e, &flights);
        let layout = layout(&diagram.node_specs(), &diagram.edge_specs());
        Timeline {
            copies: e.message_copies().cloned().unwrap_or_default(),
            deaths: death_hops(&flights),
            appearance: Appearance::from_steps(run.timeline_steps()),
            depth,
            end_us: run.now().as_us().max(1),
            stalled: run.stalled,
            events,
            flights,
            first_copy,
            diagram,
            layout,
        }
    }

    /// The events up to and including `t_us`.
    pub fn events_until(&self, t_us: u64) -> event_log::Iter<'_> {
        self.events.range(0..self.events.count_until(t_us))
    }

    /// The events in (`from_us`, `to_us`].
    pub fn events_between(&self, from_us: u64, to_us: u64) -> event_log::Iter<'_> {
        let start = self.events.count_until(from_us);
        let end = self.events.count_until(to_us);
        self.events.range(start..end.max(start))
    }

    /// The time of the first event after `t_us`, if any.
    pub fn next_event_after(&self, t_us: u64) -> Option<u64> {
        self.events.at_us(self.events.count_until(t_us))
    }

    /// The time of the last event before `t_us`, if any.
    pub fn prev_event_before(&self, t_us: u64) -> Option<u64> {
        let i = self.events.partition_point_at(|at| at < t_us);
        i.checked_sub(1).and_then(|k| self.events.at_us(k))
    }

    /// A message copy as it entered its queue.
    pub fn message_copy(&self, id: MsgId) -> Option<&Message> {
        self.copies.get(&id).map(|m| &**m)
    }

    /// Queue names in diagram order.
    pub fn queue_names(&self) -> Vec<String> {
        self.diagram
            .nodes
            .iter()
            .filter_map(|n| n.spec.id.strip_prefix("q:").map(str::to_string))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SimTime;
    use crate::scenario::playground::presets;
    use crate::scenario::Lang;

    fn played(id: &str) -> Run {
        let s = presets::preset_in(id, Lang::En).unwrap();
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        run
    }

    #[test]
    fn the_run_seeks_back_and_forth_under_one_timeline() {
        let mut run = played("four-reasons");
        let t = Timeline::of(&run);
        assert!(!t.events.is_empty() && !t.flights.hops.is_empty());
        let mid = t.events.at_us(t.events.len() / 2).unwrap();
        // The present seeks back: its log is exactly the timeline's up to the moment.
        run.seek(SimTime(mid)).unwrap();
        assert_eq!(run.engine().events().to_vec(), t.events_until(mid).collect::<Vec<_>>());
        // And forward again to the end: the same log as the timeline's.
        run.advance_to(run.end()).unwrap();
        assert_eq!(run.engine().events(), &t.events);
        for ev in &t.events {
            if let Some(m) = ev.msg {
                assert_eq!(t.message_copy(m), run.engine().message_copy(m));
            }
        }
    }

    #[test]
    fn a_timeline_read_in_slices_is_the_one_read_at_once() {
        for id in ["four-reasons", "retry-ladder", "dead-letter-cycle"] {
            let run = played(id);
            let whole = Timeline::of(&run);
            let mut b = TimelineBuilder::new(&run);
            let mut slices = 0;
            while !b.work(7) {
                slices += 1;
                assert!(b.progress() < 1.0);
            }
            assert!(slices > 2, "{id} was read in one slice");
            let sliced = b.finish(&run);
            assert_eq!(sliced.events, whole.events);
            assert_eq!(sliced.flights, whole.flights, "{id}");
            assert_eq!(sliced.depth, whole.depth, "{id}");
            assert_eq!(sliced.deaths, whole.deaths, "{id}");
        }
    }

    #[test]
    fn moments_find_the_neighbouring_events() {
        let t = Timeline::of(&played("four-reasons"));
        let first = t.events.at_us(0).unwrap();
        let last = t.events.last().unwrap().at_us.as_us();
        assert_eq!(t.prev_event_before(first), None);
        assert_eq!(t.next_event_after(last), None);
        let mid = t.events.at_us(t.events.len() / 2).unwrap();
        let next = t.next_event_after(mid).unwrap();
        assert!(next > mid);
        assert!(t.events_between(mid, next).all(|e| e.at_us.as_us() == next));
        assert!(t.prev_event_before(mid).unwrap() < mid);
        assert_eq!(t.events_until(last).len(), t.events.len());
    }
}
