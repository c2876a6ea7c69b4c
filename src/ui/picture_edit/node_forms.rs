//! The Node tab's forms for the chosen node: a queue's arguments (each with its unit, its
//! meaning and the checks beside it) and its bindings; an exchange's bindings; a consumer's
//! behaviour. Save makes the changed fields one edit (one undo step); a refused value stays in
//! its field with the broker's reason under it, and the scenario is unchanged.

use std::collections::BTreeMap;

use leptos::prelude::*;
use serde_json::Value;

use super::arg_labels::{arg_words, consumer_field, edit_error};
use super::{names, Sink};
use crate::scenario::edit::consumer_edits::KINDS;
use crate::scenario::edit::queue_args::{arg_text, ArgKind, DEFAULT_EXCHANGE, QUEUE_ARGS};
use crate::scenario::edit::{Edit, EditError};
use crate::ui::locale;

/// Field values by key, as typed.
type Values = BTreeMap<String, String>;

/// The form for node `id` (`q:…`, `x:…`, `c:…`); nothing for a publisher.
#[component]
pub fn NodeForm(sink: Sink, id: String) -> impl IntoView {
    if let Some(q) = id.strip_prefix("q:") {
        view! { <QueueForm sink=sink queue=q.to_string() /> }.into_any()
    } else if let Some(x) = id.strip_prefix("x:") {
        view! { <ExchangeForm sink=sink exchange=x.to_string() /> }.into_any()
    } else if let Some(q) = id.strip_prefix("c:") {
        view! { <ConsumerForm sink=sink queue=q.to_string() /> }.into_any()
    } else if id == "p" {
        view! { <super::publisher_form::PublisherForms sink=sink /> }.into_any()
    } else {
        ().into_any()
    }
}

/// The outcome line under a form: saved, or the refusal not tied to a field.
fn outcome(result: RwSignal<Option<Result<(), EditError>>>) -> impl IntoView {
    move || {
        let lang = locale::tracked();
        result.get().map(|r| match r {
            Ok(()) => view! { <p class="form-status ok" role="status">{crate::label!(lang, "pe-saved")}</p> }.into_any(),
            Err(e) if e.field().is_none() || matches!(e, EditError::Scenario { .. }) => {
                view! { <p class="form-status error" role="alert">{edit_error(lang, &e)}</p> }.into_any()
            }
            Err(_) => ().into_any(),
        })
    }
}

/// The refusal of `key`'s field, under it.
fn field_error(
    result: RwSignal<Option<Result<(), EditError>>>,
    key: &'static str,
) -> impl IntoView {
    move || {
        let lang = locale::tracked();
        result.get().and_then(Result::err).filter(|e| e.field() == Some(key)).map(|e| {
            view! { <p class="field-error" role="alert">{edit_error(lang, &e)}</p> }
        })
    }
}

