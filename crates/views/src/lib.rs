//! Pure computations behind the views: node layout, edge curves, message hops, depth series,
//! header diffs.
//!
//! Nothing here touches the browser, a clock or randomness, so every function is a plain
//! deterministic computation that the native test suite checks. The UI (`crate::ui`) turns the
//! results into SVG and text.
//!
//! It is the crate `dlx-views`, which the app re-exports as `dlx_lab::viz`; its manifest names
//! only the layers below it (the engine, the translations, the systems, the scenarios), so the
//! compiler refuses an import of the links or the pages.

pub mod amqp_text;
pub mod appearance;
pub mod arrange;
pub mod burst;
pub mod death_label;
pub mod depth;
pub mod diagram;
pub mod dot_style;
pub mod dots;
pub mod edge_label;
pub mod edge_route;
pub mod fate;
pub mod fit;
pub mod fit_text;
pub mod flight;
pub mod flight_builder;
pub mod lanes;
pub mod layout;
pub mod orient;
pub mod pace;
pub mod path;
pub mod republish;
pub mod text_size;
pub mod timeline;
pub mod xdeath;

// The layers below and this crate itself by the names the app gives them, so the modules read
// `crate::engine`, `crate::scenario`, `crate::viz` and the others as they did in the app.
use crate as viz;
use dlx_engine as engine;
use dlx_scenario as scenario;
use dlx_systems as systems;
use dlx_translations as i18n;
use dlx_translations::{label, msg};

pub use layout::{layout, EdgeKind, EdgeSpec, Layout, NodeKind, NodeSpec, PlacedNode, Point, Size};
pub use path::{edge_curve, edge_path, fmt_num, point_at, Curve};
