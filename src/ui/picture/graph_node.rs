//! The graph's parts: a node (its shape, name, depth and facts, sized for the scale the graph
//! is shown at) and an edge (its curve, arrowhead and label on a halo).

use std::collections::BTreeMap;

use leptos::ev;
use leptos::prelude::*;

use crate::viz::diagram::{DiagramEdge, DiagramNode};
use crate::viz::edge_label::{place_label, LabelPlace};
use crate::viz::edge_route::Routes;
use crate::viz::fit_text::fit;
use crate::viz::text_size::TextSizes;
use crate::viz::{fmt_num, EdgeKind, NodeKind, PlacedNode};

use crate::ui::i18n::tr;
use crate::ui::page_state::{Playback, Selection};

/// Placed nodes by id, with drags applied.
pub type Placed = BTreeMap<String, PlacedNode>;

/// Where every node is now: the layout shown (across or down) plus what the user dragged.
pub fn placed_memo(pick: Selection, layout: Memo<crate::viz::Layout>) -> Memo<Placed> {
    Memo::new(move |_| {
        let offsets = pick.offsets.get();
        layout.with(|l| {
            crate::engine::order::map_of(l.nodes.iter().map(|n| {
                let mut n = n.clone();
                if let Some((dx, dy)) = offsets.get(&n.id) {
                    n.center.x += dx;
                    n.center.y += dy;
                }
                (n.id.clone(), n)
            }))
        })
    })
}

/// A node kind's name, in the page's language.
pub fn kind_name(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Publisher => tr("ui-kind-publisher"),
        NodeKind::Exchange => tr("ui-kind-exchange"),
        NodeKind::Queue => tr("ui-kind-queue"),
        NodeKind::Consumer => tr("ui-kind-consumer"),
    }
}

