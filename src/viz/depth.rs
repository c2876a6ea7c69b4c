//! Queue depth over virtual time, computed from the event log alone.

use std::collections::BTreeMap;

use crate::engine::event::EventKind;
use crate::engine::EventLog;

/// One queue's ready depth as steps: `(time_us, depth from then on)`, starting at `(0, 0)`.
pub type Series = Vec<(u64, u64)>;

/// The ready depth (messages waiting, not delivered) of every queue the log mentions, as step
/// series: +1 enqueued or requeued, −1 delivered, died or dropped while ready, and the whole
/// queue on purge, delete or expiry.
pub fn depth_series(events: &EventLog) -> BTreeMap<String, Series> {
    let mut ready: BTreeMap<String, Vec<u64>> = BTreeMap::new(); // queue → ready copies
    let mut out: BTreeMap<String, Series> = BTreeMap::new();
    let record = |out: &mut BTreeMap<String, Series>, q: &str, t: u64, d: usize| {
        let s = out.entry(q.to_string()).or_insert_with(|| vec![(0, 0)]);
        match s.last_mut() {
            Some(last) if last.0 == t => last.1 = d as u64,
            _ => s.push((t, d as u64)),
        }
    };
    for ev in events {
        let t = ev.at_us.as_us();
        let (queue, change): (&str, i8) = match &ev.kind {
            EventKind::Enqueued { queue, .. } | EventKind::Requeued { queue } => (queue, 1),
            EventKind::Delivered { queue, .. }
            | EventKind::Died { queue, .. }
            | EventKind::Acked { queue } => (queue, -1),
            EventKind::QueuePurged { queue, .. }
            | EventKind::QueueDeleted { queue, .. }
            | EventKind::QueueExpired { queue, .. } => (queue, 0),
            _ => continue,
        };
        let list = ready.entry(queue.to_string()).or_default();
        match (change, ev.msg) {
            (1, Some(m)) => list.push(m),
            (-1, Some(m)) => list.retain(|&x| x != m),
            (0, _) => list.clear(),
            _ => {}
        }
        let d = list.len();
        record(&mut out, queue, t, d);
    }
    out
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
    let mut pts: Vec<String> = Vec::with_capacity(series.len() * 2 + 1);
    let mut prev: Option<u64> = None;
    for &(t, d) in series {
        if t > end_us {
            break;
        }
        if let Some(p) = prev {
            pts.push(format!("{},{}", super::fmt_num(sx(t)), super::fmt_num(sy(p))));
        }
        pts.push(format!("{},{}", super::fmt_num(sx(t)), super::fmt_num(sy(d))));
        prev = Some(d);
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
    fn step_points_draw_steps_inside_the_box() {
        let s: Series = vec![(0, 0), (500, 2), (1000, 1)];
        assert_eq!(step_points(&s, 1000, 2, 100.0, 10.0), "0,10 50,10 50,0 100,0 100,5 100,5");
        assert_eq!(depth_at(&s, 499), 0);
        assert_eq!(depth_at(&s, 500), 2);
    }
}
