//! Scenarios, in folders by concern: the clients that drive the broker (`actors/`), the model read once at load (`model/`: steps, topology,
//! errors), the playground's format and run (`playground/`), the conformance step format
//! replayed exactly as the recorded broker ran it (`conformance/`), RabbitMQ definitions files
//! (`definitions/`), and exercises and tours (`workshop/`). Pure, like the engine.

pub mod actors;
pub mod conformance;
pub mod definitions;
pub mod edit;
pub mod model;
pub mod playground;
pub mod workshop;

// The types most of the crate names, at the top; every module by its folder's path.
pub use conformance::{replay, replay_str};
pub use model::error::ScenarioError;
pub use model::lang::Lang;
pub use playground::run::Run;
pub use playground::Scenario;
