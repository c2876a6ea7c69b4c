//! Where each message is drawn at a moment, and which message is under the pointer.
//!
//! Every dot comes from the run: the hops moving at that moment (a pure function of each
//! hop's window and the moment, see [`super::flight`]) and the messages waiting at the head of
//! each queue in the engine. The graph draws them and hit-tests the pointer against the same
//! list, so what is clicked is exactly what is drawn.

use std::collections::BTreeMap;

use crate::engine::{Engine, FieldTable, FieldValue, Name};

use super::edge_route::Routes;
use super::flight::{progress, resting_fate, CopyFate, Flights};
use super::layout::Point;
use super::path::{edge_curve, point_at};

/// Messages shown waiting in one queue.
pub const RESTING_SHOWN: usize = 6;

/// A dot's radius, in view-box units.
pub const DOT_RADIUS: f64 = 6.0;

/// What one dot looks like now.
#[derive(Clone, Debug, PartialEq)]
pub struct DotView {
    /// Where, in view-box units.
    pub at: Point,
    pub fate: CopyFate,
    /// What it is drawn as: its fate, except a dead letter waiting in a queue, which keeps
    /// the glyph of the death that brought it there (its newest `x-death` reason), so the
    /// four reasons stay apart in a DLQ.
    pub look: CopyFate,
    /// The copy clicking selects.
    pub copy: Option<u64>,
    /// A mark at a node rather than a move.
    pub mark: bool,
    /// The node it is on or heading to.
    pub node: Name,
}

/// Every dot at `now_us`, in drawing order: moving hops in hop order, then the messages waiting
/// at the head of each queue (queue order, head first). With `reduced` (reduced motion) a
/// moving message is shown at the node it is heading to instead of along the arrow.
/// `first_copy` gives the copy a message still on its publish hop stands for; `moving` are the
/// hops moving at `now_us` ([`Flights::moving_at`]).
pub fn dot_views(
    (flights, moving): (&Flights, &[usize]),
    first_copy: &BTreeMap<u64, u64>,
    engine: &Engine,
    routes: &Routes,
    now_us: u64,
    reduced: bool,
    out: &mut Vec<DotView>,
) {
    out.clear();
    let placed = routes.placed();
    let mut moving = moving.to_vec();
    crate::engine::order::sort_by(&mut moving, |a, b| a.cmp(b));
    for i in moving {
        let Some(h) = flights.hops.get(i) else { continue };
        let (Some(a), Some(b)) = (placed.get(h.from.as_str()), placed.get(h.to.as_str())) else {
            continue;
        };
        let Some(p) = progress(h.start_us, h.end_us, now_us) else { continue };
        let at = if h.from == h.to {
            Point {
                x: a.center.x + a.size.width / 2.0 - 8.0,
                y: a.center.y - a.size.height / 2.0 - 2.0 - 10.0 * p,
            }
        } else if reduced {
            b.center
        } else {
            // Eased: a message sets off and arrives gently, and is halfway at half its time.
            let p = ease(p);
            match routes.curve(&h.from, &h.to, h.kind) {
                Some(c) => point_at(&c, p),
                None => point_at(&edge_curve(a, b, h.kind), p),
            }
        };
        let copy = h.copy.or_else(|| first_copy.get(&h.lineage).copied());
        let fate = h.fate;
        out.push(DotView { at, fate, look: fate, copy, mark: h.from == h.to, node: h.to });
    }
    for q in engine.queues() {
        let id = format!("q:{}", q.name);
        let Some(n) = placed.get(&id) else { continue };
        let node = Name::new(&id);
        for (slot, e) in q.iter_ready().take(RESTING_SHOWN).enumerate() {
            // In a row just under the box (a tray), clear of its border and its words.
            let at = Point {
                x: n.center.x - n.size.width / 2.0 + 8.0 + 11.0 * slot as f64,
                y: n.center.y + n.size.height / 2.0 + 9.0,
            };
            let fate = resting_fate(e.expires_at.map(|t| t.as_us()), now_us, slot == 0);
            let look = match fate {
                CopyFate::Waiting => death_look(&e.msg.props.headers).unwrap_or(fate),
                _ => fate,
            };
            out.push(DotView { at, fate, look, copy: Some(e.msg.id), mark: false, node });
        }
    }
}

/// The fate a dead letter's glyph comes from: the reason of its newest `x-death` entry (the
/// broker puts the latest death first).
fn death_look(headers: &FieldTable) -> Option<CopyFate> {
    let Some(FieldValue::Array(entries)) = headers.get("x-death") else { return None };
    let Some(FieldValue::Table(newest)) = entries.first() else { return None };
    match newest.get("reason").and_then(FieldValue::as_str)? {
        "rejected" => Some(CopyFate::Rejected),
        "expired" => Some(CopyFate::Expired),
        "maxlen" => Some(CopyFate::Overflowed),
        "delivery_limit" => Some(CopyFate::DeliveryLimit),
        _ => None,
    }
}

/// Smoothstep: 0 at 0, 1 at 1, ½ at ½, flat at both ends (clamped to `0..=1`).
pub fn ease(t: f64) -> f64 {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    t * t * (3.0 - 2.0 * t)
}

