//! Benchmark: time travel over a long run. Builds a retry storm of about a million events,
//! keeping snapshots spaced by cost within a memory budget, then seeks to random moments
//! (restore the nearest earlier snapshot, step forward) and prints the figures.
//! Run: `cargo bench --no-default-features --bench seek` (figures, not assertions).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use dlx_lab::engine::rng::SimRng;
use dlx_lab::engine::{Snapshots, RABBITMQ_4};
use dlx_lab::scenario::clients::ScriptedClients;

#[path = "../tests/support/testkit.rs"]
#[allow(dead_code)]
mod testkit;

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size(), Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.realloc(p, l, new_size) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static A: Counting = Counting;

/// Snapshot spacing to start with, and the budget all snapshots share.
const SPACING_EVENTS: usize = 2_000;
const BUDGET_BYTES: usize = 64 << 20;
const SEEKS: usize = 200;

fn main() {
    let messages: u64 = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(125_000);
    let mut e = testkit::retry_storm(&RABBITMQ_4, 7, messages);
    // Each snapshot carries the clients' state beside the broker's.
    let mut snaps: Snapshots<ScriptedClients> = Snapshots::new(SPACING_EVENTS, BUDGET_BYTES);
    snaps.take(&e, e.clients.clone(), true);
    let started = Instant::now();
    while e.step() {
        let clients = &e.clients;
        snaps.maybe_take(&e.engine, || clients.clone());
    }
    let run_s = started.elapsed().as_secs_f64();
    let events = e.events().len();
    println!("seek: retry storm of {messages} messages, {events} events");
    println!("  run with snapshots: {run_s:.3} s ({:.0} events/second)", events as f64 / run_s);

    // Random moments, latest first: scrubbing back through a finished run (each restore needs
    // the log up to its snapshot, which a seek back keeps).
    let mut rng = SimRng::new(11);
    let mut targets: Vec<usize> =
        (0..SEEKS).map(|_| 1 + rng.below(events as u64) as usize).collect();
    targets.sort_unstable_by(|a, b| b.cmp(a));
    let expected: Vec<_> = targets.iter().map(|&n| e.events().get(n - 1).unwrap()).collect();
    let mut times_ms = Vec::with_capacity(SEEKS);
    let mut replayed = 0usize;
    for (&n, want) in targets.iter().zip(&expected) {
        let t0 = Instant::now();
        let (snap, clients) = snaps.latest_within(n).expect("the first snapshot is kept");
        e.restore(snap);
        e.clients = clients.clone();
        let from = e.events().len();
        while e.events().len() < n && e.step() {}
        times_ms.push(t0.elapsed().as_secs_f64() * 1000.0);
        replayed += e.events().len() - from;
        assert_eq!(
            e.events().get(n - 1).as_ref(),
            Some(want),
            "a seek must land on the same event"
        );
    }
    times_ms.sort_by(|a, b| a.total_cmp(b));
    let mean = times_ms.iter().sum::<f64>() / times_ms.len() as f64;
    let held = LIVE.load(Ordering::Relaxed);
    let (count, spacing, estimate) = (snaps.len(), snaps.spacing(), snaps.bytes());
    drop(snaps);
    let snapshot_bytes = held - LIVE.load(Ordering::Relaxed);
    println!(
        "  snapshots:     {count} kept, spacing {spacing} events, {:.1} MiB measured ({:.1} MiB estimated, budget {:.0} MiB)",
        snapshot_bytes as f64 / 1048576.0,
        estimate as f64 / 1048576.0,
        BUDGET_BYTES as f64 / 1048576.0
    );
    println!(
        "  seeks:         {SEEKS}, {:.0} events replayed on average",
        replayed as f64 / SEEKS as f64
    );
    println!(
        "  seek time:     mean {mean:.2} ms, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        times_ms[SEEKS / 2],
        times_ms[SEEKS * 95 / 100],
        times_ms[SEEKS - 1]
    );
}
