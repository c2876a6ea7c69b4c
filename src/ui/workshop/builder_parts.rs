//! The builder's goal forms (one row per part, its fields those of the predicate chosen) and
//! the trainer's workshop being gathered (its title, its exercises in order, its link).

use leptos::prelude::*;
use serde_json::{json, Value};

use crate::link::workshop_link::{fragment, WORKSHOP_KEY};
use crate::scenario::model::lang::Lang;
use crate::scenario::workshop::goal_form::{predicates, FieldKind, PartForm};
use crate::scenario::workshop::workshop_file::WorkshopFile;
use crate::scenario::workshop::{exercises, strategy_exercises};
use crate::ui::locale;
use crate::ui::share::base_url;
use crate::ui::share::storage;

use super::builder_page::Builder;
use super::progress::copy_text;

/// The localStorage key of the workshop the trainer gathers.
pub const WORKSHOP_DRAFT_KEY: &str = "dlx-lab:builder:workshop";

/// A predicate's name in the forms.
fn predicate_name(lang: Lang, id: &str) -> &'static str {
    match id {
        "message" => crate::label!(lang, "builder-pred-message"),
        "no_message_lost" => crate::label!(lang, "builder-pred-no-message-lost"),
        "no_drop" => crate::label!(lang, "builder-pred-no-drop"),
        "queue_depth" => crate::label!(lang, "builder-pred-queue-depth"),
        "event_count" => crate::label!(lang, "builder-pred-event-count"),
        "no_duplicates" => crate::label!(lang, "builder-pred-no-duplicates"),
        "order_kept" => crate::label!(lang, "builder-pred-order-kept"),
        "duplicates" => crate::label!(lang, "builder-pred-duplicates"),
        _ => crate::label!(lang, "builder-pred-count"),
    }
}

/// One part of the goal.
#[component]
fn PartRow(b: Builder, i: usize, system: String) -> impl IntoView {
    let kind = Memo::new(move |_| {
        b.draft.with(|d| d.goal.get(i).map(|p| p.kind.clone()).unwrap_or_default())
    });
    move || {
        let lang = locale::tracked();
        let k = kind.get();
        let specs = predicates(&system);
        let fields = specs.iter().find(|p| p.id == k).map(|p| p.fields).unwrap_or_default();
        view! {
            <li class="goal-part" data-kind=k.clone()>
                <select class="part-kind" aria-label=crate::label!(lang, "builder-goal") on:change=move |e| {
                    let v = event_target_value(&e);
                    b.edit(|d| if let Some(p) = d.goal.get_mut(i) { p.kind = v; p.fields.clear(); });
                }>
                    {specs.iter().map(|p| view! { <option value=p.id selected=p.id == k>{predicate_name(lang, p.id)}</option> }).collect_view()}
                </select>
                {fields.iter().map(|f| {
                    let name = f.name;
                    let value = move || b.draft.with(|d| d.goal.get(i).and_then(|p| p.fields.get(name).cloned()).unwrap_or_default());
                    let set = move |v: String| b.edit(|d| if let Some(p) = d.goal.get_mut(i) { p.fields.insert(name.to_string(), v); });
                    let label = if name.is_empty() { k.clone() } else { name.to_string() };
                    let input = match f.kind {
                        FieldKind::Choice(of) => view! {
                            <select class="part-field" data-field=name on:change=move |e| set(event_target_value(&e))>
                                <option value="" selected=move || value().is_empty()>"–"</option>
                                {of.iter().map(|o| view! { <option value=*o selected=move || value() == *o>{*o}</option> }).collect_view()}
                            </select>
                        }.into_any(),
                        FieldKind::Number => view! { <input type="text" inputmode="numeric" class="part-field" data-field=name prop:value=value on:input=move |e| set(event_target_value(&e)) /> }.into_any(),
                        FieldKind::Text => view! { <input type="text" class="part-field" data-field=name prop:value=value on:input=move |e| set(event_target_value(&e)) /> }.into_any(),
                    };
                    view! { <label class="part-field-label">{label}" "{input}</label> }
                }).collect_view()}
                <button class="remove-part" on:click=move |_| b.edit(|d| { if i < d.goal.len() { d.goal.remove(i); } })>{crate::label!(lang, "builder-remove")}</button>
            </li>
        }
    }
}

/// The goal: its parts as forms, or as JSON when the forms cannot show it.
#[component]
pub fn GoalParts(b: Builder) -> impl IntoView {
    let system = Memo::new(move |_| b.draft.with(|d| d.system.clone()));
    let count = Memo::new(move |_| b.draft.with(|d| d.goal.len()));
    let raw = Memo::new(move |_| b.draft.with(|d| d.goal_json.is_some()));
    move || {
        let lang = locale::tracked();
        let sys = system.get();
        let body = if raw.get() {
            view! {
                <p>{crate::label!(lang, "builder-goal-raw")}</p>
                <textarea class="goal-json" rows="8" aria-label=crate::label!(lang, "builder-goal") spellcheck="false"
                    prop:value=move || b.draft.with(|d| d.goal_json.clone().unwrap_or_default())
                    on:input=move |e| b.edit(|d| d.goal_json = Some(event_target_value(&e)))></textarea>
                <button class="use-forms" on:click=move |_| b.edit(|d| { d.goal_json = None; d.goal = vec![PartForm { kind: "no_message_lost".into(), ..Default::default() }]; })>
                    {crate::label!(lang, "builder-goal-use-forms")}</button>
            }
            .into_any()
        } else {
            let first = predicates(&sys).first().map(|p| p.id).unwrap_or("message");
            view! {
                <ol class="goal-parts">
                    {(0..count.get()).map(|i| view! { <PartRow b=b i=i system=sys.clone() /> }).collect_view()}
                </ol>
                <button class="add-part" on:click=move |_| b.edit(|d| d.goal.push(PartForm { kind: first.into(), ..Default::default() }))>
                    {crate::label!(lang, "builder-add-part")}</button>
            }
            .into_any()
        };
        view! {
            <section class="builder-goal">
                <h2>{crate::label!(lang, "builder-goal")}</h2>
                <p class="hint">{crate::label!(lang, "builder-goal-about")}</p>
                {body}
            </section>
        }
    }
}

