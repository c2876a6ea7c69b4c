//! How a page is addressed and driven from outside, as pure data: share links (the scenario
//! and the moment in a URL fragment), the language a link fixes, what a comparison link fixes
//! (toggles and lanes), which built page serves an address, and the embed's `postMessage`
//! protocol with its host page. No browser here: the UI (`crate::ui`) reads and writes the
//! real URL and messages; the native tests check everything else.
//!
//! It is the crate `dlx-links`, which the app re-exports as `dlx_lab::link` and the command
//! line reads too; its manifest names only the layer below it that it uses (the scenarios), so
//! the compiler refuses an import of the views or the pages.

pub mod compare_query;
pub mod embed_protocol;
pub mod lang_link;
pub mod page_file;
pub mod share_link;
pub mod workshop_link;

// The layer below by the name the app gives it, so the modules read `crate::scenario` as they
// did in the app.
use dlx_scenario as scenario;
