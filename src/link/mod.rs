//! How a page is addressed and driven from outside, as pure data: share links (the scenario
//! and the moment in a URL fragment), the language a link fixes, what a comparison link fixes
//! (toggles and lanes), which built page serves an address, and the embed's `postMessage`
//! protocol with its host page. No browser here: the UI (`crate::ui`) reads and writes the
//! real URL and messages; the native tests check everything else.

pub mod compare_query;
pub mod embed_protocol;
pub mod lang_link;
pub mod page_file;
pub mod share_link;
pub mod workshop_link;