fn load_workshop() -> Value {
    storage()
        .and_then(|s| s.get_item(WORKSHOP_DRAFT_KEY).ok().flatten())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| json!({"workshop": 1, "title": "", "exercises": []}))
}

/// The id of a workshop entry (a built-in id, or an exercise's `id`).
fn entry_id(v: &Value) -> String {
    v.as_str().or_else(|| v.get("id").and_then(Value::as_str)).unwrap_or_default().to_string()
}

/// The workshop the trainer gathers: a title, exercises in order, its link and file.
#[component]
pub fn MyWorkshop(b: Builder) -> impl IntoView {
    let ws = RwSignal::new(load_workshop());
    let copied = RwSignal::new(None::<bool>);
    let edit = move |f: &dyn Fn(&mut Value)| {
        ws.update(|w| f(w));
        if let Some(s) = storage() {
            let _ = s.set_item(WORKSHOP_DRAFT_KEY, &ws.with_untracked(|w| w.to_string()));
        }
    };
    let add = move |entry: Value| {
        edit(&|w: &mut Value| {
            if let Some(list) = w["exercises"].as_array_mut() {
                let id = entry_id(&entry);
                match list.iter().position(|e| entry_id(e) == id) {
                    Some(at) => list[at] = entry.clone(),
                    None => list.push(entry.clone()),
                }
            }
        })
    };
    let checked = Memo::new(move |_| ws.with(|w| WorkshopFile::from_json_in(w, Lang::En)));
    let entries = Memo::new(move |_| {
        ws.with(|w| {
            w["exercises"]
                .as_array()
                .map(|l| l.iter().map(entry_id).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let link = move || {
        ws.with(|w| format!("{}?workshop=1#{}", base_url(), fragment(WORKSHOP_KEY, &w.to_string())))
    };
    let href = move || {
        let text = ws.with(|w| serde_json::to_string_pretty(w).unwrap_or_default());
        format!("data:application/json;charset=utf-8,{}", js_sys::encode_uri_component(&text))
    };
    let label = |k: fn(Lang) -> &'static str| move || k(locale::tracked());
    view! {
        <section class="my-workshop">
            <h2>{label(|l| crate::label!(l, "builder-workshop"))}</h2>
            <label>{label(|l| crate::label!(l, "builder-workshop-title"))}" "
                <input type="text" class="workshop-title" prop:value=move || ws.with(|w| w["title"].as_str().unwrap_or_default().to_string())
                    on:input=move |e| { let v = event_target_value(&e); edit(&|w: &mut Value| w["title"] = json!(v)) } />
            </label>
            <p class="builder-actions">
                <button class="add-draft" on:click=move |_| if let Ok(v) = b.draft.with_untracked(|d| d.to_json()) { add(v) }>{label(|l| crate::label!(l, "builder-add-to-workshop"))}</button>
                <select class="add-builtin" aria-label=label(|l| crate::label!(l, "builder-workshop-add-builtin")) on:change=move |e| { let id = event_target_value(&e); if !id.is_empty() { add(json!(id)) } }>
                    <option value="">{label(|l| crate::label!(l, "builder-workshop-add-builtin"))}</option>
                    {exercises::EXERCISES.iter().chain(strategy_exercises::STRATEGY_EXERCISES.iter()).map(|(id, _)| view! { <option value=*id>{*id}</option> }).collect_view()}
                </select>
            </p>
            {move || {
                let lang = locale::tracked();
                let list = entries.get();
                if list.is_empty() {
                    return view! { <p class="hint">{crate::label!(lang, "builder-workshop-empty")}</p> }.into_any();
                }
                view! {
                    <ol class="workshop-entries">
                        {list.into_iter().enumerate().map(|(i, id)| view! {
                            <li data-exercise=id.clone()>{id.clone()}" "
                                <button class="entry-up" disabled=i == 0 on:click=move |_| edit(&|w: &mut Value| if let Some(l) = w["exercises"].as_array_mut() { if i > 0 { l.swap(i, i - 1) } })>{crate::label!(lang, "builder-up")}</button>
                                <button class="entry-remove" on:click=move |_| edit(&|w: &mut Value| if let Some(l) = w["exercises"].as_array_mut() { if i < l.len() { l.remove(i); } })>{crate::label!(lang, "builder-remove")}</button>
                            </li>
                        }).collect_view()}
                    </ol>
                }.into_any()
            }}
            {move || match checked.get() {
                Err(e) => view! { <p class="builder-status problem workshop-problem" role="alert">{crate::scenario::model::problem_text::error(&e).text(locale::tracked())}</p> }.into_any(),
                Ok(_) => view! {
                    <p class="builder-actions">
                        <button class="copy-workshop-link" on:click=move |_| copy_text(link(), copied)>{label(|l| crate::label!(l, "builder-workshop-link"))}</button>
                        <a class="download-workshop" href=href download="workshop.json">{label(|l| crate::label!(l, "builder-workshop-download"))}</a>
                    </p>
                }.into_any(),
            }}
            {move || copied.get().map(|ok| view! {
                <p class="copy-status" role="status">{if ok { crate::label!(locale::current(), "builder-copied").to_string() } else {
                    format!("{} {}", crate::label!(locale::current(), "builder-copy-by-hand"), link()) }}</p>
            })}
        </section>
    }
}
