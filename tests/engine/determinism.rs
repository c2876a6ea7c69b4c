//! Same scenario and seed, same event log: twice natively, after snapshot/restore, and (via
//! the golden digest shared with the wasm test) in the browser.

use dlx_lab::engine::{Engine, RABBITMQ_3_10, RABBITMQ_4};
use dlx_lab::scenario::replay_str;
use dlx_lab_testkit::{digest_engine, retry_storm, GOLDEN_STORM_DIGEST};

#[path = "../support/testkit.rs"]
#[allow(dead_code)]
mod dlx_lab_testkit;

#[test]
fn replaying_twice_gives_identical_results() {
    let text =
        include_str!("../conformance/rabbitmq-3.10/scenarios/g2_two_reasons_same_queue.json");
    let a = replay_str(text, &RABBITMQ_3_10).unwrap();
    let b = replay_str(text, &RABBITMQ_3_10).unwrap();
    assert_eq!(a, b);
}

#[test]
fn the_retry_storm_digest_is_the_golden_one() {
    let mut e = retry_storm(&RABBITMQ_4, 7, 200);
    e.step_until(dlx_lab::engine::SimTime::from_ms(60_000));
    let d = digest_engine(&e);
    assert_eq!(
        d, GOLDEN_STORM_DIGEST,
        "the event log changed: if the engine change is intended, update GOLDEN_STORM_DIGEST in tests/support/testkit.rs to {d:#018x} (the wasm test compares against it too)"
    );
}

#[test]
fn snapshot_restore_then_continue_equals_a_straight_run() {
    let mut straight = retry_storm(&RABBITMQ_4, 11, 50);
    straight.step_until(dlx_lab::engine::SimTime::from_ms(30_000));

    let mut first = retry_storm(&RABBITMQ_4, 11, 50);
    first.step_until(dlx_lab::engine::SimTime::from_ms(4_321));
    let snapshot: Engine = first.clone();
    // Wander off on the original, then resume from the snapshot.
    first.step_until(dlx_lab::engine::SimTime::from_ms(9_000));
    let mut resumed = snapshot;
    resumed.step_until(dlx_lab::engine::SimTime::from_ms(30_000));
    assert_eq!(digest_engine(&straight), digest_engine(&resumed));
    assert_eq!(straight.events().len(), resumed.events().len());
}

#[test]
fn different_seeds_change_seeded_failures() {
    let run = |seed| {
        let mut e = retry_storm(&RABBITMQ_4, seed, 100);
        e.step_until(dlx_lab::engine::SimTime::from_ms(20_000));
        digest_engine(&e)
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1), run(2));
}
