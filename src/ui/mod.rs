//! The browser UI, in Leptos: thin components that draw what `viz` computes.
//!
//! Compiled only with the `web` feature. The engine is not wired in yet: the topology shown is
//! the static default scenario from [`diagram`].

pub mod app;
pub mod diagram;
pub mod edge;
pub mod fatal;
pub mod inspector;
pub mod legend;
pub mod node;
pub mod topology;

pub use app::App;
