//! The broker's picture every page shows: the graph with its nodes, edges and moving
//! messages, the inspector, the legend, the log, the compact controls and the frame loop
//! that moves the clock. Pages (playground, embed, workshop) build on it; it imports none of
//! them.

pub mod compact_controls;
pub mod dot_canvas;
pub mod edge;
pub mod frame_loop;
pub mod graph;
pub mod graph_node;
pub mod inspector;
pub mod legend;
pub mod log;
