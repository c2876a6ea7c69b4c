//! Messages on the graph: dots moving along their hop, and the messages waiting in each queue.
//!
//! About a thousand dots can move at once, so they are not reactive components: one effect per
//! frame computes every dot (pure, in [`dot_views`]) and updates a pool of `<g class="dot">`
//! elements inside one `<g class="messages">`, touching only attributes that changed.

use std::collections::HashMap;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::viz::flight::{progress, resting_fate, Fate};
use crate::viz::{edge_curve, fmt_num, point_at, Point};

use super::graph::Placed;
use super::i18n::{fate_name, fmt_msg};
use super::lab::{Ctx, Lab};

/// Messages shown waiting in one queue.
pub const RESTING_SHOWN: usize = 6;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
/// Keys of waiting messages: `RESTING | copy << 3 | slot` (moving hops are keyed by index).
const RESTING: u64 = 1 << 62;

#[wasm_bindgen(inline_js = "export function placeDots(g, s) { const c = g.children; const t = s.split('\\n'); for (let i = 0; i < t.length && i < c.length; i++) { if (t[i]) c[i].setAttribute('transform', t[i]); } }")]
extern "C" {
    /// Sets the `transform` of the `i`th child of `g` to the `i`th line of `s` (unless empty):
    /// one call per frame instead of one per moving dot.
    #[wasm_bindgen(js_name = placeDots)]
    fn place_dots(g: &web_sys::Element, s: &str);
}

/// What one dot looks like now.
#[derive(Clone, Debug, PartialEq)]
struct DotView {
    /// Which dot (elements follow their dot from frame to frame, in key order).
    key: u64,
    at: Point,
    fate: Fate,
    /// The copy clicking selects.
    copy: Option<u64>,
    /// A mark at a node rather than a move.
    mark: bool,
    /// The node it is on or heading to.
    node: String,
}

/// Every dot at the current moment in key order: moving hops in hop order, then the messages
/// waiting at the head of each queue (by copy, then slot).
fn dot_views(l: &Lab, placed: &Placed, reduced: bool, out: &mut Vec<DotView>) {
    out.clear();
    let mut moving = l.flights.moving_at(l.now_us);
    moving.sort_unstable();
    for i in moving {
        let Some(h) = l.flights.hops.get(i) else { continue };
        let (Some(a), Some(b)) = (placed.get(&h.from), placed.get(&h.to)) else { continue };
        let Some(p) = progress(h.start_us, h.end_us, l.now_us) else { continue };
        let at = if h.from == h.to {
            Point { x: a.center.x + a.size.width / 2.0 - 8.0, y: a.center.y - a.size.height / 2.0 - 2.0 - 10.0 * p }
        } else if reduced {
            b.center
        } else {
            point_at(&edge_curve(a, b, h.kind), p)
        };
        let copy = h.copy.or_else(|| l.first_copy.get(&h.lineage).copied());
        out.push(DotView { key: i as u64, at, fate: h.fate, copy, mark: h.from == h.to, node: h.to.clone() });
    }
    let first_resting = out.len();
    for q in l.run.engine().queues() {
        let id = format!("q:{}", q.name);
        let Some(n) = placed.get(&id) else { continue };
        for (slot, e) in q.iter_ready().take(RESTING_SHOWN).enumerate() {
            let at = Point { x: n.center.x - n.size.width / 2.0 + 8.0 + 11.0 * slot as f64, y: n.center.y + n.size.height / 2.0 - 7.0 };
            let fate = resting_fate(e.expires_at.map(|t| t.as_us()), l.now_us, slot == 0);
            let key = RESTING | (e.msg.id << 3) | slot as u64;
            out.push(DotView { key, at, fate, copy: Some(e.msg.id), mark: false, node: id.clone() });
        }
    }
    out[first_resting..].sort_unstable_by_key(|d| d.key);
}

/// One drawn dot and what was last written to it.
struct Slot {
    g: web_sys::Element,
    title: web_sys::Element,
    pos: (f64, f64),
    class: (Option<Fate>, bool, bool, bool),
    copy: Option<Option<u64>>,
    fate: Option<Fate>,
    node: String,
    /// (copy, the fate's name in the language it was written in).
    title_of: Option<(Option<u64>, &'static str)>,
}

impl Slot {
    fn new(doc: &web_sys::Document, parent: &web_sys::Element, before: Option<&web_sys::Element>) -> Option<Slot> {
        let g = doc.create_element_ns(Some(SVG_NS), "g").ok()?;
        let circle = doc.create_element_ns(Some(SVG_NS), "circle").ok()?;
        let _ = circle.set_attribute("r", "6");
        let title = doc.create_element_ns(Some(SVG_NS), "title").ok()?;
        let _ = g.append_child(&circle);
        let _ = g.append_child(&title);
        let before: Option<&web_sys::Node> = before.map(|b| b.as_ref());
        let _ = parent.insert_before(&g, before);
        Some(Slot { g, title, pos: (f64::NAN, f64::NAN), class: (None, false, false, false), copy: None, fate: None, node: String::new(), title_of: None })
    }

