//! The browser UI, in Leptos: thin components over a loaded run, which lives in one
//! non-reactive handle ([`lab::Lab`]), its signals split by concern into contexts
//! ([`page_state`]); every user-visible string comes
//! from the catalogues (`crate::i18n`, read through [`i18n`] by message key). Each page
//! has its folder (`playground/`, `compare/`, `embed/`, `workshop/`; the text review is
//! `review.rs`), and no page imports another (`tests/tidy_layers.rs`): what they share is in
//! `picture/` (the broker's graph, dots, inspector, legend, log, compact controls and frame
//! loop), `lanes/` (a comparison's state, its computing and its lanes), `picture_edit/`
//! (editing on the picture) and the files here (state, languages and fetching a catalogue,
//! notices and the panic banner, share links, the framed page's host, long work in slices,
//! icons). `route.rs` alone picks among the pages; each built page boots its own root from it.
//!
//! Compiled only with the `web` feature.

pub mod catalogue_fetch;
pub mod compare;
pub mod embed;
pub mod fatal;
pub mod host_page;
pub mod i18n;
pub mod i18n_data;
pub mod i18n_systems;
pub mod icons;
pub mod lab;
pub mod lanes;
pub mod lang_switch;
pub mod loading;
pub mod locale;
pub mod notice;
pub mod page_state;
pub mod page_text;
pub mod picture;
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
