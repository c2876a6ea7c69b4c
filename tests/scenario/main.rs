//! Scenario integration tests, by area: presets, actions by hand, DLQ alerts, runs computed in
//! slices, edits made on the picture, guided tours, workshop exercises (the broker's and the
//! other systems'), strategy tours, the builder's drafts, workshop files, and a timeline step
//! against a broker timer at one instant.

mod alerts;
mod builder_drafts;
mod exercises;
mod hand_actions;
mod presets;
mod same_instant;
mod scenario_edits;
mod sliced_runs;
mod strategy_exercises;
mod strategy_tours;
mod tours;
mod workshop_files;
