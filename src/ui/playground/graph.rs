//! The topology in SVG, drawn from the engine: nodes (draggable) and edges, with the message
//! layer (a canvas) over it.

use std::collections::BTreeMap;

use leptos::ev;
use leptos::prelude::*;

use crate::viz::death_label::{death_labels, shown_text, window_us};
use crate::viz::diagram::{DiagramEdge, DiagramNode};
use crate::viz::edge_route::Routes;
use crate::viz::fit_text::fit;
use crate::viz::{fmt_num, point_at, EdgeKind, NodeKind, PlacedNode};

use crate::ui::i18n::{tr, Key};
use crate::ui::lab::Ctx;
use crate::ui::playground::dot_canvas::DotLayer;
use crate::ui::playground::edge::ArrowMarkers;

/// A death's label stands at least this long (µs of virtual time)…
const LABEL_MIN_US: u64 = 2_000_000;
/// …and at least this long in real time at a high speed.
const LABEL_WALL_MS: u64 = 2_500;

/// The graph is never drawn smaller than this many CSS pixels per view-box unit, so its words
/// stay readable on a phone or in a narrow embed; a graph wider (or taller) than its panel pans.
const MIN_SCALE: f64 = 0.65;

/// How far the graph zooms out and in (1 fits the panel's width).
const ZOOM_MIN: f64 = 0.5;
const ZOOM_MAX: f64 = 4.0;

/// Placed nodes by id, with drags applied.
pub type Placed = BTreeMap<String, PlacedNode>;

/// Where every node is now: the layout plus what the user dragged.
pub fn placed_memo(ctx: Ctx) -> Memo<Placed> {
    Memo::new(move |_| {
        ctx.loaded.track();
        let offsets = ctx.offsets.get();
        ctx.with(|l| {
            crate::engine::order::map_of(l.timeline.layout.nodes.iter().map(|n| {
                let mut n = n.clone();
                if let Some((dx, dy)) = offsets.get(&n.id) {
                    n.center.x += dx;
                    n.center.y += dy;
                }
                (n.id.clone(), n)
            }))
        })
        .unwrap_or_default()
    })
}

