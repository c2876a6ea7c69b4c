//! Browser tests of the workshop and the tours across the six systems: the index lists each
//! system's exercises, a strategy exercise is checked on its system's trace with the run shown
//! at the moment the verdict names, its message picked; a broken text is kept and named; the
//! verdict reads in the learner's language; a strategy tour walks the comparison page step by
//! step to its summary; a trainer's own exercise is linked with the exercise in the address.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_workshop` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen_test::*;
use web_sys::Element;

use dlx_lab::ui::lanes::compare_ctx::DRAFT_KEY;
use dlx_lab::ui::workshop::workshop_page::{solved, ExercisePage, WorkshopPage, PROGRESS_KEY};
use dlx_lab::ui::Root;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/script.rs"]
mod script;
use script::{han, hangul};

#[path = "support/dom.rs"]
mod dom;
use dom::{all, click, container, one, reset, storage, text, textarea, type_into};

const DRAFT: &str = "dlx-lab:workshop:draft:sqs-no-double-handling";

#[wasm_bindgen_test]
async fn the_index_lists_every_system_with_its_exercises() {
    reset("#");
    let root = container();
    let _h = leptos::mount::mount_to(root.clone(), WorkshopPage);
    tick().await;
    for system in ["sqs", "kafka", "bullmq", "database", "hybrid"] {
        let cards =
            all(&root, &format!("ol.exercise-list[data-system='{system}'] li.exercise-card"));
        assert!(cards.len() >= 2, "{system}: {} exercises", cards.len());
        assert!(!text(&root, &format!("h3.workshop-system[data-system='{system}']")).is_empty());
    }
    let progress = text(&root, ".progress");
    assert!(progress.contains("0") && progress.contains("20"), "{progress}");
}

#[wasm_bindgen_test]
async fn a_strategy_exercise_is_checked_on_its_systems_run() {
    reset("#");
    let root = container();
    let _e = leptos::mount::mount_to(
        root.clone(),
        || view! { <ExercisePage id="sqs-no-double-handling".to_string() /> },
    );
    tick().await;
    assert_eq!(
        one(&root, ".strategy-exercise").get_attribute("data-system").as_deref(),
        Some("sqs")
    );
    // The lanes show the exercise's system.
    let tab = one(&root, ".strategy-tabs button[data-strategy='sqs']");
    assert_eq!(tab.get_attribute("aria-selected").as_deref(), Some("true"));
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("false"));
    let said = text(&root, ".verdict-message");
    assert_eq!(
        said,
        "pay-2 was handled twice: attempt 2 applied its effect again at 16 s (4 duplicates in all)"
    );
    // The run is shown at the moment named, with the message named picked.
    assert_eq!(text(&root, ".moment-time"), "16.000 s");
    let story = text(&root, "section.story h2");
    assert!(story.contains("pay-2"), "{story}");
    assert!(
        text(&root, "ol.story-lines").contains("attempt 2"),
        "{}",
        text(&root, "ol.story-lines")
    );
    // The solution passes and counts as solved; the next exercise follows.
    click(&one(&root, "button.reveal-solution"));
    tick().await;
    assert_eq!(all(&root, ".verdict").len(), 0, "revealing clears the old verdict");
    assert!(textarea(&root, "textarea.comparison-json").contains("30000"));
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("true"));
    assert!(solved().contains("sqs-no-double-handling"));
    let next = one(&root, "a.next-exercise").get_attribute("href").unwrap_or_default();
    assert!(next.contains("exercise=sqs-park-the-poison"), "{next}");
    storage().remove_item(DRAFT).unwrap();
    storage().remove_item(PROGRESS_KEY).unwrap();
}

#[wasm_bindgen_test]
async fn a_broken_text_is_kept_and_named() {
    reset("#");
    let root = container();
    let _e = leptos::mount::mount_to(
        root.clone(),
        || view! { <ExercisePage id="sqs-no-double-handling".to_string() /> },
    );
    tick().await;
    let broken = textarea(&root, "textarea.comparison-json")
        .replace("\"visibility_timeout_ms\": 5000", "\"visibility_timeout_ms\": \"soon\"");
    type_into(&root, "textarea.comparison-json", &broken);
    click(&one(&root, "button.check"));
    tick().await;
    let said = text(&root, ".verdict-message");
    assert!(
        said.starts_with("the comparison cannot run") && said.contains("visibility_timeout_ms"),
        "{said}"
    );
    assert!(text(&root, ".error-banner").contains("visibility_timeout_ms"));
    assert_eq!(textarea(&root, "textarea.comparison-json"), broken, "the text stays");
    assert_eq!(storage().get_item(DRAFT).unwrap().as_deref(), Some(broken.as_str()));
    // It comes back after a reload.
    let root = container();
    let _again = leptos::mount::mount_to(
        root.clone(),
        || view! { <ExercisePage id="sqs-no-double-handling".to_string() /> },
    );
    tick().await;
    assert_eq!(textarea(&root, "textarea.comparison-json"), broken);
    storage().remove_item(DRAFT).unwrap();
}

