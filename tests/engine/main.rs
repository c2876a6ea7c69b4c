//! Engine integration tests, by area: actions by hand, DLQ alerts, client wake-ups, conformance recordings, RabbitMQ's own suite,
//! determinism, invariants under random commands, hostile input, presets, guided tours,
//! workshop exercises (the broker's and the other systems'), strategy tours, the builder's
//! drafts, workshop files, and their Korean and Chinese texts.

mod act;
mod alerts;
mod builder_drafts;
mod client_wakes;
mod conformance;
mod determinism;
mod exercises;
mod hostile;
mod i18n_catalogues;
mod i18n_content;
mod i18n_samples;
mod i18n_untranslated;
mod limits;
mod presets;
mod properties;
mod same_instant;
mod scenario_edits;
mod sliced_runs;
mod strategy_exercises;
mod strategy_tours;
mod tours;
mod upstream;
mod workshop_files;
