//! Queue depth over virtual time, computed from the event log alone.

use std::collections::{BTreeMap, BTreeSet};

use crate::engine::event::{Event, EventKind, Name};
use crate::engine::EventLog;

/// One queue's ready depth as steps: `(time_us, depth from then on)`, starting at `(0, 0)`.
pub type Series = Vec<(u64, u64)>;

/// The ready depth (messages waiting, not delivered) of every queue the log mentions, as step
/// series: +1 enqueued or requeued, −1 delivered, died or dropped while ready, and the whole
/// queue on purge, delete or expiry.
pub fn depth_series(events: &EventLog) -> BTreeMap<String, Series> {
    let mut d = Depths::default();
    events.iter().for_each(|e| d.feed(&e));
    d.finish()
}

/// [`depth_series`] read an event at a time (a long log is read in slices).
#[derive(Debug, Clone, Default)]
pub struct Depths {
    /// Each queue's ready copies.
    ready: BTreeMap<Name, BTreeSet<u64>>,
    out: BTreeMap<Name, Series>,
}

impl Depths {
    /// Reads the next event of the log.
    pub fn feed(&mut self, ev: &Event) {
        let t = ev.at_us.as_us();
        let (queue, change): (Name, i8) = match ev.kind {
            EventKind::Enqueued { queue, .. } | EventKind::Requeued { queue } => (queue, 1),
            EventKind::Delivered { queue, .. }
            | EventKind::Died { queue, .. }
            | EventKind::Acked { queue } => (queue, -1),
            EventKind::QueuePurged { queue, .. }
            | EventKind::QueueDeleted { queue, .. }
            | EventKind::QueueExpired { queue, .. } => (queue, 0),
            _ => return,
        };
        let ready = self.ready.entry(queue).or_default();
        match (change, ev.msg) {
            (1, Some(m)) => {
                ready.insert(m);
            }
            (-1, Some(m)) => {
                ready.remove(&m);
            }
            (0, _) => ready.clear(),
            _ => {}
        }
        let d = ready.len() as u64;
        let s = self.out.entry(queue).or_insert_with(|| vec![(0, 0)]);
        match s.last_mut() {
            Some(last) if last.0 == t => last.1 = d,
            _ => s.push((t, d)),
        }
    }

    /// The series, by queue name.
    pub fn finish(self) -> BTreeMap<String, Series> {
        self.out.into_iter().map(|(q, s)| (q.to_string(), s)).collect()
    }
}

/// The depth of a series at time `t_us`.
pub fn depth_at(series: &Series, t_us: u64) -> u64 {
    let i = series.partition_point(|&(t, _)| t <= t_us);
    if i == 0 {
        0
    } else {
        series[i - 1].1
    }
}

/// An SVG polyline `points` string for a step series in a `width × height` box covering
/// `[0, end_us]` and depths `[0, max_depth]`.
pub fn step_points(
    series: &Series,
    end_us: u64,
    max_depth: u64,
    width: f64,
    height: f64,
) -> String {
    let sx = |t: u64| width * t.min(end_us) as f64 / end_us.max(1) as f64;
    let sy = |d: u64| height - height * d as f64 / max_depth.max(1) as f64;
    let point = |x: f64, d: u64| format!("{},{}", super::fmt_num(x), super::fmt_num(sy(d)));
    // Steps closer than a quarter of a unit across are drawn as one vertical stroke through
    // their lowest and highest depth: a long series costs at most four points per unit.
    let column = |t: u64| (sx(t) * 4.0).round() as i64;
    let shown = series.partition_point(|&(t, _)| t <= end_us);
    let mut pts: Vec<String> = Vec::with_capacity(shown.min(width as usize * 16) + 1);
    let mut prev: Option<u64> = None;
    let mut i = 0;
    while i < shown {
        let (t, first) = series[i];
        let (mut lo, mut hi, mut last, mut n) = (first, first, first, 1);
        while i + n < shown && column(series[i + n].0) == column(t) {
            last = series[i + n].1;
            (lo, hi) = (lo.min(last), hi.max(last));
            n += 1;
        }
        let x = sx(t);
        if let Some(p) = prev {
            pts.push(point(x, p));
        }
        if n > 1 {
            pts.push(point(x, hi));
            pts.push(point(x, lo));
        }
        pts.push(point(x, last));
        prev = Some(last);
        i += n;
    }
    if let Some(p) = prev {
        pts.push(format!("{},{}", super::fmt_num(width), super::fmt_num(sy(p))));
    }
    pts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{playground::presets, Run};

    #[test]
    fn depth_from_the_log_matches_the_engine_at_every_stop() {
        for (id, _) in presets::PRESETS {
            let s = presets::preset(id).unwrap();
            let mut r = Run::new(&s).unwrap();
            let step = (s.duration_ms / 7).max(1);
            let mut t = 0;
            while t <= s.duration_ms {
                r.advance_to(crate::engine::SimTime::from_ms(t)).unwrap();
                let series = depth_series(r.engine().events());
                for q in r.engine().queues() {
                    let got =
                        series.get(&*q.name).map(|s| depth_at(s, r.now().as_us())).unwrap_or(0);
                    assert_eq!(got, q.ready_len(), "{id} {} at {t} ms", q.name);
                }
                t += step;
            }
        }
    }

    #[test]
    fn a_long_series_is_drawn_with_a_few_points_per_unit_through_its_extremes() {
        let s: Series = (0..100_000u64).map(|t| (t, t % 1000)).collect();
        let pts = step_points(&s, 100_000, 999, 100.0, 10.0);
        let n = pts.split(' ').count();
        assert!(n <= 100 * 4 * 4 + 8, "{n} points");
        // Every stroke still reaches the series' top and bottom.
        assert!(pts.contains(",0 ") && pts.contains(",10 "));
    }

    #[test]
    fn step_points_draw_steps_inside_the_box() {
        let s: Series = vec![(0, 0), (500, 2), (1000, 1)];
        assert_eq!(step_points(&s, 1000, 2, 100.0, 10.0), "0,10 50,10 50,0 100,0 100,5 100,5");
        assert_eq!(depth_at(&s, 499), 0);
        assert_eq!(depth_at(&s, 500), 2);
    }
}
