//! The figures read forward ([`FiguresReader`]) are exactly the figures read from the whole
//! trace ([`Metrics::until`]) at every moment, whichever way the moments go: forward as a run
//! plays, back again, and in jumps.

use dlx_lab::systems::presets::PRESETS;
use dlx_lab::systems::{Comparison, FiguresReader, Metrics, Outcome, Workload};

/// Reads `o` at each of `moments` with one reader and checks every reading.
fn same_at(label: &str, w: &Workload, o: &Outcome, reader: &mut FiguresReader, moments: &[u64]) {
    for &t in moments {
        assert_eq!(
            reader.at(w, &o.trace, t),
            Metrics::until(w, &o.trace, t),
            "{label} {:?} at {t} µs",
            o.strategy
        );
    }
}

/// The moments worth reading a trace at: before it, at and just before and after every event
/// time (`step` of them), and past its end.
fn moments(o: &Outcome, step: usize) -> Vec<u64> {
    let mut ts = vec![0];
    for e in o.trace.events.iter().step_by(step.max(1)) {
        ts.extend([e.at_us.saturating_sub(1), e.at_us, e.at_us + 1]);
    }
    ts.push(u64::MAX);
    ts
}

/// Forward through the run, back through it, then in jumps back and forth.
fn checked(label: &str, c: &Comparison, step: usize) {
    let w = &c.workload;
    for o in c.run_all() {
        let forward = moments(&o, step);
        let mut reader = FiguresReader::new(w, &o.trace);
        same_at(label, w, &o, &mut reader, &forward);
        let back: Vec<u64> = forward.iter().rev().copied().collect();
        same_at(label, w, &o, &mut reader, &back);
        let n = forward.len();
        let jumps: Vec<u64> =
            (0..n.min(200)).map(|k| forward[(k * 7919 + k * k * 31) % n]).collect();
        same_at(label, w, &o, &mut reader, &jumps);
        // A fresh reader asked straight for a late moment, then an early one.
        let mut fresh = FiguresReader::new(w, &o.trace);
        same_at(label, w, &o, &mut fresh, &[forward[n * 2 / 3], forward[n / 3], u64::MAX, 0]);
    }
}

#[test]
fn every_built_in_reads_the_same_forward_backward_and_in_jumps() {
    for p in PRESETS {
        checked(p.id, &p.comparison(), 1);
    }
}

/// `count` messages with keys, failing `times` times each, and operator replays: traces long
/// enough to hold several checkpoints.
fn long(count: usize, times: u32, replays: usize) -> Comparison {
    let messages: Vec<String> = (0..count)
        .map(|i| {
            format!(
                r#"{{"id":"m{i}","publish_at_ms":{},"key":"k{}","failure":{{"kind":"transient","times":{}}}}}"#,
                i * 3,
                i % 7,
                times + (i % 3) as u32
            )
        })
        .collect();
    let operator: Vec<String> = (0..replays)
        .map(|j| format!(r#"{{"at_ms":{},"do":"replay"}}"#, (j + 1) * 600_000))
        .collect();
    let text = format!(
        r#"{{"workload":{{"messages":[{}],"operator":[{}],"horizon_ms":86400000}}}}"#,
        messages.join(","),
        operator.join(",")
    );
    Comparison::from_json(&text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_long_run_reads_the_same_across_its_checkpoints() {
    checked("long", &long(400, 12, 2), 97);
}
