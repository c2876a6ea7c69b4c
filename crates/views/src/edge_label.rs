//! Where an edge's label sits: on its curve, at the first of a few spots whose words no other
//! edge runs through and that lie on no node; when every spot has some (a fan of bindings out
//! of one exchange, too close together for their routing keys), over the edge's end, just
//! above the box it reaches, if no other label goes there; else the spot with the fewest.

use super::edge_route::Routes;
use super::fit_text::text_width;
use super::layout::{EdgeKind, Point};
use super::path::{point_at, Curve};

/// The spots tried along a curve, in order of preference: across, the middle first; down
/// (top to bottom), nearer the end, where a fan has spread apart.
const ACROSS: [f64; 5] = [0.5, 0.65, 0.8, 0.35, 0.9];
const DOWN: [f64; 5] = [0.8, 0.65, 0.5, 0.9, 0.35];

/// Samples taken along each other curve.
const SAMPLES: usize = 48;

/// A label's baseline below (positive) or above (negative) its point on the curve, for words
/// of `font` units: under a dead-letter edge, over any other.
pub fn baseline_offset(kind: EdgeKind, font: f64) -> f64 {
    if kind == EdgeKind::DeadLetter {
        font * 1.3
    } else {
        -font * 0.55
    }
}

/// A label's box: left, top, right, bottom, in view-box units.
pub type LabelBox = (f64, f64, f64, f64);

/// The box of `text` at `font` units anchored at (`x`, baseline `y`) by `anchor`.
pub fn text_box(x: f64, y: f64, anchor: &str, text: &str, font: f64) -> LabelBox {
    let w = text_width(text, font) + 2.0;
    let left = if anchor == "start" { x - 1.0 } else { x - w / 2.0 };
    (left, y - font * 0.8, left + w, y + font * 0.25)
}

fn overlaps(a: LabelBox, b: LabelBox) -> bool {
    a.0 < b.2 && a.2 > b.0 && a.1 < b.3 && a.3 > b.1
}

/// Where a label's text goes: its anchor point (view-box units) and `text-anchor`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelPlace {
    pub x: f64,
    pub y: f64,
    /// `middle` (centred on `x`) or `start` (beginning at `x`).
    pub anchor: &'static str,
    /// Over the box the edge reaches, rather than on the curve.
    pub above_target: bool,
    /// False when no spot is clear (a graph drawn too small for its words): the label is left
    /// out rather than drawn over another word, an edge or a node (the edge's title keeps it).
    pub shown: bool,
}

impl LabelPlace {
    /// The box of `text` placed here.
    pub fn text_box(&self, text: &str, font: f64) -> LabelBox {
        text_box(self.x, self.y, self.anchor, text, font)
    }
}

/// Where the label `text` of the edge `from → to` goes, drawn at `font` units; `alone`: no
/// other labelled edge reaches the same node; `taken`: the boxes of labels placed before it,
/// which it keeps clear of too.
pub fn place_label(
    routes: &Routes,
    edge: (&str, &str, EdgeKind),
    text: &str,
    font: f64,
    alone: bool,
    taken: &[LabelBox],
) -> Option<LabelPlace> {
    let (_, to, kind) = edge;
    let own = routes.curve(edge.0, to, kind)?;
    let (t, crossings) = label_t(routes, edge, text, font, taken);
    let p = point_at(&own, t);
    let on_curve = LabelPlace {
        x: p.x,
        y: p.y + baseline_offset(kind, font),
        anchor: "middle",
        above_target: false,
        shown: crossings == 0,
    };
    if crossings == 0 || !alone || kind == EdgeKind::DeadLetter {
        return Some(on_curve);
    }
    let Some(n) = routes.placed().get(to) else { return Some(on_curve) };
    let top = n.center.y - n.size.height / 2.0 - font * 0.35;
    let above = if routes.down() {
        // Beside the arrowhead coming down into the box.
        LabelPlace { x: n.center.x + 6.0, y: top, anchor: "start", above_target: true, shown: true }
    } else {
        LabelPlace { x: n.center.x, y: top, anchor: "middle", above_target: true, shown: true }
    };
    let b = above.text_box(text, font);
    let on_node = routes.placed().values().any(|m| {
        let (hw, hh) = (m.size.width / 2.0, m.size.height / 2.0);
        overlaps(b, (m.center.x - hw, m.center.y - hh, m.center.x + hw, m.center.y + hh))
    });
    let clear = !on_node && !taken.iter().any(|t| overlaps(*t, b));
    Some(if clear { above } else { on_curve })
}

