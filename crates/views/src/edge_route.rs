//! Edges routed around the other nodes: an edge keeps its usual curve ([`edge_curve`]) when that
//! crosses no other node, and otherwise takes the first of a few alternatives that does (over
//! the top of everything between its ends, under the bottom, or through the gap beside them),
//! or the one crossing the fewest. Messages travel the same curves ([`Routes`]).

use std::collections::BTreeMap;

use super::layout::{EdgeKind, EdgeSpec, PlacedNode, Point, ARC_DEPTH};
use super::path::{edge_curve, point_at, Curve};

/// Space kept between a routed edge and a node it passes.
const CLEARANCE: f64 = 6.0;
/// Points tested along a curve.
const SAMPLES: usize = 48;

/// How many of `others` the curve passes through (its ends excluded).
pub fn crossings<'a>(curve: &Curve, others: impl IntoIterator<Item = &'a PlacedNode>) -> usize {
    let points: Vec<Point> =
        (1..SAMPLES).map(|i| point_at(curve, i as f64 / SAMPLES as f64)).collect();
    others
        .into_iter()
        .filter(|n| {
            let (hw, hh) = (n.size.width / 2.0 + 2.0, n.size.height / 2.0 + 2.0);
            points.iter().any(|p| (p.x - n.center.x).abs() < hw && (p.y - n.center.y).abs() < hh)
        })
        .count()
}

/// A cubic whose lowest (or highest) point reaches `level`: its control points sit a third
/// further out, since the curve only gets three quarters of the way to them.
fn arc(start: Point, end: Point, level: f64) -> Curve {
    let y = |from: f64| from + (level - from) * 4.0 / 3.0;
    let base =
        if level > start.y.max(end.y) { y(start.y.max(end.y)) } else { y(start.y.min(end.y)) };
    Curve {
        from: start,
        c1: Point { x: start.x, y: base },
        c2: Point { x: end.x, y: base },
        to: end,
    }
}

/// The alternatives to the usual curve, in order of preference.
fn alternatives(from: &PlacedNode, to: &PlacedNode, others: &[&PlacedNode]) -> Vec<Curve> {
    let (lo, hi) = (from.center.x.min(to.center.x), from.center.x.max(to.center.x));
    let between: Vec<&&PlacedNode> = others
        .iter()
        .filter(|n| n.center.x + n.size.width / 2.0 > lo && n.center.x - n.size.width / 2.0 < hi)
        .collect();
    let top = between
        .iter()
        .map(|n| n.center.y - n.size.height / 2.0)
        .fold(from.top().y.min(to.top().y), f64::min);
    let bottom = between
        .iter()
        .map(|n| n.center.y + n.size.height / 2.0)
        .fold(from.bottom().y.max(to.bottom().y), f64::max);
    let mut out = Vec::new();
    // Beside: out of the facing sides, through the gap between the columns. Not for an edge
    // going back (a cycle): that curve is exactly the forward edge's, reversed, and would
    // hide it; a way back is drawn as a curve of its own, over or under.
    let (start, end) = if to.center.x >= from.center.x {
        (from.right(), to.left())
    } else {
        (from.left(), to.right())
    };
    let pull = (end.x - start.x) / 2.0;
    if to.center.x >= from.center.x {
        out.push(Curve {
            from: start,
            c1: Point { x: start.x + pull, y: start.y },
            c2: Point { x: end.x - pull, y: end.y },
            to: end,
        });
    }
    // Over the top of everything between the ends, and under the bottom.
    out.push(arc(from.top(), to.top(), top - CLEARANCE - ARC_DEPTH / 4.0));
    out.push(arc(from.bottom(), to.bottom(), bottom + CLEARANCE + ARC_DEPTH / 4.0));
    // Out of the side, then down (or up) into the target from below (or above).
    let gap = Point { x: start.x + pull, y: start.y };
    let (enter, level) = if to.center.y >= from.center.y {
        (to.bottom(), bottom + CLEARANCE)
    } else {
        (to.top(), top - CLEARANCE)
    };
    out.push(Curve {
        from: start,
        c1: gap,
        c2: Point { x: enter.x, y: level + (level - enter.y) / 3.0 },
        to: enter,
    });
    // Side to side, over the top or under the bottom of everything between (for a long edge
    // whose ends have neighbours above and below them in their columns).
    // A cubic only bends part of the way to its control points, less near its ends: try
    // higher (and lower) arcs until one clears.
    let reach = (end.x - start.x).signum() * ARC_DEPTH;
    for extra in [0.0, 1.0, 2.0, 4.0] {
        for level in [top - CLEARANCE - extra * ARC_DEPTH, bottom + CLEARANCE + extra * ARC_DEPTH] {
            let y = start.y + (level - start.y) * 4.0 / 3.0;
            out.push(Curve {
                from: start,
                c1: Point { x: start.x + reach, y },
                c2: Point { x: end.x - reach, y },
                to: end,
            });
        }
    }
    out
}

/// The curve for an edge from `from` to `to` that avoids `nodes` (the ends are skipped).
pub fn route<'a>(
    from: &PlacedNode,
    to: &PlacedNode,
    kind: EdgeKind,
    nodes: impl IntoIterator<Item = &'a PlacedNode>,
) -> Curve {
    let usual = edge_curve(from, to, kind);
    let others: Vec<&PlacedNode> =
        nodes.into_iter().filter(|n| n.id != from.id && n.id != to.id).collect();
    let usual_hits = crossings(&usual, others.iter().copied());
    if usual_hits == 0 || (from.center.x - to.center.x).abs() < 1.0 {
        return usual;
    }
    let mut best = (usual_hits, usual);
    for c in alternatives(from, to, &others) {
        let hits = crossings(&c, others.iter().copied());
        if hits < best.0 {
            best = (hits, c);
            if hits == 0 {
                break;
            }
        }
    }
    best.1
}

