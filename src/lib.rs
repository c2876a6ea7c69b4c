//! DLX Lab as a library: the broker engine, the other dead-letter systems, scenarios,
//! translations, geometry for the views, and (feature `web`) the browser UI.

/// The broker engine, a crate of its own (`crates/engine`, `dlx_engine`): every layer above
/// names it `crate::engine`.
pub use dlx_engine as engine;

pub mod i18n;
pub mod link;
pub mod samples;
pub mod scenario;
pub mod systems;
#[cfg(feature = "web")]
pub mod ui;
pub mod viz;
