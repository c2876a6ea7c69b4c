//! Browser tests of the comparison page's Export panel (`ui::compare::export_panel`): the
//! chosen strategy's formats, the text as the real exporter writes it, a refused setting named
//! in the panel, comments in the page's language, and a link that carries the comparison.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_export`. On native targets
//! this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use dlx_lab::link::compare_query::run_link;
use dlx_lab::scenario::Lang;
use dlx_lab::systems::Strategy;
use dlx_lab::ui::compare::compare_page::ComparePage;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/dom.rs"]
mod dom;
use dom::{all, click, container, fire, one, reset, text, type_into};

async fn mount() -> (web_sys::HtmlElement, impl Drop) {
    let root = container();
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <ComparePage asked=String::new() /> },
    );
    tick().await;
    (root, handle)
}

async fn choose_strategy(root: &web_sys::Element, s: Strategy) {
    click(&one(root, &format!(".strategy-tabs button[data-strategy='{}']", s.id())));
    tick().await;
}

async fn choose_format(root: &web_sys::Element, id: &str) {
    let select = one(root, ".export-panel select.export-target");
    select.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(id);
    fire(&select, "change");
    tick().await;
}

#[wasm_bindgen_test]
async fn each_strategy_offers_its_formats_and_a_refusal_is_named_in_the_panel() {
    reset("?compare=1");
    let (root, _h) = mount().await;
    choose_strategy(&root, Strategy::Sqs).await;
    let options: Vec<String> = all(&root, ".export-panel select.export-target option")
        .iter()
        .map(|o| o.text_content().unwrap_or_default())
        .collect();
    assert_eq!(
        options,
        ["sqs:cloudformation", "sqs:terraform", "sqs:boto3", "sqs:js", "alerts:prometheus"]
    );
    let pre = text(&root, ".export-panel pre.export-text");
    assert!(pre.contains("Type: AWS::SQS::Queue") && pre.contains("maxReceiveCount: 5"), "{pre}");
    assert!(pre.contains("?compare=mixed&lanes=sqs"), "the link names the built-in: {pre}");
    choose_format(&root, "sqs:terraform").await;
    assert!(text(&root, ".export-panel pre.export-text").contains("resource \"aws_sqs_queue\""));
    choose_strategy(&root, Strategy::Kafka).await;
    let java = text(&root, ".export-panel pre.export-text");
    assert!(java.contains("@RetryableTopic") && java.contains("vehicle.event-dlt"), "{java}");
    // A visibility timeout over 12 hours: the model refuses the text, and the panel says which
    // setting SQS refuses and its limit instead of exporting.
    choose_strategy(&root, Strategy::Sqs).await;
    let bad = r#"{"workload": {"messages": [{"id": "a"}]}, "systems": {"sqs": {"visibility_timeout_ms": 50000000}}}"#;
    type_into(&root, ".workload-editor textarea", bad);
    click(&one(&root, ".workload-editor button.apply"));
    tick().await;
    let refused = text(&root, ".export-panel .export-refused");
    assert!(
        refused.contains("systems.sqs.visibility_timeout_ms") && refused.contains("43200"),
        "{refused}"
    );
    assert!(all(&root, ".export-panel pre").is_empty(), "nothing is exported silently");
    // Korean: the comments follow the page's language.
    dlx_lab::ui::locale::set(Lang::Ko);
    tick().await;
    let korean = text(&root, ".export-panel .export-refused");
    assert!(korean != refused && korean.contains("43200"), "{korean}");
    dlx_lab::ui::locale::set(Lang::En);
}

#[wasm_bindgen_test]
async fn a_link_that_carries_a_comparison_opens_it() {
    let own = r#"{"workload": {"messages": [{"id": "from-the-link"}]}, "systems": {"bullmq": {"attempts": 7}}}"#;
    let link = run_link("", None, own, "bullmq");
    reset(&link);
    let (root, _h) = mount().await;
    tick().await;
    let area = one(&root, ".workload-editor textarea");
    assert_eq!(area.unchecked_ref::<web_sys::HtmlTextAreaElement>().value(), own);
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    assert_eq!(hash, "", "the fragment is taken out once read, so a reload keeps later edits");
    choose_strategy(&root, Strategy::Bullmq).await;
    let ts = text(&root, ".export-panel pre.export-text");
    assert!(ts.contains("attempts: 7,") && ts.contains("satisfies JobsOptions"), "{ts}");
}
