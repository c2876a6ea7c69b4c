//! A comparison's lanes, shared by the comparison page and the workshop's strategy
//! exercises: its state ([`compare_ctx::CompareCtx`]), its computing in slices with the
//! progress bar, and the lanes with a followed message's story.

pub mod compare_ctx;
pub mod compare_loading;
pub mod lanes_view;
pub mod moment_figures;
