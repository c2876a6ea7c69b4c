//! The browser UI, in Leptos: thin components over the engine, which lives in one
//! non-reactive handle ([`lab::Ctx`]); every user-visible string comes from [`i18n`].
//!
//! Compiled only with the `web` feature.

pub mod app;
pub mod chart;
pub mod clock;
pub mod controls;
pub mod dots;
pub mod edge;
pub mod editor;
pub mod fatal;
pub mod graph;
pub mod i18n;
pub mod inspector;
pub mod lab;
pub mod legend;
pub mod log;
pub mod share;
pub mod stress;

pub use app::App;
