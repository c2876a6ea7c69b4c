//! When each node and arrow of the graph exists: a queue, exchange or binding declared by the
//! timeline at t > 0 is drawn from that moment only, and one deleted is drawn until then. A
//! pure function of the timeline's steps; what the timeline never names exists from the start.

use std::collections::BTreeMap;

use crate::engine::SimTime;
use crate::scenario::model::step::Step;

use super::flight::{consumer_id, exchange_id, queue_id};
use super::layout::EdgeKind;

/// When a thing is drawn: from `since_us` until `until_us` (excluded), if it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub since_us: u64,
    pub until_us: Option<u64>,
}

impl Window {
    /// Whether the thing is drawn at `now_us`.
    pub fn contains(&self, now_us: u64) -> bool {
        now_us >= self.since_us && self.until_us.is_none_or(|u| now_us < u)
    }
}

/// The windows of the nodes (by id) and of the bindings (by `from`, `to`) the timeline names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Appearance {
    nodes: BTreeMap<String, Window>,
    bindings: BTreeMap<(String, String), Window>,
}

impl Appearance {
    /// Reads the timeline: declarations open a window (unless one is open), deletions close it.
    pub fn from_steps<'a>(steps: impl IntoIterator<Item = (SimTime, &'a Step)>) -> Appearance {
        let mut a = Appearance::default();
        for (t, step) in steps {
            let at = t.as_us();
            match step {
                Step::DeclareQueue { name, .. } => {
                    a.open_node(queue_id(name), at);
                    a.open_node(consumer_id(name), at);
                }
                Step::DeclareExchange { name, .. } => a.open_node(exchange_id(name), at),
                Step::Bind { queue, exchange, .. } => {
                    a.open_binding(exchange_id(exchange), queue_id(queue), at)
                }
                Step::BindExchange { destination, source, .. } => {
                    a.open_binding(exchange_id(source), exchange_id(destination), at)
                }
                Step::DeleteQueue { queue } => {
                    a.close_node(&queue_id(queue), at);
                    a.close_node(&consumer_id(queue), at);
                    let to = queue_id(queue);
                    for (k, w) in a.bindings.iter_mut() {
                        if k.1 == to && w.until_us.is_none() {
                            w.until_us = Some(at);
                        }
                    }
                }
                Step::DeleteExchange { name } => a.close_node(&exchange_id(name), at),
                _ => {}
            }
        }
        a
    }

    fn open_node(&mut self, id: String, at: u64) {
        self.nodes.entry(id).or_insert(Window { since_us: at, until_us: None });
    }

    fn open_binding(&mut self, from: String, to: String, at: u64) {
        self.bindings.entry((from, to)).or_insert(Window { since_us: at, until_us: None });
    }

    fn close_node(&mut self, id: &str, at: u64) {
        let w = self.nodes.entry(id.to_string()).or_insert(Window { since_us: 0, until_us: None });
        if w.until_us.is_none() {
            w.until_us = Some(at);
        }
    }

    /// Whether node `id` is drawn at `now_us`.
    pub fn node_at(&self, id: &str, now_us: u64) -> bool {
        self.nodes.get(id).is_none_or(|w| w.contains(now_us))
    }

    /// Whether the arrow from `from` to `to` is drawn at `now_us`: a binding in its own window,
    /// any arrow only while both its ends are drawn.
    pub fn edge_at(&self, from: &str, to: &str, kind: EdgeKind, now_us: u64) -> bool {
        let own = kind != EdgeKind::Binding
            || self
                .bindings
                .get(&(from.to_string(), to.to_string()))
                .is_none_or(|w| w.contains(now_us));
        own && self.node_at(from, now_us) && self.node_at(to, now_us)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Run, Scenario};

    #[test]
    fn what_the_timeline_declares_later_is_drawn_from_then_and_a_deleted_queue_until_then() {
        let s = Scenario::parse(
            r#"{"version": 1, "duration_ms": 10000,
                "exchanges": [{"name": "app", "type": "direct"}],
                "queues": [{"name": "orders"}],
                "bindings": [{"exchange": "app", "queue": "orders", "routing_key": "o"}],
                "timeline": [
                  {"at_ms": 2000, "op": "declare_queue", "name": "late"},
                  {"at_ms": 3000, "op": "bind", "queue": "late", "exchange": "app", "routing_key": "l"},
                  {"at_ms": 6000, "op": "delete_queue", "queue": "late"}
                ]}"#,
        )
        .unwrap();
        let run = Run::new(&s).unwrap();
        let a = Appearance::from_steps(run.timeline_steps());
        // From the start: the topology's own nodes and binding.
        assert!(a.node_at("q:orders", 0) && a.node_at("x:app", 0));
        assert!(a.edge_at("x:app", "q:orders", EdgeKind::Binding, 0));
        // The late queue: from 2 s to 6 s; its binding from 3 s.
        assert!(!a.node_at("q:late", 1_999_999));
        assert!(a.node_at("q:late", 2_000_000) && a.node_at("q:late", 5_999_999));
        assert!(!a.node_at("q:late", 6_000_000));
        assert!(!a.edge_at("x:app", "q:late", EdgeKind::Binding, 2_500_000));
        assert!(a.edge_at("x:app", "q:late", EdgeKind::Binding, 3_000_000));
        assert!(!a.edge_at("x:app", "q:late", EdgeKind::Binding, 6_000_000));
        // An arrow to a node not yet there is not drawn either.
        assert!(!a.edge_at("q:late", "x:app", EdgeKind::DeadLetter, 1_000_000));
    }
}
