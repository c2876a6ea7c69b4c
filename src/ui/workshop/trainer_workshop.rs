//! A trainer's workshop opened from a link (`?workshop=1#w=…`): its title, its exercises in
//! order with the learner's progress, and the summary to copy to the trainer.

use leptos::prelude::*;

use crate::scenario::workshop::workshop_file::WorkshopFile;
use crate::systems::Strategy;
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::strategy_name;
use crate::ui::lang_switch::LangSwitch;
use crate::ui::locale;

use super::progress::{copy_text, forget, leave_workshop, summary};
use super::workshop_page::solved;

/// The trainer's workshop.
#[component]
pub fn TrainerWorkshop(
    w: WorkshopFile,
    /// Whether the summary was copied (kept across a language switch).
    copied: RwSignal<Option<bool>>,
    /// Set when the learner leaves the workshop (the page then shows the built-in one).
    left: RwSignal<bool>,
) -> impl IntoView {
    let lang = locale::current();
    let done = solved();
    let total = w.items.len();
    let solved_count = w.items.iter().filter(|i| done.contains(i.exercise.id())).count();
    let text = summary(lang, &w, &done);
    let to_copy = text.clone();
    let ids: Vec<String> = w.items.iter().map(|i| i.exercise.id().to_string()).collect();
    // Starting again asks once more before it forgets anything.
    let sure = RwSignal::new(false);
    view! {
        <div class="workshop trainer-workshop">
            <div class="workshop-bar"><a href=move || locale::link("./")>{tr("ui-back-to-playground")}</a><LangSwitch /></div>
            <h1>{w.title.clone()}</h1>
            {(!w.description.is_empty()).then(|| view! { <p class="intro">{w.description.clone()}</p> })}
            <p class="progress" data-solved=solved_count.to_string()>{crate::msg!(lang, "ui-solved-count", n = solved_count, total = total)}</p>
            <ol class="exercise-list">
                {w.items.iter().map(|item| {
                    let c = item.exercise.card();
                    let is_done = done.contains(&c.id);
                    let system = Strategy::from_id(item.exercise.system()).map(strategy_name).unwrap_or_default();
                    // A trainer's own exercise travels in the link (`#x=…`), so the address
                    // opens it in another browser too.
                    let inline = item.inline.as_ref().map(|v| v.to_string());
                    let href = crate::link::workshop_link::exercise_target(&c.id, inline.as_deref());
                    view! {
                        <li class="exercise-card" class:done=is_done data-exercise=c.id.clone() data-system=item.exercise.system()>
                            <span class="mark" aria-label=if is_done { tr("ui-solved") } else { "" }>{if is_done { "✓" } else { "" }}</span>
                            <span><a href=move || locale::link(&href)>{c.title.clone()}</a><br />
                                <span class="topics"><span class="system-name">{system}</span>" · "{c.topics.join(" · ")}</span></span>
                        </li>
                    }
                }).collect_view()}
            </ol>
            <section class="workshop-summary">
                <h2>{crate::label!(lang, "workshop-summary-title")}</h2>
                <p class="hint">{crate::label!(lang, "workshop-summary-about")}</p>
                <textarea class="summary-text" readonly rows="8" aria-label=crate::label!(lang, "workshop-summary-title") spellcheck="false" prop:value=text></textarea>
                <button class="copy-summary" on:click=move |_| copy_text(to_copy.clone(), copied)>{crate::label!(lang, "workshop-copy-summary")}</button>
                {move || copied.get().map(|ok| view! {
                    <span class="copy-status" role="status">{if ok { crate::label!(locale::current(), "workshop-summary-copied") } else { crate::label!(locale::current(), "workshop-summary-copy-by-hand") }}</span>
                })}
            </section>
            <p><button class="start-again" on:click=move |_| {
                if sure.get_untracked() {
                    forget(&ids);
                    sure.set(false);
                    left.update(|_| {});
                } else {
                    sure.set(true);
                }
            }>{move || if sure.get() { crate::label!(locale::current(), "workshop-start-again-sure") } else { crate::label!(locale::current(), "workshop-start-again") }}</button></p>
            <p><button class="leave-workshop" on:click=move |_| {
                leave_workshop();
                left.set(true);
            }>{crate::label!(lang, "workshop-leave")}</button></p>
        </div>
    }
}