/// The short facts under a queue's name: type and key arguments.
fn queue_summary(node: &DiagramNode) -> String {
    let pick = [
        "x-queue-type",
        "x-message-ttl",
        "x-max-length",
        "x-overflow",
        "x-delivery-limit",
        "x-dead-letter-exchange",
        "x-dead-letter-routing-key",
        "x-max-priority",
        "policy",
    ];
    node.facts
        .iter()
        .filter(|(k, _)| pick.contains(&k.as_str()))
        .map(|(k, v)| {
            let k =
                k.trim_start_matches("x-").replace("dead-letter-", "dl-").replace("queue-type", "");
            if k.is_empty() {
                v.clone()
            } else if v.is_empty() {
                format!("{k}=\"\"")
            } else {
                format!("{k}={v}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One node: shape, kind, label, live depth for queues; click selects, drag moves it.
#[component]
pub fn GraphNode(
    /// The node to draw.
    node: DiagramNode,
    /// Node positions.
    placed: Memo<Placed>,
    /// The words' sizes at the scale shown.
    sizes: Memo<TextSizes>,
    /// Starts a drag: (node id, client x, client y).
    on_drag: Callback<(String, f64, f64)>,
) -> impl IntoView {
    let play = Playback::get();
    let pick = Selection::get();
    let id = node.spec.id.clone();
    let kind = node.spec.kind;
    // Drawn only while it exists (a queue the timeline declares later appears then).
    let absent = {
        let id = id.clone();
        Memo::new(move |_| {
            let now = play.now_us();
            !play.with(|l| l.timeline.appearance.node_at(&id, now)).unwrap_or(true)
        })
    };
    let pos = {
        let id = id.clone();
        Memo::new(move |_| {
            placed
                .with(|p| p.get(&id).map(|n| (n.center.x, n.center.y, n.size.width, n.size.height)))
                .unwrap_or_default()
        })
    };
    let queue = id.strip_prefix("q:").map(str::to_string);
    let depth = Memo::new(move |_| {
        let q = queue.clone()?;
        play.frame.track();
        play.with(|l| l.run.engine().queue(&q).map(|q| (q.ready_len(), q.unacked))).flatten()
    });
    let selected = {
        let id = id.clone();
        move || pick.node.with(|s| s.as_deref() == Some(id.as_str()))
    };
    let label = match kind {
        NodeKind::Publisher => tr("ui-publishers").to_string(),
        NodeKind::Consumer => node.label.clone(),
        NodeKind::Exchange if node.label.is_empty() => tr("ui-default-exchange").to_string(),
        _ => node.label.clone(),
    };
    let caption = match kind {
        NodeKind::Queue => queue_summary(&node),
        NodeKind::Exchange if node.missing => tr("ui-missing").to_string(),
        NodeKind::Exchange => node.facts.first().map(|f| f.1.clone()).unwrap_or_default(),
        _ => String::new(),
    };
    // What fits in the box at the size shown; the full words are the node's title, its
    // accessible name and the Node tab.
    let room = match kind {
        NodeKind::Exchange => kind.size().width * 0.62,
        // A pill's round ends, where its edges leave, stay clear of its words.
        NodeKind::Publisher | NodeKind::Consumer => kind.size().width - 28.0,
        _ => kind.size().width - 12.0,
    };
    let box_h = kind.size().height;
    let shown_label = {
        let label = label.clone();
        move || fit(&label, room, sizes.get().name)
    };
    let is_queue = kind == NodeKind::Queue;
    let lines = move || {
        let s = sizes.get();
        if is_queue {
            s.queue_lines(box_h)
        } else {
            (s.name * 0.36, 0.0, None)
        }
    };
    let shown_caption = {
        let caption = caption.clone();
        move || {
            let s = sizes.get();
            (is_queue && s.facts_fit(box_h)).then(|| fit(&caption, room, s.small))
        }
    };
    let title = if caption.is_empty() { label.clone() } else { format!("{label}\n{caption}") };
    let toggle = {
        let id = id.clone();
        move || {
            pick.node.update(|s| {
                *s = if s.as_deref() == Some(id.as_str()) { None } else { Some(id.clone()) }
            })
        }
    };
    let on_click = {
        let toggle = toggle.clone();
        move |_: ev::MouseEvent| toggle()
    };
    let on_key = move |e: ev::KeyboardEvent| {
        if e.key() == "Enter" {
            e.prevent_default();
            toggle();
        }
    };
    let on_down = {
        let id = id.clone();
        move |e: ev::MouseEvent| on_drag.run((id.clone(), e.client_x() as f64, e.client_y() as f64))
    };
    let aria = crate::msg!(
        crate::ui::locale::current(),
        "ui-node-aria",
        kind = kind_name(kind),
        name = label
    );
    let class = format!(
        "node {}{}{}",
        kind.css_class(),
        if node.missing { " missing" } else { "" },
        if node.dlq { " dlq" } else { "" }
    );
    let shape = move || {
        let (x, y, w, h) = pos.get();
        let (l, t) = (fmt_num(x - w / 2.0), fmt_num(y - h / 2.0));
        match kind {
            NodeKind::Exchange => {
                let d = format!("M {} {} L {} {} L {} {} L {} {} Z", fmt_num(x - w / 2.0), fmt_num(y), fmt_num(x), fmt_num(y - h / 2.0), fmt_num(x + w / 2.0), fmt_num(y), fmt_num(x), fmt_num(y + h / 2.0));
                view! { <path class="shape" d=d></path> }.into_any()
            }
            _ => view! { <rect class="shape" x=l y=t width=fmt_num(w) height=fmt_num(h) rx=if kind == NodeKind::Queue { "4" } else { "18" }></rect> }.into_any(),
        }
    };
    view! {
        <g class=class class:selected=selected class:absent=move || absent.get() data-node=id.clone() data-kind=kind.css_class() role="button" tabindex="0"
            aria-label=aria
            on:click=on_click on:keydown=on_key on:mousedown=on_down>
            <title>{title}</title>
            {shape}
            <text class="node-label" x=move || fmt_num(pos.get().0) y=move || fmt_num(pos.get().1 + lines().0)
                font-size=move || fmt_num(sizes.get().name) text-anchor="middle">{shown_label}</text>
            {move || shown_caption().filter(|c| !c.is_empty()).map(|c| view! {
                <text class="node-caption" x=fmt_num(pos.get().0) y=fmt_num(pos.get().1 + lines().2.unwrap_or_default())
                    font-size=fmt_num(sizes.get().small) text-anchor="middle">{c}</text>
            })}
            {move || depth.get().map(|(ready, unacked)| {
                let s = sizes.get();
                let long = crate::msg!(crate::ui::locale::current(), "ui-node-depth", ready = ready, unacked = unacked);
                let short = format!("{ready} · {unacked}");
                let text = s.depth_text(&long, &short, room).to_string();
                view! {
                    <text class="node-depth" data-depth=ready.to_string() x=fmt_num(pos.get().0) y=fmt_num(pos.get().1 + lines().1)
                        font-size=fmt_num(s.small) text-anchor="middle">{text}</text>
                }
            })}
        </g>
    }
}

/// Where each edge's label goes, by (from, to, kind).
pub type LabelPlaces = BTreeMap<(String, String, EdgeKind), LabelPlace>;

/// Every labelled edge's label place among `routes`, at `font` units.
pub fn label_places(
    routes: &Routes,
    edges: &[crate::viz::diagram::DiagramEdge],
    font: f64,
) -> LabelPlaces {
    let labelled =
        |e: &&crate::viz::diagram::DiagramEdge| e.label.as_deref().is_some_and(|l| !l.is_empty());
    let mut into: BTreeMap<&str, usize> = BTreeMap::new();
    for e in edges.iter().filter(labelled) {
        *into.entry(e.spec.to.as_str()).or_default() += 1;
    }
    let mut taken = Vec::new();
    let mut places = LabelPlaces::new();
    for e in edges.iter().filter(labelled) {
        let (f, t, k) = (e.spec.from.as_str(), e.spec.to.as_str(), e.spec.kind);
        let text = e.label.as_deref().unwrap_or_default();
        let alone = into.get(t) == Some(&1);
        let Some(place) = place_label(routes, (f, t, k), text, font, alone, &taken) else {
            continue;
        };
        if place.shown {
            taken.push(place.text_box(text, font));
        }
        places.insert((f.to_string(), t.to_string(), k), place);
    }
    places
}

/// One edge: a curve with its arrowhead and label, following dragged nodes.
#[component]
pub fn GraphEdge(
    /// The edge.
    edge: DiagramEdge,
    /// Every edge's curve around the nodes.
    routes: Memo<Routes>,
    /// The words' sizes at the scale shown.
    sizes: Memo<TextSizes>,
    /// Where every edge's label goes (`viz::edge_label`).
    places: Memo<LabelPlaces>,
) -> impl IntoView {
    let play = Playback::get();
    let kind = edge.spec.kind.css_class();
    let (from, to, k) = (edge.spec.from.clone(), edge.spec.to.clone(), edge.spec.kind);
    let label = edge.label.clone().filter(|l| !l.is_empty());
    let place = {
        let key = (from.clone(), to.clone(), k);
        Memo::new(move |_| places.with(|p| p.get(&key).copied()))
    };
    // Drawn only while it exists (a binding the timeline makes later appears then).
    let absent = {
        let (from, to) = (from.clone(), to.clone());
        Memo::new(move |_| {
            let now = play.now_us();
            !play.with(|l| l.timeline.appearance.edge_at(&from, &to, k, now)).unwrap_or(true)
        })
    };
    let curve = Memo::new(move |_| routes.with(|r| r.curve(&from, &to, k)));
    view! {
        <g class="edge-group" class:absent=move || absent.get()>
            <path class=format!("edge {kind}") data-edge=format!("{}->{}", edge.spec.from, edge.spec.to)
                d=move || curve.get().map(|c| c.d()).unwrap_or_default() marker-end=format!("url(#arrow-{kind})")>
                {label.clone().map(|t| view! { <title>{t}</title> })}</path>
            {label.map(|text| view! {
                <text class=format!("edge-label {kind}") class:hidden=move || place.get().is_some_and(|p| !p.shown) class:above-target=move || place.get().is_some_and(|p| p.above_target)
                    text-anchor=move || place.get().map_or("middle", |p| p.anchor) font-size=move || fmt_num(sizes.get().small)
                    x=move || place.get().map(|p| fmt_num(p.x)).unwrap_or_default()
                    y=move || place.get().map(|p| fmt_num(p.y)).unwrap_or_default()>
                    {text}
                </text>
            })}
        </g>
    }
}
