//! A run computed in slices (as the page computes a long one, a part at a time) is the run
//! computed at once: the same log, the same end, and an endless zero-delay loop stalls after
//! the same budget however it is sliced.

use dlx_lab::engine::SimTime;
use dlx_lab::scenario::playground::presets::{preset, PRESETS};
use dlx_lab::scenario::playground::run::Advance;
use dlx_lab::scenario::{Run, Scenario};

/// Runs `s` to its end in slices of about `events` events; returns the run and the slices.
fn sliced(s: &Scenario, events: usize) -> (Run, usize) {
    let mut run = Run::new(s).unwrap();
    let mut budget = Advance::new();
    let mut slices = 1;
    while !run.advance_part(run.end(), &mut budget, events).unwrap() {
        slices += 1;
        assert!(run.progress() <= 1.0);
    }
    (run, slices)
}

#[test]
fn every_preset_sliced_is_the_same_run() {
    for (id, _) in PRESETS {
        let s = preset(id).unwrap();
        let mut whole = Run::new(&s).unwrap();
        whole.advance_to(whole.end()).unwrap();
        let (parts, slices) = sliced(&s, 50);
        assert_eq!(parts.engine().events(), whole.engine().events(), "preset {id}");
        assert_eq!(parts.now(), whole.now(), "preset {id}");
        assert_eq!(parts.progress(), 1.0, "preset {id}");
        if whole.engine().events().len() > 200 {
            assert!(slices > 1, "preset {id} was not sliced");
        }
    }
}

#[test]
fn an_endless_zero_delay_loop_stalls_however_it_is_sliced() {
    let text = r#"{"version": 1, "duration_ms": 1000,
        "queues": [{"name": "spin"}],
        "publishers": [{"exchange": "", "routing_key": "spin", "count": 1}],
        "consumers": [{"queue": "spin", "behaviour": {"kind": "reject", "requeue": true}}]}"#;
    let s = Scenario::parse(text).unwrap();
    let mut whole = Run::new(&s).unwrap().with_event_limit(usize::MAX);
    whole.advance_to(whole.end()).unwrap();
    assert!(whole.stalled);
    let mut parts = Run::new(&s).unwrap().with_event_limit(usize::MAX);
    let mut budget = Advance::new();
    while !parts.advance_part(parts.end(), &mut budget, 10_000).unwrap() {}
    assert!(parts.stalled);
    assert_eq!(parts.engine().events().len(), whole.engine().events().len());
    assert_eq!(parts.now(), SimTime::ZERO);
}
