//! Browser tests of the strategy comparison page (`?compare=1`): the real systems run the
//! workload and the real components draw it, in headless Chromium.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_compare`. On native
//! targets this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

use dlx_lab::scenario::Lang;
use dlx_lab::systems::presets::PRESETS;
use dlx_lab::systems::{Comparison, Strategy};
use dlx_lab::ui::compare::compare_page::ComparePage;
use dlx_lab::ui::i18n_systems::texts;
use dlx_lab::ui::lanes::compare_ctx::DRAFT_KEY;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
#[path = "support/script.rs"]
mod script;
use dom::{all, click, container, fire, has, one, redrawn, reset, text, type_into};
use script::{check_script, hangul};

async fn mount(asked: &str) -> (web_sys::HtmlElement, impl Drop) {
    let root = container();
    let asked = asked.to_string();
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <ComparePage asked=asked.clone() /> },
    );
    tick().await;
    (root, handle)
}

/// Types `comparison` into the editor under `root` and applies it.
async fn apply(root: &web_sys::HtmlElement, comparison: &str) {
    type_into(root, ".workload-editor textarea", comparison);
    click(&one(root, ".workload-editor button.apply"));
    tick().await;
}

/// The figure in column `col` (0 = completed … 7 = reordered) of strategy `s`'s row.
fn figure(root: &Element, s: Strategy, col: usize) -> String {
    let row = one(root, &format!(".figures-table tr[data-strategy='{}']", s.id()));
    all(&row, "td").get(col).and_then(|td| td.text_content()).unwrap_or_default()
}

fn choose_preset(root: &Element, id: &str) {
    let select = one(root, "select.preset-select");
    select.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(id);
    fire(&select, "change");
}

#[wasm_bindgen_test]
async fn every_strategy_runs_and_a_clicked_message_tells_its_story() {
    reset("?compare=1");
    let (root, _h) = mount("").await;
    assert_eq!(all(&root, ".figures-table tbody tr").len(), Strategy::ALL.len());
    for s in Strategy::ALL {
        click(&one(&root, &format!(".strategy-tabs button[data-strategy='{}']", s.id())));
        tick().await;
        let svg = one(&root, "svg.lanes");
        assert_eq!(svg.get_attribute("data-strategy").as_deref(), Some(s.id()));
        assert!(all(&root, "svg.lanes .mark").len() > 12, "{s:?} draws too few marks");
        // Where the seed's code is silent, the page says what the model assumes (and, for
        // Kafka, where Spring's documents and code disagree).
        let says = matches!(s, Strategy::Database | Strategy::Hybrid | Strategy::Kafka);
        assert_eq!(has(&root, "details.assumptions li"), says, "{s:?} assumptions");
    }
    assert!(has(&root, ".story-hint"));
    click(&one(&root, "svg.lanes g.lane[data-msg='m4']"));
    tick().await;
    let story = all(&root, ".story-lines li");
    assert!(story.len() >= 3, "m4's story is too short");
    assert!(text(&root, ".story h2").contains("m4"));
    // The moment moves the lanes: at 0 s only what happened at the start is drawn.
    let at_end = all(&root, "svg.lanes .mark").len();
    type_into(&root, "input.moment-slider", "0");
    tick().await;
    assert!(all(&root, "svg.lanes .mark").len() < at_end);
    assert_eq!(text(&root, ".moment-time"), "0.000 s");
}

#[wasm_bindgen_test]
async fn the_idempotent_toggle_removes_the_duplicates_of_lost_replies() {
    reset("?compare=1");
    let (root, _h) = mount("").await;
    choose_preset(&root, "lost-reply");
    tick().await;
    assert!(text(&root, ".workload .about").contains("idempotent"));
    // A workload opens at its first dead-lettering; the duplicates are counted by the end.
    type_into(&root, "input.moment-slider", "600000");
    tick().await;
    let dup_before: u64 =
        Strategy::ALL.iter().map(|&s| figure(&root, s, 6).parse::<u64>().unwrap()).sum();
    assert!(dup_before > 0, "lost replies should duplicate somewhere");
    assert!(
        text(&root, ".takeaways").contains("more than once"),
        "the takeaways do not point at the duplicates"
    );
    let toggle = one(&root, "input[name='idempotent']");
    toggle.unchecked_ref::<web_sys::HtmlInputElement>().set_checked(true);
    fire(&toggle, "change");
    tick().await;
    type_into(&root, "input.moment-slider", "600000");
    tick().await;
    for s in Strategy::ALL {
        assert_eq!(figure(&root, s, 6), "0", "{s:?} still duplicates with an idempotent consumer");
    }
    assert!(!text(&root, ".takeaways").contains("more than once"));
    let saved = dom::storage().get_item(DRAFT_KEY).unwrap().unwrap();
    assert!(saved.contains("\"idempotent\": true"), "{saved}");
}

