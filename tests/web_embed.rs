//! Browser tests of the embed, the postMessage handler, the tour panel and the workshop pages:
//! real components mounted in headless Chromium.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_embed`. On native targets
//! this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;
use web_sys::Element;

use dlx_lab::ui::embed::embed_page::EmbedApp;
use dlx_lab::ui::embed::post_api::handle;
use dlx_lab::ui::lab::Lab;
use dlx_lab::ui::page_state::Ctx;
use dlx_lab::ui::workshop::workshop_page::{
    mark_solved, solved, ExercisePage, WorkshopPage, PROGRESS_KEY,
};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
use dom::{all, click, container, one, text};

fn count(root: &Element, selector: &str) -> u32 {
    all(root, selector).len() as u32
}

fn js(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

#[wasm_bindgen_test]
async fn the_embed_has_minimal_chrome() {
    let root = container();
    let _h = leptos::mount::mount_to(root.clone(), EmbedApp);
    tick().await;
    assert!(count(&root, ".embed svg.topology g.node") > 0);
    assert_eq!(count(&root, ".compact-controls button.play"), 1);
    assert_eq!(count(&root, ".compact-controls input.scrubber"), 1);
    assert_eq!(
        count(&root, ".editor") + count(&root, ".app-header") + count(&root, ".event-log"),
        0
    );
}

/// The answer to a command that is answered at once (every one here: the scenarios are short).
fn answered(ctx: Ctx, data: &JsValue) -> serde_json::Value {
    handle(ctx, data).expect("a short command is answered at once")
}

#[wasm_bindgen_test]
fn commands_drive_the_run_and_bad_ones_change_nothing() {
    let owner = Owner::new();
    owner.with(|| {
        let ctx = Ctx::new();
        ctx.install(Lab::from_preset("four-reasons", None, None).unwrap(), 0);
        let ev = answered(ctx, &js(r#"{"dlxLab": 1, "type": "seek", "t": 1500, "id": 7}"#));
        assert_eq!((ev["type"].as_str(), ev["id"].as_u64(), ev["t"].as_f64()), (Some("ok"), Some(7), Some(1500.0)));
        for bad in [r#""seek""#, "null", r#"{"dlxLab": 1, "type": "seek", "t": -4}"#, r#"{"dlxLab": 1, "type": "load", "preset": "nope"}"#, r#"{"dlxLab": 1, "type": "load", "scenario": "{"}"#] {
            let ev = answered(ctx, &js(bad));
            assert_eq!(ev["type"].as_str(), Some("error"), "{bad}");
            assert_eq!(ctx.play.with(|l| (l.now_us, l.preset.clone())), Some((1_500_000, Some("four-reasons".to_string()))), "{bad}");
        }
        assert_eq!(answered(ctx, &JsValue::UNDEFINED)["type"].as_str(), Some("error"));
        let ev = answered(ctx, &js(r#"{"dlxLab": 1, "type": "load", "preset": "retry-ladder", "t": 200, "autoplay": true}"#));
        assert_eq!((ev["type"].as_str(), ev["preset"].as_str(), ev["playing"].as_bool()), (Some("ok"), Some("retry-ladder"), Some(true)));
        answered(ctx, &js(r#"{"dlxLab": 1, "type": "pause"}"#));
        assert!(!ctx.play.playing.get_untracked());
        answered(ctx, &js(r#"{"dlxLab": 1, "type": "select", "message": 1}"#));
        assert_eq!(ctx.pick.msg.get_untracked(), Some(1));
    });
}

#[wasm_bindgen_test]
async fn the_workshop_shows_progress_and_an_exercise_its_hints() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item(PROGRESS_KEY).unwrap();
    mark_solved("ttl-wait-queue");
    assert!(solved().contains("ttl-wait-queue"));
    let root = container();
    let _h = leptos::mount::mount_to(root.clone(), WorkshopPage);
    tick().await;
    assert!(count(&root, "li.exercise-card") >= 8);
    assert_eq!(count(&root, "li.exercise-card.done"), 1);
    assert_eq!(one(&root, ".progress").get_attribute("data-solved").as_deref(), Some("1"));

    let root = container();
    let _e = leptos::mount::mount_to(
        root.clone(),
        || view! { <ExercisePage id="catch-rejected-messages".to_string() /> },
    );
    tick().await;
    assert_eq!(count(&root, "li.hint"), 0);
    click(&one(&root, "button.show-hint"));
    tick().await;
    assert_eq!(count(&root, "li.hint"), 1);
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("false"));
    storage.remove_item(PROGRESS_KEY).unwrap();
}

#[wasm_bindgen_test]
async fn check_shows_the_checked_run_at_the_moment_the_verdict_names() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item("dlx-lab:workshop:draft:at-least-once").unwrap();
    let root = container();
    let _e = leptos::mount::mount_to(
        root.clone(),
        || view! { <ExercisePage id="at-least-once".to_string() /> },
    );
    tick().await;
    // The exercise page shows the event log beside the graph.
    assert!(count(&root, "section.event-log") == 1);
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("false"));
    // A fanout dead-letter exchange: the verdict speaks of bound queues, not routing keys.
    let message = text(&root, ".verdict-parts");
    assert!(message.contains("fanout") && !message.contains("routing key payments"), "{message}");
    // The drop happened at 0.4 s: the graph and the log are shown at that moment.
    assert_eq!(text(&root, ".clock"), "0.400 s", "{}", text(&root, ".clock"));
    assert!(count(&root, ".log-entry") > 0);
    // Revealing the solution clears the old verdict.
    click(&one(&root, "button.reveal-solution"));
    tick().await;
    assert_eq!(count(&root, ".verdict"), 0);
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("true"));
    storage.remove_item("dlx-lab:workshop:draft:at-least-once").unwrap();
    // What the topology gets wrong is listed under the verdict, one note each.
    storage.remove_item("dlx-lab:workshop:draft:dlx-without-binding").unwrap();
    let root = container();
    let _d = leptos::mount::mount_to(
        root.clone(),
        || view! { <ExercisePage id="dlx-without-binding".to_string() /> },
    );
    tick().await;
    click(&one(&root, "button.check"));
    tick().await;
    let notes = text(&root, ".verdict .notes li.note");
    assert!(
        notes.starts_with("invoices: no binding of dead-letter exchange 'invoices.dlx'"),
        "{notes}"
    );
    storage.remove_item(PROGRESS_KEY).unwrap();
}
