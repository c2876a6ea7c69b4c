//! What the browser tests share: a container to mount into, queries, clicks, typing, waiting,
//! and the playground mounted on a clean page.

#![allow(dead_code)]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A fresh `<div>` in `<body>` to mount into, so tests do not see each other's DOM.
pub fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

/// The value of the text area under `root` matching `selector`.
pub fn textarea(root: &Element, selector: &str) -> String {
    one(root, selector).unchecked_into::<web_sys::HtmlTextAreaElement>().value()
}

/// Every element under `root` matching `selector`.
pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

/// The first element under `root` matching `selector` (panics, naming it, when there is none).
pub fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

/// True when some element under `root` matches `selector`.
pub fn has(root: &Element, selector: &str) -> bool {
    root.query_selector(selector).unwrap().is_some()
}

/// The text of the first element matching `selector`.
pub fn text(root: &Element, selector: &str) -> String {
    one(root, selector).text_content().unwrap_or_default()
}

/// A bubbling event of `kind` (`"click"`, `"change"`…) on `target`.
pub fn fire(target: &Element, kind: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    target.dispatch_event(&web_sys::Event::new_with_event_init_dict(kind, &init).unwrap()).unwrap();
}

/// A bubbling click, as a user's.
pub fn click(target: &Element) {
    fire(target, "click");
}

/// Types `value` into the input or textarea matching `selector`.
pub fn type_into(root: &Element, selector: &str, value: &str) {
    let el = one(root, selector);
    if let Some(input) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        input.set_value(value);
    } else if let Some(area) = el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.set_value(value);
    } else {
        panic!("{selector} is neither an input nor a textarea");
    }
    el.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
}

/// Waits `ms` milliseconds of wall time (animation frames run meanwhile).
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Waits until `ready` holds, looking after each render and every 50 ms of wall time, for
/// at most `bound_ms` of wall time (a generous bound: a loaded machine is slow, not wrong);
/// true when it held. A test waits for the state it expects, never for a set time.
pub async fn until(bound_ms: f64, mut ready: impl FnMut() -> bool) -> bool {
    let started = js_sys::Date::now();
    loop {
        tick().await;
        if ready() {
            return true;
        }
        if js_sys::Date::now() - started > bound_ms {
            return false;
        }
        sleep(50).await;
    }
}

/// Waits for a view drawn again: the render, then the microtask in which Leptos sets the
/// `value` of the text fields it drew (never painted in between, so a reader sees no gap).
pub async fn redrawn() {
    tick().await;
    tick().await;
}

/// Presses `key` with Shift, `times` times, on the window (Shift+→: the run's next stop;
/// Shift+←: its start).
pub fn press_shift(key: &str, times: usize) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_shift_key(true);
    for _ in 0..times {
        let ev =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        web_sys::window().unwrap().dispatch_event(&ev).unwrap();
    }
}

/// The page's local storage.
pub fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// The page at `url` (query and fragment) on the same path, without loading it.
pub fn go_to(url: &str) {
    let w = web_sys::window().unwrap();
    let path = w.location().pathname().unwrap();
    w.history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{path}{url}")))
        .unwrap();
}

/// Mounts the playground on a clean page: no link in the URL, nothing saved.
pub async fn mount_app() -> (HtmlElement, impl Drop) {
    let w = web_sys::window().unwrap();
    w.local_storage().unwrap().unwrap().clear().unwrap();
    w.history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("#"))
        .unwrap();
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), dlx_lab::ui::App);
    tick().await;
    (root, handle)
}

/// A clean page at `url` (query and fragment), nothing saved, English current.
pub fn reset(url: &str) {
    storage().clear().unwrap();
    go_to(url);
    dlx_lab::ui::locale::set(dlx_lab::scenario::Lang::En);
}