/// The spot (a curve parameter, 0 to 1) for the label `text` of the edge `from → to` drawn at
/// `font` units, among `routes` and the labels `taken` before it, and how many edges, nodes
/// and labels its words lie on there.
pub fn label_t(
    routes: &Routes,
    edge: (&str, &str, EdgeKind),
    text: &str,
    font: f64,
    taken: &[LabelBox],
) -> (f64, usize) {
    let (from, to, kind) = edge;
    let spots = if routes.down() { DOWN } else { ACROSS };
    let Some(own) = routes.curve(from, to, kind) else { return (spots[0], 0) };
    let others: Vec<Curve> = routes
        .curves()
        .filter(|((a, b, k), _)| !(a == from && b == to && *k == kind))
        .map(|(_, c)| *c)
        .collect();
    let offset = baseline_offset(kind, font);
    let score = |t: f64| -> usize {
        let at = point_at(&own, t);
        let b = text_box(at.x, at.y + offset, "middle", text, font);
        let inside = |p: Point| p.x > b.0 && p.x < b.2 && p.y > b.1 && p.y < b.3;
        let crossed = others
            .iter()
            .filter(|c| (0..=SAMPLES).any(|i| inside(point_at(c, i as f64 / SAMPLES as f64))))
            .count();
        let on_nodes = routes
            .placed()
            .values()
            .filter(|n| {
                let (hw, hh) = (n.size.width / 2.0, n.size.height / 2.0);
                overlaps(b, (n.center.x - hw, n.center.y - hh, n.center.x + hw, n.center.y + hh))
            })
            .count();
        let on_labels = taken.iter().filter(|t| overlaps(b, **t)).count();
        crossed + 10 * (on_nodes + on_labels)
    };
    let mut best = (spots[0], usize::MAX);
    for t in spots {
        let s = score(t);
        if s == 0 {
            return (t, 0);
        }
        if s < best.1 {
            best = (t, s);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::layout::{layout, EdgeSpec, NodeKind, NodeSpec};
    use std::collections::BTreeMap;

    #[test]
    fn a_fan_of_bindings_puts_each_label_where_no_other_edge_runs() {
        let node = |id: &str, kind, layer| NodeSpec { id: id.into(), kind, layer };
        let mut nodes = vec![node("x:app", NodeKind::Exchange, 1)];
        let mut edges = Vec::new();
        for q in ["q:a", "q:b", "q:c", "q:d"] {
            nodes.push(node(q, NodeKind::Queue, 2));
            edges.push(EdgeSpec { from: "x:app".into(), to: q.into(), kind: EdgeKind::Binding });
        }
        let l = layout(&nodes, &edges);
        let placed: BTreeMap<_, _> = l.nodes.iter().map(|n| (n.id.clone(), n.clone())).collect();
        let routes = Routes::new(&placed, &edges);
        let font = 10.0;
        let text = "let-me-expire";
        for e in &edges {
            let place =
                place_label(&routes, (&e.from, &e.to, e.kind), text, font, true, &[]).unwrap();
            let (l, top, r, bottom) = place.text_box(text, font);
            for o in edges.iter().filter(|o| o.to != e.to) {
                let c = routes.curve(&o.from, &o.to, o.kind).unwrap();
                let through = (0..=SAMPLES)
                    .map(|i| point_at(&c, i as f64 / SAMPLES as f64))
                    .any(|p| p.x > l && p.x < r && p.y > top && p.y < bottom);
                assert!(!through, "{} → {} runs through the label of {}", o.from, o.to, e.to);
            }
        }
        // A short key fits on its curve, in the middle.
        let e = &edges[0];
        let (t, crossings) = label_t(&routes, (&e.from, &e.to, e.kind), "a", font, &[]);
        assert_eq!((t, crossings), (0.5, 0));
        // Where a label already is, another does not go.
        let first = place_label(&routes, (&e.from, &e.to, e.kind), "a", font, true, &[]).unwrap();
        let (t2, _) =
            label_t(&routes, (&e.from, &e.to, e.kind), "a", font, &[first.text_box("a", font)]);
        assert_ne!(t2, 0.5);
        // Two labelled edges into one node: neither goes over it.
        let p = place_label(&routes, (&e.from, &e.to, e.kind), text, font, false, &[]).unwrap();
        assert!(!p.above_target);
    }
}
