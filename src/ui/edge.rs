//! One topology edge drawn in SVG: a curved `<path>` with an arrowhead and an optional label.

use leptos::prelude::*;

use super::diagram::DiagramEdge;
use crate::viz::{fmt_num, point_at, Curve, EdgeKind};

/// An edge as `<path class="edge KIND">` (`binding`, `dead-letter`, `publish`, `consume`),
/// ending in the arrowhead for its kind, with its label drawn at the curve's midpoint.
#[component]
pub fn EdgeView(
    /// The edge's endpoints, kind and label.
    edge: DiagramEdge,
    /// The curve the layout computed for it.
    curve: Curve,
) -> impl IntoView {
    let kind = edge.spec.kind.css_class();
    let mid = point_at(&curve, 0.5);
    // Labels sit above the line, except under a dead-letter arc, whose lowest point is the middle.
    let label_y = if edge.spec.kind == EdgeKind::DeadLetter {
        mid.y + 15.0
    } else {
        mid.y - 6.0
    };
    let label = edge.label.clone().map(|text| {
        view! {
            <text
                class=format!("edge-label {kind}")
                x=fmt_num(mid.x)
                y=fmt_num(label_y)
                text-anchor="middle"
            >
                {text}
            </text>
        }
    });
    view! {
        <g class="edge-group">
            <path
                class=format!("edge {kind}")
                data-edge=format!("{}->{}", edge.spec.from, edge.spec.to)
                d=curve.d()
                marker-end=format!("url(#arrow-{kind})")
            ></path>
            {label}
        </g>
    }
}

/// The `<defs>` holding one arrowhead marker per edge kind (`arrow-binding`, …).
#[component]
pub fn ArrowMarkers() -> impl IntoView {
    let kinds = ["publish", "binding", "dead-letter", "consume"];
    view! {
        <defs>
            {kinds
                .into_iter()
                .map(|kind| {
                    view! {
                        <marker
                            id=format!("arrow-{kind}")
                            class=format!("arrow {kind}")
                            viewBox="0 0 10 10"
                            refX="9"
                            refY="5"
                            markerWidth="7"
                            markerHeight="7"
                            orient="auto-start-reverse"
                        >
                            <path d="M 0 0 L 10 5 L 0 10 z"></path>
                        </marker>
                    }
                })
                .collect_view()}
        </defs>
    }
}