#[wasm_bindgen_test]
async fn the_verdict_reads_in_korean_and_chinese() {
    reset("?exercise=kafka-keep-order&lang=ko");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    assert!(hangul(&text(&root, "h1")), "{}", text(&root, "h1"));
    click(&one(&root, "button.check"));
    tick().await;
    let ko = text(&root, ".verdict-message");
    assert!(hangul(&ko) && ko.contains("e3") && ko.contains("account-7"), "{ko}");
    click(&one(&root, ".lang-switch button[data-lang='zh-CN']"));
    tick().await;
    tick().await;
    let zh = text(&root, ".verdict-message");
    assert!(han(&zh) && !hangul(&zh) && zh.contains("e2"), "{zh}");
    drop(app);
    root.remove();
    reset("#");
}

async fn settle() {
    tick().await;
    tick().await;
}

#[wasm_bindgen_test]
async fn a_strategy_tour_walks_the_comparison_to_its_summary() {
    reset("?compare=1");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert_eq!(all(&root, ".strategy-tours li").len(), 7, "the page lists the tours");
    drop(app);
    root.remove();

    reset("?compare=1&tour=tour-sqs-visibility");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    let step = |root: &Element| one(root, ".strategy-tour").get_attribute("data-step").unwrap();
    assert_eq!(step(&root), "0");
    let tab = one(&root, ".strategy-tabs button[data-strategy='sqs']");
    assert_eq!(tab.get_attribute("aria-selected").as_deref(), Some("true"));
    assert!(one(&root, ".tour-back").has_attribute("disabled"));
    click(&one(&root, ".tour-next"));
    settle().await;
    assert_eq!(step(&root), "1");
    assert_eq!(text(&root, ".moment-time"), "8.000 s");
    assert!(
        text(&root, "section.story h2").contains("pay-2"),
        "{}",
        text(&root, "section.story h2")
    );
    for _ in 0..3 {
        click(&one(&root, ".tour-next"));
        settle().await;
    }
    assert_eq!(step(&root), "4");
    assert_eq!(all(&root, ".lanes-pair.two").len(), 1, "BullMQ's lanes beside SQS's");
    click(&one(&root, ".tour-next"));
    settle().await;
    assert_eq!(step(&root), "5");
    assert!(one(&root, ".tour-next").has_attribute("disabled"));
    assert!(
        !all(&root, ".strategy-tour .takeaways li").is_empty(),
        "the summary names what to notice"
    );
    click(&one(&root, ".tour-back"));
    settle().await;
    assert_eq!(step(&root), "4");
    // A tour is not the visitor's work: nothing is saved over it.
    assert_eq!(storage().get_item(DRAFT_KEY).unwrap(), None);
    // It reads in Korean, at the same step.
    click(&one(&root, ".lang-switch button[data-lang='ko']"));
    settle().await;
    assert_eq!(step(&root), "4");
    assert!(hangul(&text(&root, ".tour-text")), "{}", text(&root, ".tour-text"));
    drop(app);
    root.remove();
    reset("#");
}

/// A trainer's workshop: a broker exercise, another system's, and one of the trainer's own.
fn trainers_workshop() -> String {
    let own = dlx_lab::scenario::workshop::strategy_exercises::STRATEGY_EXERCISES[1].1;
    let mut own: serde_json::Value = serde_json::from_str(own).unwrap();
    own["id"] = serde_json::json!("my-own");
    own["title"] = serde_json::json!("The trainer's own");
    serde_json::json!({"workshop": 1, "title": "Dead letters in two hours",
        "exercises": ["ttl-wait-queue", "kafka-keep-order", own]})
    .to_string()
}

