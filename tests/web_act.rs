//! Browser tests of acting on the run and sharing it: Act now (a publish, a policy, a replay
//! back where a message died, a warned lossy replay), the Copy link button and the editor
//! beside the graph, on the real app in headless Chromium.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_act`. On native targets
//! this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
use dom::{all, click, one, sleep, text, type_into};

/// What the scenario editor holds now (its value, not its initial text).
fn editor_text(root: &HtmlElement) -> String {
    one(root, "textarea.scenario-json").unchecked_into::<web_sys::HtmlTextAreaElement>().value()
}

/// Mounts the app on a clean page: no link in the URL, nothing saved.
async fn mount() -> (HtmlElement, impl Drop) {
    dom::mount_app().await
}

#[wasm_bindgen_test]
async fn acting_now_writes_the_action_into_the_timeline_at_the_moment_shown() {
    let (root, _app) = mount().await;
    let scrubber = one(&root, "input.scrubber").unchecked_into::<web_sys::HtmlInputElement>();
    scrubber.set_value("1000");
    scrubber.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    scrubber.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    // A misspelt exchange is refused, naming the field; the scenario is unchanged.
    type_into(&root, "input.act-exchange", "ap");
    type_into(&root, "input.act-key", "let-me-expire");
    type_into(&root, "input.act-ttl", "50");
    click(&one(&root, "button.act"));
    tick().await;
    assert_eq!(text(&root, ".act-now .status.error"), "exchange: no exchange is named 'ap'");
    assert!(!editor_text(&root).contains("by hand"));
    type_into(&root, "input.act-exchange", "app");
    click(&one(&root, "button.act"));
    sleep(50).await;
    tick().await;
    assert_eq!(text(&root, ".act-now .status.ok"), "Added to the scenario's timeline at 1 s");
    assert!(text(&root, ".clock").starts_with("1.000 s"), "{}", text(&root, ".clock"));
    let editor = editor_text(&root);
    assert!(
        editor.contains("published by hand at 1000 ms")
            && editor.contains("\"expiration\": \"50\""),
        "{editor}"
    );
    // The engine ran it: the publish is in the log at 1.000 s, and 50 ms later it expires.
    let log = text(&root, ".event-log");
    assert!(log.contains("published to app with key 'let-me-expire'"), "{log}");
    root.remove();
}

#[wasm_bindgen_test]
async fn a_policy_set_now_is_written_and_a_refused_action_is_not() {
    let (root, _app) = mount().await;
    let kind = one(&root, "select.act-kind").unchecked_into::<web_sys::HtmlSelectElement>();
    kind.set_value("clear_policy");
    kind.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    type_into(&root, "input.act-policy", "nope");
    click(&one(&root, "button.act"));
    sleep(50).await;
    tick().await;
    // Tried on a copy first: the broker's refusal is shown and nothing is written.
    assert_eq!(
        text(&root, ".act-now .status.error"),
        "The broker refused it: 404 NOT_FOUND - no policy 'nope' in vhost '/'"
    );
    assert!(!editor_text(&root).contains("clear_policy"));
    kind.set_value("policy");
    kind.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    type_into(&root, "input.act-pattern", "^orders");
    type_into(&root, "input.act-definition", "{\"message-ttl\": 10");
    click(&one(&root, "button.act"));
    tick().await;
    assert!(
        text(&root, ".act-now .status.error")
            .starts_with("definition (JSON): '{\"message-ttl\": 10'"),
        "{}",
        text(&root, ".act-now .status.error")
    );
    type_into(&root, "input.act-definition", "{\"message-ttl\": 10}");
    click(&one(&root, "button.act"));
    sleep(50).await;
    tick().await;
    assert!(
        text(&root, ".act-now .status.ok").starts_with("Added to the scenario's timeline"),
        "{}",
        text(&root, ".act-now .status")
    );
    let editor = editor_text(&root);
    assert!(
        editor.contains("\"op\": \"set_policy\"") && editor.contains("\"pattern\": \"^orders\""),
        "{editor}"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_replay_goes_back_where_the_message_died_and_a_lossy_one_is_warned_first() {
    let (root, _app) = mount().await;
    let scrubber = one(&root, "input.scrubber").unchecked_into::<web_sys::HtmlInputElement>();
    scrubber.set_value("3900");
    scrubber.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    scrubber.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    let kind = one(&root, "select.act-kind").unchecked_into::<web_sys::HtmlSelectElement>();
    kind.set_value("replay");
    kind.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    // By default a replay goes back where the message first died: no exchange to type.
    assert!(one(&root, "input.act-exchange").closest(".act-field.hidden").unwrap().is_some());
    type_into(&root, "input.act-queue", "dead.letters");
    click(&one(&root, "button.act"));
    sleep(50).await;
    tick().await;
    assert!(
        text(&root, ".act-now .status.ok").starts_with("Added to the scenario's timeline"),
        "{}",
        text(&root, ".act-now .status")
    );
    let editor = editor_text(&root);
    assert!(editor.contains("\"to\": \"origin\""), "{editor}");
    let log = text(&root, ".event-log");
    assert!(log.contains("3.900 s") && log.contains("published to app with key"), "{log}");
    // To an exchange of the user's choosing with a key nothing is bound to: warned, not written.
    let to = one(&root, "select.act-replay-to").unchecked_into::<web_sys::HtmlSelectElement>();
    to.set_value("exchange");
    to.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    type_into(&root, "input.act-exchange", "app");
    type_into(&root, "input.act-key", "nowhere");
    click(&one(&root, "button.act"));
    sleep(50).await;
    tick().await;
    assert_eq!(
        text(&root, ".act-now .status.error"),
        "exchange app routes this message to no queue, so it would be lost. Press the button again to do it anyway."
    );
    let editor = editor_text(&root);
    assert!(!editor.contains("nowhere"), "{editor}");
    // Pressed again, it is done.
    click(&one(&root, "button.act"));
    sleep(50).await;
    tick().await;
    assert!(text(&root, ".act-now .status.ok").starts_with("Added"), "{}", text(&root, ".act-now"));
    let editor = editor_text(&root);
    assert!(editor.contains("\"routing_key\": \"nowhere\""), "{editor}");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_share_button_gives_the_link_and_the_editor_can_sit_beside_the_graph() {
    let (root, _app) = mount().await;
    click(&one(&root, "button.share-link"));
    sleep(50).await;
    tick().await;
    let url =
        one(&root, "input.share-link-url").unchecked_into::<web_sys::HtmlInputElement>().value();
    assert!(url.contains("#s=four-reasons"), "{url}");
    // Beside the graph: the editor moves into the main grid, the inspector below it.
    assert_eq!(all(&root, ".app-main .editor").len(), 0);
    click(&one(&root, "button.edit-beside"));
    tick().await;
    assert_eq!(all(&root, ".app-main.editing .editor").len(), 1);
    assert_eq!(all(&root, ".inspector-below .inspector").len(), 1);
    assert_eq!(all(&root, ".editor").len(), 1, "one editor on the page");
    click(&one(&root, "button.edit-beside"));
    tick().await;
    assert_eq!(all(&root, ".app-main .editor").len(), 0);
    assert_eq!(all(&root, ".editor").len(), 1);
    root.remove();
}