/// A queue's arguments and the bindings into it.
#[component]
fn QueueForm(sink: Sink, queue: String) -> impl IntoView {
    let lang = locale::current();
    let json = sink.json();
    let q = json["queues"]
        .as_array()
        .and_then(|l| l.iter().find(|q| q["name"] == queue.as_str()).cloned());
    let Some(q) = q else { return ().into_any() };
    let original: Values = q["arguments"]
        .as_object()
        .map(|m| m.iter().map(|(k, v)| (k.clone(), arg_text(v))).collect())
        .unwrap_or_default();
    let values = RwSignal::new(original.clone());
    let result = RwSignal::new(None::<Result<(), EditError>>);
    let label_of_form = queue.clone();
    let quorum = original.get("x-queue-type").is_some_and(|t| t == "quorum");
    let exchanges = names(&json, "exchanges");
    let list_id = format!("exchanges-of-{queue}");
    let save = {
        let queue = queue.clone();
        move |_| {
            let now = values.get_untracked();
            // The exchange first, so a routing key set with it is accepted.
            let mut edits: Vec<Edit> = QUEUE_ARGS
                .iter()
                .filter(|s| {
                    now.get(s.key).map(String::as_str).unwrap_or("")
                        != original.get(s.key).map(String::as_str).unwrap_or("")
                })
                .map(|s| Edit::SetQueueArgument {
                    queue: queue.clone(),
                    key: s.key.to_string(),
                    text: now.get(s.key).cloned().unwrap_or_default(),
                })
                .collect();
            edits.sort_by_key(|e| match e {
                Edit::SetQueueArgument { key, text, .. }
                    if key == "x-dead-letter-exchange" && !text.is_empty() =>
                {
                    0
                }
                _ => 1,
            });
            result.set(Some(sink.edit_all(&edits)));
        }
    };
    let fields = QUEUE_ARGS.iter().map(|s| {
        let key = s.key;
        let (label, help) = arg_words(lang, key);
        // The unit and the least value the broker takes.
        let unit = match s.kind {
            ArgKind::Millis { min } => Some(format!("ms, ≥ {min}")),
            ArgKind::Count { min } => Some(format!("≥ {min}")),
            _ => None,
        };
        let get = move || values.with(|v| v.get(key).cloned().unwrap_or_default());
        let set = move |t: String| values.update(|v| { v.insert(key.to_string(), t); });
        let input = match s.kind {
            ArgKind::Choice(words) => view! {
                <select name=key id=format!("arg-{key}") prop:value=get on:change=move |e| set(event_target_value(&e))>
                    <option value="">{crate::label!(lang, "pe-none")}</option>
                    // Marked on the option too: a select's value set before its options exist
                    // does not hold.
                    {words.iter().map(|w| view! { <option value=*w selected=get() == *w>{*w}</option> }).collect_view()}
                </select>
            }.into_any(),
            ArgKind::Exchange => view! {
                <input name=key id=format!("arg-{key}") list=list_id.clone() autocomplete="off" prop:value=get on:input=move |e| set(event_target_value(&e)) />
            }.into_any(),
            ArgKind::Millis { .. } | ArgKind::Count { .. } => view! {
                <input name=key id=format!("arg-{key}") inputmode="numeric" prop:value=get on:input=move |e| set(event_target_value(&e)) />
            }.into_any(),
            ArgKind::RoutingKey => view! {
                <input name=key id=format!("arg-{key}") prop:value=get on:input=move |e| set(event_target_value(&e)) />
            }.into_any(),
        };
        // Checks beside the field: a dead-letter exchange that is not declared; an argument
        // only a quorum queue reads.
        let known = exchanges.clone();
        let lint = move || {
            let lang = locale::tracked();
            let v = get();
            if key == "x-dead-letter-exchange" && !v.is_empty() && v != DEFAULT_EXCHANGE && !known.contains(&v) {
                return Some(crate::msg!(lang, "pe-no-such-exchange", name = v));
            }
            (s.quorum_only && !quorum && !v.is_empty()).then(|| crate::label!(lang, "pe-quorum-only").to_string())
        };
        view! {
            <div class="form-field" data-arg=key>
                <label for=format!("arg-{key}")>{label}{unit.map(|u| view! { <span class="unit">" ("{u}")"</span> })}<code class="arg-key">{key}</code></label>
                {input}
                <p class="field-help">{help}</p>
                {move || lint().map(|l| view! { <p class="field-lint">{l}</p> })}
                {field_error(result, key)}
            </div>
        }
    }).collect_view();
    // What the definitions checks say of this queue as it stands: a DLX that routes nowhere,
    // a cycle, a TTL behind the head, an argument its type ignores.
    let profile = sink.ctx.play.with(|l| l.scenario.profile).unwrap_or(&crate::engine::RABBITMQ_4);
    let lints: Vec<String> =
        crate::scenario::definitions::scenario_lints::scenario_lints(&json, profile)
            .map(|(_, lints)| {
                lints
                    .iter()
                    .filter(|l| l.subject == label_of_form)
                    .map(|l| crate::ui::i18n::lint_reason(&l.reason))
                    .collect()
            })
            .unwrap_or_default();
    // What the broker applies and where each value comes from (an argument, a policy, the
    // default), as `dlx-lab definitions` prints it.
    let effective: Vec<(&'static str, String, String)> = sink
        .ctx
        .play
        .with(|l| {
            l.run.engine().queue(&label_of_form).map(|q| {
                crate::scenario::definitions::queue_report(
                    &label_of_form,
                    q.kind,
                    &q.arguments,
                    &q.effective,
                )
            })
        })
        .flatten()
        .map(|r| {
            r.settings
                .into_iter()
                .filter_map(|(k, v)| v.map(|(value, source)| (k, arg_text(&value), source)))
                .collect()
        })
        .unwrap_or_default();
    view! {
        <section class="node-form queue-form" aria-label=label_of_form.clone()>
            {(!effective.is_empty()).then(|| view! {
                <table class="effective-settings">
                    <caption>{crate::label!(lang, "pe-effective")}</caption>
                    {effective.into_iter().map(|(k, v, src)| view! { <tr data-setting=k><th>{k}</th><td>{v}</td><td class="source">{src}</td></tr> }).collect_view()}
                </table>
            })}
            {(!lints.is_empty()).then(|| view! { <ul class="form-lints">{lints.into_iter().map(|l| view! { <li class="field-lint">{l}</li> }).collect_view()}</ul> })}
            <datalist id=list_id.clone()>
                <option value=DEFAULT_EXCHANGE>{crate::label!(lang, "pe-default-exchange")}</option>
                {exchanges.iter().map(|x| view! { <option value=x.clone()></option> }).collect_view()}
            </datalist>
            {fields}
            <div class="form-actions">
                <button class="form-save primary" on:click=save>{crate::label!(lang, "pe-save")}</button>
                <button class="form-remove quiet" on:click={ let q = queue.clone(); move |_| result.set(Some(sink.edit(&Edit::RemoveQueue { name: q.clone() }))) }>{crate::label!(lang, "pe-remove-queue")}</button>
            </div>
            {outcome(result)}
            <h3>{crate::label!(lang, "pe-bindings-into")}</h3>
            <BindingRows sink=sink json=json.clone() keep=move |b: &Value| b["queue"] == queue.as_str() />
        </section>
    }
    .into_any()
}

/// An exchange's bindings, and its removal.
#[component]
fn ExchangeForm(sink: Sink, exchange: String) -> impl IntoView {
    let lang = locale::current();
    let json = sink.json();
    if !names(&json, "exchanges").contains(&exchange) {
        return ().into_any();
    }
    let result = RwSignal::new(None::<Result<(), EditError>>);
    let name = exchange.clone();
    view! {
        <section class="node-form exchange-form">
            <h3>{crate::label!(lang, "pe-bindings-from")}</h3>
            <BindingRows sink=sink json=json.clone() keep=move |b: &Value| b["exchange"] == exchange.as_str() />
            <div class="form-actions">
                <button class="bind-pick" on:click={ let x = name.clone(); move |_| { sink.bind_from.set(Some(x.clone())); sink.bind_to.set(None); } }>{crate::label!(lang, "pe-bind-pick")}</button>
                <button class="form-remove quiet" on:click=move |_| result.set(Some(sink.edit(&Edit::RemoveExchange { name: name.clone() })))>{crate::label!(lang, "pe-remove-exchange")}</button>
            </div>
            {outcome(result)}
        </section>
    }
    .into_any()
}

/// The bindings `keep` picks: each its exchange → queue, its routing key (editable), Remove.
#[component]
fn BindingRows(sink: Sink, json: Value, keep: impl Fn(&Value) -> bool + 'static) -> impl IntoView {
    let lang = locale::current();
    let rows: Vec<(usize, String, String, String)> = json["bindings"]
        .as_array()
        .map(|l| {
            l.iter()
                .enumerate()
                .filter(|(_, b)| keep(b))
                .map(|(i, b)| {
                    let s = |k: &str| b[k].as_str().unwrap_or_default().to_string();
                    (i, s("exchange"), s("queue"), s("routing_key"))
                })
                .collect()
        })
        .unwrap_or_default();
    let result = RwSignal::new(None::<Result<(), EditError>>);
    view! {
        <ul class="binding-rows">
            {rows.into_iter().map(|(index, x, q, key)| {
                let typed = RwSignal::new(key.clone());
                view! {
                    <li class="binding-row" data-binding=index.to_string()>
                        <span class="binding-ends">{format!("{x} → {q}")}</span>
                        <input class="binding-key" aria-label=crate::label!(lang, "pe-routing-key") prop:value=move || typed.get() on:input=move |e| typed.set(event_target_value(&e)) />
                        <button class="binding-save" on:click=move |_| result.set(Some(sink.edit(&Edit::SetBindingKey { index, routing_key: typed.get_untracked() })))>{crate::label!(lang, "pe-save")}</button>
                        <button class="binding-remove quiet" on:click=move |_| result.set(Some(sink.edit(&Edit::RemoveBinding { index })))>{crate::label!(lang, "pe-remove")}</button>
                    </li>
                }
            }).collect_view()}
        </ul>
        {outcome(result)}
    }
}

/// The fields a behaviour kind takes.
fn kind_fields(kind: &str) -> &'static [&'static str] {
    match kind {
        "ack" => &["work_ms"],
        "reject" => &["work_ms", "requeue"],
        "fail_then_succeed" => &["failures", "work_ms", "requeue"],
        "fail_percent" => &["percent", "work_ms", "requeue"],
        "retry_router" => {
            &["max_attempts", "retry_keys", "retry_exchange", "parking_exchange", "work_ms"]
        }
        "crash_after" => &["deliveries", "work_ms"],
        _ => &[],
    }
}

