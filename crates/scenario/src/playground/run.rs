//! Running a playground scenario on the clock: topology at t=0, clients and timeline actions at
//! their times, and time travel by snapshots (restore the nearest earlier one, replay forward).

use crate::engine::budget::{ADVANCE_TIMERS, RUN_EVENTS};
use crate::engine::order;
use crate::engine::time::SimTime;
use crate::engine::{Engine, Snapshots, StepOutcome};
use crate::scenario::clients::publisher::PublisherSpec;
use crate::scenario::conformance::{Planned, SimulatedBroker};
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::step::Step;
use crate::scenario::model::step_reply::StepReply;
use crate::scenario::playground::Scenario;

/// Events between two snapshots (at first: the spacing doubles when they outgrow
/// [`SNAPSHOT_BUDGET_BYTES`]).
pub const SNAPSHOT_EVERY_EVENTS: usize = 2_000;

/// The memory all of a run's snapshots may take together (estimated).
pub const SNAPSHOT_BUDGET_BYTES: usize = 64 << 20;

/// Timers fired per call of the engine's bounded step in [`Run::advance_part`].
const ADVANCE_CHUNK: u64 = 256;

/// The step budget of one advance, kept across the slices of [`Run::advance_part`]: an
/// endless zero-delay loop stops the run ([`Run::stalled`]) after [`ADVANCE_TIMERS`]
/// timers, however it is sliced.
#[derive(Debug, Clone)]
pub struct Advance {
    chunks_left: u64,
}

impl Advance {
    /// A fresh budget.
    pub fn new() -> Advance {
        Advance { chunks_left: ADVANCE_TIMERS / ADVANCE_CHUNK }
    }
}

impl Default for Advance {
    fn default() -> Self {
        Advance::new()
    }
}

/// The memory a run may hold (estimated: its log, its state, its snapshots and the message
/// copies it keeps) before it is refused with [`Problem::RunTooLarge`]: the page's budget.
pub const MEMORY_BUDGET_BYTES: usize = 512 << 20;

/// Events between two measures of the state's memory (a measure visits every message held).
pub const MEASURE_EVERY_EVENTS: usize = 16_384;

/// A message copy kept for the inspector (its headers hop by hop), estimated.
const KEPT_COPY_BYTES: usize = 192;

/// Besides the engine's own snapshot: the runner around it (its engine left blank), with its
/// clients and its timeline (the timeline's pending wake-ups are the engine's).
type Position = SimulatedBroker;

/// A scenario being run, with its snapshots.
#[derive(Debug, Clone)]
pub struct Run {
    scenario: Scenario,
    runner: SimulatedBroker,
    snapshots: Snapshots<Position>,
    /// True when the last advance stopped on the step budget (an endless zero-delay loop).
    pub stalled: bool,
    /// Events this run may make ([`RUN_EVENTS`] unless set).
    event_limit: usize,
    /// The memory it may hold, estimated ([`MEMORY_BUDGET_BYTES`] unless set).
    memory_limit_bytes: usize,
    /// The state's memory as last measured, and the log's length then.
    state_bytes: (usize, usize),
}

fn topology_error(path: String, e: crate::engine::AmqpError) -> ScenarioError {
    ScenarioError::field(path, Problem::Refused { error: e.to_string() })
}

