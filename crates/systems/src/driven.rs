//! What every agenda-driven system shares: its pending happenings in (time, sequence) order,
//! its clock, its trace, and each message's last event (the cause of its next one).

use super::agenda::Agenda;
use super::trace::{Place, SysEventKind, Trace};
use super::workload::Workload;

/// The clock, the agenda and the trace of one system's run.
pub struct Core<H> {
    agenda: Agenda<H>,
    pub trace: Trace,
    /// The virtual time reached, in µs.
    pub now_us: u64,
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
        let mut agenda = Agenda::new();
        for (i, m) in workload.messages.iter().enumerate() {
            agenda.push(m.publish_at_ms.saturating_mul(1000), publish(i));
        }
        for (i, a) in workload.operator.iter().enumerate() {
            agenda.push(a.at_ms.saturating_mul(1000), operator(i));
        }
        Core {
            agenda,
            trace: Trace::new(places),
            now_us: 0,
            last: vec![None; workload.messages.len()],
            process_us: workload.process_ms.saturating_mul(1000),
        }
    }

    /// Appends what happened to `msg` in `place` now, caused by its previous event.
    pub fn record(&mut self, msg: usize, place: &str, kind: SysEventKind) {
        let seq = self.trace.push(self.now_us, msg, place, kind, self.last[msg]);
        self.last[msg] = Some(seq);
    }

    /// Schedules `h` at `at_us` (never before now).
    pub fn at(&mut self, at_us: u64, h: H) {
        self.agenda.push(at_us.max(self.now_us), h);
    }

    /// Schedules `h` for when the consumer has worked on a message for `process_ms`.
    pub fn after_processing(&mut self, h: H) {
        self.agenda.push(self.now_us.saturating_add(self.process_us), h);
    }

    /// How long the consumer works on one attempt, in µs.
    pub fn process_us(&self) -> u64 {
        self.process_us
    }

    /// When the next happening is due.
    pub fn next_at_us(&self) -> Option<u64> {
        self.agenda.next_at_us()
    }

    /// The next happening due at or before `until_us`, with the clock moved to it.
    pub fn next(&mut self, until_us: u64) -> Option<H> {
        let (at_us, h) = self.agenda.pop_due(until_us)?;
        self.now_us = self.now_us.max(at_us);
        Some(h)
    }

    /// Moves the clock to `until_us` (once nothing more is due by then).
    pub fn stand_at(&mut self, until_us: u64) {
        self.now_us = self.now_us.max(until_us);
    }
}

/// Implements [`super::System`] for a system with a `core: Core<_>` field, a
/// `handle(&mut self, h)` method that carries out one happening and a `stored_ends(&self)`
/// method that reads where each message stands from its store.
macro_rules! driven_system {
    ($t:ty) => {
        impl $crate::systems::System for $t {
            fn trace(&self) -> &$crate::systems::Trace {
                &self.core.trace
            }
            fn take_trace(&mut self) -> $crate::systems::Trace {
                std::mem::take(&mut self.core.trace)
            }
            fn now_us(&self) -> u64 {
                self.core.now_us
            }
            fn ends(&self) -> Vec<$crate::systems::Fate> {
                self.stored_ends()
            }
            fn next_at_us(&self) -> Option<u64> {
                self.core.next_at_us()
            }
            fn step_until(&mut self, until_us: u64) {
                while let Some(h) = self.core.next(until_us) {
                    self.handle(h);
                }
                self.core.stand_at(until_us);
            }
        }
    };
}

pub(crate) use driven_system;
