//! Browser tests of how fates read on the graph: a death's words at its queue, the legend by
//! family with a shape per family, and playing that pauses at each death when asked.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_fates` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
use dom::{all, click, fire, has, one, sleep, text, until};

async fn mount() -> (HtmlElement, impl Drop) {
    dom::mount_app().await
}

fn key(name: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(name);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&ev).unwrap();
}

fn labels(root: &Element) -> Vec<(String, String, String)> {
    all(root, "svg.topology .death-label")
        .iter()
        .map(|l| {
            (
                l.get_attribute("data-node").unwrap_or_default(),
                l.text_content().unwrap_or_default(),
                l.get_attribute("opacity").unwrap_or_default(),
            )
        })
        .collect()
}

#[wasm_bindgen_test]
async fn a_death_is_named_in_words_at_its_queue() {
    let (root, _app) = mount().await;
    // The default preset (four reasons): step event by event until the first death.
    let mut found = Vec::new();
    for _ in 0..80 {
        key("ArrowRight");
        sleep(20).await;
        tick().await;
        found = labels(&root);
        if !found.is_empty() {
            break;
        }
    }
    assert!(!found.is_empty(), "no death label while stepping to {}", text(&root, ".clock"));
    let (node, words, opacity) = &found[0];
    let expected = [
        ("q:orders.rejected", "rejected"),
        ("q:orders.ttl", "expired (x-message-ttl"),
        ("q:orders.full", "maxlen ("),
        ("q:orders.quorum", "delivery_limit"),
    ];
    assert!(expected.iter().any(|(n, w)| node == n && words.starts_with(w)), "{found:?}");
    assert_eq!(opacity, "1");
    // The label stands at a node that is drawn.
    assert!(!all(&root, &format!("g[data-node='{node}']")).is_empty());
    // To the end of the run, long after every death: the labels are gone.
    dom::press_shift("ArrowRight", 6);
    sleep(50).await;
    tick().await;
    assert!(text(&root, ".clock").starts_with("4.000 s"), "{}", text(&root, ".clock"));
    let late: Vec<_> = labels(&root).into_iter().filter(|l| l.2 == "1").collect();
    assert!(late.is_empty(), "{late:?}");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_legend_groups_fates_by_family_each_in_its_own_shape() {
    let (root, _app) = mount().await;
    let families: Vec<String> = all(&root, ".legend .legend-family")
        .iter()
        .filter_map(|f| f.get_attribute("data-family"))
        .collect();
    assert_eq!(families, ["on-its-way", "died", "dead-lettered", "dropped"]);
    // Every colour drawn is in the legend, the in-flight one included.
    assert!(!all(&root, ".legend [data-fate='routed']").is_empty());
    for (family, circle) in
        [("on-its-way", true), ("died", false), ("dead-lettered", false), ("dropped", false)]
    {
        for key in all(&root, &format!(".legend-family[data-family='{family}'] .fate-key")) {
            let shape = if circle { "circle" } else { "polygon" };
            assert_eq!(all(&key, &format!("svg.swatch {shape}")).len(), 1, "{family}");
        }
    }
    root.remove();
}

#[wasm_bindgen_test]
async fn playing_pauses_at_a_death_when_asked() {
    let (root, _app) = mount().await;
    let pause = one(&root, "input.pause-on-death");
    pause.clone().dyn_into::<web_sys::HtmlInputElement>().unwrap().set_checked(true);
    fire(&pause, "change");
    // Real time (the preset's own pace is a tenth of it).
    let speed = one(&root, "select.speed");
    speed.clone().dyn_into::<web_sys::HtmlSelectElement>().unwrap().set_value("1");
    fire(&speed, "change");
    click(&one(&root, "button.play"));
    tick().await;
    // The first death is about a second in; playing stops there by itself.
    let playing = |root: &HtmlElement| {
        one(root, "button.play").get_attribute("aria-pressed").as_deref() == Some("true")
    };
    assert!(playing(&root));
    // However long a loaded machine takes to play that second, playing ends by itself.
    let stopped = until(60_000.0, || !playing(&root)).await;
    assert!(stopped, "playing went on: {}", text(&root, ".clock"));
    assert!(!text(&root, ".clock").starts_with("4.000 s"), "it stopped at the end, not at a death");
    assert!(labels(&root).iter().any(|l| l.2 == "1"), "{:?}", labels(&root));
    root.remove();
}

#[wasm_bindgen_test]
async fn node_names_fit_their_boxes_and_keep_the_full_name_as_title() {
    let (root, _app) = mount().await;
    // A queue whose name is far too long for its box.
    dom::type_into(
        &root,
        "textarea.scenario-json",
        r#"{"version": 1, "duration_ms": 1000,
            "queues": [{"name": "orders.payments.retry.after.thirty.seconds.for.the.eu.region"}],
            "publishers": [{"exchange": "", "routing_key": "orders.payments.retry.after.thirty.seconds.for.the.eu.region",
                            "body": "m", "every_ms": 100, "count": 1, "start_ms": 0}]}"#,
    );
    click(&one(&root, "button.apply"));
    sleep(50).await;
    tick().await;
    let nodes = all(&root, "svg.topology g.node");
    assert!(!nodes.is_empty());
    for g in nodes {
        let id = g.get_attribute("data-node").unwrap_or_default();
        let shape = one(&g, ".shape").get_bounding_client_rect();
        let name = one(&g, "text.node-label").get_bounding_client_rect();
        assert!(name.width() <= shape.width() + 0.5, "{id}: {} > {}", name.width(), shape.width());
        let title = one(&g, "title").text_content().unwrap_or_default();
        if id.starts_with("q:") {
            assert!(title.starts_with("orders.payments.retry.after.thirty"), "{title}");
            assert!(text(&g, "text.node-label").ends_with('…'));
        }
    }
    root.remove();
}

