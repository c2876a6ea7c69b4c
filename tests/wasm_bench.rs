//! The retry-storm benchmark in wasm (Node): prints engine events per second.
//! Run: `cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --include-ignored`
#![cfg(target_arch = "wasm32")]

use dlx_lab::engine::{Behaviour, Engine, FieldTable, PublisherSpec, SimTime, RABBITMQ_4};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
#[ignore]
fn retry_storm_events_per_second() {
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
    let messages = 100_000;
    e.add_publisher(PublisherSpec { exchange: "work.x".into(), routing_key: "task".into(), body: "job-{n}".into(), props: Default::default(), every_ms: 0, remaining: messages });
    let started = js_sys::Date::now();
    e.step_until(SimTime::from_ms(3_600_000));
    let secs = (js_sys::Date::now() - started) / 1000.0;
    let events = e.events().len() as f64;
    let memory_mib = core::arch::wasm32::memory_size(0) as f64 * 65536.0 / 1048576.0;
    console_log!("wasm retry storm: {} messages, {} events in {:.3} s = {:.0} events/second", messages, events, secs, events / secs);
    console_log!("  wasm linear memory: {:.1} MiB ({:.0} bytes per event)", memory_mib, memory_mib * 1048576.0 / events);
    assert_eq!(e.queue("parking").unwrap().ready_len(), messages);
}