impl Run {
    /// Builds the topology at time zero and schedules the clients and timeline.
    pub fn new(scenario: &Scenario) -> Result<Run, ScenarioError> {
        let mut e = Engine::new(scenario.profile);
        // The inspector shows each copy's headers hop by hop.
        e.keep_message_copies(true);
        let topology = &scenario.topology;
        if let Some(r) = topology.apply(&mut e).into_iter().next() {
            return Err(topology_error(topology.path(r.item), r.error));
        }
        let mut plan: Vec<(SimTime, Planned)> = Vec::new();
        for p in &scenario.publishers {
            let spec = PublisherSpec {
                exchange: p.exchange.clone(),
                routing_key: p.routing_key.clone(),
                body: p.body.clone(),
                props: p.props.clone(),
                every_ms: p.every_ms,
                remaining: p.count,
            };
            plan.push((SimTime::from_ms(p.start_ms), Planned::Publisher(Box::new(spec))));
        }
        for (i, c) in scenario.consumers.iter().enumerate() {
            plan.push((
                SimTime::from_ms(c.start_ms),
                Planned::Consumer {
                    path: format!("$.consumers[{i}]"),
                    queue: c.queue.clone(),
                    prefetch: c.prefetch,
                    auto_ack: c.auto_ack,
                    behaviour: c.behaviour.clone(),
                },
            ));
        }
        for t in &scenario.timeline {
            let (path, step) = (t.path.clone(), t.step.clone());
            plan.push((SimTime::from_ms(t.at_ms), Planned::Step { path, step }));
        }
        // Planned in time order (the list reads in that order; the agenda would order them
        // the same way).
        order::sort_by_key(&mut plan, |(t, _)| *t);
        let mut runner = SimulatedBroker::new(e, scenario.seed);
        for (at, planned) in plan {
            runner.plan(at, planned);
        }
        let mut snapshots = Snapshots::new(SNAPSHOT_EVERY_EVENTS, SNAPSHOT_BUDGET_BYTES);
        snapshots.take(&runner.engine, blank(&runner), true);
        Ok(Run {
            scenario: scenario.clone(),
            runner,
            snapshots,
            stalled: false,
            event_limit: RUN_EVENTS,
            memory_limit_bytes: MEMORY_BUDGET_BYTES,
            state_bytes: (0, 0),
        })
    }

    /// The timeline's steps with the moment each is applied, in order.
    pub fn timeline_steps(&self) -> impl Iterator<Item = (SimTime, &Step)> {
        self.runner.timeline().iter().filter_map(|(t, a)| match a {
            Planned::Step { step, .. } => Some((*t, step)),
            _ => None,
        })
    }

    /// The scenario being run.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The engine (read-only: change it through [`Run::apply`] so time travel stays consistent).
    pub fn engine(&self) -> &Engine {
        &self.runner.engine
    }

    /// The virtual clock.
    pub fn now(&self) -> SimTime {
        self.runner.engine.now()
    }

    /// Where the scenario's timeline ends.
    pub fn end(&self) -> SimTime {
        SimTime::from_ms(self.scenario.duration_ms)
    }

    fn maybe_snapshot(&mut self) {
        let runner = &self.runner;
        self.snapshots.maybe_take(&runner.engine, || blank(runner));
    }

    /// Fires the next timer (the broker's, a client's or the timeline's). Returns false when
    /// nothing is left before the end of the scenario.
    pub fn step_event(&mut self) -> Result<bool, ScenarioError> {
        let due = self.runner.engine.next_event_at().is_some_and(|t| t <= self.end());
        let result = due && self.runner.step();
        self.maybe_snapshot();
        self.check_size()?;
        Ok(result)
    }

    /// The same run with another event limit (a smaller budget, or a tool's larger one).
    pub fn with_event_limit(mut self, events: usize) -> Run {
        self.event_limit = events;
        self
    }

    /// The same run with another memory budget, in bytes.
    pub fn with_memory_limit(mut self, bytes: usize) -> Run {
        self.memory_limit_bytes = bytes;
        self
    }

    /// The memory the run holds, estimated: its log, its state (as last measured, at most
    /// [`MEASURE_EVERY_EVENTS`] ago), its snapshots and the message copies it keeps.
    pub fn memory_bytes(&self) -> usize {
        let e = &self.runner.engine;
        e.events().bytes()
            + self.snapshots.bytes()
            + self.state_bytes.0
            + e.message_copies().map_or(0, |c| c.len() * KEPT_COPY_BYTES)
    }

