//! Binding by dragging: a handle on each exchange of the graph; dragged onto a queue, it opens
//! the Add binding form with both (the keyboard's way is the exchange's "Bind a queue", then
//! the queue). Only where a page edits on the picture (a [`Sink`] in context).

use leptos::ev;
use leptos::prelude::*;

use super::{AddKind, Sink};
use crate::viz::{fmt_num, NodeKind, PlacedNode, Point};

/// The exchanges' handles and the line drawn while one is dragged, inside the graph's SVG.
/// `graph` is the element the SVG fills (its box maps client pixels to view-box units over
/// `view`, the view box's size).
#[component]
pub fn BindHandles(
    placed: Memo<crate::ui::picture::graph_node::Placed>,
    view: Memo<(f64, f64)>,
    graph: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    let Some(sink) = use_context::<Sink>() else { return ().into_any() };
    // The exchange dragged from, where it starts, and where the pointer is (view-box units).
    let drag = RwSignal::new(None::<(String, Point, Point)>);
    let to_view = move |x: f64, y: f64| -> Option<Point> {
        let el = graph.get_untracked()?;
        let r = el.get_bounding_client_rect();
        let (w, h) = view.get_untracked();
        (r.width() > 0.0 && r.height() > 0.0)
            .then(|| Point { x: (x - r.left()) * w / r.width(), y: (y - r.top()) * h / r.height() })
    };
    let moving = window_event_listener(ev::mousemove, move |e| {
        if drag.with_untracked(Option::is_none) {
            return;
        }
        if let Some(p) = to_view(e.client_x() as f64, e.client_y() as f64) {
            drag.update(|d| {
                if let Some(d) = d {
                    d.2 = p;
                }
            });
        }
    });
    let up = window_event_listener(ev::mouseup, move |e| {
        let Some((from, _, _)) = drag.get_untracked() else { return };
        drag.set(None);
        let queue = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.element_from_point(e.client_x() as f32, e.client_y() as f32))
            .and_then(|el| el.closest("g.node[data-node^='q:']").ok().flatten())
            .and_then(|g| g.get_attribute("data-node"))
            .and_then(|id| id.strip_prefix("q:").map(str::to_string));
        if let (Some(x), Some(q)) = (from.strip_prefix("x:"), queue) {
            sink.bind_from.set(Some(x.to_string()));
            sink.bind_to.set(Some(q));
            sink.adding.set(Some(AddKind::Binding));
        }
    });
    on_cleanup(move || {
        moving.remove();
        up.remove();
    });
    let handle = move |n: &PlacedNode| {
        let at = Point { x: n.center.x + n.size.width / 2.0, y: n.center.y };
        let id = n.id.clone();
        view! {
            <circle class="bind-handle" data-from=id.clone() cx=fmt_num(at.x) cy=fmt_num(at.y) r="6"
                on:mousedown=move |e: ev::MouseEvent| {
                    e.stop_propagation();
                    e.prevent_default();
                    drag.set(Some((id.clone(), at, at)));
                }>
                <title>{crate::label!(crate::ui::locale::current(), "pe-bind-drag")}</title>
            </circle>
        }
    };
    view! {
        <g class="bind-handles">
            {move || placed.with(|p| p.values().filter(|n| n.kind == NodeKind::Exchange && n.id != "x:").map(handle).collect_view())}
            {move || drag.get().map(|(_, a, b)| view! {
                <line class="bind-drag" x1=fmt_num(a.x) y1=fmt_num(a.y) x2=fmt_num(b.x) y2=fmt_num(b.y)></line>
            })}
        </g>
    }
    .into_any()
}
