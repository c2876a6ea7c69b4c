//! The scenario model, read once at load with errors that name the JSON path: the typed
//! [`step::Step`] and what runs it ([`step_runner::StepRunner`]), the one
//! [`topology_def::Topology`] of scenarios and definitions files, consumer behaviours, the
//! languages, and the errors.

pub mod behaviour;
pub mod error;
pub mod json;
pub mod lang;
pub mod limits;
pub mod problem;
pub mod problem_text;
pub mod redrive;
pub mod step;
pub mod step_reply;
pub mod step_runner;
pub mod subject;
pub mod topology_def;
