//! The workshop: exercises and their goals judged on the event log, guided tours, and every
//! built-in text in every language.

pub mod exercise;
pub mod exercises;
pub mod finding;
pub mod goal;
mod goal_message;
pub mod log_query;
pub mod patch;
pub mod texts;
pub mod tour;
pub mod tours;
