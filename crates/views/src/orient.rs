//! Which way the graph runs: left to right (the usual drawing) or top to bottom, for a tall,
//! narrow panel such as a phone or a narrow embed, where a wide graph would be drawn too small
//! to read.
//!
//! Top to bottom is the usual drawing made in a transposed space (boxes turned a quarter,
//! layers as columns), then transposed back: edges that leave a box's right side there leave
//! its bottom here, and dead-letter arcs that dip below there swing to the right here. Routing
//! ([`Routes::down`]) works the same way, so messages travel the drawn curves.

use std::collections::BTreeMap;

use super::edge_route::Routes;
use super::fit::Fit;
use super::layout::{
    layout_with, EdgeSpec, Layout, NodeSpec, PlacedNode, Point, Size, Spacing, MARGIN,
};
use super::path::{point_at, Curve};

/// The graph's direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// Layers in columns, left to right.
    #[default]
    Across,
    /// Layers in rows, top to bottom.
    Down,
}

/// Spacing in the transposed space of a top-to-bottom layout: `column_gap` is the distance
/// between layers (rows on screen), `row_gap` the room per sibling (columns on screen).
/// (A rank of more than four nodes zig-zags: two staggered rows fit a phone's width at about
/// twice the scale of one long row.)
pub const DOWN: Spacing = Spacing {
    column_gap: 140.0,
    row_gap: 172.0,
    zigzag_row_gap: 90.0,
    zigzag_over: 4,
    turned: true,
};

/// Top to bottom is chosen only when it draws the graph this much larger than across.
const DOWN_GAIN: f64 = 1.2;

fn flip(p: Point) -> Point {
    Point { x: p.y, y: p.x }
}

/// A placed node mirrored over the diagonal: centre and box swapped.
pub fn transpose_node(n: &PlacedNode) -> PlacedNode {
    PlacedNode {
        center: flip(n.center),
        size: Size { width: n.size.height, height: n.size.width },
        ..n.clone()
    }
}

/// A curve mirrored over the diagonal.
pub fn transpose_curve(c: &Curve) -> Curve {
    Curve { from: flip(c.from), c1: flip(c.c1), c2: flip(c.c2), to: flip(c.to) }
}

/// The layout in a direction.
pub fn oriented(nodes: &[NodeSpec], edges: &[EdgeSpec], o: Orientation) -> Layout {
    match o {
        Orientation::Across => super::layout::layout(nodes, edges),
        Orientation::Down => {
            let t = layout_with(nodes, edges, &DOWN);
            Layout {
                width: t.height,
                height: t.width,
                nodes: t.nodes.iter().map(transpose_node).collect(),
            }
        }
    }
}

impl Routes {
    /// Every edge routed among `placed` in a direction (top to bottom: routed in the
    /// transposed space, where the graph runs across, and mirrored back).
    pub fn oriented(
        placed: &BTreeMap<String, PlacedNode>,
        edges: &[EdgeSpec],
        o: Orientation,
    ) -> Routes {
        match o {
            Orientation::Across => Routes::new(placed, edges),
            Orientation::Down => {
                let turned: BTreeMap<String, PlacedNode> =
                    placed.iter().map(|(k, n)| (k.clone(), transpose_node(n))).collect();
                Routes::new(&turned, edges).mirrored(placed.clone(), transpose_curve)
            }
        }
    }
}

