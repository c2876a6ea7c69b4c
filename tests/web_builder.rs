//! Browser tests of the trainer's exercise builder (`?builder=1`): adapting a built-in
//! exercise, the live check naming the part that does not read, the draft kept across a
//! reload, the exported link opening the exercise for a learner, and a workshop gathered from
//! it, at phone and desktop widths alike (the builder is one column).
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_builder` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

use dlx_lab::scenario::workshop::workshop_file::WorkshopFile;
use dlx_lab::scenario::Lang;
use dlx_lab::ui::workshop::builder_page::{CHECK_PAUSE_MS, DRAFT_KEY};
use dlx_lab::ui::Root;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
use dom::{all, container, fire, one, reset, storage, text, type_into};

fn value(root: &Element, selector: &str) -> String {
    let el = one(root, selector);
    match el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        Some(t) => t.value(),
        None => el.unchecked_into::<web_sys::HtmlInputElement>().value(),
    }
}

fn choose(root: &Element, selector: &str, option: &str) {
    let el = one(root, selector);
    el.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(option);
    fire(&el, "change");
}

/// Lets the page render, and the builder's check run after its pause in typing.
async fn settle() {
    tick().await;
    dom::sleep(CHECK_PAUSE_MS as i32 + 100).await;
    tick().await;
}

async fn mount() -> (web_sys::HtmlElement, impl Drop) {
    let root = container();
    let h = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    (root, h)
}

#[wasm_bindgen_test]
async fn a_trainer_adapts_an_exercise_and_the_check_follows_every_change() {
    reset("?builder=1");
    let (root, app) = mount().await;
    assert_eq!(all(&root, ".builder h1").len(), 1);
    choose(&root, "select.builder-open-exercise", "catch-rejected-messages");
    settle().await;
    assert_eq!(value(&root, "input.draft-id"), "catch-rejected-messages");
    let status = one(&root, ".builder-status");
    assert_eq!(
        status.get_attribute("data-sound").as_deref(),
        Some("true"),
        "{}",
        status.text_content().unwrap()
    );
    assert!(text(&root, ".start-fails").contains("bad order"), "{}", text(&root, ".start-fails"));
    // A goal the solution does not reach: the check says so, with the verdict.
    type_into(&root, "input.part-field[data-field='body']", "good order");
    tick().await;
    // The check waits for a pause in typing: a large scenario is not run on every keystroke.
    assert_eq!(all(&root, ".solution-fails").len(), 0, "checked before the pause");
    settle().await;
    assert_eq!(all(&root, ".solution-fails").len(), 1, "{}", text(&root, ".builder-status"));
    assert!(text(&root, ".solution-fails").contains("good order"));
    // A start that does not read names the start and the line.
    type_into(&root, "textarea.draft-start", "{\n  \"version\": 1,\n  oops\n}");
    settle().await;
    let problem = one(&root, ".builder-status.problem");
    assert_eq!(problem.get_attribute("data-section").as_deref(), Some("Start"));
    let said = problem.text_content().unwrap();
    assert!(said.starts_with("The start: ") && said.contains("line 3"), "{said}");
    // Nothing typed is lost: the draft comes back after a reload, broken as it is.
    assert!(storage().get_item(DRAFT_KEY).unwrap().unwrap().contains("oops"));
    drop(app);
    root.remove();
    let (root, app) = mount().await;
    assert!(value(&root, "textarea.draft-start").contains("oops"));
    // The undo goes back to the draft before the exercise was opened over it.
    assert_eq!(all(&root, "button.undo-open").len(), 1);
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn the_exported_link_opens_the_exercise_and_a_workshop_gathers_it() {
    reset("?builder=1");
    let (root, app) = mount().await;
    choose(&root, "select.builder-open-exercise", "kafka-keep-order");
    settle().await;
    type_into(&root, "input.draft-id", "keep-my-order");
    type_into(&root, "input.draft-title", "My version of the ordering exercise");
    settle().await;
    assert_eq!(one(&root, ".builder-status").get_attribute("data-sound").as_deref(), Some("true"));
    // The other systems' predicates are offered for a Kafka exercise.
    assert!(!all(&root, "select.part-kind option[value='order_kept']").is_empty());
    let exported: serde_json::Value =
        serde_json::from_str(&value(&root, "textarea.exercise-json")).unwrap();
    assert_eq!(exported["id"], "keep-my-order");
    assert_eq!(exported["system"], "kafka");
    let download = one(&root, "a.download-exercise");
    assert_eq!(download.get_attribute("download").as_deref(), Some("keep-my-order.json"));
    let href = one(&root, "a.try-exercise").get_attribute("href").unwrap();
    assert!(href.contains("?exercise=keep-my-order#x="), "{href}");

    // A workshop: this exercise and a built-in one, its file reads as a workshop.
    type_into(&root, "input.workshop-title", "Ordering, two ways");
    fire(&one(&root, "button.add-draft"), "click");
    choose(&root, "select.add-builtin", "sqs-park-the-poison");
    settle().await;
    assert_eq!(all(&root, "ol.workshop-entries li").len(), 2);
    let data = one(&root, "a.download-workshop").get_attribute("href").unwrap();
    let json = js_sys::decode_uri_component(
        data.trim_start_matches("data:application/json;charset=utf-8,"),
    )
    .unwrap();
    let w = WorkshopFile::parse_in(&String::from(json), Lang::En).unwrap();
    assert_eq!(w.title, "Ordering, two ways");
    assert_eq!(w.items.len(), 2);
    drop(app);
    root.remove();

    // The learner opens the exercise link.
    let at = href.find('?').unwrap();
    reset(&href[at..]);
    let (root, app) = mount().await;
    assert_eq!(text(&root, ".strategy-exercise h1"), "My version of the ordering exercise");
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn switching_the_system_offers_its_starts_and_predicates() {
    reset("?builder=1");
    let (root, app) = mount().await;
    choose(&root, "select.builder-system", "sqs");
    settle().await;
    assert!(value(&root, "textarea.draft-start").contains("\"workload\""));
    assert_eq!(all(&root, "select.part-kind option[value='no_duplicates']").len(), 1);
    assert_eq!(all(&root, "select.part-kind option[value='queue_depth']").len(), 0);
    fire(&one(&root, "button.add-part"), "click");
    settle().await;
    assert_eq!(all(&root, "li.goal-part").len(), 2);
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn the_playgrounds_own_scenario_can_be_the_start() {
    reset("?builder=1");
    let mine = r#"{"version": 1, "id": "mine", "title": "Mine", "duration_ms": 1000, "queues": [{"name": "my.queue", "arguments": {}}]}"#;
    let fragment = dlx_lab::link::share_link::format_fragment(&dlx_lab::link::share_link::Link {
        source: dlx_lab::link::share_link::LinkSource::Json(mine.to_string()),
        t_ms: 0,
    });
    storage().set_item(dlx_lab::ui::share::STORAGE_KEY, &fragment).unwrap();
    let (root, app) = mount().await;
    choose(&root, "select.builder-start-from", "your-work");
    settle().await;
    assert!(value(&root, "textarea.draft-start").contains("my.queue"));
    assert!(value(&root, "textarea.draft-solution").contains("my.queue"));
    drop(app);
    root.remove();
    reset("#");
}
