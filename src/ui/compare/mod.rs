//! The strategy comparison page: the figures side by side, the lanes of one strategy, and the
//! operator's panel.

pub mod compare_page;
pub mod lanes_view;
pub mod operator_panel;