#[wasm_bindgen_test]
async fn a_trainers_workshop_opens_from_a_link_and_sums_up_the_learners_work() {
    use dlx_lab::link::workshop_link::{fragment, WORKSHOP_KEY};
    reset(&format!("?workshop=1#{}", fragment(WORKSHOP_KEY, &trainers_workshop())));
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert_eq!(text(&root, ".trainer-workshop h1"), "Dead letters in two hours");
    let cards = all(&root, ".trainer-workshop li.exercise-card");
    assert_eq!(cards.len(), 3);
    assert_eq!(cards[2].get_attribute("data-system").as_deref(), Some("sqs"));
    drop(app);
    root.remove();

    // The trainer's own exercise opens by its id: the workshop is kept in this browser.
    let kept = storage().get_item("dlx-lab:workshop:current").unwrap();
    assert!(kept.is_some(), "the workshop is kept");
    let path = web_sys::window().unwrap().location().pathname().unwrap();
    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}?exercise=my-own")),
        )
        .unwrap();
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert_eq!(text(&root, "h1"), "The trainer's own");
    click(&one(&root, "button.show-hint"));
    click(&one(&root, "button.check"));
    settle().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("false"));
    click(&one(&root, "button.reveal-solution"));
    click(&one(&root, "button.check"));
    settle().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("true"));
    // The last of the workshop leads back to it.
    let next = one(&root, "a.next-exercise").get_attribute("href").unwrap_or_default();
    assert!(next.starts_with("workshop.html?workshop=1"), "{next}");
    drop(app);
    root.remove();

    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}?workshop=1")),
        )
        .unwrap();
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    let summary = textarea(&root, "textarea.summary-text");
    assert!(
        summary.starts_with(
            "DLX Lab workshop: Dead letters in two hours\nSolved 1 of 3 · 2 checks · 1 hint"
        ),
        "{summary}"
    );
    assert!(
        summary.contains("✓ my-own: 2 checks, 1 hint")
            && summary.contains("✗ ttl-wait-queue: 0 checks, 0 hints"),
        "{summary}"
    );
    // Starting again (asked twice) forgets this workshop's work, and only its own.
    dlx_lab::ui::workshop::workshop_page::mark_solved("backoff-ladder");
    click(&one(&root, "button.start-again"));
    settle().await;
    assert!(textarea(&root, "textarea.summary-text").contains("Solved 1 of 3"), "asked first");
    click(&one(&root, "button.start-again"));
    settle().await;
    let summary = textarea(&root, "textarea.summary-text");
    assert!(summary.contains("Solved 0 of 3 · 0 checks · 0 hints"), "{summary}");
    assert!(solved().contains("backoff-ladder") && !solved().contains("my-own"));
    // Leaving it shows the built-in workshop again.
    click(&one(&root, "button.leave-workshop"));
    settle().await;
    assert_eq!(all(&root, ".trainer-workshop").len(), 0);
    assert!(all(&root, "li.exercise-card").len() >= 20);
    assert_eq!(storage().get_item("dlx-lab:workshop:current").unwrap(), None);
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn a_broken_workshop_link_names_the_field_and_keeps_the_page() {
    use dlx_lab::link::workshop_link::{fragment, WORKSHOP_KEY};
    let bad = r#"{"workshop": 1, "title": "x", "exercises": ["ttl-wait-queue", "nope"]}"#;
    reset(&format!("?workshop=1#{}", fragment(WORKSHOP_KEY, bad)));
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    let banner = text(&root, ".error-banner");
    assert_eq!(banner, "$.exercises[1]: no exercise called 'nope'");
    assert!(all(&root, "li.exercise-card").len() >= 20, "the built-in workshop is still there");
    drop(app);
    root.remove();
    reset("?workshop=1#w=%%");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert!(text(&root, ".error-banner").starts_with("#w: the link's data is damaged"));
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn a_broken_exercise_link_names_the_field() {
    use dlx_lab::link::workshop_link::{fragment, EXERCISE_KEY};
    let own = dlx_lab::scenario::workshop::strategy_exercises::STRATEGY_EXERCISES[0].1;
    let mut own: serde_json::Value = serde_json::from_str(own).unwrap();
    own["id"] = serde_json::json!("mine");
    own["goal"] = serde_json::json!({"message": {"id": "pay-8", "ends": "lost"}});
    reset(&format!("?exercise=mine#{}", fragment(EXERCISE_KEY, &own.to_string())));
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert_eq!(
        text(&root, ".error-banner"),
        "$.goal.message.id: the workload has no message 'pay-8'"
    );
    drop(app);
    root.remove();
    reset("?exercise=nope");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert!(text(&root, ".error-banner").contains("nope"), "{}", text(&root, ".error-banner"));
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn a_trainers_exercise_link_carries_the_exercise_to_another_browser() {
    use dlx_lab::link::workshop_link::{fragment, WORKSHOP_KEY};
    reset(&format!("?workshop=1#{}", fragment(WORKSHOP_KEY, &trainers_workshop())));
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    let link = |id: &str| {
        one(&root, &format!(".trainer-workshop li[data-exercise='{id}'] a"))
            .get_attribute("href")
            .unwrap_or_default()
    };
    let own = link("my-own");
    assert!(own.contains("?exercise=my-own") && own.contains("#x="), "{own}");
    assert!(!link("ttl-wait-queue").contains('#'), "a built-in one needs no more");
    drop(app);
    root.remove();
    // Another browser: nothing kept, only the address.
    let (_, address) = own.split_once('?').unwrap();
    reset(&format!("?{address}"));
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    settle().await;
    assert_eq!(text(&root, "h1"), "The trainer's own");
    drop(app);
    root.remove();
    reset("#");
}
