//! RabbitMQ definitions files: reading them ([`file`]), each queue's effective settings,
//! lints, import into a scenario and export back out, and the warnings about what is not
//! simulated.

pub mod definitions_text;
pub mod export;
pub mod file;
pub mod import;
pub mod lint;
pub mod lint_reason;
pub mod scenario_lints;
mod settings_report;
pub mod warnings;

pub use file::*;
