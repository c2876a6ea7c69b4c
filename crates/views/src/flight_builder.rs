//! Building a run's [`Flights`] an event at a time, so a long log can be read in slices (the
//! page stays responsive while a big run loads).

use std::collections::{BTreeMap, BTreeSet};

use crate::engine::event::{DropRule, Event, EventKind, Name};
use crate::engine::Reason;

use super::fate::{drop_fate, event_fate, CopyFate, NodeIds, PUBLISHER_ID};
use super::flight::{Flights, Hop, STEP_US};
use super::layout::EdgeKind;

/// The hops read so far and what reading the next event needs to know.
pub struct FlightsBuilder {
    f: Flights,
    ids: NodeIds,
    publisher: Name,
    /// Publishes a consumer made (see [`super::republish`]), read beforehand.
    republished: BTreeMap<u64, String>,
    /// copy → its last hop
    last_hop: BTreeMap<u64, usize>,
    /// lineage → its publish hop
    publish_hop: BTreeMap<u64, usize>,
    /// dead-lettered copy → its hop
    dl_hop: BTreeMap<u64, usize>,
    dl_parent: BTreeMap<u64, u64>,
    /// copies at a consumer
    at_consumer: BTreeSet<u64>,
    /// lineage → the queues it visited
    visited: BTreeMap<u64, Vec<Name>>,
}

impl FlightsBuilder {
    /// Starts reading a log whose consumers' republishes are `republished`.
    pub fn new(republished: BTreeMap<u64, String>) -> FlightsBuilder {
        FlightsBuilder {
            f: Flights::default(),
            ids: NodeIds::default(),
            publisher: Name::new(PUBLISHER_ID),
            republished,
            last_hop: BTreeMap::new(),
            publish_hop: BTreeMap::new(),
            dl_hop: BTreeMap::new(),
            dl_parent: BTreeMap::new(),
            at_consumer: BTreeSet::new(),
            visited: BTreeMap::new(),
        }
    }