#[wasm_bindgen_test]
async fn a_queue_the_timeline_declares_later_is_drawn_from_then_on() {
    let (root, _app) = mount().await;
    dom::type_into(
        &root,
        "textarea.scenario-json",
        r#"{"version": 1, "duration_ms": 5000,
            "exchanges": [{"name": "app", "type": "direct"}],
            "queues": [{"name": "orders"}],
            "bindings": [{"exchange": "app", "queue": "orders", "routing_key": "o"}],
            "timeline": [
              {"at_ms": 2000, "op": "declare_queue", "name": "late"},
              {"at_ms": 2000, "op": "bind", "queue": "late", "exchange": "app", "routing_key": "l"}
            ]}"#,
    );
    click(&one(&root, "button.apply"));
    sleep(50).await;
    tick().await;
    let absent = |root: &HtmlElement, sel: &str| one(root, sel).class_list().contains("absent");
    let late = "g[data-node='q:late']";
    assert!(absent(&root, late), "drawn before it is declared");
    assert!(!absent(&root, "g[data-node='q:orders']"));
    let edge = one(&root, "path[data-edge='x:app->q:late']").parent_element().unwrap();
    assert!(edge.class_list().contains("absent"));
    dom::press_shift("ArrowRight", 3);
    sleep(50).await;
    tick().await;
    assert!(text(&root, ".clock").starts_with("3.000 s"), "{}", text(&root, ".clock"));
    assert!(!absent(&root, late), "not drawn after it is declared");
    assert!(!edge.class_list().contains("absent"));
    root.remove();
}

#[wasm_bindgen_test]
async fn the_log_says_how_many_entries_it_lists_and_shows_more() {
    let (root, _app) = mount().await;
    // 150 messages, each published, routed, expired at once and dropped: over 200 entries.
    dom::type_into(
        &root,
        "textarea.scenario-json",
        r#"{"version": 1, "duration_ms": 2000,
            "queues": [{"name": "q", "arguments": {"x-message-ttl": 0}}],
            "publishers": [{"exchange": "", "routing_key": "q", "body": "m", "every_ms": 10, "count": 150, "start_ms": 0}]}"#,
    );
    click(&one(&root, "button.apply"));
    sleep(50).await;
    tick().await;
    dom::press_shift("ArrowRight", 3);
    sleep(50).await;
    tick().await;
    let count = one(&root, ".log-count");
    let total: usize = count.get_attribute("data-total").unwrap().parse().unwrap();
    assert!(total > 400, "{total}");
    assert_eq!(count.get_attribute("data-listed").as_deref(), Some("200"));
    assert_eq!(all(&root, ".log-entry").len(), 200);
    assert!(text(&root, ".log-count").contains(&total.to_string()));
    click(&one(&root, "button.log-more"));
    tick().await;
    assert_eq!(all(&root, ".log-entry").len(), 400);
    root.remove();
}

