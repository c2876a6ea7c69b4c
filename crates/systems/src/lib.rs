//! The other dead-letter systems of the seed documents, on the same virtual clock as the
//! broker engine: SQS redrive, Kafka retry topics and a DLT, BullMQ attempts, a
//! database-backed DLQ, and the hybrid DLT → database → republish.
//!
//! Each system is a small discrete-event simulation over the same [`Workload`] (the messages,
//! how each one fails, the consumer, the operator's actions). Time moves only through its
//! `step` / `step_until`; what happens is appended to a [`Trace`] with its cause, so the same
//! workload gives the same trace natively and in wasm. [`Metrics`] reads a finished trace the
//! same way for every system, which is what the comparison view shows side by side.
//!
//! Like the engine, this crate is pure: no wall clock, no unseeded randomness, no iteration
//! over hash-map order. It is the crate `dlx-systems`, which the app re-exports as
//! `dlx_lab::systems`; its manifest names only the layers below it (the engine, the
//! translations), so the compiler refuses an import of any layer above.

// The layers below and this crate itself by the names the app gives them, so the modules read
// `crate::engine`, `crate::i18n`, `crate::msg` and `crate::systems` as they did in the app.
use crate as systems;
use dlx_engine as engine;
use dlx_translations as i18n;
use dlx_translations::{message, msg};

pub mod agenda;
pub mod alert_rules;
pub mod bullmq;
pub mod compare;
pub mod computing;
pub mod consumer;
pub mod database;
pub mod driven;
pub mod export;
pub mod figures_reader;
pub mod format;
pub mod hybrid;
pub mod json_path;
pub mod kafka;
pub mod metrics;
pub mod operator_report;
pub mod operator_text;
pub mod presets;
pub mod rabbitmq;
mod rabbitmq_config;
pub mod sqs;
pub mod system_text;
pub mod trace;
pub mod workload;

pub use agenda::Agenda;
pub use compare::{
    first_dead_letter_us, takeaways, takeaways_at, Comparison, Configs, Outcome, Strategy, Takeaway,
};
pub use computing::Computing;
pub use consumer::{Attempt, Consumer};
pub use figures_reader::FiguresReader;
pub use metrics::{fate, fate_until, Fate, Metrics};
pub use operator_report::{operator_report, ActionReport};
pub use trace::{
    Effect, Header, Loss, Place, Refusal, Role, RowStatus, SysEvent, SysEventKind, Trace, Wait,
};
pub use workload::{
    Failure, OperatorAction, OperatorKind, Selection, WorkMessage, Workload, WorkloadError,
};

/// One dead-letter strategy running a workload on the virtual clock.
///
/// A system is made from its configuration and a checked [`Workload`]; it schedules the
/// workload's publishes and operator actions itself. Nothing happens until it is stepped.
pub trait System {
    /// What has happened so far, and the system's places.
    fn trace(&self) -> &Trace;
    /// Its trace, taken out (a finished run's, without copying it; the system keeps an
    /// empty one).
    fn take_trace(&mut self) -> Trace;
    /// The virtual time it has reached.
    fn now(&self) -> crate::engine::SimTime;
    /// When its next happening is due, if anything is pending.
    fn next_at(&self) -> Option<crate::engine::SimTime>;
    /// Runs every happening due at or before `until`, in (time, sequence) order, then
    /// stands at `until`.
    fn step_until(&mut self, until: crate::engine::SimTime);
    /// Where each message stands now (in workload order), read from the system's own store
    /// (its queues, sets, topics, rows and what its consumer did), never from its trace: what
    /// [`Metrics`] reads from the trace must agree with it.
    fn ends(&self) -> Vec<Fate>;
    /// Runs the next happening; false when nothing is pending.
    fn step(&mut self) -> bool {
        match self.next_at() {
            Some(at) => {
                self.step_until(at);
                true
            }
            None => false,
        }
    }
}
