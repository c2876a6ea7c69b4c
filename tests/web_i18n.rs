//! Browser tests of the languages: every catalogue has every key in the right script, the
//! switch changes the controls and the log's explanations without losing the moment, and a
//! link with `lang=` opens in that language.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_i18n` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use dlx_lab::engine::event::EventKind;
use dlx_lab::link::share_link::LinkError;
use dlx_lab::samples::events;
use dlx_lab::scenario::Lang;
use dlx_lab::ui::i18n::catalogue;
use dlx_lab::ui::{locale, App, Root};
use dlx_lab::viz::flight::CopyFate;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/script.rs"]
mod script;
use script::{check_script, hangul};

/// Labels that are names, written the same in every language.
const NAMES: [&str; 2] = ["ui-app-title", "sys-bullmq-name"];

/// Korean labels that are the broker's own word (the glossary keeps `exchange` in Latin).
const KOREAN_BROKER_WORDS: [&str; 3] = ["ui-kind-exchange", "ui-add-exchange", "ui-field-exchange"];

#[wasm_bindgen_test]
fn every_catalogue_has_every_key_in_its_own_script() {
    // Every label the pages read by key (`tr("ui-…")`, `tr("sys-…")`), as this build reads it.
    let keys: Vec<&'static str> = dlx_lab::i18n::messages(Lang::En)
        .iter()
        .filter(|(key, pattern)| {
            (key.starts_with("ui-") || key.starts_with("sys-"))
                && dlx_lab::i18n::placeholders(pattern).is_empty()
        })
        .map(|(key, _)| key.as_str())
        .collect();
    assert!(keys.len() > 200, "{} labels", keys.len());
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for &key in &keys {
            let text = c.tr(key);
            if NAMES.contains(&key) {
                assert_eq!(text, catalogue(Lang::En).tr(key), "{key}");
            } else if lang == Lang::Ko && KOREAN_BROKER_WORDS.contains(&key) {
                assert_eq!(text, "exchange", "{key}: the broker's word, one spelling");
            } else {
                check_script(lang, key, text);
            }
        }
        for fate in CopyFate::ALL {
            check_script(lang, &format!("{fate:?}"), c.fate_name(fate));
        }
        for e in events() {
            check_script(lang, &format!("{:?}", e.kind), &c.explain(&e));
        }
        for e in [LinkError::Empty, LinkError::BadEncoding, LinkError::BadNumber("t".into())] {
            check_script(lang, &format!("{e:?}"), &c.link_problem(&e));
        }
        check_script(
            lang,
            "syntax",
            &c.syntax(1, 2, dlx_lab::scenario::model::error::SyntaxKind::Eof, "x"),
        );
    }
    // The broker's words stay as the broker spells them.
    for lang in Lang::TRANSLATED {
        let c = catalogue(lang);
        assert!(c.tr("ui-x-death-at-hops").contains("x-death"));
        for e in events() {
            if let EventKind::Died { reason, .. } = e.kind {
                let text = c.explain(&e);
                assert!(text.contains(reason.as_str()), "{lang}: {text}");
            }
        }
    }
}

#[path = "support/dom.rs"]
mod dom;
use dom::{click, container, one, reset, text};

fn html_lang() -> String {
    web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .document_element()
        .unwrap()
        .get_attribute("lang")
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn switching_changes_the_controls_and_the_log_and_keeps_the_moment() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    assert_eq!(text(&root, "button.play"), "Play");
    for _ in 0..3 {
        click(&one(&root, "button.step"));
        tick().await;
    }
    let clock = text(&root, ".clock");
    assert!(clock.starts_with("0.300 s"), "{clock}");
    let log = text(&root, ".log-entries");
    assert!(log.contains("routed into"), "{log}");

    click(&one(&root, ".lang-switch button[data-lang='ko']"));
    tick().await;
    tick().await;
    assert_eq!(html_lang(), "ko");
    assert_eq!(text(&root, "button.play"), "재생");
    assert_eq!(text(&root, "button.step"), "다음 이벤트");
    assert!(text(&root, ".scenario-bar").contains("시나리오"));
    let log = text(&root, ".log-entries");
    assert!(log.contains("라우팅되었습니다") && !log.contains("routed into"), "{log}");
    assert_eq!(text(&root, ".clock"), clock, "the moment survives the switch");
    assert!(text(&root, ".about-card .description").contains("dead-letter exchange"));
    assert!(hangul(&text(&root, ".about-card .description")));
    let json = one(&root, "textarea.scenario-json")
        .unchecked_into::<web_sys::HtmlTextAreaElement>()
        .value();
    assert!(
        json.contains("네 가지 이유") && !json.contains("\"i18n\""),
        "the editor shows the Korean preset without i18n blocks"
    );
    assert_eq!(
        one(&root, ".lang-switch button[data-lang='ko']").get_attribute("aria-pressed").as_deref(),
        Some("true")
    );

    click(&one(&root, ".lang-switch button[data-lang='zh-CN']"));
    tick().await;
    tick().await;
    assert_eq!(html_lang(), "zh-CN");
    assert_eq!(text(&root, "button.play"), "播放");
    let log = text(&root, ".log-entries");
    assert!(log.contains("被路由进") && !hangul(&log), "{log}");
    let remembered = dom::storage().get_item(locale::STORAGE_KEY).unwrap();
    assert_eq!(remembered.as_deref(), Some("zh-CN"));

    click(&one(&root, ".lang-switch button[data-lang='en']"));
    tick().await;
    tick().await;
    assert_eq!(text(&root, "button.play"), "Play");
    assert_eq!(text(&root, ".clock"), clock);
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn a_link_with_a_language_opens_in_it_before_the_remembered_one() {
    reset("?lang=ko#s=four-reasons&t=300");
    dom::storage().set_item(locale::STORAGE_KEY, "zh-CN").unwrap();
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    assert_eq!(html_lang(), "ko");
    assert_eq!(text(&root, "button.play"), "재생");
    assert!(text(&root, ".clock").starts_with("0.300 s"), "{}", text(&root, ".clock"));
    assert!(hangul(&text(&root, ".log-entries")));
    drop(app);
    root.remove();

    // Without a link, the remembered choice wins over the browser.
    reset("#");
    dom::storage().set_item(locale::STORAGE_KEY, "zh-CN").unwrap();
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    assert_eq!(html_lang(), "zh-CN");
    assert_eq!(text(&root, "button.step"), "下一个事件");
    drop(app);
    root.remove();
    reset("#");
}