pub fn kind_name(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Publisher => tr(Key::KindPublisher),
        NodeKind::Exchange => tr(Key::KindExchange),
        NodeKind::Queue => tr(Key::KindQueue),
        NodeKind::Consumer => tr(Key::KindConsumer),
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
fn GraphNode(
    /// Shared state.
    ctx: Ctx,
    /// The node to draw.
    node: DiagramNode,
    /// Node positions.
    placed: Memo<Placed>,
    /// Starts a drag: (node id, client x, client y).
    on_drag: Callback<(String, f64, f64)>,
) -> impl IntoView {
    let id = node.spec.id.clone();
    let kind = node.spec.kind;
    // Drawn only while it exists (a queue the timeline declares later appears then).
    let absent = {
        let id = id.clone();
        Memo::new(move |_| {
            let now = ctx.now_us();
            !ctx.with(|l| l.timeline.appearance.node_at(&id, now)).unwrap_or(true)
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
        ctx.frame.track();
        ctx.with(|l| l.run.engine().queue(&q).map(|q| (q.ready_len(), q.unacked))).flatten()
    });
    let selected = {
        let id = id.clone();
        move || ctx.selected_node.with(|s| s.as_deref() == Some(id.as_str()))
    };
    let label = match kind {
        NodeKind::Publisher => tr(Key::Publishers).to_string(),
        NodeKind::Consumer => node.label.clone(),
        NodeKind::Exchange if node.label.is_empty() => tr(Key::DefaultExchange).to_string(),
        _ => node.label.clone(),
    };
    let caption = match kind {
        NodeKind::Queue => queue_summary(&node),
        NodeKind::Exchange if node.missing => tr(Key::Missing).to_string(),
        NodeKind::Exchange => node.facts.first().map(|f| f.1.clone()).unwrap_or_default(),
        _ => String::new(),
    };
    // What fits in the box; the full words are the node's title and accessible name.
    let room = match kind {
        NodeKind::Exchange => kind.size().width * 0.62,
        _ => kind.size().width - 12.0,
    };
    let (shown_label, shown_caption) = (fit(&label, room, 13.0), fit(&caption, room, 9.0));
    let title = if caption.is_empty() { label.clone() } else { format!("{label}\n{caption}") };
    let toggle = {
        let id = id.clone();
        move || {
            ctx.selected_node.update(|s| {
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
            <text class="node-kind" x=move || fmt_num(pos.get().0) y=move || fmt_num(pos.get().1 - pos.get().3 / 2.0 - 5.0) text-anchor="middle">{kind_name(kind)}</text>
            <text class="node-label" x=move || fmt_num(pos.get().0) y=move || fmt_num(pos.get().1 - 2.0) text-anchor="middle">{shown_label}</text>
            <text class="node-caption" x=move || fmt_num(pos.get().0) y=move || fmt_num(pos.get().1 + 12.0) text-anchor="middle">{shown_caption}</text>
            {move || depth.get().map(|(ready, unacked)| view! {
                <text class="node-depth" data-depth=ready.to_string() x=fmt_num(pos.get().0 + pos.get().2 / 2.0 - 4.0) y=fmt_num(pos.get().1 + pos.get().3 / 2.0 + 13.0) text-anchor="end">
                    {crate::msg!(crate::ui::locale::current(), "ui-node-depth", ready = ready, unacked = unacked)}
                </text>
            })}
        </g>
    }
}

/// One edge: a curve with its arrowhead and label, following dragged nodes.
#[component]
fn GraphEdge(
    /// Shared state.
    ctx: Ctx,
    /// The edge.
    edge: DiagramEdge,
    /// Every edge's curve around the nodes.
    routes: Memo<Routes>,
) -> impl IntoView {
    let kind = edge.spec.kind.css_class();
    let (from, to, k) = (edge.spec.from.clone(), edge.spec.to.clone(), edge.spec.kind);
    // Drawn only while it exists (a binding the timeline makes later appears then).
    let absent = {
        let (from, to) = (from.clone(), to.clone());
        Memo::new(move |_| {
            let now = ctx.now_us();
            !ctx.with(|l| l.timeline.appearance.edge_at(&from, &to, k, now)).unwrap_or(true)
        })
    };
    let curve = Memo::new(move |_| routes.with(|r| r.curve(&from, &to, k)));
    let label = edge.label.clone().filter(|l| !l.is_empty());
    view! {
        <g class="edge-group" class:absent=move || absent.get()>
            <path class=format!("edge {kind}") data-edge=format!("{}->{}", edge.spec.from, edge.spec.to)
                d=move || curve.get().map(|c| c.d()).unwrap_or_default() marker-end=format!("url(#arrow-{kind})")></path>
            {label.map(|text| view! {
                <text class=format!("edge-label {kind}") text-anchor="middle"
                    x=move || curve.get().map(|c| fmt_num(point_at(&c, 0.5).x)).unwrap_or_default()
                    y=move || curve.get().map(|c| fmt_num(point_at(&c, 0.5).y + if k == EdgeKind::DeadLetter { 15.0 } else { -6.0 })).unwrap_or_default()>
                    {text}
                </text>
            })}
        </g>
    }
}

/// The whole graph: `<svg class="topology">` with edges and nodes, and the messages drawn over
/// it, in one `<div class="graph">`.
#[component]
pub fn Graph(
    /// Shared state.
    ctx: Ctx,
) -> impl IntoView {
    let placed = placed_memo(ctx);
    let diagram = Memo::new(move |_| {
        ctx.loaded.track();
        ctx.with(|l| l.timeline.diagram.clone()).unwrap_or_default()
    });
    let view_box = Memo::new(move |_| {
        ctx.loaded.track();
        ctx.with(|l| l.timeline.layout.view_box()).unwrap_or_default()
    });
    let moving_count = Memo::new(move |_| {
        let now = ctx.now_us();
        ctx.with(|l| l.timeline.flights.moving_at(now).len()).unwrap_or(0)
    });
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // Dragging: (id, start client x, y, original offset, scale from pixels to view-box units).
    let drag = StoredValue::new(None::<(String, f64, f64, (f64, f64), f64, bool)>);
    let on_drag = Callback::new(move |(id, x, y): (String, f64, f64)| {
        let scale = svg_ref
            .get_untracked()
            .map(|svg| {
                let rect = svg.get_bounding_client_rect();
                let vb_w = ctx.with(|l| l.timeline.layout.width).unwrap_or(1.0);
                let vb_h = ctx.with(|l| l.timeline.layout.height).unwrap_or(1.0);
                (vb_w / rect.width().max(1.0)).max(vb_h / rect.height().max(1.0))
            })
            .unwrap_or(1.0);
        let orig = ctx.offsets.with_untracked(|o| o.get(&id).copied().unwrap_or((0.0, 0.0)));
        drag.set_value(Some((id, x, y, orig, scale, false)));
    });
    let move_handle = window_event_listener(ev::mousemove, move |e| {
        let Some(Some((id, x0, y0, (dx, dy), scale, _))) = drag.try_get_value() else { return };
        let (mx, my) = (e.client_x() as f64 - x0, e.client_y() as f64 - y0);
        if mx.abs() + my.abs() < 3.0 {
            return;
        }
        drag.update_value(|d| {
            if let Some(d) = d {
                d.5 = true
            }
        });
        ctx.offsets.update(|o| {
            o.insert(id, (dx + mx * scale, dy + my * scale));
        });
    });
    let up_handle = window_event_listener(ev::mouseup, move |_| {
        let _ = drag.try_set_value(None);
    });
    on_cleanup(move || {
        move_handle.remove();
        up_handle.remove();
    });
    let labels = Memo::new(move |_| {
        let now = ctx.now_us();
        let window = window_us(ctx.speed.get(), LABEL_MIN_US, LABEL_WALL_MS);
        let lang = crate::ui::locale::tracked();
        ctx.with(|l| {
            death_labels(
                &l.timeline.flights,
                &l.timeline.deaths,
                &l.timeline.events,
                l.run.engine(),
                now,
                window,
                lang,
            )
        })
        .unwrap_or_default()
    });
    let routes =
        Memo::new(move |_| placed.with(|p| diagram.with(|d| Routes::new(p, &d.edge_specs()))));
    let dots = DotLayer::new(ctx, routes);
    let min_size = Memo::new(move |_| {
        ctx.loaded.track();
        ctx.with(|l| (l.timeline.layout.width, l.timeline.layout.height)).unwrap_or_default()
    });
    // Zoom for large topologies: wider than the panel, the graph pans.
    let zoom = RwSignal::new(1.0f64);
    // Set through the CSSOM (`style:`): the pages' policy refuses style attributes.
    let min_width =
        move || format!("{}px", fmt_num((min_size.get().0 * MIN_SCALE * zoom.get()).round()));
    let min_height =
        move || format!("{}px", fmt_num((min_size.get().1 * MIN_SCALE * zoom.get()).round()));
    let width = move || format!("{}%", fmt_num((zoom.get() * 100.0).round()));
    let zoom_by = move |f: f64| zoom.update(|z| *z = (*z * f).clamp(ZOOM_MIN, ZOOM_MAX));
    view! {
        <div class="graph-zoom" role="group" aria-label=tr(Key::Zoom)>
            <button class="zoom-out" title=tr(Key::ZoomOut) aria-label=tr(Key::ZoomOut) disabled=move || { zoom.get() <= ZOOM_MIN } on:click=move |_| zoom_by(1.0 / 1.25)>"−"</button>
            <output class="zoom-level">{move || format!("{}%", fmt_num((zoom.get() * 100.0).round()))}</output>
            <button class="zoom-in" title=tr(Key::ZoomIn) aria-label=tr(Key::ZoomIn) disabled=move || { zoom.get() >= ZOOM_MAX } on:click=move |_| zoom_by(1.25)>"+"</button>
            <button class="zoom-fit" on:click=move |_| zoom.set(1.0)>{tr(Key::ZoomFit)}</button>
        </div>
        <div class="graph-pan">
        <div class="graph" class:zoomed=move || zoom.get() != 1.0 style:min-width=min_width style:min-height=min_height style:width=width on:click:capture=move |e| dots.click(e) on:mousemove=move |e| dots.hover(e) on:mouseleave=move |_| dots.leave()>
            <svg node_ref=svg_ref class="topology" viewBox=move || view_box.get() preserveAspectRatio="xMidYMid meet" role="group"
                aria-label=tr(Key::Topology) data-moving=move || moving_count.get().to_string()>
                <ArrowMarkers />
                <g class="edges">
                    <For each=move || diagram.get().edges key=|e| format!("{e:?}") let:edge>
                        <GraphEdge ctx=ctx edge=edge routes=routes />
                    </For>
                </g>
                <g class="nodes">
                    <For each=move || diagram.get().nodes key=|n| format!("{n:?}") let:node>
                        <GraphNode ctx=ctx node=node placed=placed on_drag=on_drag />
                    </For>
                </g>
                <g class="death-labels" aria-live="polite">
                    {move || {
                        let at = placed.get();
                        labels.get().into_iter().filter_map(|l| {
                            let n = at.get(&l.node)?;
                            // Above the node's kind, stacked upward; never above the view box.
                            let y = (n.center.y - n.size.height / 2.0 - 18.0 - 14.0 * l.slot as f64).max(12.0);
                            let text = shown_text(&l, crate::ui::locale::current());
                            Some(view! {
                                <text class=format!("death-label {}", l.fate.family().css_class()) data-fate=l.fate.css_class()
                                    data-seq=l.seq.to_string() data-node=l.node.clone() x=fmt_num(n.center.x) y=fmt_num(y)
                                    text-anchor="middle" opacity=fmt_num(l.opacity)>{text}</text>
                            })
                        }).collect_view()
                    }}
                </g>
            </svg>
            {dots.view()}
        </div>
        </div>
    }
}
