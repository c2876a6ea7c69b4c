//! The Add menu (over the canvas, and in the Node tab) and its forms: a queue (with the
//! arguments a dead-letter setup needs first), an exchange, a binding, a policy. Add makes the
//! edit; a refusal names the field and leaves the scenario as it was.

use leptos::prelude::*;

use super::arg_labels::{arg_words, edit_error};
use super::{names, AddKind, Sink};
use crate::scenario::edit::queue_args::{spec, ArgKind, DEFAULT_EXCHANGE};
use crate::scenario::edit::topology_edits::{EXCHANGE_TYPES, POLICY_KEYS};
use crate::scenario::edit::{Edit, EditError};
use crate::ui::locale;

/// The queue arguments the Add queue form asks for.
const QUEUE_FIELDS: [&str; 6] = [
    "x-dead-letter-exchange",
    "x-dead-letter-routing-key",
    "x-message-ttl",
    "x-max-length",
    "x-overflow",
    "x-queue-type",
];

/// The four Add buttons; `open` is told which form to show.
#[component]
pub fn AddButtons(sink: Sink, #[prop(into)] open: Callback<()>) -> impl IntoView {
    let lang = locale::current();
    let button = move |kind: AddKind, class: &'static str, label: &'static str| {
        view! { <button class=format!("add-button {class}") on:click=move |_| { sink.adding.set(Some(kind)); open.run(()); }>{label}</button> }
    };
    view! {
        <div class="add-buttons" role="group" aria-label=crate::label!(lang, "pe-add-menu")>
            {button(AddKind::Queue, "add-queue", crate::label!(lang, "pe-add-queue"))}
            {button(AddKind::Exchange, "add-exchange", crate::label!(lang, "pe-add-exchange"))}
            {button(AddKind::Binding, "add-binding", crate::label!(lang, "pe-add-binding"))}
            {button(AddKind::Policy, "add-policy", crate::label!(lang, "pe-add-policy"))}
            {button(AddKind::Publisher, "add-publisher", crate::label!(lang, "pe-add-publisher"))}
            {button(AddKind::Consumer, "add-consumer", crate::label!(lang, "pe-add-consumer"))}
        </div>
    }
}

/// The Add menu over the canvas.
#[component]
pub fn AddMenu(sink: Sink, #[prop(into)] open: Callback<()>) -> impl IntoView {
    let shown = RwSignal::new(false);
    let lang = locale::current();
    view! {
        <div class="add-menu">
            <button class="add-menu-toggle" aria-expanded=move || shown.get().to_string() on:click=move |_| shown.update(|s| *s = !*s)>
                {crate::ui::icons::icon(crate::ui::icons::Icon::ZoomIn)}<span>{crate::label!(lang, "pe-add-menu")}</span>
            </button>
            <div class="add-menu-list" class:hidden=move || !shown.get()>
                <AddButtons sink=sink open=Callback::new(move |()| { shown.set(false); open.run(()); }) />
            </div>
        </div>
    }
}

/// One labelled text field bound to `value`.
fn text_field(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    list: Option<&'static str>,
) -> impl IntoView {
    view! {
        <div class="form-field">
            <label for=id>{label}</label>
            <input id=id name=id list=list autocomplete="off" prop:value=move || value.get() on:input=move |e| value.set(event_target_value(&e)) />
        </div>
    }
}

/// A select of `choices` (with an empty first choice when `optional`) bound to `value`.
fn choice_field(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    choices: Vec<String>,
    optional: bool,
) -> impl IntoView {
    let lang = locale::current();
    view! {
        <div class="form-field">
            <label for=id>{label}</label>
            <select id=id name=id prop:value=move || value.get() on:change=move |e| value.set(event_target_value(&e))>
                {optional.then(|| view! { <option value="">{crate::label!(lang, "pe-none")}</option> })}
                // The choice marked on its option too: a select's value set before its options
                // exist does not hold.
                {choices.into_iter().map(|c| {
                    let chosen = value.get_untracked() == c;
                    view! { <option value=c.clone() selected=chosen>{c.clone()}</option> }
                }).collect_view()}
            </select>
        </div>
    }
}

