//! Scenarios: the conformance step format (replayed exactly as the recorded broker ran it), the
//! result JSON it produces and its comparison, and RabbitMQ definitions files (effective
//! settings, lints, export). Pure, like the engine.

pub mod act;
pub mod alerts;
pub mod behaviour;
pub mod compare;
pub mod conformance;
pub mod definitions;
pub mod error;
pub mod exercise;
pub mod exercises;
pub mod export;
pub mod finding;
pub mod goal;
mod goal_message;
pub mod import;
pub mod json;
pub mod lang;
pub mod lint;
pub mod lint_reason;
pub mod log_query;
pub mod patch;
pub mod playground;
pub mod presets;
pub mod problem;
pub mod result;
pub mod run;
mod settings_report;
pub mod step;
pub mod step_runner;
pub mod texts;
pub mod topology;
pub mod tour;
pub mod tours;
pub mod warnings;

pub use conformance::{replay, replay_str};
pub use error::ScenarioError;
pub use lang::Lang;
pub use playground::Scenario;
pub use run::Run;