/// Every edge's routed curve, computed once for a set of placed nodes, so the arrows and the
/// messages moving along them agree (and a frame does not route again).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Routes {
    placed: BTreeMap<String, PlacedNode>,
    curves: BTreeMap<(String, String, EdgeKind), Curve>,
    /// Routed in the transposed space (a graph drawn top to bottom, `super::orient`).
    down: bool,
}

impl Routes {
    /// Routes `edges` among `placed`.
    pub fn new(placed: &BTreeMap<String, PlacedNode>, edges: &[EdgeSpec]) -> Routes {
        let mut curves = BTreeMap::new();
        for e in edges {
            let (Some(a), Some(b)) = (placed.get(&e.from), placed.get(&e.to)) else { continue };
            curves.insert(
                (e.from.clone(), e.to.clone(), e.kind),
                route(a, b, e.kind, placed.values()),
            );
        }
        Routes { placed: placed.clone(), curves, down: false }
    }

    /// These routes, made in the transposed space, mirrored back onto `placed`.
    pub fn mirrored(self, placed: BTreeMap<String, PlacedNode>, f: fn(&Curve) -> Curve) -> Routes {
        let curves = self.curves.into_iter().map(|(k, c)| (k, f(&c))).collect();
        Routes { placed, curves, down: true }
    }

    /// Every routed curve, by (from, to, kind).
    pub fn curves(&self) -> impl Iterator<Item = (&(String, String, EdgeKind), &Curve)> {
        self.curves.iter()
    }

    /// Whether the graph is drawn top to bottom.
    pub fn down(&self) -> bool {
        self.down
    }

    /// The nodes the routes were made for, by id.
    pub fn placed(&self) -> &BTreeMap<String, PlacedNode> {
        &self.placed
    }

    /// The curve from `from` to `to`: the routed one for a known edge, else the usual one.
    pub fn curve(&self, from: &str, to: &str, kind: EdgeKind) -> Option<Curve> {
        match self.curves.get(&(from.to_string(), to.to_string(), kind)) {
            Some(c) => Some(*c),
            None if self.down => {
                use super::orient::{transpose_curve, transpose_node};
                let (a, b) = (self.placed.get(from)?, self.placed.get(to)?);
                let c = edge_curve(&transpose_node(a), &transpose_node(b), kind);
                Some(transpose_curve(&c))
            }
            None => Some(edge_curve(self.placed.get(from)?, self.placed.get(to)?, kind)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};
    use crate::viz::diagram::build;
    use crate::viz::flight::Flights;
    use crate::viz::layout::layout;

    /// For each preset: its placed nodes and edges, after the whole run.
    fn drawn() -> Vec<(String, BTreeMap<String, PlacedNode>, Vec<EdgeSpec>)> {
        presets::PRESETS
            .iter()
            .map(|(id, _)| {
                let s = presets::preset(id).unwrap();
                let mut run = Run::new(&s).unwrap();
                run.advance_to(run.end()).unwrap();
                let flights = Flights::from_events(run.engine().events());
                let d = build(run.engine(), &flights);
                let edges = d.edge_specs();
                let l = layout(&d.node_specs(), &edges);
                let placed = l.nodes.iter().map(|n| (n.id.clone(), n.clone())).collect();
                (id.to_string(), placed, edges)
            })
            .collect()
    }

    #[test]
    fn no_edge_of_a_preset_crosses_another_node() {
        let (mut report, mut rerouted) = (Vec::new(), 0);
        for (id, placed, edges) in drawn() {
            let routes = Routes::new(&placed, &edges);
            for e in edges.iter() {
                let c = routes.curve(&e.from, &e.to, e.kind).unwrap();
                let others = placed.values().filter(|n| n.id != e.from && n.id != e.to);
                let hits = crossings(&c, others);
                if hits > 0 {
                    report.push(format!("{id}: {} -> {} crosses {hits}", e.from, e.to));
                }
                let usual = edge_curve(&placed[&e.from], &placed[&e.to], e.kind);
                if usual != c {
                    rerouted += 1;
                }
            }
        }
        assert!(report.is_empty(), "{report:#?}");
        // The usual curves of several presets did cross nodes: routing is what avoids them.
        assert!(rerouted >= 3, "{rerouted}");
    }

    #[test]
    fn a_way_back_is_drawn_as_a_curve_of_its_own() {
        // Two edges between the same nodes in opposite directions (a dead-letter cycle) never
        // share their curve: sampled, they stay apart somewhere along their length.
        for (id, placed, edges) in drawn() {
            let routes = Routes::new(&placed, &edges);
            for a in &edges {
                for b in edges.iter().filter(|b| b.from == a.to && b.to == a.from) {
                    let (ca, cb) = (
                        routes.curve(&a.from, &a.to, a.kind).unwrap(),
                        routes.curve(&b.from, &b.to, b.kind).unwrap(),
                    );
                    let apart = (1..20).map(|i| i as f64 / 20.0).any(|t| {
                        let (p, q) = (point_at(&ca, t), point_at(&cb, 1.0 - t));
                        (p.x - q.x).hypot(p.y - q.y) > 20.0
                    });
                    assert!(apart, "{id}: {} <-> {} drawn on one curve", a.from, a.to);
                }
            }
        }
    }
}
