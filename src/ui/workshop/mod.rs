//! The workshop page: the exercises in order with the learner's progress.

pub mod builder_page;
pub mod builder_parts;
pub mod builder_picture;
pub mod progress;
pub mod strategy_exercise_page;
pub mod trainer_workshop;
pub mod workshop_page;
