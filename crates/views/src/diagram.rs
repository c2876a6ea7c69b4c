//! What the topology view draws, derived from the engine: nodes, edges with labels, and facts.

use std::collections::BTreeSet;

use crate::engine::order;
use crate::engine::topology::Destination;
use crate::engine::Engine;

use super::flight::{consumer_id, exchange_id, queue_id, Flights, PUBLISHER_ID};
use super::layout::{EdgeKind, EdgeSpec, NodeKind, NodeSpec};
use super::xdeath::value_text;

/// One node to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramNode {
    /// Id (`p`, `x:NAME`, `q:NAME`, `c:QUEUE`), kind and layer.
    pub spec: NodeSpec,
    /// The name shown (the default exchange's is empty).
    pub label: String,
    /// `(name, value)` facts: exchange type, queue type and arguments.
    pub facts: Vec<(String, String)>,
    /// An exchange named as a dead-letter exchange that does not exist.
    pub missing: bool,
    /// A queue that receives dead letters (a DLQ).
    pub dlq: bool,
}

/// One edge to draw, with an optional label (a binding key).
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramEdge {
    /// Endpoints and kind.
    pub spec: EdgeSpec,
    /// Text at the middle of the edge.
    pub label: Option<String>,
}

/// A whole topology.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagram {
    pub nodes: Vec<DiagramNode>,
    pub edges: Vec<DiagramEdge>,
}

impl Diagram {
    /// The node with this id.
    pub fn node(&self, id: &str) -> Option<&DiagramNode> {
        self.nodes.iter().find(|n| n.spec.id == id)
    }
    /// The layout input for the nodes.
    pub fn node_specs(&self) -> Vec<NodeSpec> {
        self.nodes.iter().map(|n| n.spec.clone()).collect()
    }
    /// The layout input for the edges.
    pub fn edge_specs(&self) -> Vec<EdgeSpec> {
        self.edges.iter().map(|e| e.spec.clone()).collect()
    }
}

fn spec(id: String, kind: NodeKind) -> NodeSpec {
    NodeSpec { id, kind, layer: 0 }
}

