//! The strategy comparison page: the figures side by side, the lanes of one strategy, the
//! operator's panel, and the guided tours of the strategies.

pub mod compare_loading;
pub mod compare_page;
pub mod lanes_view;
pub mod operator_panel;
pub mod strategy_tour_panel;
pub mod takeaways_view;
