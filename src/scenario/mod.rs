//! Scenarios, in folders by concern: the model read once at load (`model/`: steps, topology,
//! errors), the playground's format and run (`playground/`), the conformance step format
//! replayed exactly as the recorded broker ran it (`conformance/`), RabbitMQ definitions files
//! (`definitions/`), and exercises and tours (`workshop/`). Pure, like the engine.

pub mod conformance;
pub mod definitions;
pub mod model;
pub mod playground;
pub mod workshop;

// Each module also at `scenario::<name>`, the path the rest of the crate, the CLI and the
// tests name it by; every name is one module.
pub use conformance::{judge, result};
pub use definitions::{export, import, lint, lint_reason, warnings};
pub use model::{behaviour, error, json, jsonline, lang, problem, step, step_runner, topology_def};
pub use playground::{act, alerts, presets, run};
pub use workshop::{exercise, exercises, finding, goal, log_query, patch, texts, tour, tours};

pub use conformance::{replay, replay_str};
pub use error::ScenarioError;
pub use lang::Lang;
pub use playground::Scenario;
pub use run::Run;
