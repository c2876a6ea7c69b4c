//! The page's host when it is framed: events posted to it ([`post`]), and the embed's
//! height, posted to the host page whenever it changes (`{"type": "size",
//! "height": …}`), so a `<dlx-lab>` element (or any host) can size its frame to the content
//! instead of guessing, and the forced colour scheme a host asks for (`theme=light|dark`).

use std::cell::Cell;
use std::rc::Rc;

use serde_json::json;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::link::embed_protocol::event;

pub(crate) fn parent() -> Option<web_sys::Window> {
    let w = web_sys::window()?;
    let p = w.parent().ok().flatten()?;
    // The top window is its own parent: nobody to talk to.
    if js_sys::Object::is(&p, &w) {
        None
    } else {
        Some(p)
    }
}

/// Whether the page runs inside a frame (and so has a host page to talk to).
pub fn in_frame() -> bool {
    parent().is_some()
}

/// Posts an event to the parent window, if there is one.
pub fn post(v: &Value) {
    let Some(p) = parent() else { return };
    if let Ok(data) = js_sys::JSON::parse(&v.to_string()) {
        let _ = p.post_message(&data, "*");
    }
}

use serde_json::Value;

/// Starts posting the height of the embed's content (`.embed`), once it is on the page.
pub fn report_size() {
    report_size_of(".embed");
}

/// The comparison's compact embed: `ready` (with the workload's id) once it is drawn, then
/// its height as it changes, as the scenario embed does.
pub fn announce_compare(workload: &str) {
    if !in_frame() {
        return;
    }
    let workload = workload.to_string();
    leptos::prelude::request_animation_frame(move || {
        post(&event("ready", json!({ "compare": workload })));
    });
    report_size_of(".compare-embed");
}

/// Posts the height of the first element matching `selector` whenever it changes.
fn report_size_of(selector: &'static str) {
    if !in_frame() {
        return;
    }
    leptos::prelude::request_animation_frame(move || {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(Some(content)) = doc.query_selector(selector) else { return };
        let last = Rc::new(Cell::new(-1.0f64));
        let el = content.clone();
        let cb = Closure::<dyn FnMut()>::new(move || {
            let h = el.get_bounding_client_rect().height().ceil();
            if (h - last.get()).abs() >= 1.0 {
                last.set(h);
                post(&event("size", json!({ "height": h })));
            }
        });
        if let Ok(o) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()) {
            o.observe(&content);
            // The observer and its callback live as long as the page.
            std::mem::forget(o);
            cb.forget();
        }
    });
}

/// Applies `theme=light` or `theme=dark` from the query: the style sheets' dark-scheme rules
/// (`@media (prefers-color-scheme: dark)`) then hold always or never, through the CSSOM, and
/// the root's `color-scheme` follows; anything else leaves the system's scheme in charge.
pub fn apply_theme(search: &str) {
    let theme = search
        .trim_start_matches('?')
        .split('&')
        .find_map(|p| p.strip_prefix("theme="))
        .filter(|t| matches!(*t, "light" | "dark"));
    let Some(theme) = theme else { return };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let sheets = doc.style_sheets();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets.item(i).and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let Ok(rules) = sheet.css_rules() else { continue };
        for j in 0..rules.length() {
            let Some(media) =
                rules.item(j).and_then(|r| r.dyn_into::<web_sys::CssMediaRule>().ok())
            else {
                continue;
            };
            let list = media.media();
            if list.media_text().contains("prefers-color-scheme: dark") {
                list.set_media_text(if theme == "dark" { "all" } else { "not all" });
            }
        }
    }
    if let Some(root) =
        doc.document_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = root.style().set_property("color-scheme", theme);
        let _ = root.set_attribute("data-theme", theme);
    }
}
