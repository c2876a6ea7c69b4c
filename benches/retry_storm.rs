//! Benchmark: a retry storm of 100 000 messages, each rejected three times through a TTL wait
//! queue and then parked. Prints engine events per second and the memory the engine holds.
//! Run: `cargo bench --no-default-features --bench retry_storm` (figures, not assertions).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use dlx_lab::engine::SimTime;

#[path = "../tests/support/testkit.rs"]
#[allow(dead_code)]
mod testkit;

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        // Single-threaded bench: plain loads and stores keep the counting cheap.
        let now = LIVE.load(Ordering::Relaxed) + l.size();
        LIVE.store(now, Ordering::Relaxed);
        if now > PEAK.load(Ordering::Relaxed) {
            PEAK.store(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new_size: usize) -> *mut u8 {
        // Forward to the system allocator (which can often grow in place) and count the change.
        let q = unsafe { System.realloc(p, l, new_size) };
        let now = LIVE.load(Ordering::Relaxed) + new_size - l.size();
        LIVE.store(now, Ordering::Relaxed);
        if now > PEAK.load(Ordering::Relaxed) {
            PEAK.store(now, Ordering::Relaxed);
        }
        q
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        LIVE.store(LIVE.load(Ordering::Relaxed) - l.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static A: Counting = Counting;

fn main() {
    let messages: u64 = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(100_000);
    let before = LIVE.load(Ordering::Relaxed);
    let started = Instant::now();
    let mut e = testkit::parking_storm(messages);
    e.step_until(SimTime::from_ms(3_600_000));
    let secs = started.elapsed().as_secs_f64();
    let parked = e.queue("parking").map(|q| q.ready_len()).unwrap_or(0);
    let events = e.events().len() as f64;
    let held = LIVE.load(Ordering::Relaxed) - before;
    println!("retry storm: {messages} messages, {parked} parked after 3 rejections each");
    println!("  events:        {}", events as u64);
    println!("  time:          {:.3} s", secs);
    println!("  events/second: {:.0}", events / secs);
    println!(
        "  memory held:   {:.1} MiB (peak {:.1} MiB), {:.0} bytes per event",
        held as f64 / 1048576.0,
        PEAK.load(Ordering::Relaxed) as f64 / 1048576.0,
        held as f64 / events
    );
    assert_eq!(parked, messages, "every message must be parked");
}
