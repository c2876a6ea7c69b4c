//! The broker and dead-letter engine: RabbitMQ semantics on a virtual clock, pure and sans-IO.
//!
//! Commands go in through [`Engine`]'s methods; time moves only through [`Engine::step`] and
//! [`Engine::step_until`]; everything that happens is appended to [`Engine::events`] with its
//! cause. The same commands and seed give the same log on every target.

mod basic;
pub mod broker;
pub mod budget;
pub mod clock;
pub mod commands;
pub mod consumer;
pub mod dead_letter;
mod death_memo;
pub mod event;
pub mod event_log;
mod flow;
mod forward;
pub mod headers;
mod id_table;
pub mod message;
mod name;
pub mod order;
mod packed_event;
pub mod profile;
pub mod publish;
pub mod queue;
pub mod rng;
mod route_cache;
pub mod routing;
pub mod scheduler;
pub mod settings;
mod snapshot;
mod spare;
pub mod table;
pub mod tag_queue;
pub mod time;
pub mod topology;
mod wake;
mod wake_slots;

pub use broker::{Engine, StepOutcome};
pub use consumer::Delivery;
pub use dead_letter::Reason;
pub use event::{Cause, CauseRef, DropRule, Event, EventKind};
pub use event_log::EventLog;
pub use headers::{FieldTable, FieldValue};
pub use message::{Message, Properties};
pub use name::{Name, Names};
pub use profile::{Profile, RABBITMQ_3_10, RABBITMQ_4};
pub use publish::{Publish, Published};
pub use snapshot::{Snapshot, Snapshots};
pub use time::SimTime;
pub use topology::AmqpError;
pub use wake::{Client, Wake};
pub use wake_slots::WakeSlots;
