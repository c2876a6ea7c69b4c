//! The retry-storm benchmark in wasm (Node): prints engine events per second.
//! Run: `cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --include-ignored`
#![cfg(target_arch = "wasm32")]

use dlx_lab::engine::SimTime;
use wasm_bindgen_test::*;

#[path = "support/testkit.rs"]
#[allow(dead_code)]
mod testkit;

#[wasm_bindgen_test]
#[ignore]
fn retry_storm_events_per_second() {
    let messages = 100_000;
    let mut e = testkit::parking_storm(messages);
    let started = js_sys::Date::now();
    e.step_until(SimTime::from_ms(3_600_000));
    let secs = (js_sys::Date::now() - started) / 1000.0;
    let events = e.events().len() as f64;
    let memory_mib = core::arch::wasm32::memory_size(0) as f64 * 65536.0 / 1048576.0;
    console_log!(
        "wasm retry storm: {} messages, {} events in {:.3} s = {:.0} events/second",
        messages,
        events,
        secs,
        events / secs
    );
    console_log!(
        "  wasm linear memory: {:.1} MiB ({:.0} bytes per event)",
        memory_mib,
        memory_mib * 1048576.0 / events
    );
    assert_eq!(e.queue("parking").unwrap().ready_len(), messages);
}

#[wasm_bindgen_test]
#[ignore]
fn strategies_in_wasm() {
    use dlx_lab::systems::{Comparison, Strategy, Workload};
    let mut w = Workload::mixed(42, 5_000, 20, 8, 30, 10);
    w.horizon_ms = 3_600_000;
    let c = Comparison::of(w);
    for s in Strategy::ALL {
        let started = js_sys::Date::now();
        let o = c.run(s);
        let ms = js_sys::Date::now() - started;
        console_log!(
            "wasm strategies: {} with 5000 messages: {} trace events in {:.0} ms",
            s.id(),
            o.trace.events.len(),
            ms
        );
        assert_eq!(o.metrics.messages, 5_000);
    }
}
