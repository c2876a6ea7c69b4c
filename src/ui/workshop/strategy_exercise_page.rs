//! One strategy exercise (`?exercise=ID` for SQS, Kafka, BullMQ, the database or the hybrid):
//! story, the comparison's editor, the system's lanes and a message's story, hints, reveal
//! solution, and Check, which runs the system and judges the goal on its trace.
//!
//! The learner's text is kept in localStorage as a broker exercise's is; a check shows the run
//! at the moment the verdict names, with the message it names picked.

use leptos::prelude::*;
use serde_json::json;

use crate::link::embed_protocol::event;
use crate::scenario::workshop::finding::Finding;
use crate::scenario::workshop::goal::Verdict;
use crate::scenario::workshop::strategy_exercise::StrategyExercise;
use crate::ui::host_page;
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::strategy_name;
use crate::ui::lanes::compare_ctx::{start_loop, CompareCtx};
use crate::ui::lanes::lanes_view::{LanesView, MessageStory};
use crate::ui::lang_switch::LangSwitch;
use crate::ui::locale;

use super::progress;
use super::workshop_page::{draft, keep_draft, mark_solved, solved, AfterCheck, ExerciseActions};

/// The message the first failing part of a verdict names (else the first part's), by id.
fn named_message(v: &Verdict) -> Option<String> {
    let mut parts = v.parts.iter().filter(|p| !p.passed).chain(v.parts.iter());
    parts.find_map(|p| match &p.message {
        Finding::Trace(t) => t.message_id().map(str::to_string),
        _ => None,
    })
}

/// Shows the checked text's run at the verdict's moment, its message picked.
fn show_checked(c: CompareCtx, v: &Verdict) {
    if let Some(m) = v.moment() {
        c.now_us.set(m.as_us().min(c.horizon_us()));
    }
    let id = named_message(v);
    c.runs.with_value(|r| {
        let at = id.and_then(|id| r.comparison.workload.index_of(&id));
        c.picked.set(at);
    });
}

/// One strategy exercise.
#[component]
pub fn StrategyExercisePage(
    /// The exercise, its texts in the language the page opened in.
    first: StrategyExercise,
) -> impl IntoView {
    let saved = draft(&first.id);
    let text = RwSignal::new(saved.unwrap_or_else(|| first.start_text()));
    let last_start = StoredValue::new(first.start_text());
    let c = CompareCtx::fixed(&text.get_untracked(), &first.start_text(), first.system);
    start_loop(c);
    let draft_id = StoredValue::new(first.id.clone());
    let edit = move |t: String| {
        draft_id.with_value(|id| keep_draft(id, Some(&t)));
        text.set(t);
    };
    let hints_shown = RwSignal::new(0usize);
    let solution_shown = RwSignal::new(false);
    let verdict = RwSignal::new(None::<Verdict>);
    let was_solved = solved().contains(&first.id);
    let run = move || c.apply(text.get_untracked());
    move || {
        let lang = locale::tracked();
        let ex = progress::strategy_in(&first.id, lang).unwrap_or_else(|| first.clone());
        let start_text = ex.start_text();
        if text.get_untracked() == last_start.get_value() {
            text.set(start_text.clone());
        }
        last_start.set_value(start_text.clone());
        let solution_text = ex.solution_text().unwrap_or_default();
        let (ex_id, ex_title) = (ex.id.clone(), ex.title.clone());
        let check_ex = ex.clone();
        let check = move |_| {
            progress::count_check(&ex_id);
            let (ex, ex_id, ex_title) = (check_ex.clone(), ex_id.clone(), ex_title.clone());
            // Run once, like any apply (in slices when long), and judged on that run.
            c.apply_then(text.get_untracked(), None, move |applied| {
                let v = match applied {
                    Ok(()) => {
                        let judged = c.runs.with_value(|r| {
                            r.outcome(ex.system).map(|o| ex.judge(&r.comparison, o))
                        });
                        let Some(v) = judged else { return };
                        v
                    }
                    Err(e) => StrategyExercise::not_runnable(e),
                };
                show_checked(c, &v);
                if v.passed {
                    mark_solved(&ex_id);
                    host_page::post(&event(
                        "exerciseSolved",
                        json!({"exercise": ex_id, "title": ex_title, "system": ex.system.id()}),
                    ));
                }
                verdict.set(Some(v));
            });
        };
        view! {
            <div class="workshop exercise strategy-exercise" data-exercise=ex.id.clone() data-system=ex.system.id()>
                <div class="workshop-bar"><a class="back-to-workshop" href=move || locale::link("?workshop=1")>{tr("ui-back-to-workshop")}</a><LangSwitch /></div>
                <h1>{ex.title.clone()}{was_solved.then(|| view! { <span class="mark" title=tr("ui-solved")>" ✓"</span> })}</h1>
                <p class="topics"><span class="system-name">{strategy_name(ex.system)}</span>" · "{ex.topics.join(" · ")}</p>
                <p class="story">{ex.story.clone()}</p>
                <h2>{crate::label!(lang, "workshop-comparison-editor")}</h2>
                <p class="hint">{crate::label!(lang, "workshop-comparison-editor-about")}</p>
                <textarea class="comparison-json" aria-label=crate::label!(lang, "workshop-comparison-editor") spellcheck="false" rows="16"
                    prop:value=move || text.get() on:input=move |e| edit(event_target_value(&e))></textarea>
                <crate::ui::lanes::compare_loading::ComputingBar c=c />
                {move || c.error.get().map(|e| view! {
                    <p class="error-banner" role="alert">{crate::systems::system_text::workload_error(&e).text(locale::current())}</p>
                })}
                <ExerciseActions check=check run=run edit=edit primary=false draft_id=draft_id text=text start_text=start_text
                    solution_text=solution_text verdict=verdict hints_shown=hints_shown hint_count=ex.hints.len() solution_shown=solution_shown />
                <AfterCheck verdict=verdict next=progress::next_after(&ex.id) hints=ex.hints.clone() hints_shown=hints_shown solution_shown=solution_shown explanation=ex.explanation.clone() />
                <LanesView c=c />
                <MessageStory c=c />
            </div>
        }
    }
}
