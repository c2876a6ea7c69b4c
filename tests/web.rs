//! Browser tests: mount the real components in headless Chromium and check the DOM.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web` (the runner is set in
//! `.cargo/config.toml`). On native targets this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use dlx_lab::scenario::{playground::presets, Run};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
use dom::{all, click, one, sleep, text, until};

/// Mounts the app on a clean page: no link in the URL, nothing saved.
async fn mount() -> (HtmlElement, impl Drop) {
    dom::mount_app().await
}

#[wasm_bindgen_test]
async fn app_draws_the_default_preset_from_the_engine() {
    let (root, _app) = mount().await;
    assert_eq!(text(&root, "h1"), "DLX Lab");
    let svg = one(&root, "svg.topology");
    let ids: Vec<String> = all(&svg, "g.node[data-node]")
        .iter()
        .filter_map(|g| g.get_attribute("data-node"))
        .collect();
    for want in [
        "p",
        "x:app",
        "x:dlx",
        "q:orders.rejected",
        "q:orders.ttl",
        "q:orders.full",
        "q:orders.quorum",
        "q:dead.letters",
        "c:orders.rejected",
    ] {
        assert!(ids.contains(&want.to_string()), "{want} missing from {ids:?}");
    }
    let dead_letter: Vec<String> = all(&svg, "path.edge.dead-letter")
        .iter()
        .filter_map(|p| p.get_attribute("data-edge"))
        .collect();
    assert_eq!(dead_letter.len(), 4, "{dead_letter:?}");
    assert!(dead_letter.contains(&"q:orders.ttl->x:dlx".to_string()));
    assert!(one(&svg, "g[data-node='q:dead.letters']").class_list().contains("dlq"));
    assert!(text(&root, ".about-card .teaches").contains("delivery_limit"));
    root.remove();
}

#[wasm_bindgen_test]
async fn clicking_a_node_selects_it_and_fills_the_inspector() {
    let (root, _app) = mount().await;
    let queue = one(&root, "g[data-node='q:orders.ttl']");
    // The Node tab's inspector: nothing yet, then the queue's settings.
    assert_eq!(text(&root, ".node-pane .inspector h2"), "No node chosen");
    click(&queue);
    tick().await;
    assert!(queue.class_list().contains("selected"));
    let facts = text(&root, ".node-pane .inspector dl");
    assert!(facts.contains("x-message-ttl") && facts.contains("1000"), "{facts}");
    click(&queue);
    tick().await;
    assert_eq!(text(&root, ".node-pane .inspector h2"), "No node chosen");
    root.remove();
}

#[wasm_bindgen_test]
async fn enter_key_selects_a_focused_node() {
    let (root, _app) = mount().await;
    let exchange = one(&root, "g[data-node='x:dlx']");
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
async fn stepping_fills_the_log_and_depth_follows_the_engine() {
    let (root, _app) = mount().await;
    assert!(text(&root, ".event-log").contains("No events yet"));
    for _ in 0..3 {
        click(&one(&root, "button.step"));
        tick().await;
    }
    assert!(text(&root, ".clock").starts_with("0.300 s"), "{}", text(&root, ".clock"));
    let entries = all(&root, ".log-entry");
    assert!(!entries.is_empty());
    // The engine at 300 ms: orders.full holds one ready message.
    let s = presets::preset("four-reasons").unwrap();
    let mut run = Run::new(&s).unwrap();
    run.advance_to(dlx_lab::engine::SimTime::from_ms(300)).unwrap();
    let want = run.engine().queue("orders.full").unwrap().ready_len();
    let depth =
        one(&root, "g[data-node='q:orders.full'] .node-depth").get_attribute("data-depth").unwrap();
    assert_eq!(depth, want.to_string());
    // Scrubbing back to the start empties the log again.
    dom::press_shift("ArrowLeft", 1);
    tick().await;
    assert!(text(&root, ".clock").starts_with("0.000 s"), "{}", text(&root, ".clock"));
    root.remove();
}

#[wasm_bindgen_test]
async fn playing_moves_time_and_a_dead_lettered_message_shows_its_x_death() {
    let (root, _app) = mount().await;
    let speed = one(&root, "select.speed").unchecked_into::<web_sys::HtmlSelectElement>();
    speed.set_value("1000");
    speed.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    click(&one(&root, "button.play"));
    // Wait (however long a loaded machine takes) until the rejected message is in
    // dead.letters, then pick it from the log.
    let dead_lettered = || {
        all(&root, ".log-entry").into_iter().find(|e| {
            e.text_content().unwrap_or_default().contains("dead-lettered into dead.letters")
        })
    };
    let arrived = until(60_000.0, || dead_lettered().is_some()).await;
    assert!(arrived, "no dead-lettered entry by {}", text(&root, ".clock"));
    assert!(!text(&root, ".clock").starts_with("0.000"), "{}", text(&root, ".clock"));
    let entry = dead_lettered().expect("a dead-lettered entry");
    click(&entry);
    tick().await;
    let reasons: Vec<String> = all(&root, ".inspector table.xdeath tr[data-field='reason'] td")
        .iter()
        .map(|t| t.text_content().unwrap())
        .collect();
    assert!(!reasons.is_empty());
    assert!(
        ["rejected", "expired", "maxlen", "delivery_limit"].contains(&reasons[0].as_str()),
        "{reasons:?}"
    );
    assert!(text(&root, ".inspector table.xdeath.new").contains("count"));
    // Nobody consumes dead.letters: the copy has arrived and waits there (not "routed").
    assert_eq!(text(&root, ".inspector .fate"), "fate: waiting in the queue");
    root.remove();
}

/// A mouse event of `kind` at a point of the page, bubbling, dispatched on `target`.
fn mouse(target: &Element, kind: &str, x: f64, y: f64) {
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(x.round() as i32);
    init.set_client_y(y.round() as i32);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

/// The dots the canvas drew (its `data-dots` listing, written while paused): copy, fate, x, y
/// (CSS pixels from the canvas's corner) and node.
fn drawn_dots(canvas: &Element) -> Vec<(String, String, f64, f64, String)> {
    canvas
        .get_attribute("data-dots")
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let mut p = l.splitn(5, ' ');
            Some((
                p.next()?.to_string(),
                p.next()?.to_string(),
                p.next()?.parse().ok()?,
                p.next()?.parse().ok()?,
                p.next()?.to_string(),
            ))
        })
        .collect()
}

