//! Engine integration tests, by area: conformance recordings, RabbitMQ's own suite,
//! determinism, invariants under random commands, and hostile input.

mod conformance;
mod determinism;
mod hostile;
mod presets;
mod properties;
mod upstream;
