//! Embed mode: one scenario with minimal chrome for a documentation page, driven by its
//! parent window through `postMessage`.

pub mod embed_page;
pub mod message_read;
pub mod post_api;
