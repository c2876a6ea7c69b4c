//! What every agenda-driven system shares: its pending happenings in (time, sequence) order,
//! its clock, its trace, and each message's last event (the cause of its next one); and the
//! one loop that runs them ([`Driven`], which makes such a system a [`System`]).

use super::agenda::Agenda;
use super::trace::{Place, SysEventKind, Trace};
use super::workload::Workload;
use super::{Fate, System};
use crate::engine::SimTime;

/// The clock, the agenda and the trace of one system's run.
pub struct Core<H> {
    agenda: Agenda<H>,
    pub trace: Trace,
    /// The virtual time reached.
    pub now: SimTime,
    last: Vec<Option<u64>>,
    process_us: u64,
}

impl<H> Core<H> {
    /// A run over `places` with `workload`'s publishes (`publish(i)`) and operator actions
    /// (`operator(i)`) scheduled, in that order.
    pub fn new(
        places: Vec<Place>,
        workload: &Workload,
        publish: impl Fn(usize) -> H,
        operator: impl Fn(usize) -> H,
    ) -> Core<H> {
        let mut core = Core::on_another_agenda(places, workload);
        for (i, m) in workload.messages.iter().enumerate() {
            core.agenda.push(SimTime::from_ms(m.publish_at_ms), publish(i));
        }
        for (i, a) in workload.operator.iter().enumerate() {
            core.agenda.push(SimTime::from_ms(a.at_ms), operator(i));
        }
        core
    }

    /// A run over `places` whose happenings wait on another agenda (the broker engine's, for
    /// RabbitMQ): the clock and the trace, with nothing scheduled here.
    pub fn on_another_agenda(places: Vec<Place>, workload: &Workload) -> Core<H> {
        Core {
            agenda: Agenda::new(),
            trace: Trace::new(places),
            now: SimTime::ZERO,
            last: vec![None; workload.messages.len()],
            process_us: workload.process_ms.saturating_mul(1000),
        }
    }

    /// Appends what happened to `msg` in `place` now, caused by its previous event.
    pub fn record(&mut self, msg: usize, place: &str, kind: SysEventKind) {
        let seq = self.trace.push(self.now.as_us(), msg, place, kind, self.last[msg]);
        self.last[msg] = Some(seq);
    }

    /// Schedules `h` at `at` (never before now).
    pub fn at(&mut self, at: SimTime, h: H) {
        self.agenda.push(at.max(self.now), h);
    }

    /// Schedules `h` for when the consumer has worked on a message for `process_ms`.
    pub fn after_processing(&mut self, h: H) {
        self.agenda.push(self.now.plus_us(self.process_us), h);
    }

    /// How long the consumer works on one attempt, in µs.
    pub fn process_us(&self) -> u64 {
        self.process_us
    }

    /// When the next happening is due.
    pub fn next_at(&self) -> Option<SimTime> {
        self.agenda.next_at()
    }

    /// The next happening due at or before `until`, with the clock moved to it.
    pub fn next(&mut self, until: SimTime) -> Option<H> {
        let (at, h) = self.agenda.pop_due(until)?;
        self.now = self.now.max(at);
        Some(h)
    }

    /// Moves the clock to `until` (once nothing more is due by then).
    pub fn stand_at(&mut self, until: SimTime) {
        self.now = self.now.max(until);
    }
}

/// A system run by its own [`Core`]: it carries out one happening at a time and reads where
/// each message stands from its store. Every such system is a [`System`], stepped by the one
/// loop below.
pub(crate) trait Driven {
    /// What it schedules on its agenda.
    type Happening;
    /// Its clock, agenda and trace.
    fn core(&self) -> &Core<Self::Happening>;
    /// The same, to change.
    fn core_mut(&mut self) -> &mut Core<Self::Happening>;
    /// Carries out one happening, now.
    fn handle(&mut self, h: Self::Happening);
    /// Where each message stands, read from its store ([`System::ends`]).
    fn stored_ends(&self) -> Vec<Fate>;
}

impl<D: Driven> System for D {
    fn trace(&self) -> &super::Trace {
        &self.core().trace
    }
    fn take_trace(&mut self) -> super::Trace {
        std::mem::take(&mut self.core_mut().trace)
    }
    fn now(&self) -> SimTime {
        self.core().now
    }
    fn ends(&self) -> Vec<Fate> {
        self.stored_ends()
    }
    fn next_at(&self) -> Option<SimTime> {
        self.core().next_at()
    }
    fn step_until(&mut self, until: SimTime) {
        while let Some(h) = self.core_mut().next(until) {
            self.handle(h);
        }
        self.core_mut().stand_at(until);
    }
}
