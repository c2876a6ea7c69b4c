//! The browser UI, in Leptos: thin components over the engine, which lives in one
//! non-reactive handle ([`lab::Ctx`]); every user-visible string comes from [`i18n`].
//!
//! Compiled only with the `web` feature.

pub mod act;
pub mod app;
pub mod chart;
pub mod clock;
pub mod compare;
pub mod compare_act;
pub mod compare_lanes;
pub mod controls;
pub mod dots;
pub mod edge;
pub mod editor;
pub mod embed;
pub mod fatal;
pub mod graph;
pub mod i18n;
pub mod i18n_data;
pub mod i18n_labels;
pub mod i18n_systems;
pub mod import_export;
pub mod inspector;
pub mod lab;
pub mod lang_switch;
pub mod legend;
pub mod locale;
pub mod log;
pub mod notice;
pub mod post_api;
pub mod review;
pub mod route;
pub mod share;
pub mod stress;
pub mod tour_panel;
pub mod workshop;

pub use app::App;
pub use route::Root;