/// The form the Add menu opened.
#[component]
pub fn AddForm(sink: Sink, kind: AddKind) -> impl IntoView {
    let lang = locale::current();
    let json = sink.json();
    let (exchanges, queues) = (names(&json, "exchanges"), names(&json, "queues"));
    let result = RwSignal::new(None::<EditError>);
    let name = RwSignal::new(String::new());
    let add = move |edit: Edit| match sink.edit(&edit) {
        Ok(()) => {
            sink.adding.set(None);
            sink.bind_from.set(None);
            sink.bind_to.set(None);
        }
        Err(e) => result.set(Some(e)),
    };
    let (title, body, make): (&'static str, AnyView, Box<dyn Fn() -> Edit + Send + Sync>) =
        match kind {
            AddKind::Queue => {
                let args: Vec<(&'static str, RwSignal<String>)> =
                    QUEUE_FIELDS.iter().map(|k| (*k, RwSignal::new(String::new()))).collect();
                let fields = args
                    .iter()
                    .map(|&(key, value)| {
                        let (label, _) = arg_words(lang, key);
                        match spec(key).map(|s| s.kind) {
                            Some(ArgKind::Choice(words)) => choice_field(
                                key,
                                label,
                                value,
                                words.iter().map(|w| w.to_string()).collect(),
                                true,
                            )
                            .into_any(),
                            Some(ArgKind::Exchange) => {
                                text_field(key, label, value, Some("add-exchanges")).into_any()
                            }
                            _ => text_field(key, label, value, None).into_any(),
                        }
                    })
                    .collect_view();
                let body = view! {
                {text_field("add-name", crate::label!(lang, "pe-name"), name, None)}
                <datalist id="add-exchanges">
                    <option value=DEFAULT_EXCHANGE></option>
                    {exchanges.iter().map(|x| view! { <option value=x.clone()></option> }).collect_view()}
                </datalist>
                {fields}
            }.into_any();
                let make = move || Edit::AddQueue {
                    name: name.get_untracked(),
                    arguments: args
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.get_untracked()))
                        .filter(|(_, v)| !v.trim().is_empty())
                        .collect(),
                };
                (crate::label!(lang, "pe-add-queue"), body, Box::new(make))
            }
            AddKind::Exchange => {
                let kind = RwSignal::new("direct".to_string());
                let body = view! {
                {text_field("add-name", crate::label!(lang, "pe-name"), name, None)}
                {choice_field("add-type", crate::label!(lang, "pe-type"), kind, EXCHANGE_TYPES.iter().map(|t| t.to_string()).collect(), false)}
            }.into_any();
                (
                    crate::label!(lang, "pe-add-exchange"),
                    body,
                    Box::new(move || Edit::AddExchange {
                        name: name.get_untracked(),
                        kind: kind.get_untracked(),
                    }),
                )
            }
            AddKind::Binding => {
                // Picked on the graph (the exchange, then the queue), or the first of each.
                let first = |l: &Vec<String>| l.first().cloned().unwrap_or_default();
                let exchange = RwSignal::new(
                    sink.bind_from.get_untracked().unwrap_or_else(|| first(&exchanges)),
                );
                let queue =
                    RwSignal::new(sink.bind_to.get_untracked().unwrap_or_else(|| first(&queues)));
                let key = RwSignal::new(String::new());
                let args = RwSignal::new(String::new());
                let body = view! {
                {choice_field("add-binding-exchange", crate::label!(lang, "pe-exchange"), exchange, exchanges.clone(), false)}
                {choice_field("add-binding-queue", crate::label!(lang, "pe-queue"), queue, queues.clone(), false)}
                {text_field("add-routing-key", crate::label!(lang, "pe-routing-key"), key, None)}
                {text_field("add-binding-arguments", crate::label!(lang, "pe-binding-arguments"), args, None)}
            }.into_any();
                let make = move || Edit::AddBinding {
                    exchange: exchange.get_untracked(),
                    queue: queue.get_untracked(),
                    routing_key: key.get_untracked(),
                    arguments: args.get_untracked(),
                };
                (crate::label!(lang, "pe-add-binding"), body, Box::new(make))
            }
            AddKind::Publisher => {
                let exchange = RwSignal::new(exchanges.first().cloned().unwrap_or_default());
                let (key, count, every) = (
                    RwSignal::new(String::new()),
                    RwSignal::new("1".to_string()),
                    RwSignal::new("1000".to_string()),
                );
                let body = view! {
                {choice_field("add-publisher-exchange", crate::label!(lang, "pe-exchange"), exchange, exchanges.clone(), false)}
                {text_field("add-publisher-key", crate::label!(lang, "pe-routing-key"), key, None)}
                {text_field("add-publisher-count", crate::label!(lang, "pe-pf-count"), count, None)}
                {text_field("add-publisher-every", crate::label!(lang, "pe-pf-every-ms"), every, None)}
            }.into_any();
                let make = move || Edit::AddPublisher {
                    exchange: exchange.get_untracked(),
                    routing_key: key.get_untracked(),
                    count: count.get_untracked(),
                    every_ms: every.get_untracked(),
                };
                (crate::label!(lang, "pe-add-publisher"), body, Box::new(make))
            }
            AddKind::Consumer => {
                let queue = RwSignal::new(queues.first().cloned().unwrap_or_default());
                let kind = RwSignal::new("ack".to_string());
                let kinds = crate::scenario::edit::consumer_edits::KINDS
                    .iter()
                    .map(|k| k.to_string())
                    .collect();
                let body = view! {
                {choice_field("add-consumer-queue", crate::label!(lang, "pe-queue"), queue, queues.clone(), false)}
                {choice_field("add-consumer-kind", super::arg_labels::consumer_field(lang, "kind"), kind, kinds, false)}
            }.into_any();
                (
                    crate::label!(lang, "pe-add-consumer"),
                    body,
                    Box::new(move || Edit::AddConsumer {
                        queue: queue.get_untracked(),
                        kind: kind.get_untracked(),
                    }),
                )
            }
            AddKind::Policy => {
                let (pattern, apply_to, priority) = (
                    RwSignal::new(String::new()),
                    RwSignal::new("queues".to_string()),
                    RwSignal::new(String::new()),
                );
                let defs: Vec<(&'static str, &'static str, RwSignal<String>)> = POLICY_KEYS
                    .iter()
                    .map(|(k, a)| (*k, *a, RwSignal::new(String::new())))
                    .collect();
                let def_fields = defs.iter().map(|&(key, arg, value)| {
                let (label, _) = arg_words(lang, arg);
                view! {
                    <div class="form-field">
                        <label for=format!("policy-{key}")>{label}<code class="arg-key">{key}</code></label>
                        <input id=format!("policy-{key}") name=key prop:value=move || value.get() on:input=move |e| value.set(event_target_value(&e)) />
                    </div>
                }
            }).collect_view();
                let body = view! {
                {text_field("add-name", crate::label!(lang, "pe-name"), name, None)}
                {text_field("add-pattern", crate::label!(lang, "pe-pattern"), pattern, None)}
                {choice_field("add-apply-to", crate::label!(lang, "pe-apply-to"), apply_to, vec!["queues".into(), "exchanges".into(), "all".into()], false)}
                {text_field("add-priority", crate::label!(lang, "pe-priority"), priority, None)}
                <fieldset class="policy-definition"><legend>{crate::label!(lang, "pe-policy-definition")}</legend>{def_fields}</fieldset>
            }.into_any();
                let make = move || Edit::AddPolicy {
                    name: name.get_untracked(),
                    pattern: pattern.get_untracked(),
                    apply_to: apply_to.get_untracked(),
                    priority: priority.get_untracked(),
                    definition: defs
                        .iter()
                        .map(|(k, _, v)| (k.to_string(), v.get_untracked()))
                        .filter(|(_, v)| !v.trim().is_empty())
                        .collect(),
                };
                (crate::label!(lang, "pe-add-policy"), body, Box::new(make))
            }
        };
    view! {
        <section class="node-form add-form-panel" aria-label=title>
            <h2>{title}</h2>
            {body}
            {move || result.get().map(|e| view! { <p class="form-status error" role="alert">{edit_error(locale::current(), &e)}</p> })}
            <div class="form-actions">
                <button class="form-add primary" on:click=move |_| add(make())>{crate::label!(lang, "pe-do-add")}</button>
                <button class="form-cancel quiet" on:click=move |_| { sink.adding.set(None); sink.bind_from.set(None); sink.bind_to.set(None); }>{crate::label!(lang, "pe-cancel")}</button>
            </div>
        </section>
    }
}
