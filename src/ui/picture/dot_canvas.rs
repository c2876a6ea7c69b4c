//! Messages on the graph, drawn on one `<canvas>` over the topology in a single pass per frame;
//! the pointer is hit-tested against the same dots to name a message on hover and to open it
//! in the inspector on click.
//!
//! About a thousand dots can move at once, so they are neither reactive components nor DOM
//! nodes: one effect per frame computes every dot from the run (pure, in
//! [`crate::viz::dots`]) and paints them grouped by look, one path per look. While the run
//! is paused the canvas also lists what it drew in `data-dots` (one
//! `copy fate x y node` line per dot, `x y` in CSS pixels from the canvas's top-left corner),
//! so the picture can be read and clicked without guessing.

use std::f64::consts::TAU;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::viz::burst::{bursts_at, Burst};
use crate::viz::dot_style::{dot_style, HIGHLIGHT};
use crate::viz::dots::{dot_views, hit, DotView, DOT_RADIUS};
use crate::viz::edge_route::Routes;
use crate::viz::fate::FateFamily;
use crate::viz::fit::{tip_at, Fit};
use crate::viz::{fmt_num, Point};

use crate::ui::i18n::{fate_name, fmt_msg};
use crate::ui::page_state::Ctx;

/// A burst's colour: the dead-letter vermilion, seen on light and dark backgrounds.
const BURST: &str = "#d55e00";

/// What the layer drew last (hit-testing uses it) and where the pointer is.
#[derive(Default)]
struct State {
    /// In drawing order (grouped by look, so a later dot is drawn over an earlier one).
    views: Vec<DotView>,
    /// The deaths bursting at their nodes, drawn under the dots.
    bursts: Vec<Burst>,
    /// CSS pixels of the canvas ← view-box units, as drawn.
    fit: Option<Fit>,
    /// The pointer over the graph, in CSS pixels from the canvas's top-left corner.
    pointer: Option<Point>,
    /// What the tooltip says now.
    tip: Option<String>,
    /// Whether the canvas holds a `data-dots` listing.
    listed: bool,
    /// How many dots the canvas's `data-drawn` says were drawn.
    drawn: Option<usize>,
    /// The canvas's size in CSS pixels, read when it changes (reading it every frame would force
    /// a layout in the middle of the frame).
    size: Option<(f64, f64)>,
    observer: Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>,
}

/// The message layer of the graph: a canvas, a tooltip, and the pointer handlers the graph's
/// wrapper forwards (cheap to copy).
#[derive(Clone, Copy)]
pub struct DotLayer {
    ctx: Ctx,
    canvas: NodeRef<leptos::html::Canvas>,
    tip: NodeRef<leptos::html::Div>,
    state: StoredValue<State, LocalStorage>,
}

fn element_point(el: &web_sys::Element, client_x: f64, client_y: f64) -> Point {
    let r = el.get_bounding_client_rect();
    Point { x: client_x - r.left(), y: client_y - r.top() }
}

