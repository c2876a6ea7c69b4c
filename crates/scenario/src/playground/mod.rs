//! The playground: the scenario format (version 1), running it on the clock with time travel,
//! actions taken by hand, DLQ alerts, and the built-in scenarios.

pub mod alerts;
pub mod document;
pub mod event_text;
pub mod hand_action;
pub mod presets;
pub mod profile_diff;
pub mod profile_text;
pub mod run;

pub use document::*;
