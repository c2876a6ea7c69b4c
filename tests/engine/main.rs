//! Engine integration tests, by area: client wake-ups, conformance recordings, RabbitMQ's own
//! suite, determinism, invariants under random commands, hostile input and size limits.

mod client_wakes;
mod conformance;
mod determinism;
mod hostile;
mod limits;
mod properties;
mod upstream;
