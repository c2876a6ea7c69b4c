//! The operator's panel of the comparison page: replay, skip, or fix the payload of the
//! dead-lettered messages (all of them, one, or those failing with a reason) at the moment
//! shown. The action is written into the workload's `operator` list, so every strategy runs
//! again with it and the text, the saved work and a reload all keep it.

use leptos::prelude::*;

use crate::systems::format::add_operator;
use crate::systems::workload::{OperatorAction, OperatorKind, Selection};
use crate::ui::i18n::tr;

use crate::ui::lanes::compare_ctx::CompareCtx;

/// The choices of the selection menu: `all`, `message:ID` for each message that can fail,
/// `reason:R` for each distinct failure reason.
fn choices(c: &CompareCtx) -> Vec<(String, String)> {
    c.runs.with_value(|r| {
        let ms = &r.comparison.workload.messages;
        let mut out = vec![("all".to_string(), tr("sys-select-all").to_string())];
        let mut reasons: Vec<&str> = ms.iter().filter_map(|m| m.failure.reason()).collect();
        reasons.sort_unstable();
        reasons.dedup();
        out.extend(reasons.into_iter().map(|r| {
            (
                format!("reason:{r}"),
                crate::msg!(crate::ui::locale::current(), "sys-select-reason-is", reason = r),
            )
        }));
        out.extend(ms.iter().filter(|m| m.failure.reason().is_some()).map(|m| {
            (
                format!("message:{}", m.id),
                crate::msg!(crate::ui::locale::current(), "sys-select-message-id", id = m.id),
            )
        }));
        out
    })
}

fn selection(value: &str) -> Selection {
    match value.split_once(':') {
        Some(("message", id)) => Selection::Message(id.to_string()),
        Some(("reason", r)) => Selection::Reason(r.to_string()),
        _ => Selection::All,
    }
}

fn kind(value: &str) -> OperatorKind {
    match value {
        "skip" => OperatorKind::Skip,
        "edit" => OperatorKind::Edit,
        _ => OperatorKind::Replay,
    }
}

/// The panel: what, which, a note, and the button that does it at the moment shown.
#[component]
pub fn OperatorPanel(c: CompareCtx) -> impl IntoView {
    let what = RwSignal::new("replay".to_string());
    let which = RwSignal::new("all".to_string());
    let note = RwSignal::new(String::new());
    let act = move |_| {
        let action = OperatorAction {
            at_ms: c.now_us.get_untracked() / 1000,
            kind: kind(&what.get_untracked()),
            select: selection(&which.get_untracked()),
            note: note.get_untracked(),
        };
        if let Some(text) = add_operator(&c.text.get_untracked(), &action) {
            c.apply_keeping_moment(text);
        }
    };
    view! {
        <section class="operator" aria-label=tr("sys-operator-title")>
            <h2>{tr("sys-operator-title")}</h2>
            <p class="hint">{tr("sys-operator-hint")}</p>
            <div class="operator-row">
                <select class="operator-action" on:change=move |ev| what.set(event_target_value(&ev))>
                    <option value="replay">{tr("sys-action-replay")}</option>
                    <option value="skip">{tr("sys-action-skip")}</option>
                    <option value="edit">{tr("sys-action-edit")}</option>
                </select>
                <select class="operator-select" on:change=move |ev| which.set(event_target_value(&ev))>
                    {move || { c.version.track(); choices(&c).into_iter().map(|(v, label)| {
                        let chosen = which.get_untracked() == v;
                        view! { <option value=v selected=chosen>{label}</option> }
                    }).collect_view() }}
                </select>
                <input class="operator-note" type="text" placeholder=tr("sys-note")
                    prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev)) />
                <button class="operator-do" on:click=act>{move || crate::msg!(crate::ui::locale::current(), "sys-do-it-at-time", time = crate::ui::i18n::fmt_secs(c.now_us.get()))}</button>
            </div>
        </section>
    }
}
