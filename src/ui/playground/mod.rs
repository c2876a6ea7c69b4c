//! The playground page: the scenario bar, time controls, graph and dots, inspector, actions by
//! hand, log, chart, editor, tours, and definitions in and out.

pub mod act_panel;
pub mod app;
pub mod chart;
pub mod controls;
pub mod editor;
pub mod embed_share;
pub mod first_visit;
pub mod import_export;
pub mod stress;
pub mod tour_panel;