#[wasm_bindgen_test]
async fn bad_text_names_the_field_keeps_the_runs_and_survives_a_reload() {
    reset("?compare=1");
    let (root, h) = mount("").await;
    let before = figure(&root, Strategy::Kafka, 0);
    let bad = r#"{"workload": {"messages": [{"id": "a"}, {"id": "a"}]}}"#;
    apply(&root, bad).await;
    let error = text(&root, ".workload .error-banner");
    assert!(error.contains("messages") && error.contains("'a'"), "{error}");
    assert_eq!(figure(&root, Strategy::Kafka, 0), before, "a bad text must not change the runs");
    drop(h);
    let (root, _h) = mount("").await;
    let area = one(&root, ".workload-editor textarea");
    assert_eq!(
        area.unchecked_ref::<web_sys::HtmlTextAreaElement>().value(),
        bad,
        "the text is lost"
    );
    assert!(has(&root, ".workload .error-banner"));
}

#[wasm_bindgen_test]
async fn a_switch_to_korean_rewords_the_page_and_the_story() {
    reset("?compare=poison");
    let (root, _h) = mount("poison").await;
    click(&one(&root, "svg.lanes g.lane[data-msg='m3']"));
    type_into(&root, ".workload-editor textarea", "{ \"workload\": unfinished");
    tick().await;
    click(&one(&root, ".lang-switch button[data-lang='ko']"));
    redrawn().await;
    assert!(hangul(&text(&root, ".compare-page h1")));
    let area = one(&root, ".workload-editor textarea");
    assert_eq!(
        area.unchecked_ref::<web_sys::HtmlTextAreaElement>().value(),
        "{ \"workload\": unfinished",
        "the switch lost the draft"
    );
    let lines = all(&root, ".story-lines li");
    assert!(
        !lines.is_empty() && lines.iter().all(|l| hangul(&l.text_content().unwrap_or_default()))
    );
    dlx_lab::ui::locale::set(Lang::En);
}

