//! Engine integration tests, by area: conformance recordings, RabbitMQ's own suite,
//! determinism, invariants under random commands, hostile input, presets, guided tours and
//! workshop exercises.

mod conformance;
mod determinism;
mod exercises;
mod hostile;
mod presets;
mod properties;
mod tours;
mod upstream;