impl DotLayer {
    /// Creates the layer and the effect that redraws it whenever the moment, the selection,
    /// the node positions, the motion setting or the canvas's size change.
    pub fn new(ctx: Ctx, routes: Memo<Routes>, view: Memo<(f64, f64)>) -> DotLayer {
        let layer = DotLayer {
            ctx,
            canvas: NodeRef::new(),
            tip: NodeRef::new(),
            state: StoredValue::new_local(State::default()),
        };
        let resized = Trigger::new();
        Effect::new(move |_| {
            ctx.play.frame.track();
            resized.track();
            let reduced = ctx.play.reduced_motion.get();
            let selected = ctx.pick.msg.get();
            let playing = ctx.play.playing.get();
            let Some(canvas) = layer.canvas.get() else { return };
            layer.state.update_value(|s| {
                if s.observer.is_none() {
                    let state = layer.state;
                    let cb = Closure::<dyn FnMut()>::new(move || {
                        state.update_value(|s| s.size = None);
                        resized.notify();
                    });
                    if let Ok(o) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()) {
                        o.observe(&canvas);
                        s.observer = Some((o, cb));
                    }
                }
                // What moves is read once a frame, for the dots and the bursts.
                let drawn = routes.with(|r| {
                    ctx.play.with(|l| {
                        let flights = &l.timeline.flights;
                        let moving = flights.moving_at(l.now_us);
                        bursts_at(flights, &moving, r.placed(), l.now_us, reduced, &mut s.bursts);
                        dot_views(
                            (flights, &moving),
                            &l.timeline.first_copy,
                            l.run.engine(),
                            r,
                            l.now_us,
                            reduced,
                            &mut s.views,
                        )
                    })
                });
                let Some(view) = drawn.map(|_| view.get()) else {
                    s.views.clear();
                    s.fit = None;
                    clear(&canvas);
                    return;
                };
                crate::engine::order::sort_by_key(&mut s.views, |d| d.look);
                let size = *s.size.get_or_insert_with(|| {
                    (canvas.client_width() as f64, canvas.client_height() as f64)
                });
                s.fit = paint(&canvas, size, view, (&s.views, &s.bursts), selected, reduced);
                if s.drawn != Some(s.views.len()) {
                    s.drawn = Some(s.views.len());
                    let _ = canvas.set_attribute("data-drawn", &s.views.len().to_string());
                }
                if !playing {
                    let _ = canvas.set_attribute("data-dots", &listing(&s.views, s.fit));
                    s.listed = true;
                } else if s.listed {
                    let _ = canvas.remove_attribute("data-dots");
                    s.listed = false;
                }
            });
            layer.refresh_tip();
        });
        on_cleanup(move || {
            if let Some(Some((o, _))) = layer.state.try_update_value(|s| s.observer.take()) {
                o.disconnect();
            }
        });
        layer
    }

    /// The canvas and the tooltip, to put right after the topology's `<svg>` in a positioned
    /// wrapper of the same size.
    pub fn view(self) -> impl IntoView {
        view! {
            <canvas class="messages" node_ref=self.canvas tabindex="0" role="group"
                aria-label=move || { crate::ui::locale::tracked(); crate::label!(crate::ui::locale::current(), "ui-dots-label") }
                on:keydown=move |e| self.key(e)></canvas>
            <div class="dot-tip" role="tooltip" node_ref=self.tip hidden></div>
        }
    }

    /// The message under a pointer event, if any.
    fn message_at(&self, e: &web_sys::MouseEvent) -> Option<u64> {
        let canvas = self.canvas.get_untracked()?;
        let p = element_point(&canvas, e.client_x() as f64, e.client_y() as f64);
        self.state.with_value(|s| {
            let fit = s.fit?;
            let i = hit(&s.views, fit.to_view(p), radius(fit))?;
            s.views.get(i)?.copy
        })
    }

    /// A click on a message selects it (and goes no further: the node under it keeps its
    /// selection). Install in the capture phase on the wrapper.
    pub fn click(&self, e: web_sys::MouseEvent) {
        if let Some(copy) = self.message_at(&e) {
            e.stop_propagation();
            self.ctx.pick.msg.set(Some(copy));
        }
    }

    /// The keyboard's way to the messages on the graph (the canvas has the focus): ↓ picks
    /// the next message drawn (left to right, then top to bottom), ↑ the previous, Esc clears
    /// the choice; the picked message is named beside it and opens in the inspector.
    pub fn key(&self, e: web_sys::KeyboardEvent) {
        let step: i64 = match e.key().as_str() {
            "ArrowDown" => 1,
            "ArrowUp" => -1,
            "Escape" => {
                self.ctx.pick.msg.set(None);
                self.state.update_value(|s| s.pointer = None);
                self.refresh_tip();
                return;
            }
            _ => return,
        };
        e.prevent_default();
        let current = self.ctx.pick.msg.get_untracked();
        let picked = self.state.with_value(|s| {
            let fit = s.fit?;
            let mut dots: Vec<(Point, u64)> =
                s.views.iter().filter_map(|d| d.copy.map(|c| (d.at, c))).collect();
            dots.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
            dots.dedup_by_key(|d| d.1);
            let n = dots.len() as i64;
            if n == 0 {
                return None;
            }
            let at = current.and_then(|c| dots.iter().position(|d| d.1 == c));
            let i = match at {
                Some(i) => (i as i64 + step).rem_euclid(n),
                None if step > 0 => 0,
                None => n - 1,
            };
            let (p, copy) = dots[i as usize];
            Some((fit.to_screen(p), copy))
        });
        if let Some((p, copy)) = picked {
            self.ctx.pick.msg.set(Some(copy));
            self.state.update_value(|s| s.pointer = Some(p));
            self.refresh_tip();
        }
    }

    /// The pointer moved over the graph: name the message under it.
    pub fn hover(&self, e: web_sys::MouseEvent) {
        let Some(canvas) = self.canvas.get_untracked() else { return };
        let p = element_point(&canvas, e.client_x() as f64, e.client_y() as f64);
        self.state.update_value(|s| s.pointer = Some(p));
        self.refresh_tip();
    }

    /// The pointer left the graph.
    pub fn leave(&self) {
        self.state.update_value(|s| s.pointer = None);
        self.refresh_tip();
    }

    /// Shows the name of the message under the pointer (dots move under a still pointer too).
    fn refresh_tip(&self) {
        let Some(tip) = self.tip.get_untracked() else { return };
        self.state.update_value(|s| {
            let under = s
                .pointer
                .zip(s.fit)
                .and_then(|(p, fit)| hit(&s.views, fit.to_view(p), radius(fit)).map(|i| (p, i)));
            let text = under.and_then(|(_, i)| s.views.get(i)).map(|d| {
                crate::msg!(
                    crate::ui::locale::current(),
                    "ui-dot-title",
                    msg = d.copy.map(fmt_msg).unwrap_or_default(),
                    fate = fate_name(d.fate)
                )
            });
            let parent = tip.parent_element();
            match (under, text) {
                (Some((p, _)), Some(text)) => {
                    if s.tip.as_ref() != Some(&text) {
                        tip.set_text_content(Some(&text));
                        let _ = tip.remove_attribute("hidden");
                        if let Some(w) = &parent {
                            let _ = w.class_list().add_1("over-dot");
                        }
                        s.tip = Some(text);
                    }
                    // Inside the panel the graph is shown in (which may be scrolled).
                    let (tw, th) = (tip.offset_width() as f64, tip.offset_height() as f64);
                    let panel = parent
                        .as_ref()
                        .and_then(|g| g.parent_element())
                        .map(|pan| {
                            let (l, t) = (pan.scroll_left() as f64, pan.scroll_top() as f64);
                            let (w, h) = (pan.client_width() as f64, pan.client_height() as f64);
                            (l, t, w, h)
                        })
                        .unwrap_or((0.0, 0.0, 1e6, 1e6));
                    let seen = Point { x: p.x - panel.0, y: p.y - panel.1 };
                    let at = tip_at(seen, (tw, th), (panel.2, panel.3));
                    let st = web_sys::HtmlElement::style(&tip);
                    let _ = st.set_property("left", &format!("{}px", fmt_num(at.x + panel.0)));
                    let _ = st.set_property("top", &format!("{}px", fmt_num(at.y + panel.1)));
                }
                _ => {
                    if s.tip.take().is_some() {
                        let _ = tip.set_attribute("hidden", "");
                        if let Some(w) = &parent {
                            let _ = w.class_list().remove_1("over-dot");
                        }
                    }
                }
            }
        });
    }
}

