//! A death's burst at its node: where a message dies (rejected, expired, pushed off a full
//! queue, past its delivery limit) or is dropped, an outline of the node grows and fades over
//! the first half of the death's move, so the eye finds the place before the dot leaves it.
//! Like a dot, it is a pure function of the hop and the moment.

use std::collections::BTreeMap;

use super::fate::FateFamily;
use super::flight::{progress, Flights, Hop};
use super::layout::{PlacedNode, Point, Size};

/// How far the outline grows past the node's box at the end of a burst, in view-box units.
pub const BURST_GROWTH: f64 = 14.0;

/// One burst, at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Burst {
    /// The node's centre and its box's half size, in view-box units.
    pub center: Point,
    pub half: Size,
    /// How far the outline lies outside the box now.
    pub grow: f64,
    /// How strong it is drawn, 1 (at the death) to 0 (faded).
    pub alpha: f64,
    /// Died or dropped (its colour).
    pub family: FateFamily,
}

/// The burst of `hop` at `now_us`, drawn at `node` (where the death happened): none when the
/// hop is not a death or a drop, or outside the first half of its window. With `reduced`
/// (reduced motion) the outline does not grow: it shows, then goes.
pub fn burst_of(hop: &Hop, node: &PlacedNode, now_us: u64, reduced: bool) -> Option<Burst> {
    let family = hop.fate.family();
    if !matches!(family, FateFamily::Died | FateFamily::Dropped) {
        return None;
    }
    let p = progress(hop.start_us, hop.end_us, now_us)?;
    if p >= 0.5 {
        return None;
    }
    let t = p * 2.0;
    let (grow, alpha) =
        if reduced { (4.0, 1.0) } else { (4.0 + (BURST_GROWTH - 4.0) * t, 1.0 - t) };
    let half = Size { width: node.size.width / 2.0, height: node.size.height / 2.0 };
    Some(Burst { center: node.center, half, grow, alpha, family })
}

/// Every burst at `now_us` among the hops `moving` then ([`Flights::moving_at`], in its
/// order): a death at the queue it died in, a drop where the message vanished (the node its
/// last move went to).
pub fn bursts_at(
    flights: &Flights,
    moving: &[usize],
    placed: &BTreeMap<String, PlacedNode>,
    now_us: u64,
    reduced: bool,
    out: &mut Vec<Burst>,
) {
    out.clear();
    for &i in moving {
        let Some(h) = flights.hops.get(i) else { continue };
        let at = match h.fate.family() {
            FateFamily::Died => h.from.as_str(),
            FateFamily::Dropped => h.to.as_str(),
            _ => continue,
        };
        if let Some(b) = placed.get(at).and_then(|n| burst_of(h, n, now_us, reduced)) {
            out.push(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};
    use crate::viz::flight::Flights;
    use crate::viz::layout::NodeKind;

    fn node() -> PlacedNode {
        PlacedNode {
            id: "q:a".into(),
            kind: NodeKind::Queue,
            column: 0,
            row: 0,
            center: Point { x: 100.0, y: 50.0 },
            size: Size { width: 80.0, height: 30.0 },
        }
    }

    #[test]
    fn a_death_bursts_at_its_node_growing_and_fading_then_goes() {
        let s = presets::preset("four-reasons").unwrap();
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        let flights = Flights::from_events(run.engine().events());
        let death = flights
            .hops
            .iter()
            .find(|h| h.fate.family() == FateFamily::Died && h.end_us > h.start_us + 10)
            .expect("four-reasons has deaths");
        let n = node();
        let len = death.end_us - death.start_us;
        let early = burst_of(death, &n, death.start_us, false).expect("bursts at the death");
        let later = burst_of(death, &n, death.start_us + len / 4, false).unwrap();
        assert_eq!((early.center, early.family), (n.center, FateFamily::Died));
        assert!(later.grow > early.grow && later.alpha < early.alpha, "{early:?} {later:?}");
        assert_eq!(burst_of(death, &n, death.start_us + len / 2, false), None, "gone by half");
        assert_eq!(burst_of(death, &n, death.start_us.saturating_sub(1), false), None);
        // Reduced motion: the outline shows still, then goes.
        let still = burst_of(death, &n, death.start_us + len / 4, true).unwrap();
        assert_eq!((still.grow, still.alpha), (4.0, 1.0));
        // A hop that is no death never bursts.
        let routed = flights.hops.iter().find(|h| h.fate.family() == FateFamily::OnItsWay).unwrap();
        assert_eq!(burst_of(routed, &n, routed.start_us, false), None);
    }
}
