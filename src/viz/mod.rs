//! Pure geometry for drawing a broker topology: node placement, edge curves and points along them.
//!
//! Nothing here touches the browser, a clock or randomness, so every function is a plain
//! deterministic computation that the native test suite checks. The UI (`crate::ui`) turns the
//! numbers into SVG.

pub mod layout;
pub mod path;

pub use layout::{layout, EdgeKind, EdgeSpec, Layout, NodeKind, NodeSpec, PlacedNode, Point, Size};
pub use path::{edge_curve, edge_path, fmt_num, point_at, Curve};