/// The dot under `p` (view-box units): the nearest whose centre lies within `radius`, the one
/// drawn last on a tie (it is on top). Dots that select nothing are skipped.
pub fn hit(views: &[DotView], p: Point, radius: f64) -> Option<usize> {
    let r2 = radius * radius;
    let mut best: Option<(usize, f64)> = None;
    for (i, d) in views.iter().enumerate() {
        if d.copy.is_none() {
            continue;
        }
        let (dx, dy) = (d.at.x - p.x, d.at.y - p.y);
        let d2 = dx * dx + dy * dy;
        if d2.is_finite() && d2 <= r2 && best.is_none_or(|(_, b)| d2 <= b) {
            best = Some((i, d2));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_keeps_the_ends_and_the_middle_and_moves_forward() {
        assert_eq!((ease(0.0), ease(0.5), ease(1.0)), (0.0, 0.5, 1.0));
        assert_eq!((ease(-1.0), ease(2.0), ease(f64::NAN)), (0.0, 1.0, 0.0));
        let steps: Vec<f64> = (0..=20).map(|i| ease(i as f64 / 20.0)).collect();
        assert!(steps.windows(2).all(|w| w[0] < w[1]));
        assert!(ease(0.1) < 0.1 && ease(0.9) > 0.9, "slow at both ends");
    }
    use crate::scenario::{playground::presets, Run};
    use crate::viz::diagram::build;
    use crate::viz::layout;
    use crate::viz::layout::PlacedNode;

    fn dot(x: f64, y: f64, copy: Option<u64>) -> DotView {
        DotView {
            at: Point { x, y },
            fate: CopyFate::Waiting,
            look: CopyFate::Waiting,
            copy,
            mark: false,
            node: "q:a".into(),
        }
    }

    #[test]
    fn hit_picks_the_nearest_dot_within_the_radius_and_the_top_one_on_a_tie() {
        let v = vec![
            dot(0.0, 0.0, Some(1)),
            dot(10.0, 0.0, Some(2)),
            dot(10.0, 0.0, Some(3)),
            dot(50.0, 50.0, None),
        ];
        assert_eq!(hit(&v, Point { x: 1.0, y: 1.0 }, 8.0), Some(0));
        assert_eq!(hit(&v, Point { x: 9.0, y: 0.0 }, 8.0), Some(2));
        assert_eq!(hit(&v, Point { x: 30.0, y: 0.0 }, 8.0), None);
        // A dot that selects nothing is never hit.
        assert_eq!(hit(&v, Point { x: 50.0, y: 50.0 }, 8.0), None);
        assert_eq!(hit(&[], Point { x: 0.0, y: 0.0 }, 8.0), None);
        assert_eq!(hit(&v, Point { x: f64::NAN, y: 0.0 }, 8.0), None);
    }

    #[test]
    fn dots_follow_the_run_moving_along_hops_and_waiting_in_queues() {
        let s = presets::preset("four-reasons").unwrap();
        let mut full = Run::new(&s).unwrap();
        full.advance_to(full.end()).unwrap();
        let flights = Flights::from_events(full.engine().events());
        let diagram = build(full.engine(), &flights);
        let l = layout(&diagram.node_specs(), &diagram.edge_specs());
        let placed: BTreeMap<String, PlacedNode> =
            l.nodes.iter().map(|n| (n.id.clone(), n.clone())).collect();
        let routes = Routes::new(&placed, &diagram.edge_specs());
        let mut first = BTreeMap::new();
        for h in &flights.hops {
            if let Some(c) = h.copy {
                first.entry(h.lineage).or_insert(c);
            }
        }
        let mut out = Vec::new();
        // At the end: the four dead-lettered messages wait in dead.letters, nothing moves.
        let end_us = full.now().as_us();
        dot_views(
            (&flights, &flights.moving_at(end_us)),
            &first,
            full.engine(),
            &routes,
            end_us,
            false,
            &mut out,
        );
        let waiting: Vec<&DotView> = out.iter().filter(|d| d.node == "q:dead.letters").collect();
        assert_eq!(waiting.len(), 4, "{out:?}");
        assert!(waiting.iter().all(|d| d.fate == CopyFate::Waiting && d.copy.is_some()));
        // Each keeps the glyph of the death that brought it: the four reasons look apart.
        let mut looks: Vec<CopyFate> = waiting.iter().map(|d| d.look).collect();
        looks.sort_by_key(|f| f.css_class());
        let want =
            [CopyFate::DeliveryLimit, CopyFate::Expired, CopyFate::Overflowed, CopyFate::Rejected];
        let mut want = want.to_vec();
        want.sort_by_key(|f| f.css_class());
        assert_eq!(looks, want);
        // Each is hit at its own position.
        for (i, d) in out.iter().enumerate() {
            assert_eq!(hit(&out, d.at, DOT_RADIUS), Some(i));
        }
        // While a hop plays, its dot lies on the arrow; with reduced motion, at its target.
        let mut run = Run::new(&s).unwrap();
        let h = flights.hops.iter().find(|h| h.from != h.to).unwrap();
        let mid = (h.start_us + h.end_us) / 2;
        run.advance_to(crate::engine::SimTime(mid)).unwrap();
        dot_views(
            (&flights, &flights.moving_at(mid)),
            &first,
            run.engine(),
            &routes,
            mid,
            false,
            &mut out,
        );
        let want = point_at(&routes.curve(&h.from, &h.to, h.kind).unwrap(), 0.5);
        assert!(out.iter().any(|d| d.at == want && d.node == h.to), "{out:?}");
        dot_views(
            (&flights, &flights.moving_at(mid)),
            &first,
            run.engine(),
            &routes,
            mid,
            true,
            &mut out,
        );
        assert!(out.iter().any(|d| d.at == placed[h.to.as_str()].center));
        // Unknown nodes draw nothing rather than failing.
        dot_views(
            (&flights, &flights.moving_at(mid)),
            &first,
            run.engine(),
            &Routes::default(),
            mid,
            false,
            &mut out,
        );
        assert!(out.is_empty());
    }
}
