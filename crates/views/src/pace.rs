//! How far one animation frame moves the clock so that playing never skips a death: a frame
//! that would pass the moment a copy dies or is dropped stops at that moment (the graph shows
//! the death and its label there), at most once per `min_gap_us` of virtual time so that a storm
//! of deaths still plays at the chosen speed; with pause-on-death the clock stops there too.

use super::flight::Flights;

/// Where a frame takes the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advance {
    /// The moment to show.
    pub to_us: u64,
    /// The death it stopped at, if any (when the frame stopped short at one).
    pub death_at_us: Option<u64>,
    /// The copy that died or was dropped there (what a pause on that death shows).
    pub death_copy: Option<u64>,
}

/// The first death in `(now_us, wanted_us]` at least `min_gap_us` after `last_stop_us` (the last
/// death a frame stopped at): the frame stops there; otherwise it goes to `wanted_us`.
pub fn advance(
    flights: &Flights,
    deaths: &[usize],
    now_us: u64,
    wanted_us: u64,
    last_stop_us: Option<u64>,
    min_gap_us: u64,
) -> Advance {
    let hops = &flights.hops;
    let first = deaths.partition_point(|&i| hops[i].at_us <= now_us);
    let earliest = last_stop_us.map_or(0, |t| t.saturating_add(min_gap_us));
    let death = deaths[first..]
        .iter()
        .filter_map(|&i| hops.get(i))
        .take_while(|h| h.at_us <= wanted_us)
        .find(|h| h.at_us >= earliest);
    match death {
        Some(h) => Advance { to_us: h.at_us, death_at_us: Some(h.at_us), death_copy: h.copy },
        None => Advance { to_us: wanted_us, death_at_us: None, death_copy: None },
    }
}

/// The virtual time between two stops at deaths: what `wall_ms` of real time is at `speed`.
pub fn min_gap_us(speed: f64, wall_ms: u64) -> u64 {
    let us = speed.max(0.0) * wall_ms as f64 * 1000.0;
    if us.is_finite() {
        us.min(u64::MAX as f64 / 2.0) as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};
    use crate::viz::death_label::death_hops as deaths_of;
    use crate::viz::fate::FateFamily;

    fn deaths(flights: &Flights) -> Vec<u64> {
        let mut d: Vec<u64> = flights
            .hops
            .iter()
            .filter(|h| matches!(h.fate.family(), FateFamily::Died | FateFamily::Dropped))
            .map(|h| h.at_us)
            .collect();
        d.dedup();
        d
    }

    #[test]
    fn playing_at_any_speed_stops_at_every_death_moment() {
        let s = presets::preset("four-reasons").unwrap();
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        let flights = Flights::from_events(run.engine().events());
        let want = deaths(&flights);
        assert!(want.len() >= 3, "{want:?}");
        let end = run.end().as_us();
        // One frame covers the whole run at a huge speed: the frames still stop at each death.
        let (mut now, mut last, mut seen) = (0, None, Vec::new());
        for _ in 0..100 {
            let a = advance(&flights, &deaths_of(&flights), now, end, last, 0);
            if let Some(d) = a.death_at_us {
                seen.push(d);
                last = Some(d);
            }
            if a.to_us == now && a.death_at_us.is_none() {
                break;
            }
            now = a.to_us;
            if now >= end && a.death_at_us.is_none() {
                break;
            }
        }
        let after_start: Vec<u64> = want.iter().copied().filter(|&t| t > 0).collect();
        assert_eq!(seen, after_start);
    }

    #[test]
    fn a_storm_of_deaths_still_plays_at_the_chosen_pace() {
        let s = presets::preset("four-reasons").unwrap();
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        let flights = Flights::from_events(run.engine().events());
        let d = deaths(&flights);
        // Right after a stop, the next deaths within the gap are passed (their labels count them).
        let a = advance(
            &flights,
            &deaths_of(&flights),
            d[0],
            run.end().as_us(),
            Some(d[0]),
            u64::MAX / 4,
        );
        assert_eq!(a, Advance { to_us: run.end().as_us(), death_at_us: None, death_copy: None });
        // No death in the frame: the frame goes where it was asked to.
        let a = advance(&flights, &deaths_of(&flights), 0, 1, None, 0);
        assert_eq!(a.to_us, 1);
        assert_eq!(min_gap_us(10.0, 400), 4_000_000);
        assert_eq!(min_gap_us(f64::NAN, 400), 0);
    }
}
