//! Scenarios, in folders by concern: the clients that drive the broker (`clients/`), the model read once at load (`model/`: steps, topology,
//! errors), the playground's format and run (`playground/`), the conformance step format
//! replayed exactly as the recorded broker ran it (`conformance/`), RabbitMQ definitions files
//! (`definitions/`), and exercises and tours (`workshop/`). Pure, like the engine.
//!
//! It is the crate `dlx-scenario`, which the app re-exports as `dlx_lab::scenario`, with
//! [`samples`] (one of every sentence built at run time, a room above the scenarios) as
//! `dlx_lab::samples`. Its manifest names only the layers below it (the engine, the
//! translations, the systems), so the compiler refuses an import of any layer above.

pub mod clients;
pub mod conformance;
pub mod definitions;
pub mod edit;
pub mod model;
pub mod playground;
pub mod workshop;

pub mod samples;

// The layers below and this crate itself by the names the app gives them, so the modules read
// `crate::engine`, `crate::i18n`, `crate::systems` and `crate::scenario` as they did in the app.
use crate as scenario;
use dlx_engine as engine;
use dlx_systems as systems;
use dlx_translations as i18n;
use dlx_translations::{label, message};

// The types most of the crate names, at the top; every module by its folder's path.
pub use conformance::{replay, replay_str};
pub use model::error::ScenarioError;
pub use model::lang::Lang;
pub use playground::run::Run;
pub use playground::Scenario;
