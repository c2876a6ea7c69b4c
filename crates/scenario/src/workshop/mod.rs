//! The workshop: exercises (the broker's judged on the event log, the other systems' on their
//! trace), guided tours of the playground and of the comparison, the builder's drafts, a
//! trainer's workshop files, and every built-in text in every language.

pub mod any_exercise;
pub mod broker_exercise;
pub mod counted;
pub mod exercise;
pub mod exercise_draft;
pub mod exercises;
pub mod finding;
pub mod finding_text;
pub mod goal;
pub mod goal_form;
mod goal_message;
pub mod log_query;
pub mod patch;
pub mod strategy_exercise;
pub mod strategy_exercises;
pub mod strategy_tour;
pub mod strategy_tours;
pub mod texts;
pub mod tour;
pub mod tours;
pub mod trace_finding;
pub mod trace_goal;
pub mod trace_verdict_text;
pub mod workshop_file;