#[wasm_bindgen_test]
async fn the_inspector_reads_x_death_time_as_a_date_and_names_each_type_letter() {
    let (root, _app) = mount().await;
    dom::press_shift("ArrowRight", 5);
    sleep(50).await;
    tick().await;
    // A copy that entered dead.letters carries x-death.
    let entry = all(&root, ".log-entry[data-msg]")
        .into_iter()
        .find(|e| {
            e.text_content().unwrap_or_default().contains("dead.letters")
                && !e.get_attribute("data-msg").unwrap_or_default().is_empty()
        })
        .expect("a log entry for a copy in dead.letters");
    click(&entry);
    tick().await;
    let time = one(&root, ".inspector table.xdeath tr[data-field='time']");
    let readable = text(&time, ".readable");
    assert!(readable.contains("2026-01-01 00:00:0") && readable.contains("UTC"), "{readable}");
    assert!(readable.contains("into the run"), "{readable}");
    let letter = one(&time, "td.type");
    assert_eq!(letter.text_content().as_deref(), Some("T"));
    assert!(letter.get_attribute("title").unwrap_or_default().starts_with("T: timestamp"));
    let count = one(&root, ".inspector table.xdeath tr[data-field='count'] td.type");
    assert!(count.get_attribute("title").unwrap_or_default().contains("64-bit"));
    root.remove();
}

#[wasm_bindgen_test]
async fn the_depth_chart_reads_the_depths_under_the_pointer_and_a_click_goes_there() {
    let (root, _app) = mount().await;
    let chart = one(&root, "svg.chart");
    let r = chart.get_bounding_client_rect();
    let at = |fx: f64| {
        let init = web_sys::MouseEventInit::new();
        init.set_client_x((r.left() + r.width() * fx) as i32);
        init.set_client_y((r.top() + r.height() / 2.0) as i32);
        init.set_bubbles(true);
        init
    };
    let ev = web_sys::MouseEvent::new_with_mouse_event_init_dict("mousemove", &at(0.75)).unwrap();
    chart.dispatch_event(&ev).unwrap();
    tick().await;
    let readout = text(&root, ".chart-readout");
    // The moment under the pointer, to a pixel.
    let secs = |s: &str| -> f64 {
        s.split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .find(|w| !w.is_empty())
            .and_then(|w| w.parse().ok())
            .unwrap_or(-1.0)
    };
    assert!((secs(&readout) - 3.0).abs() < 0.05, "{readout}");
    assert!(readout.contains("dead.letters"), "{readout}");
    let axis: Vec<String> =
        all(&root, ".chart-axis span").iter().filter_map(|s| s.text_content()).collect();
    assert_eq!(axis.first().map(String::as_str), Some("0.000 s"));
    assert_eq!(axis.last().map(String::as_str), Some("4.000 s"));
    let ev = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &at(0.5)).unwrap();
    chart.dispatch_event(&ev).unwrap();
    sleep(30).await;
    tick().await;
    assert!((secs(&text(&root, ".clock")) - 2.0).abs() < 0.05, "{}", text(&root, ".clock"));
    root.remove();
}

#[wasm_bindgen_test]
async fn a_scenario_opens_at_its_own_pace_and_an_edit_keeps_the_chosen_speed() {
    let (root, _app) = mount().await;
    let speed =
        || one(&root, "select.speed").dyn_into::<web_sys::HtmlSelectElement>().unwrap().value();
    // four-reasons lasts 4 s: at a tenth of real time a first play lasts 40 s.
    assert_eq!(speed(), "0.1");
    let menu = one(&root, "select.preset-menu");
    menu.clone().dyn_into::<web_sys::HtmlSelectElement>().unwrap().set_value("retry-ladder");
    fire(&menu, "change");
    tick().await;
    // 700 s at 10× is 70 s.
    assert_eq!(speed(), "10");
    let select = one(&root, "select.speed");
    select.clone().dyn_into::<web_sys::HtmlSelectElement>().unwrap().set_value("100");
    fire(&select, "change");
    tick().await;
    click(&one(&root, "button.apply"));
    tick().await;
    assert_eq!(speed(), "100", "applying an edit reset the speed");
    root.remove();
}

/// Chooses `value` in the menu `selector`, as a click on it would.
fn choose(root: &Element, selector: &str, value: &str) {
    let el = one(root, selector);
    el.clone().dyn_into::<web_sys::HtmlSelectElement>().unwrap().set_value(value);
    fire(&el, "change");
}

#[wasm_bindgen_test]
async fn switching_the_broker_version_says_what_it_changed_in_this_run() {
    let (root, _app) = mount().await;
    let choose = |selector: &str, value: &str| choose(&root, selector, value);
    assert!(!has(&root, ".profile-diff"), "a report before any switch");
    choose("select.preset-menu", "quorum-delayed-retry");
    tick().await;
    choose("select.profile", "rabbitmq-3.10");
    tick().await;
    let report = text(&root, ".profile-diff");
    assert!(report.contains("The two runs part at"), "{report}");
    assert!(report.contains("rabbitmq-3.10 ignores x-delayed-retry"), "{report}");
    // Another scenario: the report goes.
    choose("select.preset-menu", "four-reasons");
    tick().await;
    assert!(!has(&root, ".profile-diff"));
    root.remove();
}

