//! The conformance step format: replaying a recording on the engine, its result JSON, and
//! judging a result against another by the rules of the recordings' `compare.py`.

pub mod judge;
pub mod result;
pub mod runner;

pub use runner::{replay, replay_str, Runner, REPLAY_STEP_BUDGET};
