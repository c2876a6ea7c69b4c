//! Edge curves between placed nodes, their SVG path strings, and points along them.
//!
//! A message travelling an edge is drawn at `point_at(curve, t)` with `t` its progress, so the
//! animation is a pure function of the hop's departure and arrival times.

use super::layout::{EdgeKind, PlacedNode, Point, ARC_DEPTH};

/// A cubic Bézier curve: `from`, two control points, `to`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Curve {
    /// Where the curve starts (on the source node's border).
    pub from: Point,
    /// First control point.
    pub c1: Point,
    /// Second control point.
    pub c2: Point,
    /// Where the curve ends (on the target node's border).
    pub to: Point,
}

impl Curve {
    /// The SVG path `d` attribute, numbers rounded to a tenth: `"M 1 2 C 3 4, 5 6, 7 8"`.
    pub fn d(&self) -> String {
        format!(
            "M {} {} C {} {}, {} {}, {} {}",
            fmt_num(self.from.x),
            fmt_num(self.from.y),
            fmt_num(self.c1.x),
            fmt_num(self.c1.y),
            fmt_num(self.c2.x),
            fmt_num(self.c2.y),
            fmt_num(self.to.x),
            fmt_num(self.to.y),
        )
    }
}

/// The curve for an edge between two placed nodes.
///
/// - An edge going right leaves the source's right side and enters the target's left side in a
///   gentle S.
/// - A dead-letter edge between different columns leaves the source's bottom and enters the
///   target's bottom in an arc below both, so it never looks like a binding.
/// - Any other edge going left (a loop back) arcs above, from top to top.
/// - Within one column, dead-letter edges bulge to the left, others to the right.
pub fn edge_curve(from: &PlacedNode, to: &PlacedNode, kind: EdgeKind) -> Curve {
    let same_column = (to.center.x - from.center.x).abs() < 1.0;
    let dead_letter = kind == EdgeKind::DeadLetter;
    if same_column {
        let (start, end, dx) = if dead_letter {
            (from.left(), to.left(), -ARC_DEPTH)
        } else {
            (from.right(), to.right(), ARC_DEPTH)
        };
        // A self-loop still needs some height to be visible.
        let dy = if (end.y - start.y).abs() < 1.0 { ARC_DEPTH / 2.0 } else { 0.0 };
        return Curve {
            from: start,
            c1: Point { x: start.x + dx, y: start.y - dy },
            c2: Point { x: end.x + dx, y: end.y + dy },
            to: end,
        };
    }
    if dead_letter {
        let (start, end) = (from.bottom(), to.bottom());
        let base = start.y.max(end.y) + ARC_DEPTH;
        return Curve {
            from: start,
            c1: Point { x: start.x, y: base },
            c2: Point { x: end.x, y: base },
            to: end,
        };
    }
    if to.center.x < from.center.x {
        let (start, end) = (from.top(), to.top());
        let base = start.y.min(end.y) - ARC_DEPTH;
        return Curve {
            from: start,
            c1: Point { x: start.x, y: base },
            c2: Point { x: end.x, y: base },
            to: end,
        };
    }
    let (start, end) = (from.right(), to.left());
    let pull = (end.x - start.x) / 2.0;
    Curve {
        from: start,
        c1: Point { x: start.x + pull, y: start.y },
        c2: Point { x: end.x - pull, y: end.y },
        to: end,
    }
}

/// The SVG path `d` string for an edge between two placed nodes (see [`edge_curve`]).
pub fn edge_path(from: &PlacedNode, to: &PlacedNode, kind: EdgeKind) -> String {
    edge_curve(from, to, kind).d()
}

/// The point a fraction `t` of the way along a curve: `t = 0` is its start, `t = 1` its end.
/// `t` outside `0..=1` is clamped, and a NaN `t` counts as 0, so a message is never drawn off
/// its edge.
pub fn point_at(curve: &Curve, t: f64) -> Point {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    Point {
        x: a * curve.from.x + b * curve.c1.x + c * curve.c2.x + d * curve.to.x,
        y: a * curve.from.y + b * curve.c1.y + c * curve.c2.y + d * curve.to.y,
    }
}