#[wasm_bindgen_test]
async fn a_message_on_the_graph_is_named_on_hover_and_opens_in_the_inspector_on_click() {
    let (root, _app) = mount().await;
    // To the end of the run: the dead-lettered messages wait in dead.letters.
    dom::press_shift("ArrowRight", 5);
    sleep(100).await;
    tick().await;
    assert!(text(&root, ".clock").starts_with("4.000 s"), "{}", text(&root, ".clock"));
    let canvas = one(&root, ".graph canvas.messages");
    let dots = drawn_dots(&canvas);
    let waiting: Vec<_> =
        dots.iter().filter(|d| d.1 == "waiting" && d.4 == "q:dead.letters").collect();
    assert_eq!(waiting.len(), 4, "{dots:?}");
    assert_eq!(canvas.get_attribute("data-drawn"), Some(dots.len().to_string()));
    let (copy, _, x, y, _) = waiting[1].clone();
    let r = canvas.get_bounding_client_rect();
    let (cx, cy) = (r.left() + x, r.top() + y);
    // Hover names it; away from every dot, the name goes.
    let svg = one(&root, "svg.topology");
    mouse(&svg, "mousemove", cx, cy);
    let tip = one(&root, ".graph .dot-tip");
    assert!(!tip.has_attribute("hidden"));
    assert_eq!(tip.text_content().unwrap(), format!("#{copy}: waiting in the queue"));
    mouse(&svg, "mousemove", r.left() + 1.0, r.top() + 1.0);
    assert!(tip.has_attribute("hidden"));
    // Clicking it opens that very message, not the queue under it.
    mouse(&one(&root, "g[data-node='q:dead.letters']"), "click", cx, cy);
    tick().await;
    assert_eq!(
        one(&root, ".inspector h2").get_attribute("data-inspecting-msg"),
        Some(copy.clone())
    );
    assert!(!all(&root, ".inspector table.xdeath tr[data-field='reason'] td").is_empty());
    assert!(!one(&root, "g[data-node='q:dead.letters']").class_list().contains("selected"));
    // With reduced motion the same messages are drawn, still clickable.
    let motion = one(&root, "input.reduced-motion").unchecked_into::<web_sys::HtmlInputElement>();
    motion.set_checked(true);
    motion.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    sleep(50).await;
    tick().await;
    assert_eq!(drawn_dots(&canvas).len(), dots.len());
    root.remove();
}

#[wasm_bindgen_test]
async fn a_bad_link_shows_an_error_and_keeps_the_scenario() {
    let (root, _app) = mount().await;
    let w = web_sys::window().unwrap();
    w.location().set_hash("j=%%%").unwrap();
    w.dispatch_event(&web_sys::Event::new("hashchange").unwrap()).unwrap();
    tick().await;
    assert!(text(&root, ".error-banner").contains("could not be opened"));
    assert!(root.query_selector("g[data-node='q:orders.ttl']").unwrap().is_some());
    // A good link opens another preset at its moment.
    w.location().set_hash("s=dead-letter-cycle&t=700").unwrap();
    w.dispatch_event(&web_sys::Event::new("hashchange").unwrap()).unwrap();
    tick().await;
    assert!(root.query_selector("g[data-node='q:loop.ttl']").unwrap().is_some());
    assert!(text(&root, ".clock").starts_with("0.700 s"), "{}", text(&root, ".clock"));
    root.remove();
}

