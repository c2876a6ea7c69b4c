//! Pure computations behind the views: node layout, edge curves and labels, message hops and
//! dots, depth series, a comparison's lanes, the pace of playing, header diffs, and the few
//! words drawn on the picture: a death label and a readable AMQP value as message values (a
//! catalogue key and its arguments, worded in the reader's language where they are drawn), a
//! fate's name as its label in the language asked.
//!
//! Nothing here touches the browser, a clock or randomness, so every function is a plain
//! deterministic computation that the native test suite checks. The UI (`crate::ui`) turns the
//! results into SVG, canvas drawing and text.
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
use dlx_translations::message;

pub use layout::{layout, EdgeKind, EdgeSpec, Layout, NodeKind, NodeSpec, PlacedNode, Point, Size};
pub use path::{edge_curve, edge_path, fmt_num, point_at, Curve};
