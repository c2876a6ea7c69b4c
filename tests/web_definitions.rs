//! Browser tests of definitions in and out: pasting a RabbitMQ definitions file draws its
//! queues, a malformed one names the JSON path and keeps the topology, and the export panel
//! shows a scenario's policy as a `rabbitmqctl set_policy` line.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_definitions` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

const EXAMPLE: &str = include_str!("conformance/rabbitmq-3.10/example_definitions.json");

#[path = "support/dom.rs"]
mod dom;
use dom::{click, has, one, redrawn, sleep, text, type_into};

/// Mounts the app on a clean page: no link in the URL, nothing saved.
async fn mount() -> (HtmlElement, impl Drop) {
    dom::mount_app().await
}

#[wasm_bindgen_test]
async fn pasting_definitions_draws_their_queues_and_a_malformed_file_keeps_them() {
    let (root, _app) = mount().await;
    assert!(
        has(&root, "svg.topology g[data-node='q:orders.ttl']"),
        "the default preset is drawn first"
    );
    type_into(&root, "textarea.definitions-json", EXAMPLE);
    click(&one(&root, "button.import"));
    tick().await;
    for q in ["j3.main", "g1.main", "k3.dlq_pol", "n3.dlq_all", "j3.dlq"] {
        assert!(has(&root, &format!("svg.topology g[data-node='q:{q}']")), "{q} is not drawn");
    }
    assert!(
        !has(&root, "svg.topology g[data-node='q:orders.ttl']"),
        "the previous topology is replaced"
    );
    let result = text(&root, ".import-result");
    assert!(result.contains("not simulated"), "the file's warnings are shown: {result}");
    assert!(
        has(&root, ".import-result .import-lints li.lint, .import-result .no-lints"),
        "{result}"
    );

    // A malformed file: the error names the JSON path, and the imported topology stays.
    type_into(&root, "textarea.definitions-json", "{\n  \"queues\": [\n    {\"name\": 5}\n  ]\n}");
    click(&one(&root, "button.import"));
    tick().await;
    let error = text(&root, ".import-result .import-error");
    assert!(error.contains("$.queues[0].name"), "{error}");
    assert!(has(&root, "svg.topology g[data-node='q:j3.main']"), "the topology is kept");
    root.remove();
}

#[wasm_bindgen_test]
async fn choosing_a_definitions_file_loads_it() {
    let (root, _app) = mount().await;
    let file = web_sys::File::new_with_str_sequence(
        &js_sys::Array::of1(&EXAMPLE.into()),
        "example_definitions.json",
    )
    .unwrap();
    let transfer = web_sys::DataTransfer::new().unwrap();
    transfer.items().add_with_file(&file).unwrap();
    let input = one(&root, "input.definitions-file").unchecked_into::<web_sys::HtmlInputElement>();
    input.set_files(transfer.files().as_ref());
    input.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    for _ in 0..50 {
        if has(&root, "svg.topology g[data-node='q:k3.main']") {
            break;
        }
        sleep(20).await;
    }
    assert!(
        has(&root, "svg.topology g[data-node='q:k3.main']"),
        "the chosen file's queues are drawn"
    );
    let pasted = one(&root, "textarea.definitions-json")
        .unchecked_into::<web_sys::HtmlTextAreaElement>()
        .value();
    assert!(pasted.contains("k3.main"), "the file's text is shown");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_export_shows_a_scenarios_policy_as_a_set_policy_line() {
    let (root, _app) = mount().await;
    type_into(
        &root,
        "textarea.scenario-json",
        r#"{"version": 1, "exchanges": [{"name": "work", "type": "direct"}],
            "queues": [{"name": "work.q", "arguments": {}}],
            "bindings": [{"exchange": "work", "queue": "work.q", "routing_key": "task"}],
            "policies": [{"name": "p", "pattern": "^work", "definition": {"message-ttl": 5000}}]}"#,
    );
    click(&one(&root, "button.apply"));
    tick().await;
    assert!(has(&root, "svg.topology g[data-node='q:work.q']"));
    let select = one(&root, "select.export-format").unchecked_into::<web_sys::HtmlSelectElement>();
    select.set_value("policies");
    select.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    let out =
        one(&root, "textarea.export-text").unchecked_into::<web_sys::HtmlTextAreaElement>().value();
    assert!(
        out.contains(r#"rabbitmqctl set_policy --vhost / --priority 0 --apply-to 'queues' 'p' '^work' '{"message-ttl":5000}'"#),
        "{out}"
    );
    select.set_value("definitions");
    select.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    tick().await;
    let defs =
        one(&root, "textarea.export-text").unchecked_into::<web_sys::HtmlTextAreaElement>().value();
    assert!(defs.contains("\"work.q\"") && defs.contains("\"policies\""), "{defs}");
    root.remove();
}

#[wasm_bindgen_test]
async fn an_imports_findings_and_text_survive_a_language_switch_in_the_new_language() {
    let (root, _app) = mount().await;
    type_into(&root, "textarea.definitions-json", EXAMPLE);
    click(&one(&root, "button.import"));
    tick().await;
    assert!(text(&root, ".import-result").contains("not simulated"));
    click(&one(&root, ".lang-switch button[data-lang='ko']"));
    redrawn().await;
    let result = text(&root, ".import-result");
    assert!(
        result.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)),
        "the findings are gone or still English: {result}"
    );
    let pasted = one(&root, "textarea.definitions-json")
        .unchecked_into::<web_sys::HtmlTextAreaElement>()
        .value();
    assert_eq!(pasted, EXAMPLE, "the pasted file is gone");
    dlx_lab::ui::locale::set(dlx_lab::scenario::Lang::En);
    root.remove();
}
