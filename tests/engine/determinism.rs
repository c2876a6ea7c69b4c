//! Same scenario and seed, same event log: twice natively, after snapshot/restore, and (via
//! the golden digest shared with the wasm test) in the browser.

use dlx_lab::engine::{SimTime, Snapshots, RABBITMQ_3_10, RABBITMQ_4};
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
    let snapshot = first.clone();
    // Wander off on the original, then resume from the snapshot.
    first.step_until(dlx_lab::engine::SimTime::from_ms(9_000));
    let mut resumed = snapshot;
    resumed.step_until(dlx_lab::engine::SimTime::from_ms(30_000));
    assert_eq!(digest_engine(&straight), digest_engine(&resumed));
    assert_eq!(straight.events().len(), resumed.events().len());
}

#[test]
fn restoring_a_snapshot_cuts_the_log_back_and_replays_the_same_events() {
    let mut straight = retry_storm(&RABBITMQ_4, 11, 50);
    straight.step_until(SimTime::from_ms(30_000));

    let mut e = retry_storm(&RABBITMQ_4, 11, 50);
    e.keep_message_copies(true);
    e.step_until(SimTime::from_ms(4_321));
    let snap = e.snapshot();
    let clients = e.clients.clone();
    let (events, last_id) = (e.events().len(), e.events().iter().filter_map(|v| v.msg).max());
    e.step_until(SimTime::from_ms(9_000));
    e.restore(&snap);
    e.clients = clients;
    assert_eq!(e.events().len(), events);
    assert_eq!(e.now(), SimTime::from_ms(4_321));
    // Copies kept after the snapshot are forgotten with the log.
    assert!(e.message_copy(last_id.unwrap() + 1).is_none());
    e.step_until(SimTime::from_ms(30_000));
    assert_eq!(digest_engine(&straight), digest_engine(&e));
}

#[test]
fn snapshots_thin_out_to_their_budget_and_keep_pinned_ones() {
    let mut e = retry_storm(&RABBITMQ_4, 3, 400);
    let mut snaps: Snapshots<u32> = Snapshots::new(100, 1);
    snaps.take(&e, 0, true);
    let mut n = 0;
    while e.step() {
        n += 1;
        snaps.maybe_take(&e, || n);
        if n == 1_000 {
            snaps.take(&e, n, true);
        }
    }
    // A budget of one byte: only the pinned snapshots (the first and the fork) stay.
    assert_eq!(snaps.len(), 2);
    assert!(snaps.spacing() > 100);
    let (s, at) = snaps.latest_within(e.events().len()).unwrap();
    assert_eq!(*at, 1_000);
    let mut replay = retry_storm(&RABBITMQ_4, 3, 400);
    for _ in 0..1_000 {
        replay.step();
    }
    assert_eq!(s.events(), replay.events().len());
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