/// The diagram of an engine's topology (at any time; declarations are made at time zero), plus
/// every node and path the run's hops use (the default exchange, consumers, republishes).
pub fn build(engine: &Engine, flights: &Flights) -> Diagram {
    let mut d = Diagram::default();
    let mut edge_set: BTreeSet<(String, String, EdgeKind)> = BTreeSet::new();
    let mut add_edge =
        |d: &mut Diagram, from: String, to: String, kind: EdgeKind, label: Option<String>| {
            if edge_set.insert((from.clone(), to.clone(), kind)) {
                d.edges.push(DiagramEdge { spec: EdgeSpec { from, to, kind }, label });
            }
        };
    let used: BTreeSet<&str> =
        order::set_of(flights.hops.iter().flat_map(|h| [h.from.as_str(), h.to.as_str()]));
    let mut dlx_names: BTreeSet<String> = BTreeSet::new();
    for q in engine.queues() {
        if let Some(x) = &q.effective.dead_letter_exchange {
            dlx_names.insert(x.value.to_string());
        }
    }
    if used.contains(PUBLISHER_ID) {
        d.nodes.push(DiagramNode {
            spec: spec(PUBLISHER_ID.into(), NodeKind::Publisher),
            label: String::new(),
            facts: vec![],
            missing: false,
            dlq: false,
        });
    }
    let mut dlq_names: BTreeSet<String> = BTreeSet::new();
    for x in engine.exchanges() {
        let id = exchange_id(&x.name);
        let builtin = x.name.is_empty() || x.name.starts_with("amq.");
        if builtin
            && !used.contains(id.as_str())
            && !dlx_names.contains(&x.name)
            && x.bindings.is_empty()
        {
            continue;
        }
        let mut facts = vec![("type".to_string(), x.kind.as_str().to_string())];
        facts.extend(x.arguments.0.iter().map(|(k, v)| (k.to_string(), value_text(v))));
        d.nodes.push(DiagramNode {
            spec: spec(id, NodeKind::Exchange),
            label: x.name.clone(),
            facts,
            missing: false,
            dlq: false,
        });
        if dlx_names.contains(&x.name) {
            for b in &x.bindings {
                if let Destination::Queue(q) = &b.destination {
                    dlq_names.insert(q.clone());
                }
            }
        }
    }
    for x in &dlx_names {
        if !d.nodes.iter().any(|n| n.spec.id == exchange_id(x)) {
            d.nodes.push(DiagramNode {
                spec: spec(exchange_id(x), NodeKind::Exchange),
                label: x.clone(),
                facts: vec![],
                missing: true,
                dlq: false,
            });
        }
    }
    for q in engine.queues() {
        let mut facts = vec![("x-queue-type".to_string(), q.kind.as_str().to_string())];
        facts.extend(
            q.arguments
                .0
                .iter()
                .filter(|(k, _)| k != "x-queue-type")
                .map(|(k, v)| (k.to_string(), value_text(v))),
        );
        for p in engine.policies() {
            if p.matches_queue(&q.name, q.kind) {
                facts.push(("policy".to_string(), p.name.clone()));
            }
        }
        let dlq = dlq_names.contains(&*q.name) || q.name.contains("dlq") || q.name.contains("dead");
        d.nodes.push(DiagramNode {
            spec: spec(queue_id(&q.name), NodeKind::Queue),
            label: q.name.to_string(),
            facts,
            missing: false,
            dlq,
        });
    }
    let mut consumer_queues: BTreeSet<String> =
        order::set_of(engine.consumers().map(|c| c.queue.to_string()));
    for h in &flights.hops {
        if let Some(q) = h.to.strip_prefix("c:") {
            consumer_queues.insert(q.to_string());
        }
    }
    for q in &consumer_queues {
        d.nodes.push(DiagramNode {
            spec: spec(consumer_id(q), NodeKind::Consumer),
            label: q.clone(),
            facts: vec![],
            missing: false,
            dlq: false,
        });
    }
    // Edges: declared bindings, dead-letter arrows, consumers, then whatever the hops used.
    for x in engine.exchanges() {
        for b in &x.bindings {
            let to = match &b.destination {
                Destination::Queue(q) => queue_id(q),
                Destination::Exchange(e) => exchange_id(e),
            };
            add_edge(
                &mut d,
                exchange_id(&x.name),
                to,
                EdgeKind::Binding,
                Some(b.routing_key.clone()),
            );
        }
    }
    for q in engine.queues() {
        if let Some(x) = &q.effective.dead_letter_exchange {
            add_edge(&mut d, queue_id(&q.name), exchange_id(&x.value), EdgeKind::DeadLetter, None);
        }
    }
    for q in &consumer_queues {
        add_edge(&mut d, queue_id(q), consumer_id(q), EdgeKind::Consume, None);
    }
    // Many hops share a path: each path is looked at once.
    let mut seen = BTreeSet::new();
    for h in &flights.hops {
        if h.from == h.to
            || h.fate == super::flight::CopyFate::Requeued
            || !seen.insert((h.from, h.to, h.kind))
        {
            continue;
        }
        let label = if h.from.starts_with("x:")
            && h.kind == EdgeKind::Binding
            && !edge_set_has(&d, &h.from, &h.to)
        {
            Some(h.to[2..].to_string())
        } else {
            None
        };
        add_edge(&mut d, h.from.to_string(), h.to.to_string(), h.kind, label);
    }
    let ids: BTreeSet<String> = order::set_of(d.nodes.iter().map(|n| n.spec.id.clone()));
    d.edges.retain(|e| ids.contains(&e.spec.from) && ids.contains(&e.spec.to));
    let arranged = super::arrange::arrange(&d.node_specs(), &d.edge_specs());
    let mut nodes = Vec::with_capacity(d.nodes.len());
    for s in arranged {
        if let Some(mut n) = d.nodes.iter().find(|n| n.spec.id == s.id).cloned() {
            n.spec = s;
            nodes.push(n);
        }
    }
    d.nodes = nodes;
    d
}

fn edge_set_has(d: &Diagram, from: &str, to: &str) -> bool {
    d.edges.iter().any(|e| e.spec.from == from && e.spec.to == to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};

    fn diagram(id: &str) -> Diagram {
        let s = presets::preset(id).unwrap();
        let mut r = Run::new(&s).unwrap();
        r.advance_to(r.end()).unwrap();
        build(r.engine(), &Flights::from_events(r.engine().events()))
    }

    #[test]
    fn every_preset_draws_its_queues_and_dead_letter_arrows() {
        for (id, _) in presets::PRESETS {
            let d = diagram(id);
            assert!(d.nodes.iter().any(|n| n.spec.kind == NodeKind::Queue), "{id}");
            for e in &d.edges {
                assert!(
                    d.node(&e.spec.from).is_some() && d.node(&e.spec.to).is_some(),
                    "{id}: {e:?}"
                );
            }
        }
        let d = diagram("four-reasons");
        let dl: Vec<&DiagramEdge> =
            d.edges.iter().filter(|e| e.spec.kind == EdgeKind::DeadLetter).collect();
        assert_eq!(dl.len(), 4);
        assert!(dl.iter().all(|e| e.spec.to == "x:dlx"));
        assert!(d.node("q:dead.letters").unwrap().dlq);
        assert!(d.node("c:orders.rejected").is_some());
        assert!(d.node("p").is_some());
    }

    #[test]
    fn a_missing_dlx_is_drawn_as_missing_and_the_default_exchange_when_used() {
        let d = diagram("trap-missing-dlx");
        assert!(d.nodes.iter().any(|n| n.missing), "{:?}", d.nodes);
        let d = diagram("dead-letter-cycle");
        assert!(d.node("x:").is_some());
    }
}
