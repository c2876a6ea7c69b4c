//! The engine in the browser: the same scenario and seed give the native event-log digest,
//! and a conformance recording replays exactly in wasm too.
#![cfg(target_arch = "wasm32")]

use dlx_lab::engine::{SimTime, RABBITMQ_3_10, RABBITMQ_4};
use wasm_bindgen_test::*;

#[path = "support/testkit.rs"]
#[allow(dead_code)]
mod testkit;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_retry_storm_digest_matches_native() {
    let mut e = testkit::retry_storm(&RABBITMQ_4, 7, 200);
    e.step_until(SimTime::from_ms(60_000));
    assert_eq!(testkit::digest_engine(&e), testkit::GOLDEN_STORM_DIGEST);
}

#[wasm_bindgen_test]
fn a_recording_replays_in_the_browser_as_natively() {
    let text = include_str!("conformance/rabbitmq-3.10/scenarios/g5_xdeath_order_chain.json");
    let expected: serde_json::Value = serde_json::from_str(include_str!(
        "conformance/rabbitmq-3.10/results/g5_xdeath_order_chain.json"
    ))
    .unwrap();
    let actual = dlx_lab::scenario::replay_str(text, &RABBITMQ_3_10).unwrap();
    assert_eq!(actual["final_queues"], expected["final_queues"]);
}
