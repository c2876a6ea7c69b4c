//! Benchmark: a retry storm of 100 000 messages, each rejected three times through a TTL wait
//! queue and then parked. Prints engine events per second and the memory the engine holds.
//! Run: `cargo bench --no-default-features --bench retry_storm` (figures, not assertions).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use dlx_lab::engine::{Behaviour, Engine, FieldTable, PublisherSpec, SimTime, RABBITMQ_4};

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

fn storm(messages: u64) -> Engine {
    let t = |v: serde_json::Value| FieldTable::from_json(&v, "args").unwrap();
    let mut e = Engine::new(&RABBITMQ_4, 1);
    e.declare_exchange("work.x", "direct", true, false, FieldTable::new()).unwrap();
    e.declare_exchange("work.dlx", "direct", true, false, FieldTable::new()).unwrap();
    e.declare_exchange("parking.x", "fanout", true, false, FieldTable::new()).unwrap();
    e.declare_queue("work", true, t(serde_json::json!({"x-dead-letter-exchange": "work.dlx"}))).unwrap();
    e.declare_queue("work.wait", true, t(serde_json::json!({"x-dead-letter-exchange": "work.x", "x-message-ttl": 1000}))).unwrap();
    e.declare_queue("parking", true, FieldTable::new()).unwrap();
    e.bind_queue("work", "work.x", "task", FieldTable::new()).unwrap();
    e.bind_queue("work.wait", "work.dlx", "task", FieldTable::new()).unwrap();
    e.bind_queue("parking", "parking.x", "", FieldTable::new()).unwrap();
    let router = Behaviour::RetryRouter { max_attempts: 3, parking_exchange: "parking.x".into(), parking_routing_key: String::new(), retry_exchange: String::new(), retry_keys: Vec::new(), work_ms: 0 };
    e.consume(1, "work", 0, false, router).unwrap();
    e.add_publisher(PublisherSpec {
        exchange: "work.x".into(),
        routing_key: "task".into(),
        body: "job-{n}".into(),
        props: Default::default(),
        every_ms: 0,
        remaining: messages,
    });
    e
}

fn main() {
    let messages: u64 = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(100_000);
    let before = LIVE.load(Ordering::Relaxed);
    let started = Instant::now();
    let mut e = storm(messages);
    e.step_until(SimTime::from_ms(3_600_000));
    let secs = started.elapsed().as_secs_f64();
    let parked = e.queue("parking").map(|q| q.ready_len()).unwrap_or(0);
    let events = e.events().len() as f64;
    let held = LIVE.load(Ordering::Relaxed) - before;
    println!("retry storm: {messages} messages, {parked} parked after 3 rejections each");
    println!("  events:        {}", events as u64);
    println!("  time:          {:.3} s", secs);
    println!("  events/second: {:.0}", events / secs);
    println!("  memory held:   {:.1} MiB (peak {:.1} MiB), {:.0} bytes per event", held as f64 / 1048576.0, PEAK.load(Ordering::Relaxed) as f64 / 1048576.0, held as f64 / events);
    assert_eq!(parked, messages, "every message must be parked");
}