/// Formats a coordinate rounded to a tenth, without a trailing `.0` and never as `-0`.
pub fn fmt_num(value: f64) -> String {
    let tenths = (value * 10.0).round();
    if tenths == 0.0 || !tenths.is_finite() {
        return "0".to_string();
    }
    if tenths % 10.0 == 0.0 {
        format!("{}", (tenths / 10.0) as i64)
    } else {
        format!("{:.1}", tenths / 10.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::layout::NodeKind;

    fn at(id: &str, kind: NodeKind, x: f64, y: f64) -> PlacedNode {
        PlacedNode {
            id: id.to_string(),
            kind,
            column: 0,
            row: 0,
            center: Point { x, y },
            size: kind.size(),
        }
    }

    fn close(a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
    }

    #[test]
    fn forward_edges_run_right_side_to_left_side() {
        let ex = at("ex", NodeKind::Exchange, 100.0, 50.0);
        let q = at("q", NodeKind::Queue, 300.0, 150.0);
        let c = edge_curve(&ex, &q, EdgeKind::Binding);
        assert_eq!(c.from, ex.right());
        assert_eq!(c.to, q.left());
        // A gentle S: the control points keep the end heights, so the middle lies between them.
        let mid = point_at(&c, 0.5);
        assert!(mid.y > 50.0 && mid.y < 150.0);
        assert_eq!(c.d(), "M 165 50 C 195 50, 195 150, 225 150");
        assert_eq!(edge_path(&ex, &q, EdgeKind::Binding), c.d());
    }

    #[test]
    fn dead_letter_edges_arc_below_both_ends() {
        let q = at("q", NodeKind::Queue, 100.0, 100.0);
        let dlx = at("dlx", NodeKind::Exchange, 300.0, 100.0);
        let dl = edge_curve(&q, &dlx, EdgeKind::DeadLetter);
        let binding = edge_curve(&q, &dlx, EdgeKind::Binding);
        assert_eq!(dl.from, q.bottom());
        assert_eq!(dl.to, dlx.bottom());
        let lowest_end = q.bottom().y.max(dlx.bottom().y);
        assert!(point_at(&dl, 0.5).y > lowest_end + ARC_DEPTH / 2.0);
        // The same two nodes joined by a binding: a level line, nowhere near the arc.
        assert_eq!(point_at(&binding, 0.5).y, 100.0);
        assert_ne!(dl.d(), binding.d());
    }

    #[test]
    fn backward_edges_arc_above() {
        let dlq = at("dlq", NodeKind::Queue, 500.0, 100.0);
        let ex = at("ex", NodeKind::Exchange, 100.0, 100.0);
        let c = edge_curve(&dlq, &ex, EdgeKind::Binding);
        assert_eq!((c.from, c.to), (dlq.top(), ex.top()));
        assert!(point_at(&c, 0.5).y < dlq.top().y - ARC_DEPTH / 2.0);
    }

    #[test]
    fn same_column_edges_bulge_sideways_and_self_loops_stay_visible() {
        let a = at("a", NodeKind::Exchange, 100.0, 50.0);
        let b = at("b", NodeKind::Exchange, 100.0, 150.0);
        assert!(point_at(&edge_curve(&a, &b, EdgeKind::Binding), 0.5).x > a.right().x);
        assert!(point_at(&edge_curve(&a, &b, EdgeKind::DeadLetter), 0.5).x < a.left().x);
        let lp = edge_curve(&a, &a, EdgeKind::Binding);
        assert!(lp.c1 != lp.c2, "a self-loop must not collapse to a point");
    }

    #[test]
    fn point_at_starts_and_ends_on_the_endpoints_and_clamps() {
        let c = Curve {
            from: Point { x: 0.0, y: 0.0 },
            c1: Point { x: 10.0, y: 40.0 },
            c2: Point { x: 30.0, y: 40.0 },
            to: Point { x: 40.0, y: 0.0 },
        };
        assert!(close(point_at(&c, 0.0), c.from));
        assert!(close(point_at(&c, 1.0), c.to));
        assert!(close(point_at(&c, -3.0), c.from));
        assert!(close(point_at(&c, 7.5), c.to));
        assert!(close(point_at(&c, f64::NAN), c.from));
        assert!(close(point_at(&c, 0.5), Point { x: 20.0, y: 30.0 }));
        // Progress moves monotonically along this curve's x.
        let xs: Vec<f64> = (0..=10).map(|i| point_at(&c, i as f64 / 10.0).x).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(fmt_num(12.0), "12");
        assert_eq!(fmt_num(12.04), "12");
        assert_eq!(fmt_num(12.06), "12.1");
        assert_eq!(fmt_num(-0.01), "0");
        assert_eq!(fmt_num(-2.5), "-2.5");
        assert_eq!(fmt_num(f64::NAN), "0");
    }
}
