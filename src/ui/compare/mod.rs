//! The strategy comparison page: the figures side by side, the lanes of one strategy, the
//! operator's panel, each strategy's export, and the guided tours of the strategies.

pub mod compare_page;
pub mod export_panel;
pub mod figures_view;
pub mod operator_panel;
pub mod strategy_tour_panel;
pub mod takeaways_view;
