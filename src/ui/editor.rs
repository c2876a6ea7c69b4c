//! The scenario editor: the JSON in a textarea, validated on apply, and small forms that add a
//! queue, exchange, binding, policy, publisher or consumer to it.

use leptos::prelude::*;
use serde_json::{json, Value};

use super::i18n::{tr, Key};
use super::lab::{Ctx, Lab};
use super::share;

/// What the add form can add: (list in the scenario, label key).
const KINDS: [(&str, Key); 6] = [
    ("queues", Key::AddQueue),
    ("exchanges", Key::AddExchange),
    ("bindings", Key::AddBinding),
    ("policies", Key::AddPolicy),
    ("publishers", Key::AddPublisher),
    ("consumers", Key::AddConsumer),
];

/// The item the form adds for `list`.
pub fn new_item(list: &str, name: &str, exchange: &str, queue: &str, key: &str) -> Value {
    match list {
        "queues" => json!({"name": name, "arguments": {}}),
        "exchanges" => json!({"name": name, "type": "direct"}),
        "bindings" => json!({"exchange": exchange, "queue": queue, "routing_key": key}),
        "policies" => json!({"name": name, "pattern": format!("^{queue}"), "definition": {}, "apply_to": "queues"}),
        "publishers" => json!({"exchange": exchange, "routing_key": key, "count": 1, "every_ms": 1000}),
        _ => json!({"queue": queue, "prefetch": 1, "behaviour": {"kind": "ack"}}),
    }
}

/// Adds `item` to `list` in the scenario text; `None` when the text is not a JSON object.
pub fn add_to(text: &str, list: &str, item: Value) -> Option<String> {
    let mut v: Value = serde_json::from_str(text).ok()?;
    let obj = v.as_object_mut()?;
    let arr = obj.entry(list.to_string()).or_insert_with(|| Value::Array(Vec::new()));
    arr.as_array_mut()?.push(item);
    serde_json::to_string_pretty(&v).ok()
}

/// The editor panel.
#[component]
pub fn Editor(
    /// Shared state.
    ctx: Ctx,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let status = RwSignal::new(None::<(bool, String)>);
    Effect::new(move |_| {
        ctx.loaded.track();
        if let Some(t) = ctx.with(|l| l.text.clone()) {
            text.set(t);
        }
    });
    let apply = move |_| {
        let t = text.get_untracked();
        match Lab::from_text(t, None) {
            Ok(lab) => {
                ctx.error.set(None);
                ctx.install(lab, 0);
                share::save(ctx);
                status.set(Some((true, tr(Key::ScenarioOk).to_string())));
            }
            // A bad scenario is reported here and the running one is kept.
            Err(e) => status.set(Some((false, e))),
        }
    };
    let (kind, name, exchange, queue, key) = (RwSignal::new("queues".to_string()), RwSignal::new(String::new()), RwSignal::new(String::new()), RwSignal::new(String::new()), RwSignal::new(String::new()));
    let add = move |_| {
        let item = new_item(&kind.get_untracked(), &name.get_untracked(), &exchange.get_untracked(), &queue.get_untracked(), &key.get_untracked());
        if let Some(t) = add_to(&text.get_untracked(), &kind.get_untracked(), item) {
            text.set(t);
        }
    };
    let input = move |sig: RwSignal<String>, class: &'static str, label: Key| view! {
        <label>{tr(label)}" "<input class=class prop:value=move || sig.get() on:input=move |e| sig.set(event_target_value(&e)) /></label>
    };
    view! {
        <section class="editor" aria-label=tr(Key::Editor)>
            <h2>{tr(Key::Editor)}</h2>
            <textarea class="scenario-json" spellcheck="false" rows="18" prop:value=move || text.get() on:input=move |e| text.set(event_target_value(&e))></textarea>
            <div class="editor-actions">
                <button class="apply" on:click=apply>{tr(Key::Apply)}</button>
                {move || status.get().map(|(ok, m)| view! { <p class=if ok { "status ok" } else { "status error" } role="status">{m}</p> })}
            </div>
            <div class="add-form">
                <label>{tr(Key::AddItem)}" "
                    <select class="add-kind" on:change=move |e| kind.set(event_target_value(&e))>
                        {KINDS.iter().map(|(k, label)| view! { <option value=*k>{tr(*label)}</option> }).collect_view()}
                    </select>
                </label>
                {input(name, "add-name", Key::FieldName)}
                {input(exchange, "add-exchange", Key::FieldExchange)}
                {input(queue, "add-queue", Key::FieldQueue)}
                {input(key, "add-key", Key::FieldKey)}
                <button class="add" on:click=add>{tr(Key::AddItem)}</button>
            </div>
        </section>
    }
}
