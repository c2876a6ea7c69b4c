//! Messages on the graph: dots moving along their hop, and the messages waiting in each queue.

use leptos::prelude::*;

use crate::viz::flight::{progress, resting_fate, Fate};
use crate::viz::{edge_curve, fmt_num, point_at, Point};

use super::graph::Placed;
use super::i18n::{fate_name, fmt_msg};
use super::lab::{Ctx, Lab};

/// Messages shown waiting in one queue.
pub const RESTING_SHOWN: usize = 6;
const RESTING: u64 = 1 << 62;

/// A dot to draw: a moving hop (its index) or a waiting message (`RESTING | copy << 3 | slot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct DotKey(u64);

fn visible(l: &Lab) -> Vec<DotKey> {
    let mut keys: Vec<DotKey> = l.flights.moving_at(l.now_us).into_iter().map(|i| DotKey(i as u64)).collect();
    for q in l.run.engine().queues() {
        for (slot, e) in q.iter_ready().take(RESTING_SHOWN).enumerate() {
            keys.push(DotKey(RESTING | (e.msg.id << 3) | slot as u64));
        }
    }
    // Ascending keys: new moves append, finished ones leave from the front, so the keyed list
    // rarely has to move elements.
    keys.sort_unstable_by_key(|k| k.0);
    keys
}

/// What a dot looks like now: where, which fate, which copy (to select).
/// (where, fate, copy, is a mark at a node, the node it is on or heading to)
fn dot_state(l: &Lab, placed: &Placed, key: DotKey, reduced: bool) -> Option<(Point, Fate, Option<u64>, bool, String)> {
    if key.0 & RESTING == 0 {
        let h = l.flights.hops.get(key.0 as usize)?;
        let (a, b) = (placed.get(&h.from)?, placed.get(&h.to)?);
        let p = progress(h.start_us, h.end_us, l.now_us)?;
        let at = if h.from == h.to {
            Point { x: a.center.x + a.size.width / 2.0 - 8.0, y: a.center.y - a.size.height / 2.0 - 2.0 - 10.0 * p }
        } else if reduced {
            b.center
        } else {
            point_at(&edge_curve(a, b, h.kind), p)
        };
        let copy = h.copy.or_else(|| l.first_copy.get(&h.lineage).copied());
        return Some((at, h.fate, copy, h.from == h.to, h.to.clone()));
    }
    let copy = (key.0 & !RESTING) >> 3;
    let slot = (key.0 & 7) as usize;
    for q in l.run.engine().queues() {
        if let Some(e) = q.iter_ready().take(RESTING_SHOWN).nth(slot).filter(|e| e.msg.id == copy) {
            let n = placed.get(&format!("q:{}", q.name))?;
            let at = Point { x: n.center.x - n.size.width / 2.0 + 8.0 + 11.0 * slot as f64, y: n.center.y + n.size.height / 2.0 - 7.0 };
            let fate = resting_fate(e.expires_at.map(|t| t.as_us()), l.now_us, slot == 0);
            return Some((at, fate, Some(copy), false, format!("q:{}", q.name)));
        }
    }
    None
}

/// One dot, repositioned every frame.
#[component]
fn Dot(
    /// Shared state.
    ctx: Ctx,
    /// Node positions.
    placed: Memo<Placed>,
    /// Which dot.
    key: DotKey,
) -> impl IntoView {
    let state = move || {
        ctx.frame.track();
        let reduced = ctx.reduced_motion.get();
        placed.with(|p| ctx.with(|l| dot_state(l, p, key, reduced)).flatten())
    };
    let state = Memo::new(move |_| state().map(|(pt, f, c, mark, node)| ((fmt_num(pt.x), fmt_num(pt.y)), f, c, mark, node)));
    let on_click = move |e: leptos::ev::MouseEvent| {
        e.stop_propagation();
        if let Some((_, _, Some(c), _, _)) = state.get_untracked() {
            ctx.selected_msg.set(Some(c));
        }
    };
    let class = move || match state.get() {
        Some((_, fate, copy, mark, _)) => {
            let selected = copy.is_some() && ctx.selected_msg.get() == copy;
            format!("dot {}{}{}{}", fate.css_class(), if mark { " mark" } else { "" }, if selected { " selected" } else { "" }, if ctx.reduced_motion.get() { " step" } else { "" })
        }
        None => "dot gone".to_string(),
    };
    let transform = move || state.with(|s| s.as_ref().map(|((x, y), ..)| format!("translate({x},{y})")).unwrap_or_default());
    let copy_attr = move || state.with(|s| s.as_ref().and_then(|s| s.2).map(|c| c.to_string()).unwrap_or_default());
    let fate_attr = move || state.with(|s| s.as_ref().map(|s| s.1.css_class()).unwrap_or_default());
    let title = move || state.with(|s| s.as_ref().map(|(_, f, c, _, _)| format!("{} {}", c.map(fmt_msg).unwrap_or_default(), fate_name(*f))).unwrap_or_default());
    let at_attr = move || state.with(|s| s.as_ref().map(|s| s.4.clone()).unwrap_or_default());
    view! {
        <g class=class transform=transform data-copy=copy_attr data-fate=fate_attr data-at=at_attr on:click=on_click>
            <circle r="6"></circle>
            <title>{title}</title>
        </g>
    }
}

/// Every visible dot, as a keyed list.
#[component]
pub fn Dots(
    /// Shared state.
    ctx: Ctx,
    /// Node positions.
    placed: Memo<Placed>,
) -> impl IntoView {
    let keys = Memo::new(move |_| {
        ctx.frame.track();
        ctx.with(visible).unwrap_or_default()
    });
    view! {
        <g class="messages">
            <For each=move || keys.get() key=|k| *k let:k>
                <Dot ctx=ctx placed=placed key=k />
            </For>
        </g>
    }
}