#[wasm_bindgen_test]
async fn the_editor_reports_the_field_and_line_and_keeps_the_run() {
    let (root, _app) = mount().await;
    let area =
        one(&root, "textarea.scenario-json").unchecked_into::<web_sys::HtmlTextAreaElement>();
    area.set_value("{\n  \"version\": 1,\n  \"queues\": [\n    {\"nam\": \"x\"}\n  ]\n}");
    area.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    click(&one(&root, "button.apply"));
    tick().await;
    let status = text(&root, ".editor .status");
    assert!(status.contains("$.queues[0].name") && status.contains("line 4"), "{status}");
    assert!(root.query_selector("g[data-node='q:orders.ttl']").unwrap().is_some());
    root.remove();
}

#[wasm_bindgen_test]
async fn dlq_alerts_appear_on_the_depth_chart_as_they_fire() {
    let (root, _app) = mount().await;
    // Every message expires into dlq after 100 ms: the 6th dead letter (at 600 ms) takes dlq
    // above 5, the 10th (at 1 s) makes 10 within an hour.
    let scenario = r#"{"version": 1, "duration_ms": 3000,
        "alerts": {"depth_over": 5, "nonempty_for_ms": 0, "arrivals_per_hour": 10},
        "exchanges": [{"name": "in", "type": "direct"}, {"name": "dlx", "type": "fanout"}],
        "queues": [{"name": "work", "arguments": {"x-message-ttl": 100, "x-dead-letter-exchange": "dlx"}},
                   {"name": "dlq", "arguments": {}}],
        "bindings": [{"exchange": "in", "queue": "work", "routing_key": "k"}, {"exchange": "dlx", "queue": "dlq"}],
        "publishers": [{"exchange": "in", "routing_key": "k", "every_ms": 100, "count": 12}]}"#;
    let area =
        one(&root, "textarea.scenario-json").unchecked_into::<web_sys::HtmlTextAreaElement>();
    area.set_value(scenario);
    area.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    click(&one(&root, "button.apply"));
    tick().await;
    // Both alerts are marked on the chart; none has fired at 0 s.
    assert_eq!(all(&root, ".depth-chart line.alert-mark").len(), 2);
    assert!(root.query_selector(".depth-chart .no-alerts").unwrap().is_some());
    let scrub = |ms: &str| {
        let s = one(&root, "input.scrubber").unchecked_into::<web_sys::HtmlInputElement>();
        s.set_value(ms);
        s.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
        s.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    };
    scrub("700");
    sleep(50).await;
    tick().await;
    let fired: Vec<String> =
        all(&root, ".depth-chart .alerts li").iter().map(|e| e.text_content().unwrap()).collect();
    assert_eq!(fired, vec!["0.600 s dlq: more than 5 messages waiting".to_string()]);
    scrub("2000");
    sleep(50).await;
    tick().await;
    let fired: Vec<String> =
        all(&root, ".depth-chart .alerts li").iter().map(|e| e.text_content().unwrap()).collect();
    assert_eq!(fired.len(), 2, "{fired:?}");
    assert_eq!(fired[1], "1.000 s dlq: 10 or more arrivals within an hour");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_keyboard_picks_messages_on_the_graph_and_in_the_log() {
    let (root, _app) = mount().await;
    let scrubber = one(&root, "input.scrubber").unchecked_into::<web_sys::HtmlInputElement>();
    scrubber.set_value("3900");
    scrubber.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    scrubber.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    sleep(100).await;
    tick().await;
    let canvas = one(&root, "canvas.messages");
    assert_eq!(canvas.get_attribute("tabindex").as_deref(), Some("0"));
    assert!(canvas.get_attribute("aria-label").unwrap().contains("Esc"));
    let key = |k: &str| {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key(k);
        init.set_bubbles(true);
        let ev =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        canvas.dispatch_event(&ev).unwrap();
    };
    key("ArrowDown");
    tick().await;
    let first = text(&root, ".inspector");
    assert!(first.contains("x-death") || first.contains("fate"), "{first}");
    let tip = one(&root, ".dot-tip");
    assert!(!tip.has_attribute("hidden"), "the picked message is named beside it");
    key("ArrowDown");
    tick().await;
    assert_ne!(text(&root, ".inspector"), first, "↓ moves to another message");
    key("Escape");
    tick().await;
    assert!(one(&root, ".dot-tip").has_attribute("hidden"));
    // The log names each message with a button: Enter (a click) opens it.
    let button =
        all(&root, ".log-entry button.log-msg").into_iter().last().expect("a message in the log");
    click(&button);
    tick().await;
    assert!(
        text(&root, ".inspector").contains(&button.text_content().unwrap()),
        "{}",
        text(&root, ".inspector")
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn the_graph_zooms_in_and_pans_and_fits_again() {
    let (root, _app) = mount().await;
    let pan = one(&root, ".graph-pan");
    let graph = one(&root, ".graph").unchecked_into::<HtmlElement>();
    let fitted = graph.offset_width();
    // Fitted, the level says the scale the graph is drawn at (100 % is one view-box unit per
    // CSS pixel); each zoom in multiplies it by 1.25.
    let level = |root: &HtmlElement| {
        text(root, ".zoom-level").trim_end_matches('%').parse::<f64>().unwrap()
    };
    let fit_level = level(&root);
    click(&one(&root, "button.zoom-in"));
    tick().await;
    click(&one(&root, "button.zoom-in"));
    tick().await;
    assert!((level(&root) - fit_level * 1.5625).abs() <= 1.0, "{} vs {fit_level}", level(&root));
    assert!(graph.offset_width() > fitted * 3 / 2, "{} vs {fitted}", graph.offset_width());
    assert!(pan.scroll_width() > pan.client_width(), "zoomed in, the panel pans");
    click(&one(&root, "button.zoom-fit"));
    tick().await;
    assert_eq!(level(&root), fit_level);
    assert_eq!(graph.offset_width(), fitted);
    root.remove();
}

#[wasm_bindgen_test]
fn show_fatal_puts_a_readable_message_on_the_page() {
    dlx_lab::ui::fatal::show_fatal("panicked at src/example.rs:1:1:\nsomething broke");
    let document = web_sys::window().unwrap().document().unwrap();
    let banner = document.get_element_by_id("fatal").expect("#fatal exists");
    let text = banner.text_content().unwrap();
    assert!(text.contains("DLX Lab stopped") && text.contains("something broke"), "{text}");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    // A second panic message replaces the first rather than piling up.
    dlx_lab::ui::fatal::show_fatal("again");
    assert_eq!(document.query_selector_all("#fatal").unwrap().length(), 1);
    assert!(!banner.text_content().unwrap().contains("something broke"));
    banner.remove();
}

#[wasm_bindgen_test]
async fn the_inspector_announces_only_what_changed() {
    let (root, _app) = mount().await;
    // The whole inspector is no live region (a screen reader would read all of it again).
    assert!(one(&root, ".inspector").get_attribute("aria-live").is_none());
    assert_eq!(all(&root, ".inspector [aria-live]").len(), 0);
    assert_eq!(text(&root, ".inspector [role='status']"), "");
    // A user's click (a MouseEvent: the graph reads where it landed).
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let user_click = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    one(&root, "g[data-node='q:orders.ttl']").dispatch_event(&user_click).unwrap();
    tick().await;
    assert_eq!(text(&root, ".node-pane .inspector [role='status']"), "orders.ttl");
    root.remove();
}

#[wasm_bindgen_test]
async fn a_hidden_log_waits_while_playing_and_catches_up_when_shown() {
    let (root, _app) = mount().await;
    // The default scenario's first event.
    let mut run = Run::new(&presets::preset("four-reasons").unwrap()).unwrap();
    run.advance_to(run.end()).unwrap();
    let first_s = run.engine().events().iter().next().expect("an event").at_us.as_us() as f64 / 1e6;
    let clock_s =
        || text(&root, ".clock").split_whitespace().next().and_then(|t| t.parse::<f64>().ok());
    click(&one(&root, "button.play"));
    // Playing, with the message tab open: the run passes its first event, and the log on its
    // hidden tab waits longer than it takes to follow a run it shows (a few times a second).
    let moved = until(60_000.0, || clock_s().is_some_and(|t| t > first_s)).await;
    assert!(moved, "the clock did not pass {first_s} s: {}", text(&root, ".clock"));
    sleep(600).await;
    let log_empty =
        || one(&root, ".event-log").text_content().unwrap_or_default().contains("No events yet");
    assert!(log_empty(), "the hidden log followed the run");
    // Shown, it catches up while the run still plays.
    click(&one(&root, "button.tab-log"));
    let caught_up = until(60_000.0, || !all(&root, ".log-entry").is_empty()).await;
    assert!(caught_up, "the log did not catch up once shown");
    click(&one(&root, "button.play"));
}