    /// Reads the next event of the log.
    pub fn feed(&mut self, ev: &Event) {
        let FlightsBuilder {
            f,
            ids,
            publisher,
            republished,
            last_hop,
            publish_hop,
            dl_hop,
            dl_parent,
            at_consumer,
            visited,
        } = self;
        let publisher = *publisher;
        let lineage = ev.lineage.unwrap_or(u64::MAX);
        // A publish is not a copy yet (the log gives it a placeholder id).
        let copy = if matches!(ev.kind, EventKind::Published { .. }) { None } else { ev.msg };
        let at = ev.at_us.as_us();
        let pred_and_hop: Option<(Option<usize>, Name, Name, EdgeKind, CopyFate)> = match &ev.kind {
            EventKind::Published { exchange, .. } => Some((
                None,
                // A consumer's republish (a retry router) leaves from that consumer.
                republished.get(&ev.seq).map(|q| ids.consumer(Name::new(q))).unwrap_or(publisher),
                ids.exchange(*exchange),
                EdgeKind::Publish,
                CopyFate::Routed,
            )),
            EventKind::Enqueued { queue, from } => {
                visited.entry(lineage).or_default().push(*queue);
                match from {
                    None => {
                        let pred = publish_hop.get(&lineage).copied();
                        let src = pred.map(|i| f.hops[i].to).unwrap_or(publisher);
                        Some((pred, src, ids.queue(*queue), EdgeKind::Binding, CopyFate::Routed))
                    }
                    Some(x) => {
                        if let (Some(c), Some(p)) = (copy, dl_parent.get(x)) {
                            f.parent.insert(c, *p);
                        }
                        let pred = dl_hop.get(x).copied();
                        let src = pred.map(|i| f.hops[i].to).unwrap_or(publisher);
                        Some((pred, src, ids.queue(*queue), EdgeKind::Binding, CopyFate::Routed))
                    }
                }
            }
            EventKind::Delivered { queue, .. } => {
                if let Some(c) = copy {
                    at_consumer.insert(c);
                }
                Some((
                    copy.and_then(|c| last_hop.get(&c).copied()),
                    ids.queue(*queue),
                    ids.consumer(*queue),
                    EdgeKind::Consume,
                    CopyFate::Delivered,
                ))
            }
            EventKind::Acked { queue } => {
                let at_node = if copy.map(|c| at_consumer.contains(&c)).unwrap_or(false) {
                    ids.consumer(*queue)
                } else {
                    ids.queue(*queue)
                };
                Some((
                    copy.and_then(|c| last_hop.get(&c).copied()),
                    at_node,
                    at_node,
                    EdgeKind::Consume,
                    CopyFate::Acked,
                ))
            }
            EventKind::Requeued { queue } | EventKind::RetryDelayed { queue, .. } => {
                // Back from its consumer; or, after a delayed retry, back from waiting in
                // the queue itself (a mark there).
                let from_consumer = copy.map(|c| at_consumer.remove(&c)).unwrap_or(true);
                let from = if from_consumer { ids.consumer(*queue) } else { ids.queue(*queue) };
                Some((
                    copy.and_then(|c| last_hop.get(&c).copied()),
                    from,
                    ids.queue(*queue),
                    EdgeKind::Consume,
                    CopyFate::Requeued,
                ))
            }
            EventKind::Died { queue, reason } => {
                let fate = event_fate(&ev.kind).unwrap_or(CopyFate::Dropped);
                let at_node = if *reason == Reason::Rejected
                    && copy.map(|c| at_consumer.contains(&c)).unwrap_or(false)
                {
                    ids.consumer(*queue)
                } else {
                    ids.queue(*queue)
                };
                Some((
                    copy.and_then(|c| last_hop.get(&c).copied()),
                    at_node,
                    at_node,
                    EdgeKind::Consume,
                    fate,
                ))
            }
            EventKind::DeadLettered { queue, from: died, exchange, targets, .. } => {
                if let Some(c) = copy {
                    dl_parent.insert(c, *died);
                }
                let seen = visited.get(&lineage);
                let looping =
                    targets.iter().any(|t| seen.map(|v| v.iter().any(|q| q == t)).unwrap_or(false));
                let fate = if looping { CopyFate::Looping } else { CopyFate::DeadLettered };
                // A held copy moves on from its hold; any other from the death itself.
                let pred = copy
                    .and_then(|c| last_hop.get(&c).copied())
                    .or_else(|| last_hop.get(died).copied());
                Some((pred, ids.queue(*queue), ids.exchange(*exchange), EdgeKind::DeadLetter, fate))
            }
            EventKind::HeldForDeadLetter { queue, from: died } => {
                let pred = copy
                    .and_then(|c| last_hop.get(&c).copied())
                    .or_else(|| last_hop.get(died).copied());
                Some((
                    pred,
                    ids.queue(*queue),
                    ids.queue(*queue),
                    EdgeKind::DeadLetter,
                    CopyFate::Held,
                ))
            }
            EventKind::Dropped(rule) => {
                let pred = copy
                    .and_then(|c| last_hop.get(&c).copied())
                    .or_else(|| publish_hop.get(&lineage).copied());
                let at_node = match (rule, pred) {
                    (DropRule::QueueGone { queue }, _) | (DropRule::TargetRefused { queue }, _) => {
                        ids.queue(*queue)
                    }
                    (_, Some(i)) => f.hops[i].to,
                    (DropRule::Unroutable { exchange }, None) => ids.exchange(*exchange),
                    _ => publisher,
                };
                Some((pred, at_node, at_node, EdgeKind::DeadLetter, drop_fate(rule)))
            }
            _ => None,
        };
        let Some((pred, from, to, kind, fate)) = pred_and_hop else { return };
        // Same-instant hops play one after another; a later event starts on time.
        let start = match pred.map(|i| &f.hops[i]) {
            Some(p) if p.at_us == at => p.end_us.max(at),
            _ => at,
        };
        // A later event starts on time: the copy's moves of the previous instant that would
        // still be playing share the time left before it, in turn.
        if let Some(i) = pred {
            if f.hops[i].end_us > start {
                f.squeeze(i, start);
            }
        }
        let idx = f.hops.len();
        f.hops.push(Hop {
            seq: ev.seq,
            copy,
            lineage,
            from,
            to,
            kind,
            fate,
            at_us: at,
            start_us: start,
            end_us: start + STEP_US,
            pred,
        });
        match &ev.kind {
            EventKind::Published { .. } => {
                publish_hop.insert(lineage, idx);
            }
            EventKind::DeadLettered { .. } => {
                if let Some(c) = copy {
                    dl_hop.insert(c, idx);
                }
            }
            _ => {
                if let Some(c) = copy {
                    last_hop.insert(c, idx);
                }
            }
        }
    }

    /// The hops, with the index of what is moving when.
    pub fn finish(self) -> Flights {
        let mut f = self.f;
        // (start, index) pairs are distinct: an unstable sort gives the one order.
        let mut by_start: Vec<(u64, usize)> =
            f.hops.iter().enumerate().map(|(i, h)| (h.start_us, i)).collect();
        by_start.sort_unstable();
        f.by_start = by_start.into_iter().map(|(_, i)| i).collect();
        f
    }
}
