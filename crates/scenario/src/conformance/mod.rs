//! The conformance step format: replaying a recording on the engine, its result JSON, and
//! judging a result against another by the rules of the recordings' `compare.py`.

pub mod judge;
pub mod plan;
pub mod result;
pub mod runner;

pub use plan::Planned;
pub use runner::{replay, replay_str, SimulatedBroker};