#[wasm_bindgen_test]
fn every_text_is_in_its_language_and_every_preset_reads() {
    for lang in Lang::ALL {
        let t = texts(lang);
        for p in PRESETS {
            let c = Comparison::from_json(p.text).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            for k in dlx_lab::systems::takeaways(&c.run_all()) {
                check_script(lang, &format!("{} takeaway", p.id), &(t.takeaway)(&k));
            }
            for o in c.run_all() {
                for e in &o.trace.events {
                    let id = &c.workload.messages[e.msg as usize].id;
                    check_script(
                        lang,
                        &format!("{} {:?} event", p.id, o.strategy),
                        &(t.explain)(e, id),
                    );
                }
            }
        }
        let bad = Comparison::from_json(r#"{"workload": {"messages": []}}"#).unwrap_err();
        check_script(lang, "workload error", &(t.workload_error)(&bad));
    }
}

#[wasm_bindgen_test]
async fn the_operator_fixes_and_replays_a_poison_message_at_the_moment_shown() {
    reset("?compare=1");
    let (root, _h) = mount("").await;
    let only_poison = r#"{"workload": {"messages": [{"id": "a", "failure": {"kind": "permanent"}}], "horizon_ms": 600000}}"#;
    apply(&root, only_poison).await;
    for s in Strategy::ALL {
        assert_eq!(figure(&root, s, 0), "0", "{s:?} completed a message that always fails");
    }
    let act = |what: &str, at_ms: &str| {
        type_into(&root, "input.moment-slider", at_ms);
        let action = one(&root, "select.operator-action");
        action.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(what);
        fire(&action, "change");
        let which = one(&root, "select.operator-select");
        which.unchecked_ref::<web_sys::HtmlSelectElement>().set_value("message:a");
        fire(&which, "change");
        click(&one(&root, "button.operator-do"));
    };
    act("edit", "300000");
    tick().await;
    assert_eq!(text(&root, ".moment-time"), "300.000 s", "acting moved the moment");
    act("replay", "310000");
    tick().await;
    // The figures follow the moment: at the replay it has not completed yet; by the end it has.
    assert_eq!(figure(&root, Strategy::Sqs, 0), "0", "the figures ran ahead of the moment");
    type_into(&root, "input.moment-slider", "600000");
    tick().await;
    for s in Strategy::ALL {
        assert_eq!(
            figure(&root, s, 0),
            "1",
            "{s:?} did not complete the fixed and replayed message"
        );
    }
    let saved = dom::storage().get_item(DRAFT_KEY).unwrap().unwrap();
    let c = Comparison::from_json(&saved).unwrap();
    assert_eq!(c.workload.operator.len(), 2);
    assert_eq!((c.workload.operator[0].at_ms, c.workload.operator[1].at_ms), (300_000, 310_000));
    // The report under the lanes says what each action reached.
    let report = text(&root, ".op-report");
    assert!(report.contains("At 300 s, the payload fix reached a."), "{report}");
    assert!(report.contains("At 310 s, the replay reached a."), "{report}");
}

#[wasm_bindgen_test]
async fn an_action_on_a_message_not_yet_dead_lettered_says_why_it_did_nothing() {
    reset("?compare=1");
    let (root, _h) = mount("").await;
    let bug = r#"{"workload": {"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 600000}}"#;
    apply(&root, bug).await;
    assert!(!has(&root, ".op-report"), "a report before any action");
    type_into(&root, "input.moment-slider", "1000");
    let which = one(&root, "select.operator-select");
    which.unchecked_ref::<web_sys::HtmlSelectElement>().set_value("message:a");
    fire(&which, "change");
    click(&one(&root, "button.operator-do"));
    tick().await;
    let report = text(&root, ".op-report");
    assert!(report.contains("the replay reached no message"), "{report}");
    assert!(report.contains("a was not in the dead-letter place yet"), "{report}");
}

#[wasm_bindgen_test]
async fn the_embed_shows_a_workload_compactly_and_saves_nothing() {
    reset("?compare=poison&embed=1");
    let root = container();
    let _h = leptos::mount::mount_to(
        root.clone(),
        || view! { <ComparePage asked="poison".to_string() embed=true /> },
    );
    tick().await;
    assert!(has(&root, ".compare-embed"));
    assert_eq!(all(&root, ".figures-table tbody tr").len(), Strategy::ALL.len());
    assert!(has(&root, "svg.lanes .mark"));
    assert!(
        !has(&root, ".workload-editor") && !has(&root, ".operator"),
        "an embed has no editor and no operator panel"
    );
    let open = one(&root, "a.embed-open").get_attribute("href").unwrap_or_default();
    assert!(open.ends_with("?compare=poison"), "{open}");
    assert!(text(&root, ".embed-title").contains("poison"));
    click(&one(&root, ".strategy-tabs button[data-strategy='sqs']"));
    tick().await;
    let saved = dom::storage().get_item(DRAFT_KEY).unwrap();
    assert_eq!(saved, None, "an embed must not write the visitor's work");
}

#[wasm_bindgen_test]
async fn a_link_fixes_the_toggles_and_two_strategies_lanes_side_by_side() {
    // The link asks for an idempotent consumer and SQS's lanes beside Kafka's.
    reset("?compare=lost-reply&idempotent=1&lanes=kafka,sqs");
    let (root, _h) = mount("lost-reply").await;
    let checked = |name: &str| {
        one(&root, &format!("input[name='{name}']"))
            .unchecked_into::<web_sys::HtmlInputElement>()
            .checked()
    };
    assert!(checked("idempotent"), "the link's toggle is on");
    assert!(!checked("route_permanent_directly"));
    for s in Strategy::ALL {
        assert_eq!(
            figure(&root, s, 6),
            "0",
            "{}: no duplicates with an idempotent consumer",
            s.id()
        );
    }
    let shown: Vec<String> = all(&root, ".lanes-pair.two figure.lanes-one")
        .iter()
        .map(|f| f.get_attribute("data-strategy").unwrap())
        .collect();
    assert_eq!(shown, ["kafka", "sqs"]);
    assert_eq!(all(&root, ".lanes-pair svg.lanes").len(), 2);
    // Changing the view writes it into the address: a toggle off, one strategy alone.
    let toggle = one(&root, "input[name='idempotent']");
    toggle.unchecked_ref::<web_sys::HtmlInputElement>().set_checked(false);
    fire(&toggle, "change");
    tick().await;
    let versus = one(&root, "select.versus-select");
    versus.unchecked_ref::<web_sys::HtmlSelectElement>().set_value("");
    fire(&versus, "change");
    tick().await;
    assert_eq!(all(&root, ".lanes-pair svg.lanes").len(), 1);
    assert!(!has(&root, ".lanes-pair.two"));
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert_eq!(search, "?compare=lost-reply&lanes=kafka");
    click(&one(&root, ".strategy-tabs button[data-strategy='rabbitmq']"));
    tick().await;
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert_eq!(search, "?compare=lost-reply", "RabbitMQ alone is the default: nothing to write");
    // Another built-in workload chosen on the page: the address names it, so the link opens it.
    choose_preset(&root, "ordering");
    tick().await;
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert_eq!(search, "?compare=ordering");
    root.remove();
}