/// How far from a dot's centre the pointer still hits it, in view-box units (at least a few
/// pixels, however small the graph is drawn).
fn radius(fit: Fit) -> f64 {
    (dot_radius(fit) + 2.0).max(8.0 / fit.scale)
}

/// A dot's radius in view-box units: never under 4.5 CSS pixels, however small the graph.
fn dot_radius(fit: Fit) -> f64 {
    DOT_RADIUS.max(4.5 / fit.scale.max(0.01))
}

fn context_2d(canvas: &web_sys::HtmlCanvasElement) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten()?.dyn_into().ok()
}

fn clear(canvas: &web_sys::HtmlCanvasElement) {
    if let Some(c) = context_2d(canvas) {
        c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
        c.clear_rect(0.0, 0.0, canvas.width() as f64, canvas.height() as f64);
    }
}

/// Sizes the canvas to its box of `w × h` CSS pixels (at the screen's pixel density) and draws
/// every dot, `views` being grouped by look: one path, one fill and one stroke per fate.
/// Returns how view-box units map to the canvas's CSS pixels.
fn paint(
    canvas: &web_sys::HtmlCanvasElement,
    (w, h): (f64, f64),
    view: (f64, f64),
    (views, bursts): (&[DotView], &[Burst]),
    selected: Option<u64>,
    reduced: bool,
) -> Option<Fit> {
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .filter(|d| d.is_finite() && *d > 0.0)
        .unwrap_or(1.0);
    let (bw, bh) = (
        (w * dpr).round().clamp(0.0, 16384.0) as u32,
        (h * dpr).round().clamp(0.0, 16384.0) as u32,
    );
    if canvas.width() != bw {
        canvas.set_width(bw);
    }
    if canvas.height() != bh {
        canvas.set_height(bh);
    }
    let c = context_2d(canvas)?;
    c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
    c.clear_rect(0.0, 0.0, bw as f64, bh as f64);
    let fit = Fit::meet(view.0, view.1, w, h)?;
    c.set_transform(dpr * fit.scale, 0.0, 0.0, dpr * fit.scale, dpr * fit.dx, dpr * fit.dy).ok();
    let dot = dot_radius(fit);
    paint_bursts(&c, bursts, fit);
    for group in views.chunk_by(|a, b| a.look == b.look) {
        let style = dot_style(group[0].look, reduced);
        c.begin_path();
        for d in group {
            let corners = style.shape.corners(d.at, dot);
            match corners.split_first() {
                None => {
                    c.move_to(d.at.x + dot, d.at.y);
                    c.arc(d.at.x, d.at.y, dot, 0.0, TAU).ok();
                }
                Some((first, rest)) => {
                    c.move_to(first.x, first.y);
                    for p in rest {
                        c.line_to(p.x, p.y);
                    }
                    c.close_path();
                }
            }
        }
        c.set_fill_style_str(style.fill);
        c.fill();
        c.set_line_dash(&dash(style.dash)).ok();
        c.set_stroke_style_str(style.stroke);
        c.set_line_width(style.width * dot / DOT_RADIUS);
        c.stroke();
    }
    // The selected message: a ring around its dot, drawn last so nothing covers it.
    if let Some(sel) = selected {
        c.begin_path();
        for d in views.iter().filter(|d| d.copy == Some(sel)) {
            let r = dot + 3.5 / fit.scale.max(0.1);
            c.move_to(d.at.x + r, d.at.y);
            c.arc(d.at.x, d.at.y, r, 0.0, TAU).ok();
        }
        c.set_line_dash(&dash(&[])).ok();
        c.set_stroke_style_str(HIGHLIGHT);
        c.set_line_width(3.0);
        c.stroke();
    }
    Some(fit)
}

