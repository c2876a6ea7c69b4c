//! The browser UI, in Leptos: thin components over the engine, which lives in one
//! non-reactive handle ([`lab::Ctx`]); every user-visible string comes from [`i18n`].
//! One folder per page (`playground/`, `compare/`, `embed/`, `workshop/`); what they share
//! (state, routing, languages, notices, share links) is here.
//!
//! Compiled only with the `web` feature.

pub mod catalogue_fetch;
pub mod compare;
pub mod embed;
pub mod fatal;
pub mod i18n;
pub mod i18n_data;
pub mod i18n_labels;
pub mod i18n_systems;
pub mod icons;
pub mod lab;
pub mod lang_switch;
pub mod loading;
pub mod locale;
pub mod notice;
pub mod page_text;
pub mod picture_edit;
pub mod playground;
pub mod review;
pub mod route;
pub mod run_mark;
pub mod share;
pub mod sliced;
pub mod workshop;

pub use playground::app::App;
pub use route::Root;
