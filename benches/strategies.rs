//! Benchmark: one workload of 5 000 messages (30 % failing twice with a timeout, 10 % with bad
//! data, 8 keys) through every dead-letter strategy to its horizon. Prints, per strategy, the
//! trace events, the wall time of the run and events per second, and the time to read the
//! figures from the trace.
//! Run: `cargo bench --no-default-features --bench strategies` (figures, not assertions).

use std::time::Instant;

use dlx_lab::systems::{Comparison, Metrics, Strategy, Workload};

fn main() {
    let count: usize = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(5_000);
    let mut w = Workload::mixed(42, count, 20, 8, 30, 10);
    w.horizon_ms = 3_600_000;
    let c = Comparison::of(w);
    println!("{count} messages, horizon {} s", c.workload.horizon_ms / 1000);
    println!(
        "{:<9} {:>9} {:>10} {:>12} {:>11}",
        "strategy", "events", "run ms", "events/s", "metrics ms"
    );
    for s in Strategy::ALL {
        let started = Instant::now();
        let o = c.run(s);
        let run = started.elapsed();
        let started = Instant::now();
        let m = Metrics::of(&c.workload, &o.trace);
        let metrics = started.elapsed();
        let events = o.trace.events.len();
        println!(
            "{:<9} {:>9} {:>10.1} {:>12.0} {:>11.1}   (completed {}, dead-lettered {}, in flight {})",
            s.id(),
            events,
            run.as_secs_f64() * 1e3,
            events as f64 / run.as_secs_f64().max(1e-9),
            metrics.as_secs_f64() * 1e3,
            m.completed,
            m.dead_lettered,
            m.in_flight
        );
    }
}