/// Each death's outline around its node, growing and fading (a drop's dashed).
fn paint_bursts(c: &web_sys::CanvasRenderingContext2d, bursts: &[Burst], fit: Fit) {
    for b in bursts {
        let (w, h) = (b.half.width + b.grow, b.half.height + b.grow);
        c.set_global_alpha(b.alpha.clamp(0.0, 1.0));
        c.begin_path();
        c.rect(b.center.x - w, b.center.y - h, 2.0 * w, 2.0 * h);
        let dropped = b.family == FateFamily::Dropped;
        c.set_line_dash(&dash(if dropped { &[4.0, 3.0] } else { &[] })).ok();
        c.set_stroke_style_str(BURST);
        c.set_line_width(3.0 / fit.scale.max(0.1));
        c.stroke();
    }
    c.set_global_alpha(1.0);
}

fn dash(d: &[f64]) -> JsValue {
    d.iter().map(|x| JsValue::from_f64(*x)).collect::<js_sys::Array>().into()
}

/// One `copy fate x y node` line per dot, in drawing order (`x y` in CSS pixels).
fn listing(views: &[DotView], fit: Option<Fit>) -> String {
    let Some(fit) = fit else { return String::new() };
    let mut out = String::with_capacity(views.len() * 32);
    for d in views {
        let p = fit.to_screen(d.at);
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&d.copy.map(|c| c.to_string()).unwrap_or_else(|| "-".into()));
        out.push(' ');
        out.push_str(d.fate.css_class());
        out.push(' ');
        out.push_str(&fmt_num(p.x));
        out.push(' ');
        out.push_str(&fmt_num(p.y));
        out.push(' ');
        out.push_str(&d.node);
    }
    out
}
