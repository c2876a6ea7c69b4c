//! Engine integration tests, by area: actions by hand, DLQ alerts, client wake-ups, conformance recordings, RabbitMQ's own suite,
//! determinism, invariants under random commands, hostile input, presets, guided tours,
//! workshop exercises and their Korean and Chinese texts.

mod act;
mod alerts;
mod client_wakes;
mod conformance;
mod determinism;
mod exercises;
mod hostile;
mod i18n_catalogues;
mod i18n_content;
mod i18n_samples;
mod presets;
mod properties;
mod tours;
mod upstream;
