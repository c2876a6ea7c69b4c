//! The topology in SVG, drawn from the engine: nodes (draggable) and edges, with the message
//! layer (a canvas) over it. The graph is fitted to its panel on load and on every resize
//! (Fit fits again); the zoom is the choice, and 100 % draws one view-box unit as one CSS
//! pixel. A tall, narrow panel draws the graph top to bottom when that draws it larger
//! (`viz::orient`), and words never fall below a readable size (`viz::text_size`).

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::viz::death_label::{death_labels, shown, window_us};
use crate::viz::edge_route::Routes;
use crate::viz::fit::Fit;
use crate::viz::orient::{choose, oriented, trimmed, Orientation};
use crate::viz::text_size::{TextSizes, LINE};
use crate::viz::{fmt_num, Layout};

use crate::ui::i18n::tr;
use crate::ui::icons::{icon, Icon};
use crate::ui::page_state::Ctx;
use crate::ui::picture::dot_canvas::DotLayer;
use crate::ui::picture::edge::ArrowMarkers;
pub use crate::ui::picture::graph_node::kind_name;
use crate::ui::picture::graph_node::{label_places, placed_memo, GraphEdge, GraphNode};

/// A death's label stands at least this long (µs of virtual time)…
const LABEL_MIN_US: u64 = 2_000_000;
/// …and at least this long in real time at a high speed.
const LABEL_WALL_MS: u64 = 2_500;

/// How far the graph zooms out and in, in CSS pixels per view-box unit (1 is 100 %).
const ZOOM_MIN: f64 = 0.25;
const ZOOM_MAX: f64 = 4.0;

/// Watches an element's size: `size` follows its client width and height.
fn observe_size(el: &web_sys::Element, size: RwSignal<(f64, f64)>) {
    let read = {
        let el = el.clone();
        move || {
            let s = (el.client_width() as f64, el.client_height() as f64);
            if size.get_untracked() != s {
                size.set(s);
            }
        }
    };
    read();
    let cb = Closure::<dyn FnMut()>::new(read);
    if let Ok(o) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()) {
        o.observe(el);
        let kept = StoredValue::new_local(Some((o, cb)));
        on_cleanup(move || {
            if let Some(Some((o, _))) = kept.try_update_value(|k| k.take()) {
                o.disconnect();
            }
        });
    }
}

/// What a page draws over the graph's nodes (the picture's editing handles), given where the
/// nodes are, the view box's size and the element the graph fills. A page that edits on the
/// picture provides one as context (`ui::picture_edit::provide`); the graph knows no page.
#[derive(Clone)]
#[allow(clippy::type_complexity)]
pub struct GraphOverlay(
    pub  std::sync::Arc<
        dyn Fn(
                Memo<super::graph_node::Placed>,
                Memo<(f64, f64)>,
                NodeRef<leptos::html::Div>,
            ) -> AnyView
            + Send
            + Sync,
    >,
);