    /// Appends the dot's new transform to `out` when it moved (then a line break either way).
    fn place(&mut self, d: &DotView, out: &mut String) {
        let pos = ((d.at.x * 10.0).round(), (d.at.y * 10.0).round());
        if pos != self.pos {
            self.pos = pos;
            out.push_str("translate(");
            out.push_str(&fmt_num(d.at.x));
            out.push(',');
            out.push_str(&fmt_num(d.at.y));
            out.push(')');
        }
        out.push('\n');
    }

    fn show(&mut self, d: &DotView, selected: Option<u64>, reduced: bool) {
        let sel = d.copy.is_some() && selected == d.copy;
        let class = (Some(d.fate), d.mark, sel, reduced);
        if class != self.class {
            self.class = class;
            let c = format!("dot {}{}{}{}", d.fate.css_class(), if d.mark { " mark" } else { "" }, if sel { " selected" } else { "" }, if reduced { " step" } else { "" });
            let _ = self.g.set_attribute("class", &c);
        }
        if self.copy != Some(d.copy) {
            self.copy = Some(d.copy);
            let _ = self.g.set_attribute("data-copy", &d.copy.map(|c| c.to_string()).unwrap_or_default());
        }
        if self.fate != Some(d.fate) {
            self.fate = Some(d.fate);
            let _ = self.g.set_attribute("data-fate", d.fate.css_class());
        }
        if self.node != d.node {
            self.node.clone_from(&d.node);
            let _ = self.g.set_attribute("data-at", &d.node);
        }
        let name = fate_name(d.fate);
        let title_of = (d.copy, name);
        if self.title_of.is_none_or(|(c, n)| c != d.copy || !std::ptr::eq(n, name)) {
            self.title_of = Some(title_of);
            self.title.set_text_content(Some(&format!("{} {}", d.copy.map(fmt_msg).unwrap_or_default(), name)));
        }
    }
}

/// Every visible dot, drawn imperatively once per frame.
#[component]
pub fn Dots(
    /// Shared state.
    ctx: Ctx,
    /// Node positions.
    placed: Memo<Placed>,
) -> impl IntoView {
    let g_ref = NodeRef::<leptos::svg::G>::new();
    let pool: StoredValue<(HashMap<u64, Slot>, Vec<DotView>), LocalStorage> = StoredValue::new_local((HashMap::new(), Vec::new()));
    Effect::new(move |_| {
        ctx.frame.track();
        let reduced = ctx.reduced_motion.get();
        let selected = ctx.selected_msg.get();
        let Some(parent) = g_ref.get() else { return };
        let parent: &web_sys::Element = parent.unchecked_ref();
        let doc = document();
        pool.update_value(|(slots, views)| {
            let ok = placed.with(|p| ctx.with(|l| dot_views(l, p, reduced, views))).is_some();
            if !ok {
                views.clear();
            }
            slots.retain(|k, s| {
                let keep = views.binary_search_by_key(k, |d| d.key).is_ok();
                if !keep {
                    s.g.remove();
                }
                keep
            });
            // Back to front, so a new dot goes right before the next one kept (key order).
            let mut next: Option<u64> = None;
            for d in views.iter().rev() {
                if !slots.contains_key(&d.key) {
                    let before = next.and_then(|k| slots.get(&k)).map(|s| &s.g);
                    let Some(s) = Slot::new(&doc, parent, before) else { continue };
                    slots.insert(d.key, s);
                }
                if let Some(s) = slots.get_mut(&d.key) {
                    s.show(d, selected, reduced);
                }
                next = Some(d.key);
            }
            // The children are now exactly the dots, in order.
            let mut moves = String::with_capacity(views.len() * 24);
            for d in views.iter() {
                if let Some(s) = slots.get_mut(&d.key) {
                    s.place(d, &mut moves);
                }
            }
            if !moves.bytes().all(|b| b == b'\n') {
                place_dots(parent, &moves);
            }
        });
    });
    let on_click = move |e: leptos::ev::MouseEvent| {
        let dot = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|t| t.closest("g.dot").ok().flatten());
        if let Some(dot) = dot {
            e.stop_propagation();
            if let Some(c) = dot.get_attribute("data-copy").and_then(|c| c.parse::<u64>().ok()) {
                ctx.selected_msg.set(Some(c));
            }
        }
    };
    view! { <g class="messages" node_ref=g_ref on:click=on_click></g> }
}
