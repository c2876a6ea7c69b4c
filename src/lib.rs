//! DLX Lab as a library: the broker engine, the other dead-letter systems, scenarios,
//! translations, geometry for the views, and (feature `web`) the browser UI.

/// The broker engine, a crate of its own (`crates/engine`, `dlx_engine`): every layer above
/// names it `crate::engine`.
pub use dlx_engine as engine;

/// The translations, a crate of their own (`crates/translations`, `dlx_translations`), with
/// their `msg!` and `label!` macros: every layer above names them `crate::i18n`, `crate::msg`
/// and `crate::label`.
pub use dlx_translations as i18n;
pub use dlx_translations::{label, message, msg};

/// The other dead-letter systems and the comparison, a crate of their own (`crates/systems`,
/// `dlx_systems`) above the engine and the translations: every layer above names it
/// `crate::systems`.
pub use dlx_systems as systems;

/// The scenarios, a crate of their own (`crates/scenario`, `dlx_scenario`) above the systems,
/// with the samples of every sentence: every layer above names them `crate::scenario` and
/// `crate::samples`.
pub use dlx_scenario as scenario;
pub use dlx_scenario::samples;

/// The geometry and timelines behind the views, a crate of their own (`crates/views`,
/// `dlx_views`) above the scenarios: every layer above names it `crate::viz`.
pub use dlx_views as viz;

/// The links (share links, the embed's protocol, which page serves an address), a crate of
/// their own (`crates/links`, `dlx_links`) above the scenarios: the pages name it `crate::link`.
pub use dlx_links as link;

#[cfg(feature = "web")]
pub mod ui;