/// The whole graph: `<svg class="topology">` with edges and nodes, and the messages drawn over
/// it, in one `<div class="graph">` inside its panel (`.graph-pan`), with the zoom tools
/// floating over it.
#[component]
pub fn Graph() -> impl IntoView {
    let ctx = Ctx::get();
    let diagram = Memo::new(move |_| {
        ctx.play.loaded.track();
        ctx.play.with(|l| l.timeline.diagram.clone()).unwrap_or_default()
    });
    // Both directions' layouts, made once per run.
    let layouts = Memo::new(move |_| {
        ctx.play.loaded.track();
        ctx.play
            .with(|l| {
                diagram.with_untracked(|d| {
                    let edges = d.edge_specs();
                    let down = oriented(&d.node_specs(), &edges, Orientation::Down);
                    (
                        trimmed(&l.timeline.layout, &edges, Orientation::Across),
                        trimmed(&down, &edges, Orientation::Down),
                    )
                })
            })
            .unwrap_or_else(|| (crate::viz::layout(&[], &[]), crate::viz::layout(&[], &[])))
    });
    let panel = RwSignal::new((0.0f64, 0.0f64));
    let orientation = Memo::new(move |_| {
        let p = panel.get();
        layouts.with(|(a, d)| choose((a.width, a.height), (d.width, d.height), p))
    });
    let layout: Memo<Layout> = Memo::new(move |_| {
        let o = orientation.get();
        layouts.with(|(a, d)| if o == Orientation::Down { d.clone() } else { a.clone() })
    });
    let view = Memo::new(move |_| layout.with(|l| (l.width, l.height)));
    let placed = placed_memo(ctx.pick, layout);
    let moving_count = Memo::new(move |_| {
        let now = ctx.play.now_us();
        ctx.play.with(|l| l.timeline.flights.moving_at(now).len()).unwrap_or(0)
    });
    // None: fitted to the panel. Some(z): z CSS pixels per view-box unit.
    let zoom = RwSignal::new(None::<f64>);
    let fit_scale = Memo::new(move |_| {
        let ((w, h), (pw, ph)) = (view.get(), panel.get());
        // A panel without a height of its own (it grows with the graph): fit the width.
        let ph = if ph < 1.0 { pw * h / w.max(1.0) } else { ph };
        Fit::meet(w, h, pw, ph).map_or(1.0, |f| f.scale)
    });
    let scale = Memo::new(move |_| zoom.get().unwrap_or_else(|| fit_scale.get()));
    let sizes = Memo::new(move |_| TextSizes::at(scale.get(), panel.get().0));
    let pan_ref = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        let Some(el) = pan_ref.get() else { return false };
        observe_size(&el, panel);
        true
    });
    // Dragging: (id, start client x, y, original offset, view-box units per pixel).
    let drag = StoredValue::new(None::<(String, f64, f64, (f64, f64), f64)>);
    let on_drag = Callback::new(move |(id, x, y): (String, f64, f64)| {
        let per_px = 1.0 / scale.get_untracked().max(0.01);
        let orig = ctx.pick.offsets.with_untracked(|o| o.get(&id).copied().unwrap_or((0.0, 0.0)));
        drag.set_value(Some((id, x, y, orig, per_px)));
    });
    let move_handle = window_event_listener(ev::mousemove, move |e| {
        let Some(Some((id, x0, y0, (dx, dy), per_px))) = drag.try_get_value() else { return };
        let (mx, my) = (e.client_x() as f64 - x0, e.client_y() as f64 - y0);
        if mx.abs() + my.abs() < 3.0 {
            return;
        }
        ctx.pick.offsets.update(|o| {
            o.insert(id, (dx + mx * per_px, dy + my * per_px));
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
        let now = ctx.play.now_us();
        let window = window_us(ctx.play.speed.get(), LABEL_MIN_US, LABEL_WALL_MS);
        ctx.play
            .with(|l| {
                death_labels(
                    &l.timeline.flights,
                    &l.timeline.deaths,
                    &l.timeline.events,
                    l.run.engine(),
                    now,
                    window,
                )
            })
            .unwrap_or_default()
    });
    let routes = Memo::new(move |_| {
        let o = orientation.get();
        placed.with(|p| diagram.with(|d| Routes::oriented(p, &d.edge_specs(), o)))
    });
    let places = Memo::new(move |_| {
        let font = sizes.get().small;
        routes.with(|r| diagram.with(|d| label_places(r, &d.edges, font)))
    });
    // Nodes with a label over them: their death words start a line higher.
    let labelled_above = Memo::new(move |_| {
        places.with(|p| {
            p.iter()
                .filter(|(_, v)| v.above_target)
                .map(|(k, _)| k.1.clone())
                .collect::<std::collections::BTreeSet<String>>()
        })
    });
    let dots = DotLayer::new(ctx, routes, view);
    let graph_ref = NodeRef::<leptos::html::Div>::new();
    // What a page that edits the picture draws over the nodes (its bind handles).
    let overlay = use_context::<GraphOverlay>();
    let zoom_by =
        move |f: f64| zoom.set(Some((scale.get_untracked() * f).clamp(ZOOM_MIN, ZOOM_MAX)));
    let px = move |n: f64| format!("{}px", fmt_num(n.round()));
    view! {
        <div class="graph-frame" class:down=move || orientation.get() == Orientation::Down>
        <div class="graph-zoom" role="group" aria-label=tr("ui-zoom")>
            <button class="zoom-out icon quiet" title=tr("ui-zoom-out") aria-label=tr("ui-zoom-out") disabled=move || { scale.get() <= ZOOM_MIN } on:click=move |_| zoom_by(1.0 / 1.25)>{icon(Icon::ZoomOut)}</button>
            <output class="zoom-level">{move || format!("{}%", fmt_num((scale.get() * 100.0).round()))}</output>
            <button class="zoom-in icon quiet" title=tr("ui-zoom-in") aria-label=tr("ui-zoom-in") disabled=move || { scale.get() >= ZOOM_MAX } on:click=move |_| zoom_by(1.25)>{icon(Icon::ZoomIn)}</button>
            <button class="zoom-fit icon quiet" title=tr("ui-zoom-fit") aria-label=tr("ui-zoom-fit") aria-pressed=move || zoom.get().is_none().to_string() on:click=move |_| zoom.set(None)>{icon(Icon::Fit)}</button>
        </div>
        <div class="graph-pan" node_ref=pan_ref>
        <div class="graph" node_ref=graph_ref class:zoomed=move || zoom.get().is_some()
            style:width=move || zoom.get().map(|z| px(view.get().0 * z))
            style:height=move || zoom.get().map(|z| px(view.get().1 * z))
            style:aspect-ratio=move || { let (w, h) = view.get(); format!("{} / {}", fmt_num(w), fmt_num(h)) }
            on:click:capture=move |e| dots.click(e) on:mousemove=move |e| dots.hover(e) on:mouseleave=move |_| dots.leave()>
            <svg class="topology" viewBox=move || layout.with(|l| l.view_box()) preserveAspectRatio="xMidYMid meet" role="group"
                aria-label=tr("ui-topology") data-moving=move || moving_count.get().to_string()
                data-orientation=move || if orientation.get() == Orientation::Down { "down" } else { "across" }>
                <ArrowMarkers />
                <g class="edges">
                    <For each=move || diagram.get().edges key=|e| format!("{e:?}") let:edge>
                        <GraphEdge edge=edge routes=routes sizes=sizes places=places />
                    </For>
                </g>
                <g class="nodes">
                    <For each=move || diagram.get().nodes key=|n| format!("{n:?}") let:node>
                        <GraphNode node=node placed=placed sizes=sizes on_drag=on_drag />
                    </For>
                </g>
                {overlay.map(|o| (o.0)(placed, view, graph_ref))}
                <g class="death-labels" aria-live="polite">
                    {move || {
                        let at = placed.get();
                        let size = sizes.get().death;
                        let lang = crate::ui::locale::tracked();
                        labels.get().into_iter().filter_map(|l| {
                            let n = at.get(&l.node)?;
                            // Above the node (and its binding's label), stacked upward; never
                            // above the view box.
                            let slot = l.slot as f64 + if labelled_above.with(|a| a.contains(&l.node)) { 1.0 } else { 0.0 };
                            let y = (n.center.y - n.size.height / 2.0 - size * 0.45 - size * LINE * slot).max(size);
                            let text = shown(&l).text(lang);
                            Some(view! {
                                <text class=format!("death-label {}", l.fate.family().css_class()) data-fate=l.fate.css_class()
                                    data-seq=l.seq.to_string() data-node=l.node.clone() x=fmt_num(n.center.x) y=fmt_num(y)
                                    font-size=fmt_num(size) text-anchor="middle" opacity=fmt_num(l.opacity)>{text}</text>
                            })
                        }).collect_view()
                    }}
                </g>
            </svg>
            {dots.view()}
        </div>
        </div>
        </div>
    }
}
