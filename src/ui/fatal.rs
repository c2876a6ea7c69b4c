//! Shows a panic on the page: a panic in WebAssembly stops the app, so say so where users look.

use wasm_bindgen::JsCast;

/// Installs a panic hook that logs to the console (with `console_error_panic_hook`) and shows
/// the panic message in a fixed `<div id="fatal">` on the page.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_fatal(&info.to_string());
    }));
}

/// Shows `message` in `<div id="fatal" role="alert">`, creating it if needed. Never panics:
/// if there is no document it does nothing.
pub fn show_fatal(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(root) = document
        .body()
        .map(|b| b.unchecked_into::<web_sys::Node>())
        .or_else(|| document.document_element().map(|e| e.unchecked_into::<web_sys::Node>()))
    else {
        return;
    };
    let banner = match document.get_element_by_id("fatal") {
        Some(existing) => existing,
        None => {
            let Ok(div) = document.create_element("div") else {
                return;
            };
            div.set_id("fatal");
            let _ = div.set_attribute("role", "alert");
            if root.append_child(&div).is_err() {
                return;
            }
            div
        }
    };
    banner.set_text_content(None);
    if let Ok(title) = document.create_element("strong") {
        title.set_text_content(Some(super::i18n::tr("ui-fatal-title")));
        let _ = banner.append_child(&title);
    }
    if let Ok(detail) = document.create_element("pre") {
        detail.set_text_content(Some(message));
        let _ = banner.append_child(&detail);
    }
}

/// Removes the page's text-only loading notice (`#loading` in `index.html`) once the app
/// has mounted: it has done its work.
pub fn remove_loading_notice() {
    if let Some(el) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading"))
    {
        el.remove();
    }
}