#[wasm_bindgen_test]
async fn switching_the_version_of_a_long_scenario_of_ones_own_loads_it_in_slices_then_reports() {
    let (root, _app) = mount().await;
    // A scenario of the learner's own, long enough to load in slices here.
    dom::type_into(
        &root,
        "textarea.scenario-json",
        r#"{"version": 1, "duration_ms": 60000,
            "queues": [{"name": "work", "arguments": {"x-message-ttl": 10}}],
            "publishers": [{"exchange": "", "routing_key": "work", "body": "m {n}",
                            "every_ms": 1, "count": 30000, "start_ms": 0}]}"#,
    );
    click(&one(&root, "button.apply"));
    tick().await;
    assert!(has(&root, ".loading-run"), "the scenario did not load in slices");
    let settled = || async {
        for _ in 0..600 {
            if !has(&root, ".loading-run") {
                return;
            }
            sleep(50).await;
        }
        panic!("the load did not finish");
    };
    settled().await;
    let profile = || one(&root, "select.profile").dyn_into::<web_sys::HtmlSelectElement>().unwrap();
    assert_eq!(profile().value(), "rabbitmq-4");
    choose(&root, "select.profile", "rabbitmq-3.10");
    tick().await;
    let sliced = has(&root, ".loading-run");
    settled().await;
    tick().await;
    assert_eq!(profile().value(), "rabbitmq-3.10");
    assert!(has(&root, ".profile-diff"), "no report once the switched run was shown");
    assert!(sliced, "the switch did not load in slices");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_editor_names_an_unknown_argument_and_a_dead_letter_exchange_that_routes_nowhere() {
    let (root, _app) = mount().await;
    assert!(!has(&root, ".editor-lints"), "the preset has nothing to lint");
    let area = one(&root, "textarea.scenario-json");
    area.clone().dyn_into::<web_sys::HtmlTextAreaElement>().unwrap().set_value(
        r#"{"version": 1, "exchanges": [{"name": "dlx", "type": "direct"}],
            "queues": [{"name": "orders", "arguments": {"x-dead-leter-exchange": "dlx"}},
                       {"name": "jobs", "arguments": {"x-dead-letter-exchange": "dlx"}}]}"#,
    );
    fire(&area, "input");
    tick().await;
    // Read once typing pauses (not on every key), before Apply, beside it.
    assert!(!has(&root, ".editor-lints"), "the draft was linted before typing paused");
    assert!(until(3000.0, || has(&root, ".editor-lints")).await, "no lints once typing paused");
    let lints = text(&root, ".editor-lints");
    assert!(lints.contains("x-dead-leter-exchange"), "{lints}");
    assert!(lints.contains("jobs"), "{lints}");
    assert!(has(&root, ".editor-lints .lint-error"), "{lints}");
    root.remove();
}

#[wasm_bindgen_test]
async fn unapplied_edits_come_back_after_a_reload_and_go_once_applied() {
    let (root, app) = mount().await;
    let area =
        one(&root, "textarea.scenario-json").dyn_into::<web_sys::HtmlTextAreaElement>().unwrap();
    let edited = area.value().replace("\"seed\": 1", "\"seed\": 7");
    assert_ne!(edited, area.value());
    area.set_value(&edited);
    fire(&area, "input");
    tick().await;
    drop(app);
    root.remove();
    // The page again, with what this browser kept.
    let root = dom::container();
    let app = leptos::mount::mount_to(root.clone(), dlx_lab::ui::App);
    tick().await;
    let value = |root: &HtmlElement| {
        one(root, "textarea.scenario-json")
            .dyn_into::<web_sys::HtmlTextAreaElement>()
            .unwrap()
            .value()
    };
    assert!(value(&root).contains("\"seed\": 7"), "the draft did not come back");
    assert!(has(&root, ".editor .status.note"));
    click(&one(&root, "button.apply"));
    tick().await;
    drop(app);
    root.remove();
    let root = dom::container();
    let _app = leptos::mount::mount_to(root.clone(), dlx_lab::ui::App);
    tick().await;
    assert!(!has(&root, ".editor .status.note"), "an applied draft came back");
    root.remove();
}
