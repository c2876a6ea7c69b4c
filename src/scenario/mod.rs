//! Scenarios: the conformance step format (replayed exactly as the recorded broker ran it) and
//! the result JSON it produces. Pure, like the engine.

pub mod conformance;
pub mod error;
pub mod json;
pub mod result;

pub use conformance::{replay, replay_str};
pub use error::ScenarioError;
