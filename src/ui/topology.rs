//! The topology graph: lays out a [`Diagram`] with `viz` and draws it as one SVG.

use leptos::prelude::*;

use super::diagram::Diagram;
use super::edge::{ArrowMarkers, EdgeView};
use super::node::NodeView;
use crate::viz::layout;

/// The whole topology as `<svg class="topology">`: edges first, nodes on top.
#[component]
pub fn Topology(
    /// What to draw.
    diagram: Diagram,
    /// The id of the selected node, shared with the inspector.
    selected: RwSignal<Option<String>>,
) -> impl IntoView {
    let placed = layout(&diagram.node_specs(), &diagram.edge_specs());
    let edges = diagram
        .edges
        .iter()
        .filter_map(|edge| {
            let curve = placed.curve(&edge.spec)?;
            Some(view! { <EdgeView edge=edge.clone() curve=curve /> })
        })
        .collect_view();
    let nodes = diagram
        .nodes
        .iter()
        .zip(placed.nodes.iter())
        .map(|(node, at)| view! { <NodeView node=node.clone() placed=at.clone() selected=selected /> })
        .collect_view();
    view! {
        <svg
            class="topology"
            viewBox=placed.view_box()
            preserveAspectRatio="xMidYMid meet"
            role="group"
            aria-label="Topology: exchanges, queues and the arrows between them"
        >
            <ArrowMarkers />
            <g class="edges">{edges}</g>
            <g class="nodes">{nodes}</g>
        </svg>
    }
}
