//! Browser tests: mount the real components in headless Chromium and check the DOM.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web` (the runner is set in
//! `.cargo/config.toml`). On native targets this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use dlx_lab::ui::App;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh `<div>` in `<body>` to mount into, so tests do not see each other's DOM.
fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn click(target: &Element) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict("click", &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn app_draws_the_default_topology() {
    let root = container();
    let _app = leptos::mount::mount_to(root.clone(), App);
    tick().await;

    assert_eq!(one(&root, "h1").text_content().unwrap(), "DLX Lab");
    let svg = one(&root, "svg.topology");
    let ids: Vec<String> = all(&svg, "g.node[data-node]")
        .iter()
        .filter_map(|g| g.get_attribute("data-node"))
        .collect();
    assert_eq!(
        ids,
        [
            "publisher",
            "orders",
            "orders.work",
            "consumer",
            "orders.dlx",
            "orders.dlq"
        ]
    );
    for (id, kind) in [
        ("orders", "exchange"),
        ("orders.work", "queue"),
        ("orders.dlq", "queue"),
        ("publisher", "publisher"),
    ] {
        let node = one(&svg, &format!("g[data-node='{id}']"));
        assert!(
            node.class_list().contains(kind),
            "{id} should have class {kind}"
        );
        assert_eq!(one(&node, "text.node-label").text_content().unwrap(), id);
    }

    let dead_letter = all(&svg, "path.edge.dead-letter");
    assert_eq!(dead_letter.len(), 1);
    assert_eq!(
        dead_letter[0].get_attribute("data-edge").unwrap(),
        "orders.work->orders.dlx"
    );
    assert!(dead_letter[0].get_attribute("d").unwrap().starts_with("M "));
    assert_eq!(all(&svg, "path.edge.binding").len(), 2);
    let view_box = svg.get_attribute("viewBox").unwrap();
    assert!(view_box.starts_with("0 0 "), "viewBox {view_box}");
    root.remove();
}

#[wasm_bindgen_test]
async fn clicking_a_node_selects_it_and_fills_the_inspector() {
    let root = container();
    let _app = leptos::mount::mount_to(root.clone(), App);
    tick().await;

    let queue = one(&root, "g[data-node='orders.work']");
    assert!(!queue.class_list().contains("selected"));
    assert_eq!(
        one(&root, ".inspector h2").text_content().unwrap(),
        "Nothing selected"
    );

    click(&queue);
    tick().await;
    assert!(queue.class_list().contains("selected"));
    assert_eq!(queue.get_attribute("aria-pressed").as_deref(), Some("true"));
    let heading = one(&root, ".inspector h2");
    assert_eq!(
        heading.get_attribute("data-inspecting").as_deref(),
        Some("orders.work")
    );
    let facts = one(&root, ".inspector dl").text_content().unwrap();
    assert!(
        facts.contains("x-dead-letter-exchange") && facts.contains("orders.dlx"),
        "{facts}"
    );

    // Selecting another node moves the selection; clicking it again clears it.
    let dlq = one(&root, "g[data-node='orders.dlq']");
    click(&dlq);
    tick().await;
    assert!(!queue.class_list().contains("selected"));
    assert!(dlq.class_list().contains("selected"));
    click(&dlq);
    tick().await;
    assert!(!dlq.class_list().contains("selected"));
    assert_eq!(
        one(&root, ".inspector h2").text_content().unwrap(),
        "Nothing selected"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn enter_key_selects_a_focused_node() {
    let root = container();
    let _app = leptos::mount::mount_to(root.clone(), App);
    tick().await;

    let exchange = one(&root, "g[data-node='orders.dlx']");
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    exchange.dispatch_event(&event).unwrap();
    tick().await;
    assert!(exchange.class_list().contains("selected"));
    root.remove();
}

#[wasm_bindgen_test]
fn show_fatal_puts_a_readable_message_on_the_page() {
    dlx_lab::ui::fatal::show_fatal("panicked at src/example.rs:1:1:\nsomething broke");
    let document = web_sys::window().unwrap().document().unwrap();
    let banner = document.get_element_by_id("fatal").expect("#fatal exists");
    let text = banner.text_content().unwrap();
    assert!(
        text.contains("DLX Lab stopped") && text.contains("something broke"),
        "{text}"
    );
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    // A second panic message replaces the first rather than piling up.
    dlx_lab::ui::fatal::show_fatal("again");
    assert_eq!(document.query_selector_all("#fatal").unwrap().length(), 1);
    assert!(!banner.text_content().unwrap().contains("something broke"));
    banner.remove();
}
