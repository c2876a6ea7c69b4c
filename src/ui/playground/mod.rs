//! The playground page: the scenario bar, time controls, graph and dots, inspector, actions by
//! hand, log, chart, editor, tours, and definitions in and out.

pub mod act_panel;
pub mod app;
pub mod chart;
pub mod controls;
pub mod dot_canvas;
pub mod edge;
pub mod editor;
pub mod first_visit;
pub mod frame_loop;
pub mod graph;
pub mod graph_node;
pub mod import_export;
pub mod inspector;
pub mod legend;
pub mod log;
pub mod stress;
pub mod tour_panel;
