//! One topology node drawn in SVG: its shape, its label, and selection by click or keyboard.

use leptos::ev::{KeyboardEvent, MouseEvent};
use leptos::prelude::*;

use super::diagram::DiagramNode;
use crate::viz::{fmt_num, NodeKind, PlacedNode};

/// A node as an SVG `<g class="node KIND" data-node=ID>` holding its shape and label.
///
/// Clicking it (or pressing Enter or Space while it has focus) selects it; doing so again
/// clears the selection.
#[component]
pub fn NodeView(
    /// The node's label and facts.
    node: DiagramNode,
    /// Where the layout put it.
    placed: PlacedNode,
    /// The id of the selected node, shared with the inspector.
    selected: RwSignal<Option<String>>,
) -> impl IntoView {
    let id = node.spec.id.clone();
    let kind = placed.kind.css_class();
    let is_selected = {
        let id = id.clone();
        move || selected.with(|s| s.as_deref() == Some(id.as_str()))
    };
    let toggle = {
        let id = id.clone();
        move || {
            selected.update(|s| {
                *s = if s.as_deref() == Some(id.as_str()) {
                    None
                } else {
                    Some(id.clone())
                };
            })
        }
    };
    let on_click = {
        let toggle = toggle.clone();
        move |_: MouseEvent| toggle()
    };
    let on_key = move |ev: KeyboardEvent| {
        if ev.key() == "Enter" || ev.key() == " " {
            ev.prevent_default();
            toggle();
        }
    };
    let pressed = {
        let is_selected = is_selected.clone();
        move || if is_selected() { "true" } else { "false" }
    };
    let (cx, cy) = (fmt_num(placed.center.x), fmt_num(placed.center.y));
    let caption_y = fmt_num(placed.center.y - placed.size.height / 2.0 - 6.0);
    view! {
        <g
            class=format!("node {kind}")
            class:selected=is_selected
            data-node=id.clone()
            data-kind=kind
            role="button"
            tabindex="0"
            aria-label=format!("{kind} {}", node.label)
            aria-pressed=pressed
            on:click=on_click
            on:keydown=on_key
        >
            {shape(&placed)}
            <text class="node-kind" x=cx.clone() y=caption_y text-anchor="middle">
                {kind}
            </text>
            <text class="node-label" x=cx y=cy text-anchor="middle" dominant-baseline="central">
                {node.label.clone()}
            </text>
        </g>
    }
}

/// The outline for a node's kind: pills for clients, a hexagon for exchanges, a box for queues.
fn shape(placed: &PlacedNode) -> AnyView {
    let top_left = placed.top_left();
    let (x, y, w, h) = (
        top_left.x,
        top_left.y,
        placed.size.width,
        placed.size.height,
    );
    match placed.kind {
        NodeKind::Exchange => {
            let inset = 14.0;
            let points = [
                (x + inset, y),
                (x + w - inset, y),
                (x + w, y + h / 2.0),
                (x + w - inset, y + h),
                (x + inset, y + h),
                (x, y + h / 2.0),
            ]
            .iter()
            .map(|(px, py)| format!("{},{}", fmt_num(*px), fmt_num(*py)))
            .collect::<Vec<_>>()
            .join(" ");
            view! { <polygon class="shape" points=points></polygon> }.into_any()
        }
        NodeKind::Queue => view! {
            <rect class="shape" x=fmt_num(x) y=fmt_num(y) width=fmt_num(w) height=fmt_num(h) rx="6"></rect>
        }
        .into_any(),
        NodeKind::Publisher | NodeKind::Consumer => view! {
            <rect
                class="shape"
                x=fmt_num(x)
                y=fmt_num(y)
                width=fmt_num(w)
                height=fmt_num(h)
                rx=fmt_num(h / 2.0)
            ></rect>
        }
        .into_any(),
    }
}
