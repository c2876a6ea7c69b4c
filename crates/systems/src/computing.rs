//! A comparison computed a little at a time and within a budget: every strategy's run stepped
//! in bounded amounts of work (a page draws and answers between them), refused with the
//! limit named once the runs together would make more than [`COMPARISON_EVENTS`] events.

use super::compare::{Comparison, Outcome, Strategy};
use super::metrics::Metrics;
use super::workload::WorkloadError;
use super::System;
use crate::engine::SimTime;

pub use crate::engine::budget::COMPARISON_EVENTS;

/// Every strategy's run of one comparison, part of the way through.
pub struct Computing {
    comparison: Comparison,
    /// The runs finished so far, in [`Strategy::ALL`]'s order.
    done: Vec<Outcome>,
    /// The run under way (the next strategy's, once started).
    running: Option<Box<dyn System>>,
    /// Events of the finished runs.
    events: usize,
}

impl Computing {
    /// Nothing run yet.
    pub fn new(comparison: Comparison) -> Computing {
        Computing { comparison, done: Vec::new(), running: None, events: 0 }
    }

    /// Every run at once (for callers with no page to keep answering).
    pub fn run_all(comparison: Comparison) -> Result<(Comparison, Vec<Outcome>), WorkloadError> {
        let mut c = Computing::new(comparison);
        while !c.work(usize::MAX)? {}
        Ok(c.finish())
    }

    /// Runs until about `events` more events have happened (whole happenings: all that is due
    /// at one instant runs together); true once every run is finished. An error once the runs
    /// would pass [`COMPARISON_EVENTS`]: the work so far is dropped, nothing else changes.
    pub fn work(&mut self, events: usize) -> Result<bool, WorkloadError> {
        let horizon = self.comparison.workload.horizon();
        let mut made = 0usize;
        loop {
            let Some(strategy) = Strategy::ALL.get(self.done.len()).copied() else {
                return Ok(true);
            };
            let system = self.running.get_or_insert_with(|| self.comparison.build(strategy));
            let before = system.trace().events.len();
            let step = advance(system.as_mut(), horizon, COMPARISON_EVENTS - self.events, strategy);
            let finished = match step {
                Ok(f) => f,
                Err(e) => {
                    self.running = None;
                    return Err(e);
                }
            };
            made = made.saturating_add(system.trace().events.len() - before);
            if finished {
                let mut system = self.running.take().expect("a run is under way");
                let outcome = outcome(&self.comparison, strategy, system.as_mut());
                self.events += outcome.trace.events.len();
                self.done.push(outcome);
            }
            if made >= events {
                return Ok(self.done.len() == Strategy::ALL.len());
            }
        }
    }

    /// How far the runs are, 0 to 100: the finished runs and the virtual time of the one
    /// under way.
    pub fn percent(&self) -> u32 {
        let horizon = self.comparison.workload.horizon().max(SimTime(1));
        let current = self
            .running
            .as_ref()
            .map_or(0.0, |s| (s.now().min(horizon).as_us() as f64) / horizon.as_us() as f64);
        let all = Strategy::ALL.len() as f64;
        ((self.done.len() as f64 + current) * 100.0 / all).floor().min(100.0) as u32
    }

    /// The comparison and its runs (all of them once [`Computing::work`] said so).
    pub fn finish(self) -> (Comparison, Vec<Outcome>) {
        (self.comparison, self.done)
    }
}

/// Strategy `strategy`'s run alone, within the same budget.
pub fn run_one(comparison: &Comparison, strategy: Strategy) -> Result<Outcome, WorkloadError> {
    let horizon = comparison.workload.horizon();
    let mut system = comparison.build(strategy);
    while !advance(system.as_mut(), horizon, COMPARISON_EVENTS, strategy)? {}
    Ok(outcome(comparison, strategy, system.as_mut()))
}

/// Runs `system`'s next happening, or stands it at the horizon once nothing is due before
/// it; true once its run is finished. An error once its trace holds more than `room` events.
fn advance(
    system: &mut dyn System,
    horizon: SimTime,
    room: usize,
    strategy: Strategy,
) -> Result<bool, WorkloadError> {
    let finished = match system.next_at() {
        Some(at) if at <= horizon => {
            system.step();
            false
        }
        _ => {
            system.step_until(horizon);
            true
        }
    };
    if system.trace().events.len() > room {
        let at_s = system.now().as_us() / 1_000_000;
        return Err(WorkloadError::TooManyEvents { strategy, limit: COMPARISON_EVENTS, at_s });
    }
    Ok(finished)
}

/// A finished run's outcome.
fn outcome(comparison: &Comparison, strategy: Strategy, system: &mut dyn System) -> Outcome {
    let trace = system.take_trace();
    let metrics = Metrics::of(&comparison.workload, &trace);
    Outcome { strategy, trace, metrics }
}