    /// Refuses a run past its event limit or memory budget, naming the limit and what to
    /// change.
    fn check_size(&mut self) -> Result<(), ScenarioError> {
        // Measured as the log doubles, then every MEASURE_EVERY_EVENTS (and after a seek back).
        let (events, last) = (self.runner.engine.events().len(), self.state_bytes.1);
        if events >= (last * 2).min(last + MEASURE_EVERY_EVENTS).max(1) || events < last {
            self.state_bytes = (self.runner.engine.state_bytes(), events);
        }
        let at_ms = self.now().as_us() / 1000;
        if self.runner.engine.events().len() > self.event_limit {
            return Err(ScenarioError::field(
                "$.duration_ms",
                Problem::RunTooBig { limit: self.event_limit as u64, at_ms },
            ));
        }
        let bytes = self.memory_bytes();
        if bytes > self.memory_limit_bytes {
            return Err(ScenarioError::field(
                "$.duration_ms",
                Problem::RunTooLarge {
                    limit_mb: (self.memory_limit_bytes >> 20) as u64,
                    mb: (bytes >> 20) as u64,
                    at_ms,
                },
            ));
        }
        Ok(())
    }

    /// Runs everything due up to `t` (actions and timers in time order) and sets the clock to
    /// `t`. Stops early (and sets [`Run::stalled`]) on an endless zero-delay loop.
    pub fn advance_to(&mut self, t: SimTime) -> Result<(), ScenarioError> {
        self.advance_part(t, &mut Advance::new(), usize::MAX).map(|_| ())
    }

    /// Part of [`Run::advance_to`]: pauses once about `events` more events were made, so a
    /// long run can be computed in slices. Returns true when it got to `t` (or stalled, which
    /// `budget`, kept from slice to slice, decides). Call again with the same `t` and `budget`
    /// to go on.
    pub fn advance_part(
        &mut self,
        t: SimTime,
        budget: &mut Advance,
        events: usize,
    ) -> Result<bool, ScenarioError> {
        let t = t.min(self.end());
        self.stalled = false;
        let pause_at = self.runner.engine.events().len().saturating_add(events);
        // Fire what is due in chunks, snapshotting as the log grows.
        loop {
            if budget.chunks_left == 0 {
                self.stalled = true;
                return Ok(true);
            }
            budget.chunks_left -= 1;
            let outcome = self.runner.step_until_bounded(t, ADVANCE_CHUNK);
            self.maybe_snapshot();
            self.check_size()?;
            if outcome == StepOutcome::Reached {
                return Ok(true);
            }
            if self.runner.engine.events().len() >= pause_at {
                return Ok(false);
            }
        }
    }

    /// How far the run has got towards its end, from 0 to 1 (by virtual time).
    pub fn progress(&self) -> f64 {
        let end = self.end().as_us();
        if end == 0 {
            1.0
        } else {
            (self.now().as_us() as f64 / end as f64).min(1.0)
        }
    }

    /// Moves to `t`, backwards (restoring the nearest snapshot, then replaying) or forwards.
    pub fn seek(&mut self, t: SimTime) -> Result<(), ScenarioError> {
        let t = t.min(self.end());
        if t < self.now() {
            self.snapshots.forget_after(t);
            if let Some((snap, at)) = self.snapshots.latest_at(t) {
                let mut runner = at.clone();
                std::mem::swap(&mut runner.engine, &mut self.runner.engine);
                runner.engine.restore(snap);
                self.runner = runner;
            }
        }
        self.advance_to(t)
    }

    /// A user action now (a step such as publish or set_policy), with what it did. The
    /// future that had been run past this moment is dropped: the run forks here.
    pub fn apply(&mut self, step: &Step) -> StepReply {
        let now = self.now();
        self.snapshots.forget_after(now);
        let r = self.runner.run_step(step);
        self.snapshots.take(&self.runner.engine, blank(&self.runner), true);
        r
    }
}

/// A copy of the runner around a blank engine (the engine is saved by its own snapshot).
fn blank(r: &SimulatedBroker) -> SimulatedBroker {
    r.with_engine(Engine::new(r.engine.profile()))
}