/// The consumer of `queue`: what it does with a delivery, and that behaviour's fields.
#[component]
fn ConsumerForm(sink: Sink, queue: String) -> impl IntoView {
    let lang = locale::current();
    let json = sink.json();
    let found = json["consumers"]
        .as_array()
        .and_then(|l| l.iter().position(|c| c["queue"] == queue.as_str()));
    let Some(index) = found else { return ().into_any() };
    let c = &json["consumers"][index];
    let b = &c["behaviour"];
    let text = |v: &Value| match v {
        Value::Array(keys) => keys.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
        Value::Null => String::new(),
        other => arg_text(other),
    };
    let mut original: Values = [
        "kind",
        "work_ms",
        "requeue",
        "failures",
        "percent",
        "max_attempts",
        "retry_keys",
        "retry_exchange",
        "parking_exchange",
        "deliveries",
    ]
    .iter()
    .map(|f| (f.to_string(), text(&b[*f])))
    .collect();
    original.insert("prefetch".into(), text(&c["prefetch"]));
    let values = RwSignal::new(original.clone());
    let result = RwSignal::new(None::<Result<(), EditError>>);
    let kind = Memo::new(move |_| values.with(|v| v.get("kind").cloned().unwrap_or_default()));
    let save = move |_| {
        let now = values.get_untracked();
        // The fields first, the kind last: a kind is read with the fields it needs.
        let mut fields: Vec<&'static str> = kind_fields(&now["kind"]).to_vec();
        fields.push("prefetch");
        fields.push("kind");
        let edits: Vec<Edit> = fields
            .into_iter()
            .filter(|f| now.get(*f) != original.get(*f))
            .map(|f| Edit::SetConsumer {
                index,
                field: f.to_string(),
                text: now.get(f).cloned().unwrap_or_default(),
            })
            .collect();
        result.set(Some(sink.edit_all(&edits)));
    };
    let field = move |f: &'static str| {
        let get = move || values.with(|v| v.get(f).cloned().unwrap_or_default());
        view! {
            <div class="form-field" data-field=f>
                <label for=format!("cf-{f}")>{consumer_field(locale::current(), f)}</label>
                <input id=format!("cf-{f}") name=f prop:value=get on:input=move |e| { let t = event_target_value(&e); values.update(|v| { v.insert(f.to_string(), t); }); } />
            </div>
        }
    };
    view! {
        <section class="node-form consumer-form">
            <h3>{crate::msg!(lang, "pe-consumer-of", queue = queue.clone())}</h3>
            <div class="form-field" data-field="kind">
                <label for="cf-kind">{consumer_field(lang, "kind")}</label>
                <select id="cf-kind" name="kind" prop:value=move || kind.get() on:change=move |e| { let t = event_target_value(&e); values.update(|v| { v.insert("kind".into(), t); }); }>
                    {KINDS.iter().map(|k| view! { <option value=*k selected=kind.get_untracked() == *k>{*k}</option> }).collect_view()}
                </select>
            </div>
            {move || kind_fields(&kind.get()).iter().map(|f| field(f)).collect_view()}
            {field("prefetch")}
            <div class="form-actions">
                <button class="form-save primary" on:click=save>{crate::label!(lang, "pe-save")}</button>
                <button class="form-remove quiet" on:click=move |_| result.set(Some(sink.edit(&Edit::RemoveConsumer { index })))>{crate::label!(lang, "pe-remove-consumer")}</button>
            </div>
            {outcome(result)}
        </section>
    }
    .into_any()
}

