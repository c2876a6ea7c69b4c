//! The publishers' forms (the graph's publisher node stands for all of them): each one's
//! exchange, routing key, body, count, pace, start, per-message TTL and headers, with Save and
//! Remove.

use leptos::prelude::*;
use serde_json::Value;

use super::arg_labels::edit_error;
use super::Sink;
use crate::scenario::edit::publisher_edits::publisher_text;
use crate::scenario::edit::{Edit, EditError};
use crate::ui::locale;

/// A publisher's fields, in the order the form shows them.
const FIELDS: [&str; 8] =
    ["exchange", "routing_key", "body", "count", "every_ms", "start_ms", "expiration", "headers"];

fn field_label(lang: crate::scenario::Lang, field: &str) -> &'static str {
    match field {
        "exchange" => crate::label!(lang, "pe-exchange"),
        "routing_key" => crate::label!(lang, "pe-routing-key"),
        "body" => crate::label!(lang, "pe-pf-body"),
        "count" => crate::label!(lang, "pe-pf-count"),
        "every_ms" => crate::label!(lang, "pe-pf-every-ms"),
        "start_ms" => crate::label!(lang, "pe-pf-start-ms"),
        "expiration" => crate::label!(lang, "pe-pf-expiration"),
        _ => crate::label!(lang, "pe-pf-headers"),
    }
}

/// Every publisher of the scenario, a form each.
#[component]
pub fn PublisherForms(sink: Sink) -> impl IntoView {
    let json = sink.json();
    let publishers: Vec<Value> = json["publishers"].as_array().cloned().unwrap_or_default();
    publishers
        .into_iter()
        .enumerate()
        .map(|(index, p)| view! { <PublisherForm sink=sink index=index publisher=p /> })
        .collect_view()
}

#[component]
fn PublisherForm(sink: Sink, index: usize, publisher: Value) -> impl IntoView {
    let lang = locale::current();
    let original: Vec<String> = FIELDS.iter().map(|f| publisher_text(&publisher, f)).collect();
    let values: Vec<RwSignal<String>> = original.iter().map(|v| RwSignal::new(v.clone())).collect();
    let result = RwSignal::new(None::<Result<(), EditError>>);
    let save = {
        let values = values.clone();
        move |_| {
            let edits: Vec<Edit> = FIELDS
                .iter()
                .zip(&values)
                .zip(&original)
                .filter(|((_, v), o)| v.get_untracked() != **o)
                .map(|((f, v), _)| Edit::SetPublisher {
                    index,
                    field: f.to_string(),
                    text: v.get_untracked(),
                })
                .collect();
            result.set(Some(sink.edit_all(&edits)));
        }
    };
    view! {
        <section class="node-form publisher-form" data-publisher=index.to_string()>
            <h3>{crate::msg!(lang, "pe-publisher-n", n = index + 1)}</h3>
            {FIELDS.iter().zip(values).map(|(f, v)| {
                let id = format!("pf-{index}-{f}");
                view! {
                    <div class="form-field" data-field=*f>
                        <label for=id.clone()>{field_label(lang, f)}</label>
                        <input id=id name=*f prop:value=move || v.get() on:input=move |e| v.set(event_target_value(&e)) />
                    </div>
                }
            }).collect_view()}
            <div class="form-actions">
                <button class="form-save primary" on:click=save>{crate::label!(lang, "pe-save")}</button>
                <button class="form-remove quiet" on:click=move |_| result.set(Some(sink.edit(&Edit::RemovePublisher { index })))>{crate::label!(lang, "pe-remove-publisher")}</button>
            </div>
            {move || result.get().and_then(Result::err).map(|e| view! { <p class="form-status error" role="alert">{edit_error(locale::current(), &e)}</p> })}
        </section>
    }
}
