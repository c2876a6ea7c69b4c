//! The scenario editor: the JSON in a textarea, validated on apply, and small forms that add a
//! queue, exchange, binding, policy, publisher or consumer to it. An unapplied draft and the
//! last status live in [`EditorState`], which the page keeps across a language switch.

use leptos::prelude::*;
use serde_json::{json, Value};

use crate::scenario::definitions::scenario_lints;
use crate::ui::i18n::tr;
use crate::ui::notice::Notice;
use crate::ui::page_state::Ctx;
use crate::ui::{loading, locale, share};

/// What the add form can add: (list in the scenario, label key).
const KINDS: [(&str, &str); 6] = [
    ("queues", "ui-add-queue"),
    ("exchanges", "ui-add-exchange"),
    ("bindings", "ui-add-binding"),
    ("policies", "ui-add-policy"),
    ("publishers", "ui-add-publisher"),
    ("consumers", "ui-add-consumer"),
];

/// The item the form adds for `list`.
pub fn new_item(list: &str, name: &str, exchange: &str, queue: &str, key: &str) -> Value {
    match list {
        "queues" => json!({"name": name, "arguments": {}}),
        "exchanges" => json!({"name": name, "type": "direct"}),
        "bindings" => json!({"exchange": exchange, "queue": queue, "routing_key": key}),
        "policies" => {
            json!({"name": name, "pattern": format!("^{queue}"), "definition": {}, "apply_to": "queues"})
        }
        "publishers" => {
            json!({"exchange": exchange, "routing_key": key, "count": 1, "every_ms": 1000})
        }
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

/// What the editor holds beyond the loaded scenario: the text as edited, until it is applied
/// or another scenario is loaded, and the result of the last apply (worded when shown, so a
/// language switch re-words it). The page creates it once, outside what a switch re-renders.
#[derive(Clone, Copy)]
pub struct EditorState {
    draft: RwSignal<Option<String>>,
    status: RwSignal<Option<Result<(), Notice>>>,
    /// The editor sits beside the graph (in the inspector's column) instead of below.
    pub beside: RwSignal<bool>,
}

impl EditorState {
    /// No draft, no status.
    pub fn new() -> EditorState {
        EditorState {
            draft: RwSignal::new(None),
            status: RwSignal::new(None),
            beside: RwSignal::new(false),
        }
    }
}

impl Default for EditorState {
    fn default() -> Self {
        EditorState::new()
    }
}

/// Where an unapplied draft is kept across a reload, with the scenario text it was made on.
const DRAFT_KEY: &str = "dlx-lab:edit-draft";

/// Keeps the draft `text`, made on the scenario `base`.
fn keep_draft(base: &str, text: &str) {
    if let Some(s) = share::storage() {
        let _ = s.set_item(DRAFT_KEY, &json!({"base": base, "draft": text}).to_string());
    }
}

/// The kept draft, if it was made on `base` (the same scenario, however its text is laid out).
fn kept_draft(base: &str) -> Option<String> {
    let v: Value = serde_json::from_str(&share::storage()?.get_item(DRAFT_KEY).ok()??).ok()?;
    let kept_base = v.get("base")?.as_str()?;
    let same = kept_base == base
        || matches!(
            (serde_json::from_str::<Value>(kept_base), serde_json::from_str::<Value>(base)),
            (Ok(a), Ok(b)) if a == b
        );
    same.then(|| v.get("draft")?.as_str().map(str::to_string))?
}

fn forget_draft() {
    if let Some(s) = share::storage() {
        let _ = s.remove_item(DRAFT_KEY);
    }
}

/// How long typing pauses before a draft's lints are read again, in ms.
const LINT_PAUSE_MS: u64 = 400;

/// The editor panel.
#[component]
pub fn Editor(
    /// The draft and status, kept across language switches.
    state: EditorState,
    /// Undo and redo, when the page has them: an apply is a step.
    #[prop(optional)]
    history: Option<crate::ui::picture_edit::history::History>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let EditorState { draft, status, beside } = state;
    // A scenario was loaded: a draft kept from before a reload comes back if it was made on
    // this very scenario; otherwise the draft gives way to what was loaded (the first run,
    // which may follow a language switch, keeps the draft it has).
    Effect::new(move |first: Option<()>| {
        ctx.play.loaded.track();
        let base = ctx.play.with(|l| l.text.clone()).unwrap_or_default();
        match kept_draft(&base) {
            Some(kept) if draft.get_untracked().is_none() => {
                draft.set(Some(kept));
                status.set(Some(Err(Notice::DraftRestored)));
            }
            Some(_) => {}
            None if first.is_some() => {
                draft.set(None);
                forget_draft();
            }
            None => {}
        }
    });
    // The draft as it stood when typing last paused (None: no draft).
    let settled = RwSignal::new(draft.get_untracked());
    let typed = StoredValue::new(0u64);
    Effect::new(move |_| {
        let now = draft.get();
        typed.update_value(|n| *n += 1);
        let mine = typed.get_value();
        if now.is_none() {
            return settled.set(None);
        }
        set_timeout(
            move || {
                if typed.try_get_value() == Some(mine) {
                    settled.set(now);
                }
            },
            std::time::Duration::from_millis(LINT_PAUSE_MS),
        );
    });
    let text = move || {
        ctx.play.loaded.track();
        draft.get().or_else(|| ctx.play.with(|l| l.text.clone())).unwrap_or_default()
    };
    let current = move || {
        draft.get_untracked().or_else(|| ctx.play.with(|l| l.text.clone())).unwrap_or_default()
    };
    let apply = move |_| {
        status.set(None);
        // A long run is computed in slices (with a progress bar); the draft stays until it
        // is loaded, so a refusal or a Cancel loses nothing.
        let before = ctx.play.with(|l| l.text.clone()).unwrap_or_default();
        loading::load_text(ctx, current(), None, move |loaded| match loaded {
            Ok(lab) => {
                ctx.error.set(None);
                if let Some(h) = history {
                    h.record(before);
                }
                ctx.install(lab, 0);
                share::save(ctx.play);
                draft.set(None);
                forget_draft();
                status.set(Some(Ok(())));
            }
            // A bad scenario is reported here and the running one is kept.
            Err(e) => status.set(Some(Err(e))),
        });
    };
    let (kind, name, exchange, queue, key) = (
        RwSignal::new("queues".to_string()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
    );
    let add = move |_| {
        let item = new_item(
            &kind.get_untracked(),
            &name.get_untracked(),
            &exchange.get_untracked(),
            &queue.get_untracked(),
            &key.get_untracked(),
        );
        if let Some(t) = add_to(&current(), &kind.get_untracked(), item) {
            draft.set(Some(t));
        }
    };
    let input = move |sig: RwSignal<String>, class: &'static str, label: &'static str| {
        view! {
            <label>{tr(label)}" "<input class=class prop:value=move || sig.get() on:input=move |e| sig.set(event_target_value(&e)) /></label>
        }
    };
    view! {
        <section class="editor" aria-label=tr("ui-editor")>
            <div class="editor-head">
                <h2>{tr("ui-editor")}</h2>
                // On a wide screen the editor can move beside the graph, which stays in view.
                <button class="edit-beside" aria-pressed=move || beside.get().to_string() on:click=move |_| beside.update(|b| *b = !*b)>
                    {move || if beside.get() { tr("ui-edit-below") } else { tr("ui-edit-beside") }}
                </button>
            </div>
            <textarea class="scenario-json" aria-label=tr("ui-editor") spellcheck="false" rows="18" prop:value=text on:input=move |e| {
                let v = event_target_value(&e);
                keep_draft(&ctx.play.with(|l| l.text.clone()).unwrap_or_default(), &v);
                draft.set(Some(v));
            }></textarea>
            <div class="editor-actions">
                <button class="apply" on:click=apply>{tr("ui-apply")}</button>
                {move || {
                    locale::tracked();
                    status.get().map(|r| match r {
                        Ok(()) => view! { <p class="status ok" role="status">{tr("ui-scenario-ok")}</p> }.into_any(),
                        Err(n @ (Notice::DraftRestored | Notice::LoadCancelled)) => view! { <p class="status note" role="status">{n.text()}</p> }.into_any(),
                        Err(e) => view! { <p class="status error" role="status">{e.text()}</p> }.into_any(),
                    })
                }}
            </div>
            {move || {
                // The definitions lints of the text as it stands (applied or not): arguments the
                // broker does not know, dead-letter exchanges that route nowhere.
                // The loaded scenario's come from its topology as read at load; a draft's once
                // typing pauses, not on every key.
                locale::tracked();
                ctx.play.loaded.track();
                let profile = ctx.play.with(|l| l.scenario.profile).unwrap_or(&crate::engine::RABBITMQ_4);
                let (warnings, lints) = match settled.get() {
                    Some(text) => {
                        let json: serde_json::Value = serde_json::from_str(&text).ok()?;
                        scenario_lints::scenario_lints(&json, profile).ok()?
                    }
                    None => ctx.play.with(|l| {
                        let s = &l.scenario;
                        let later = scenario_lints::bound_later_in(s.timeline.iter().map(|t| &t.step));
                        scenario_lints::topology_lints(s.topology.clone(), &later, profile)
                    })?,
                };
                let lines: Vec<(&'static str, String)> = warnings
                    .iter()
                    .map(|w| ("warning", crate::ui::i18n::warning(w)))
                    .chain(lints.iter().map(|l| {
                        (l.level.as_str(), format!("{}: {}", l.subject, crate::ui::i18n::lint_reason(&l.reason)))
                    }))
                    .collect();
                (!lines.is_empty()).then(|| view! {
                    <ul class="editor-lints" aria-label=tr("ui-import-lints")>
                        {lines.into_iter().map(|(level, l)| view! { <li class=format!("lint lint-{level}")>{l}</li> }).collect_view()}
                    </ul>
                })
            }}
            <div class="add-form">
                <label>{tr("ui-add-item")}" "
                    <select class="add-kind" on:change=move |e| kind.set(event_target_value(&e))>
                        {KINDS.iter().map(|(k, label)| view! { <option value=*k>{tr(label)}</option> }).collect_view()}
                    </select>
                </label>
                {input(name, "add-name", "ui-field-name")}
                {input(exchange, "add-exchange", "ui-field-exchange")}
                {input(queue, "add-queue", "ui-field-queue")}
                {input(key, "add-key", "ui-field-key")}
                <button class="add" on:click=add>{tr("ui-add-item")}</button>
            </div>
        </section>
    }
}