/// The layout cut to what is drawn: the nodes' boxes and every routed edge's curve (sampled,
/// not its control points, which reach further than the curve), with a margin. A graph whose
/// arcs swing wide keeps no empty band where only control points were.
pub fn trimmed(layout: &Layout, edges: &[EdgeSpec], o: Orientation) -> Layout {
    const SAMPLES: usize = 32;
    let placed: BTreeMap<String, PlacedNode> =
        layout.nodes.iter().map(|n| (n.id.clone(), n.clone())).collect();
    if placed.is_empty() {
        return layout.clone();
    }
    let routes = Routes::oriented(&placed, edges, o);
    let (mut x0, mut y0, mut x1, mut y1) =
        (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut take = |p: Point| {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    };
    for n in &layout.nodes {
        let tl = n.top_left();
        take(tl);
        take(Point { x: tl.x + n.size.width, y: tl.y + n.size.height });
    }
    for e in edges {
        if let Some(c) = routes.curve(&e.from, &e.to, e.kind) {
            (0..=SAMPLES).for_each(|i| take(point_at(&c, i as f64 / SAMPLES as f64)));
        }
    }
    let (dx, dy) = (MARGIN - x0, MARGIN - y0);
    Layout {
        width: x1 - x0 + 2.0 * MARGIN,
        height: y1 - y0 + 2.0 * MARGIN,
        nodes: layout
            .nodes
            .iter()
            .map(|n| PlacedNode {
                center: Point { x: n.center.x + dx, y: n.center.y + dy },
                ..n.clone()
            })
            .collect(),
    }
}

/// The direction that draws a graph larger in a panel of `panel` pixels, given the view-box
/// sizes of both layouts: across, unless the panel is narrow and down is clearly larger.
pub fn choose(across: (f64, f64), down: (f64, f64), panel: (f64, f64)) -> Orientation {
    let scale = |v: (f64, f64)| Fit::meet(v.0, v.1, panel.0, panel.1).map_or(0.0, |f| f.scale);
    if panel.0 < super::text_size::NARROW_BELOW && scale(down) > scale(across) * DOWN_GAIN {
        Orientation::Down
    } else {
        Orientation::Across
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::layout::tests::{edge, sample};
    use crate::viz::layout::EdgeKind;

    #[test]
    fn down_runs_top_to_bottom_with_boxes_the_usual_way_round() {
        let (nodes, edges) = sample();
        let l = oriented(&nodes, &edges, Orientation::Down);
        let y = |id: &str| l.node(id).unwrap().center.y;
        assert!(y("pub") < y("ex") && y("ex") < y("work") && y("work") < y("dlx"));
        assert!(y("dlx") < y("dlq"));
        for n in &l.nodes {
            assert_eq!(n.size, n.kind.size(), "{}", n.id);
            let tl = n.top_left();
            assert!(tl.x >= 0.0 && tl.y >= 0.0, "{} at {tl:?}", n.id);
            assert!(tl.x + n.size.width <= l.width && tl.y + n.size.height <= l.height);
        }
        // Narrower than it is tall: it suits a phone.
        assert!(l.width < l.height, "{} x {}", l.width, l.height);
    }

    #[test]
    fn routes_down_leave_the_bottom_and_enter_the_top() {
        let (nodes, edges) = sample();
        let l = oriented(&nodes, &edges, Orientation::Down);
        let placed = l.nodes.iter().map(|n| (n.id.clone(), n.clone())).collect();
        let r = Routes::oriented(&placed, &edges, Orientation::Down);
        let c = r.curve("ex", "work", EdgeKind::Binding).unwrap();
        let (ex, work) = (l.node("ex").unwrap(), l.node("work").unwrap());
        assert_eq!(c.from, ex.bottom());
        assert_eq!(c.to, work.top());
        assert_eq!(r.placed(), &placed);
    }

    #[test]
    fn a_trimmed_layout_holds_every_box_and_curve_and_is_no_larger() {
        let (nodes, mut edges) = sample();
        edges.push(edge("dlq", "ex", EdgeKind::Binding)); // a way back, arcing wide
        for o in [Orientation::Across, Orientation::Down] {
            let l = oriented(&nodes, &edges, o);
            let t = trimmed(&l, &edges, o);
            assert!(t.width <= l.width + 1e-9 && t.height <= l.height + 1e-9, "{o:?}");
            let inside = |p: Point| {
                p.x >= -1e-9 && p.y >= -1e-9 && p.x <= t.width + 1e-9 && p.y <= t.height + 1e-9
            };
            for n in &t.nodes {
                assert!(inside(n.top_left()));
                assert!(inside(Point {
                    x: n.top_left().x + n.size.width,
                    y: n.top_left().y + n.size.height
                }));
            }
            let placed = t.nodes.iter().map(|n| (n.id.clone(), n.clone())).collect();
            let r = Routes::oriented(&placed, &edges, o);
            for e in &edges {
                let c = r.curve(&e.from, &e.to, e.kind).unwrap();
                assert!((0..=20).all(|i| inside(point_at(&c, i as f64 / 20.0))), "{o:?} {e:?}");
            }
        }
    }

    #[test]
    fn a_tall_panel_chooses_down_only_when_it_draws_larger() {
        // A wide graph in a phone's panel: down is larger.
        assert_eq!(choose((1158.0, 190.0), (400.0, 700.0), (370.0, 500.0)), Orientation::Down);
        // On a desktop, across, even in a tall panel.
        assert_eq!(choose((1158.0, 190.0), (400.0, 700.0), (900.0, 600.0)), Orientation::Across);
        assert_eq!(choose((1158.0, 190.0), (400.0, 700.0), (700.0, 2000.0)), Orientation::Across);
        // Nothing to fit: across.
        assert_eq!(choose((1158.0, 190.0), (400.0, 700.0), (0.0, 0.0)), Orientation::Across);
    }
}
