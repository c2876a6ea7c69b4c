//! Browser tests of what a language switch keeps: a scenario error (with path and line) and
//! its unapplied draft, definitions warnings and lints in Korean and Chinese, an open tour, a
//! verdict rewording on a switch, and the switch on the embed and the workshop pages (every
//! message kind in every language: `web_i18n_messages.rs`).
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_i18n_detail` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

use dlx_lab::ui::{locale, share, App, Root};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/script.rs"]
mod script;
use script::{han, hangul};

#[path = "support/dom.rs"]
mod dom;
use dom::{click, container, fire, one, reset, text, textarea, type_into};

async fn switch(root: &Element, lang: &str) {
    click(&one(root, &format!(".lang-switch button[data-lang='{lang}']")));
    tick().await;
    tick().await;
}

const BAD_SCENARIO: &str = "{\n  \"version\": 1,\n  \"duration_ms\": 0\n}";

#[wasm_bindgen_test]
async fn a_validation_error_and_its_draft_survive_a_switch_and_read_in_the_new_language() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    type_into(&root, "textarea.scenario-json", BAD_SCENARIO);
    click(&one(&root, "button.apply"));
    tick().await;
    assert_eq!(
        text(&root, ".editor .status.error"),
        "line 3: $.duration_ms: must be from 1 to 86400000 (one day)"
    );

    switch(&root, "ko").await;
    assert_eq!(
        textarea(&root, "textarea.scenario-json"),
        BAD_SCENARIO,
        "the unapplied draft survives the switch"
    );
    let ko = text(&root, ".editor .status.error");
    assert!(ko.starts_with("3행: $.duration_ms: ") && hangul(&ko), "{ko}");

    switch(&root, "zh-CN").await;
    assert_eq!(textarea(&root, "textarea.scenario-json"), BAD_SCENARIO);
    let zh = text(&root, ".editor .status.error");
    assert!(zh.starts_with("第 3 行：$.duration_ms：") && han(&zh) && !hangul(&zh), "{zh}");

    // A JSON syntax error, in Chinese, with its line and column.
    type_into(&root, "textarea.scenario-json", "{\n  \"version\": 1,\n}");
    click(&one(&root, "button.apply"));
    tick().await;
    let zh = text(&root, ".editor .status.error");
    assert!(zh.contains("第 3 行") && zh.contains("逗号"), "{zh}");

    // Applying a good scenario clears the draft; the next switch shows the loaded text.
    switch(&root, "en").await;
    drop(app);
    root.remove();
    reset("#");
}

const DEFINITIONS: &str = r#"{
  "rabbit_version": "4.0.5",
  "users": [{"name": "guest"}],
  "exchanges": [{"name": "delayed", "vhost": "/", "type": "x-delayed-message", "arguments": {}}],
  "queues": [{"name": "work", "vhost": "/", "arguments": {"x-dead-letter-exchange": "nowhere"}}]
}"#;

#[wasm_bindgen_test]
async fn definitions_warnings_and_lints_read_in_korean_and_chinese() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    for (lang, script) in [("ko", hangul as fn(&str) -> bool), ("zh-CN", han)] {
        switch(&root, lang).await;
        type_into(&root, "textarea.definitions-json", DEFINITIONS);
        click(&one(&root, "button.import"));
        tick().await;
        let warnings = text(&root, ".import-warnings");
        assert!(
            script(&warnings)
                && warnings.contains("x-delayed-message")
                && warnings.contains("'users'"),
            "{lang}: {warnings}"
        );
        let lint = text(&root, ".import-lints li[data-code='dlx-missing']");
        assert!(script(&lint) && lint.contains("'nowhere'"), "{lang}: {lint}");
        assert!(!lint.contains("does not exist"), "{lang}: {lint}");
    }
    switch(&root, "en").await;
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn an_open_tour_stays_at_its_step_and_reads_in_the_new_language() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    let menu = one(&root, "select.tour-menu");
    menu.clone().unchecked_into::<web_sys::HtmlSelectElement>().set_value("tour-four-reasons");
    fire(&menu, "change");
    tick().await;
    click(&one(&root, "button.tour-next"));
    tick().await;
    let english = text(&root, ".tour-text");
    let clock = text(&root, ".clock");
    assert_eq!(one(&root, ".tour-count").get_attribute("data-step").as_deref(), Some("1"));

    switch(&root, "ko").await;
    assert_eq!(
        one(&root, ".tour-count").get_attribute("data-step").as_deref(),
        Some("1"),
        "the tour stays at its step"
    );
    let korean = text(&root, ".tour-text");
    assert!(hangul(&korean) && korean != english, "{korean}");
    assert_eq!(text(&root, ".clock"), clock);
    assert!(
        hangul(&textarea(&root, "textarea.scenario-json")),
        "the tour's scenario is shown in Korean"
    );

    switch(&root, "zh-CN").await;
    let chinese = text(&root, ".tour-text");
    assert!(han(&chinese) && !hangul(&chinese), "{chinese}");
    click(&one(&root, "button.tour-next"));
    tick().await;
    assert_eq!(one(&root, ".tour-count").get_attribute("data-step").as_deref(), Some("2"));

    switch(&root, "en").await;
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn the_embed_has_a_compact_switch_and_keeps_its_moment() {
    reset("?embed=1#s=four-reasons&t=300");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    assert_eq!(text(&root, "button.play"), "Play");
    let buttons =
        root.query_selector_all(".embed-bar .lang-switch.compact button").unwrap().length();
    assert_eq!(buttons, 3);
    let clock = text(&root, ".clock");
    switch(&root, "ko").await;
    assert_eq!(text(&root, "button.play"), "재생");
    assert!(hangul(&text(&root, ".embed-title")), "{}", text(&root, ".embed-title"));
    assert_eq!(text(&root, ".clock"), clock);
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    assert_eq!(
        storage.get_item(share::STORAGE_KEY).unwrap(),
        None,
        "an embed never writes the playground's work"
    );
    assert_eq!(storage.get_item(locale::STORAGE_KEY).unwrap().as_deref(), Some("ko"));
    switch(&root, "zh-CN").await;
    assert_eq!(text(&root, "button.play"), "播放");
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn the_workshop_pages_switch_and_keep_the_learners_edits() {
    reset("?workshop=1");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    let title = text(&root, "h1");
    switch(&root, "ko").await;
    assert!(hangul(&text(&root, "h1")) && text(&root, "h1") != title, "{}", text(&root, "h1"));
    assert!(hangul(&text(&root, ".exercise-list")));
    drop(app);
    root.remove();

    reset("?exercise=catch-rejected-messages");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    let edited = format!("{} ", textarea(&root, "textarea.scenario-json"));
    type_into(&root, "textarea.scenario-json", &edited);
    click(&one(&root, "button.show-hint"));
    tick().await;
    switch(&root, "zh-CN").await;
    assert!(han(&text(&root, "h1")) && !hangul(&text(&root, "h1")), "{}", text(&root, "h1"));
    assert_eq!(
        textarea(&root, "textarea.scenario-json"),
        edited,
        "the learner's edit survives the switch"
    );
    let hints = text(&root, "ol.hints");
    assert!(han(&hints), "the hint shown stays shown, in Chinese: {hints}");
    drop(app);
    root.remove();
    reset("#");
}

/// The backoff-ladder exercise's starting scenario fails on its retries.
const BACKOFF_FAILS: &str =
    "the message 'poison' reached parking-lot after 5 retries from work.q, not 3";

#[wasm_bindgen_test]
async fn a_verdict_reads_in_korean_and_chinese_and_rewords_on_a_switch() {
    reset("?exercise=backoff-ladder");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("false"));
    assert!(
        text(&root, ".verdict-message").starts_with(BACKOFF_FAILS),
        "{}",
        text(&root, ".verdict-message")
    );

    // The failing verdict is kept and re-worded, with the queue names and the body as they are.
    switch(&root, "ko").await;
    assert_eq!(
        one(&root, ".verdict").get_attribute("data-passed").as_deref(),
        Some("false"),
        "the verdict survives the switch"
    );
    let ko = text(&root, ".verdict-message");
    assert!(
        hangul(&ko)
            && ko.contains("'poison'")
            && ko.contains("parking-lot")
            && ko.contains("work.q")
            && ko.contains('5'),
        "{ko}"
    );
    assert!(!ko.contains("retries from"), "{ko}");
    let part = text(&root, ".verdict li.part-failed");
    assert!(hangul(&part), "{part}");
    switch(&root, "zh-CN").await;
    let zh = text(&root, ".verdict-message");
    assert!(
        han(&zh) && !hangul(&zh) && zh.contains("parking-lot") && zh.contains("work.q"),
        "{zh}"
    );
    switch(&root, "en").await;
    assert!(
        text(&root, ".verdict-message").starts_with(BACKOFF_FAILS),
        "back in English: {}",
        text(&root, ".verdict-message")
    );

    // A passing verdict, checked in Chinese, then read in Korean.
    switch(&root, "zh-CN").await;
    click(&one(&root, "button.reveal-solution"));
    tick().await;
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("true"));
    let zh = text(&root, ".verdict-message");
    assert!(zh.starts_with("目标达成") && !hangul(&zh), "{zh}");
    let parts = text(&root, ".verdict-parts");
    assert!(han(&parts) && parts.contains("parking-lot"), "{parts}");
    switch(&root, "ko").await;
    let ko = text(&root, ".verdict-message");
    assert!(ko.starts_with("목표 달성") && hangul(&ko), "{ko}");
    switch(&root, "en").await;
    assert!(
        text(&root, ".verdict-message").starts_with("Goal met"),
        "{}",
        text(&root, ".verdict-message")
    );
    drop(app);
    root.remove();
    reset("#");
}
