//! A comparison computed a part at a time gives the runs of the whole at once, every built-in
//! stays well inside the events budget, and a workload past it is refused with the limit and
//! the fields to change, by the page's computation and a single run alike (the command line's
//! refusal: crates/cli/tests/cli/budget.rs).

use dlx_lab::scenario::workshop::strategy_tours::{self, STRATEGY_TOURS};
use dlx_lab::scenario::Lang;
use dlx_lab::systems::computing::{run_one, COMPARISON_EVENTS as MAX_EVENTS};
use dlx_lab::systems::presets::PRESETS;
use dlx_lab::systems::{Comparison, Computing, Strategy, WorkloadError};

#[path = "../support/endless.rs"]
mod endless;
use endless::endless;

/// Every comparison the app ships: the built-in workloads and the strategy tours'.
fn built_ins() -> Vec<(String, Comparison)> {
    let presets =
        PRESETS.iter().map(|p| (p.id.to_string(), Comparison::from_json(p.text).unwrap()));
    let tours = STRATEGY_TOURS.iter().map(|(id, _)| {
        (id.to_string(), strategy_tours::strategy_tour_in(id, Lang::En).unwrap().comparison)
    });
    presets.chain(tours).collect()
}

#[test]
fn computed_in_small_parts_the_runs_are_those_of_the_whole() {
    for (id, c) in built_ins() {
        let whole = c.run_all();
        let mut computing = Computing::new(c);
        let mut percent = 0;
        while !computing.work(7).unwrap_or_else(|e| panic!("{id}: {e}")) {
            let p = computing.percent();
            assert!(p >= percent && p <= 100, "{id}: {percent} then {p}");
            percent = p;
        }
        let (_, parts) = computing.finish();
        assert_eq!(parts.len(), Strategy::ALL.len(), "{id}");
        for (a, b) in whole.iter().zip(&parts) {
            assert_eq!(a.strategy, b.strategy, "{id}");
            assert_eq!(a.trace.digest(), b.trace.digest(), "{id}: {:?}", a.strategy);
            assert_eq!(a.metrics, b.metrics, "{id}: {:?}", a.strategy);
        }
    }
}

#[test]
fn every_built_in_comparison_stays_well_inside_the_budget() {
    for (id, c) in built_ins() {
        let events: usize = c.run_all().iter().map(|o| o.trace.events.len()).sum();
        assert!(events * 4 < MAX_EVENTS, "{id}: {events} events");
    }
}

#[test]
fn a_workload_past_the_budget_is_refused_with_the_limit_and_what_to_change() {
    let c = Comparison::from_json(&endless()).unwrap();
    let mut computing = Computing::new(c.clone());
    let e = loop {
        match computing.work(50_000) {
            Ok(done) => assert!(!done, "the endless workload finished"),
            Err(e) => break e,
        }
    };
    let WorkloadError::TooManyEvents { limit, at_s, .. } = e.clone() else { panic!("{e:?}") };
    assert_eq!(limit, MAX_EVENTS);
    assert!(at_s < c.workload.horizon_ms / 1000, "{at_s}");
    let text = e.to_string();
    for words in ["1000000 events", "messages", "failure.times", "replays", "horizon_ms"] {
        assert!(text.contains(words), "{text}");
    }
    // One run alone (a strategy exercise's check) is held to the same budget.
    let one = run_one(&c, Strategy::Database).unwrap_err();
    assert!(matches!(one, WorkloadError::TooManyEvents { strategy: Strategy::Database, .. }));
}
