//! The workshop page: the exercises in order with the learner's progress.

pub mod workshop_page;