/// The scenario's policies (they are no node on the graph), each with Remove.
#[component]
pub fn PolicyRows(sink: Sink) -> impl IntoView {
    let lang = locale::current();
    let json = sink.json();
    let policies: Vec<(String, String)> = json["policies"]
        .as_array()
        .map(|l| {
            l.iter()
                .map(|p| {
                    let s = |k: &str| p[k].as_str().unwrap_or_default().to_string();
                    (s("name"), s("pattern"))
                })
                .collect()
        })
        .unwrap_or_default();
    if policies.is_empty() {
        return ().into_any();
    }
    let result = RwSignal::new(None::<Result<(), EditError>>);
    view! {
        <section class="node-form policy-rows">
            <h3>{crate::label!(lang, "pe-policies")}</h3>
            <ul class="binding-rows">
                {policies.into_iter().map(|(name, pattern)| {
                    let n = name.clone();
                    view! {
                        <li class="policy-row" data-policy=name.clone()>
                            <span class="binding-ends">{format!("{name}: {pattern}")}</span>
                            <button class="policy-remove quiet" on:click=move |_| result.set(Some(sink.edit(&Edit::RemovePolicy { name: n.clone() })))>{crate::label!(lang, "pe-remove")}</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            {outcome(result)}
        </section>
    }
    .into_any()
}
