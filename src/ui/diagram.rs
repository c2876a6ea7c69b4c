//! What the topology view draws: nodes and edges with labels, and the built-in default scenario.
//!
//! For now the default scenario is a static description. Later it will be derived from the
//! engine's topology; the view only ever sees a [`Diagram`].

use crate::viz::{EdgeKind, EdgeSpec, NodeKind, NodeSpec};

/// One node to draw: where it goes (its [`NodeSpec`]), what it says, and facts for the inspector.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramNode {
    /// Id, kind and layer hint, as the layout needs them.
    pub spec: NodeSpec,
    /// Text shown inside the node.
    pub label: String,
    /// `(name, value)` facts shown when the node is selected, e.g. queue arguments.
    pub facts: Vec<(String, String)>,
}

/// One edge to draw, with an optional label (a binding key, "dead-letter", …).
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramEdge {
    /// Endpoints and kind, as the layout needs them.
    pub spec: EdgeSpec,
    /// Text drawn at the middle of the edge, if any.
    pub label: Option<String>,
}

/// A whole topology to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    /// Nodes, in the order rows are filled.
    pub nodes: Vec<DiagramNode>,
    /// Edges; edges naming unknown nodes are not drawn.
    pub edges: Vec<DiagramEdge>,
}

impl Diagram {
    /// The node with this id, if any.
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

fn node(id: &str, kind: NodeKind, layer: u32, facts: &[(&str, &str)]) -> DiagramNode {
    DiagramNode {
        spec: NodeSpec {
            id: id.to_string(),
            kind,
            layer,
        },
        label: id.to_string(),
        facts: facts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

fn edge(from: &str, to: &str, kind: EdgeKind, label: Option<&str>) -> DiagramEdge {
    DiagramEdge {
        spec: EdgeSpec {
            from: from.to_string(),
            to: to.to_string(),
            kind,
        },
        label: label.map(str::to_string),
    }
}

/// The built-in scenario: a publisher sends to exchange `orders`, which routes to queue
/// `orders.work`; a consumer works that queue, and what it rejects (or what expires there) is
/// dead-lettered through exchange `orders.dlx` into queue `orders.dlq`.
pub fn default_diagram() -> Diagram {
    Diagram {
        nodes: vec![
            node(
                "publisher",
                NodeKind::Publisher,
                0,
                &[("publishes", "routing key order.created")],
            ),
            node("orders", NodeKind::Exchange, 1, &[("type", "direct")]),
            node(
                "orders.work",
                NodeKind::Queue,
                2,
                &[
                    ("x-dead-letter-exchange", "orders.dlx"),
                    ("x-message-ttl", "30000 ms"),
                ],
            ),
            node(
                "consumer",
                NodeKind::Consumer,
                3,
                &[("consumes", "orders.work"), ("prefetch", "1")],
            ),
            node(
                "orders.dlx",
                NodeKind::Exchange,
                3,
                &[("type", "fanout"), ("role", "dead-letter exchange")],
            ),
            node(
                "orders.dlq",
                NodeKind::Queue,
                4,
                &[("role", "dead-letter queue")],
            ),
        ],
        edges: vec![
            edge("publisher", "orders", EdgeKind::Publish, None),
            edge(
                "orders",
                "orders.work",
                EdgeKind::Binding,
                Some("order.created"),
            ),
            edge("orders.work", "consumer", EdgeKind::Consume, None),
            edge(
                "orders.work",
                "orders.dlx",
                EdgeKind::DeadLetter,
                Some("dead-letter"),
            ),
            edge("orders.dlx", "orders.dlq", EdgeKind::Binding, None),
        ],
    }
}
