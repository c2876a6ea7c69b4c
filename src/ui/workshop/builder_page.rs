//! The trainer's exercise builder (`?builder=1`): the story, the start (a built-in scenario or
//! comparison, an exercise to adapt, or a RabbitMQ definitions file), the goal built from the
//! checker's predicates, hints and a solution, checked live as the trainer types; exported as
//! a link or a JSON file, and gathered into a workshop.
//!
//! The draft is saved in localStorage on every change ([`DRAFT_KEY`]), whatever state it is
//! in; opening another exercise keeps the one before for an undo.

use leptos::prelude::*;

use crate::link::workshop_link::{fragment, EXERCISE_KEY};
use crate::scenario::definitions::file::parse_definitions;
use crate::scenario::definitions::import::scenario_from_definitions;
use crate::scenario::model::lang::{self, Lang};
use crate::scenario::workshop::exercise_draft::{ExerciseDraft, Section};
use crate::scenario::workshop::texts::{self, Kind};
use crate::scenario::workshop::{exercises, strategy_exercises};
use crate::systems::Strategy;
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::strategy_name;
use crate::ui::lang_switch::LangSwitch;
use crate::ui::locale;
use crate::ui::share::base_url;
use crate::ui::share::storage;

use super::builder_parts::{GoalParts, MyWorkshop};
use super::builder_picture::BuilderPicture;
use super::progress::copy_text;
use super::workshop_page::VerdictView;

/// The localStorage key of the builder's draft.
pub const DRAFT_KEY: &str = "dlx-lab:builder:draft";
/// The draft before the last one opened over it (for an undo).
pub const PREVIOUS_KEY: &str = "dlx-lab:builder:previous";

/// True when the URL asks for the builder (`?builder=1`).
pub fn builder_requested() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|s| s.trim_start_matches('?').split('&').any(|p| p == "builder=1"))
}

fn get(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

fn put(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// A built-in text with its `i18n` overlays removed, pretty.
fn plain(text: &str) -> String {
    serde_json::from_str::<serde_json::Value>(text)
        .map(|v| serde_json::to_string_pretty(&lang::localize(&v, Lang::En)).unwrap_or_default())
        .unwrap_or_else(|_| text.to_string())
}

/// The learner's own work this browser keeps: the playground's scenario (for RabbitMQ) or
/// the comparison page's workload (for the other systems), as text.
fn own_work(system: &str) -> Option<String> {
    use crate::link::share_link::{parse_fragment, LinkSource};
    if system != "rabbitmq" {
        return get(crate::ui::lanes::compare_ctx::DRAFT_KEY);
    }
    let link = parse_fragment(&get(crate::ui::share::STORAGE_KEY)?).ok()?;
    match link.source {
        LinkSource::Json(text) => Some(plain(&text)),
        LinkSource::Preset { id, .. } => crate::scenario::playground::presets::PRESETS
            .iter()
            .find(|(p, _)| *p == id)
            .map(|(_, t)| plain(t)),
    }
}

/// The starts for `system`: the editor's own work first when there is some, then the
/// built-in ones; id, title and text each.
fn starts(system: &str, lang: Lang) -> Vec<(String, String, String)> {
    let own = own_work(system).map(|text| {
        let title = if system == "rabbitmq" {
            crate::label!(lang, "builder-start-your-playground")
        } else {
            crate::label!(lang, "builder-start-your-comparison")
        };
        ("your-work".to_string(), title.to_string(), text)
    });
    let built_in: Vec<(String, String, String)> = if system == "rabbitmq" {
        crate::scenario::playground::presets::PRESETS
            .iter()
            .map(|(id, t)| {
                let title = texts::title(Kind::Preset, id, lang).unwrap_or_else(|| id.to_string());
                (id.to_string(), title, plain(t))
            })
            .collect()
    } else {
        crate::systems::presets::PRESETS
            .iter()
            .map(|p| (p.id.to_string(), p.id.to_string(), plain(p.text)))
            .collect()
    };
    own.into_iter().chain(built_in).collect()
}

/// The draft, kept in storage on every change.
#[derive(Clone, Copy)]
pub struct Builder {
    pub draft: RwSignal<ExerciseDraft>,
}

impl Builder {
    /// Changes the draft and saves it.
    pub fn edit(&self, f: impl FnOnce(&mut ExerciseDraft)) {
        self.draft.update(f);
        put(DRAFT_KEY, &self.draft.with_untracked(ExerciseDraft::save_text));
    }

    /// Opens `next` over the draft, keeping the draft for an undo.
    fn replace(&self, next: ExerciseDraft) {
        put(PREVIOUS_KEY, &self.draft.with_untracked(ExerciseDraft::save_text));
        self.edit(|d| *d = next);
    }
}

/// A labelled input or text area bound to one field of the draft.
#[component]
fn Field(
    b: Builder,
    label: &'static str,
    class: &'static str,
    get: fn(&ExerciseDraft) -> String,
    set: fn(&mut ExerciseDraft, String),
    #[prop(optional)] rows: usize,
) -> impl IntoView {
    let value = move || b.draft.with(get);
    view! {
        <label class=format!("builder-field {class}")>{label}
            {if rows == 0 {
                view! { <input type="text" class=class spellcheck="false" prop:value=value on:input=move |e| b.edit(|d| set(d, event_target_value(&e))) /> }.into_any()
            } else {
                view! { <textarea class=class rows=rows spellcheck="false" prop:value=value on:input=move |e| b.edit(|d| set(d, event_target_value(&e)))></textarea> }.into_any()
            }}
        </label>
    }
}

/// How long typing must pause before the draft is checked again, in ms: a check runs the start
/// and the solution to their ends, which a large scenario makes too slow for every keystroke.
pub const CHECK_PAUSE_MS: u64 = 350;

/// What the check says of the draft, once the trainer pauses typing.
#[component]
fn LiveCheck(b: Builder) -> impl IntoView {
    let settled = RwSignal::new(b.draft.get_untracked());
    let typed = StoredValue::new(0u64);
    Effect::new(move |first: Option<()>| {
        let draft = b.draft.get();
        if first.is_none() {
            return;
        }
        typed.update_value(|n| *n += 1);
        let mine = typed.get_value();
        set_timeout(
            move || {
                if typed.try_get_value() == Some(mine) {
                    settled.set(draft);
                }
            },
            std::time::Duration::from_millis(CHECK_PAUSE_MS),
        );
    });
    let result = Memo::new(move |_| {
        settled.with(|d| d.exercise().map(|ex| (ex.self_check(), ex.id().to_string())))
    });
    move || {
        let lang = locale::tracked();
        match result.get() {
            Err((section, e)) => {
                let key = match section {
                    Section::Start => "builder-problem-start",
                    Section::Solution => "builder-problem-solution",
                    Section::Goal => "builder-problem-goal",
                    Section::Exercise => "builder-problem-exercise",
                };
                let error = crate::scenario::model::problem_text::error(&e).text(lang);
                let text = match key {
                    "builder-problem-start" => crate::msg!(lang, "builder-problem-start", error = error),
                    "builder-problem-solution" => crate::msg!(lang, "builder-problem-solution", error = error),
                    "builder-problem-goal" => crate::msg!(lang, "builder-problem-goal", error = error),
                    _ => crate::msg!(lang, "builder-problem-exercise", error = error),
                };
                view! { <p class="builder-status problem" data-section=format!("{section:?}") role="alert">{text}</p> }.into_any()
            }
            Ok((Err(e), _)) => view! { <p class="builder-status problem" role="alert">{crate::scenario::model::problem_text::error(&e).text(lang)}</p> }.into_any(),
            Ok((Ok((solved, start)), _)) => {
                let sound = solved.passed && !start.passed;
                let why = crate::ui::i18n::finding(&start.headline());
                view! {
                    <div class="builder-status" class:sound=sound data-sound=sound.to_string() role="status">
                        {if solved.passed {
                            view! { <p class="solution-passes">"✓ "{crate::label!(lang, "builder-solution-passes")}</p> }.into_any()
                        } else {
                            view! { <div class="solution-fails"><p>"✗ "{crate::label!(lang, "builder-solution-fails")}</p><VerdictView verdict=solved.clone() /></div> }.into_any()
                        }}
                        {if start.passed {
                            view! { <p class="start-passes">"✗ "{crate::label!(lang, "builder-start-passes")}</p> }.into_any()
                        } else {
                            view! { <p class="start-fails">"✓ "{crate::msg!(lang, "builder-start-fails", why = why)}</p> }.into_any()
                        }}
                    </div>
                }
                .into_any()
            }
        }
    }
}

/// The exercise as a file and a link.
#[component]
fn Export(b: Builder) -> impl IntoView {
    let copied = RwSignal::new(None::<bool>);
    let exported = Memo::new(move |_| {
        b.draft.with(|d| {
            d.to_json().ok().map(|v| {
                (d.id.trim().to_string(), serde_json::to_string_pretty(&v).unwrap_or_default())
            })
        })
    });
    let link = move || {
        exported.get().map(|(id, text)| {
            format!("{}?exercise={id}#{}", base_url(), fragment(EXERCISE_KEY, &text))
        })
    };
    move || {
        let lang = locale::tracked();
        exported.get().map(|(id, text)| {
            let href = format!("data:application/json;charset=utf-8,{}", js_sys::encode_uri_component(&text));
            view! {
                <section class="builder-export">
                    <h2>{crate::label!(lang, "builder-export")}</h2>
                    <textarea class="exercise-json" readonly rows="8" aria-label=crate::label!(lang, "builder-export") spellcheck="false" prop:value=text></textarea>
                    <p class="builder-actions">
                        <a class="download-exercise" href=href download=format!("{id}.json")>{crate::label!(lang, "builder-download")}</a>
                        <button class="copy-exercise-link" on:click=move |_| if let Some(l) = link() { copy_text(l, copied) }>{crate::label!(lang, "builder-copy-link")}</button>
                        <a class="try-exercise" href=move || link().unwrap_or_default() target="_blank" rel="noopener">{crate::label!(lang, "builder-try")}</a>
                    </p>
                    {move || copied.get().map(|ok| view! {
                        <p class="copy-status" role="status">{if ok { crate::label!(locale::current(), "builder-copied").to_string() } else {
                            format!("{} {}", crate::label!(locale::current(), "builder-copy-by-hand"), link().unwrap_or_default()) }}</p>
                    })}
                </section>
            }
        })
    }
}

/// Where the exercise starts: the system, a built-in start, an exercise to adapt, a
/// definitions file, or another exercise's JSON.
#[component]
fn Origins(b: Builder) -> impl IntoView {
    let definitions = RwSignal::new(String::new());
    let pasted = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let has_previous = RwSignal::new(get(PREVIOUS_KEY).is_some());
    let system = Memo::new(move |_| b.draft.with(|d| d.system.clone()));
    move || {
        let lang = locale::tracked();
        let system = system.get();
        let exercise_ids: Vec<(String, String)> = exercises::all_in(lang)
            .into_iter()
            .map(|e| (e.id, e.title))
            .chain(strategy_exercises::all_in(lang).into_iter().map(|e| (e.id, e.title)))
            .collect();
        let start_list = starts(&system, lang);
        let start_texts = start_list.clone();
        view! {
            <section class="builder-origins">
                <label>{crate::label!(lang, "builder-system")}" "
                    <select class="builder-system" on:change=move |e| {
                        let s = event_target_value(&e);
                        let first = starts(&s, Lang::En).into_iter().next().map(|x| x.2).unwrap_or_default();
                        b.replace(ExerciseDraft { id: b.draft.with_untracked(|d| d.id.clone()), ..ExerciseDraft::new(&s, &first) });
                        has_previous.set(true);
                    }>
                        {Strategy::ALL.map(|s| view! { <option value=s.id() selected=s.id() == system>{strategy_name(s)}</option> }).collect_view()}
                    </select>
                </label>
                <label>{crate::label!(lang, "builder-start-from")}" "
                    <select class="builder-start-from" on:change=move |e| {
                        let id = event_target_value(&e);
                        if let Some((_, _, text)) = start_texts.iter().find(|(i, _, _)| *i == id) {
                            let text = text.clone();
                            b.edit(|d| { d.start = text.clone(); d.solution = text; });
                        }
                    }>
                        <option value="">{crate::label!(lang, "builder-start-from-choose")}</option>
                        {start_list.into_iter().map(|(id, title, _)| view! { <option value=id>{title}</option> }).collect_view()}
                    </select>
                </label>
                <label>{crate::label!(lang, "builder-load-exercise")}" "
                    <select class="builder-open-exercise" on:change=move |e| {
                        let id = event_target_value(&e);
                        let text = Kind::Exercise.text(&id).or_else(|| Kind::StrategyExercise.text(&id));
                        if let Some(Ok(d)) = text.as_deref().map(ExerciseDraft::from_exercise_text) {
                            b.replace(d);
                            has_previous.set(true);
                        }
                    }>
                        <option value="">"…"</option>
                        {exercise_ids.into_iter().map(|(id, title)| view! { <option value=id>{title}</option> }).collect_view()}
                    </select>
                </label>
                {(system == "rabbitmq").then(|| view! {
                    <details class="builder-definitions"><summary>{crate::label!(lang, "builder-definitions")}</summary>
                        <textarea class="definitions-text" rows="6" aria-label=crate::label!(lang, "builder-definitions") spellcheck="false" prop:value=move || definitions.get() on:input=move |e| definitions.set(event_target_value(&e))></textarea>
                        <button class="use-definitions" on:click=move |_| {
                            match parse_definitions(&definitions.get_untracked()) {
                                Ok(d) => {
                                    let json = scenario_from_definitions(&d, "Imported definitions").json;
                                    let text = serde_json::to_string_pretty(&json).unwrap_or_default();
                                    b.edit(|d| { d.start = text.clone(); d.solution = text; });
                                    problem.set(None);
                                }
                                Err(e) => problem.set(Some(crate::scenario::model::problem_text::error(&e).text(locale::current()))),
                            }
                        }>{crate::label!(lang, "builder-definitions-load")}</button>
                    </details>
                })}
                <details class="builder-import"><summary>{crate::label!(lang, "builder-import")}</summary>
                    <textarea class="import-text" rows="6" aria-label=crate::label!(lang, "builder-import") spellcheck="false" prop:value=move || pasted.get() on:input=move |e| pasted.set(event_target_value(&e))></textarea>
                    <button class="import-exercise" on:click=move |_| {
                        match ExerciseDraft::from_exercise_text(&pasted.get_untracked()) {
                            Ok(d) => { b.replace(d); has_previous.set(true); problem.set(None); }
                            Err(e) => problem.set(Some(crate::scenario::model::problem_text::error(&e).text(locale::current()))),
                        }
                    }>{crate::label!(lang, "builder-import-load")}</button>
                </details>
                {move || problem.get().map(|p| view! { <p class="error-banner" role="alert">{p}</p> })}
                {move || has_previous.get().then(|| view! {
                    <button class="undo-open" on:click=move |_| {
                        if let Some(d) = get(PREVIOUS_KEY).and_then(|t| ExerciseDraft::restore(&t)) {
                            b.replace(d);
                        }
                    }>{crate::label!(locale::current(), "builder-undo-import")}</button>
                })}
            </section>
        }
    }
}

/// The builder page.
#[component]
pub fn BuilderPage() -> impl IntoView {
    let saved = get(DRAFT_KEY).and_then(|t| ExerciseDraft::restore(&t));
    let first = starts("rabbitmq", Lang::En).into_iter().next().map(|x| x.2).unwrap_or_default();
    let b = Builder {
        draft: RwSignal::new(saved.unwrap_or_else(|| ExerciseDraft::new("rabbitmq", &first))),
    };
    move || {
        let lang = locale::tracked();
        view! {
            <div class="workshop builder">
                <div class="workshop-bar"><a href=move || locale::link("?workshop=1")>{tr("ui-back-to-workshop")}</a><LangSwitch /></div>
                <h1>{crate::label!(lang, "builder-title")}</h1>
                <p class="intro">{crate::label!(lang, "builder-intro")}</p>
                <div class="builder-layout">
                <div class="builder-form">
                <Origins b=b />
                <h2>{crate::label!(lang, "builder-story")}</h2>
                <Field b=b label=crate::label!(lang, "builder-id") class="draft-id" get=|d| d.id.clone() set=|d, v| d.id = v />
                <Field b=b label=crate::label!(lang, "builder-ex-title") class="draft-title" get=|d| d.title.clone() set=|d, v| d.title = v />
                <Field b=b label=crate::label!(lang, "builder-story-text") class="draft-story" rows=4 get=|d| d.story.clone() set=|d, v| d.story = v />
                <Field b=b label=crate::label!(lang, "builder-topics") class="draft-topics" get=|d| d.topics.clone() set=|d, v| d.topics = v />
                <Hints b=b />
                <Field b=b label=crate::label!(lang, "builder-explanation") class="draft-explanation" rows=3 get=|d| d.explanation.clone() set=|d, v| d.explanation = v />
                <Field b=b label=crate::label!(lang, "builder-start") class="draft-start" rows=14 get=|d| d.start.clone() set=|d, v| d.start = v />
                <Field b=b label=crate::label!(lang, "builder-solution") class="draft-solution" rows=14 get=|d| d.solution.clone() set=|d, v| d.solution = v />
                <button class="copy-start" on:click=move |_| b.edit(|d| d.solution = d.start.clone())>{crate::label!(lang, "builder-copy-start")}</button>
                <GoalParts b=b />
                </div>
                // Beside the form on a wide screen: the start's picture, the check as it
                // stands, and the exercise to take away.
                <aside class="builder-side">
                <h2>{crate::label!(lang, "builder-check")}</h2>
                <LiveCheck b=b />
                <BuilderPicture b=b />
                <Export b=b />
                </aside>
                </div>
                <MyWorkshop b=b />
            </div>
        }
    }
}

/// The hints, one to three, each its own text area.
#[component]
fn Hints(b: Builder) -> impl IntoView {
    let count = Memo::new(move |_| b.draft.with(|d| d.hints.len()));
    move || {
        let lang = locale::tracked();
        let n = count.get();
        view! {
            <fieldset class="builder-hints"><legend>{crate::label!(lang, "builder-hints")}</legend>
                {(0..n).map(|i| view! {
                    <div class="hint-row">
                        <textarea class="draft-hint" rows="2" aria-label=crate::label!(lang, "builder-hints") prop:value=move || b.draft.with(|d| d.hints.get(i).cloned().unwrap_or_default())
                            on:input=move |e| b.edit(|d| if let Some(h) = d.hints.get_mut(i) { *h = event_target_value(&e) })></textarea>
                        <button class="remove-hint" on:click=move |_| b.edit(|d| { if i < d.hints.len() { d.hints.remove(i); } })>{crate::label!(lang, "builder-remove")}</button>
                    </div>
                }).collect_view()}
                {(n < 3).then(|| view! { <button class="add-hint" on:click=move |_| b.edit(|d| d.hints.push(String::new()))>{crate::label!(lang, "builder-add-hint")}</button> })}
            </fieldset>
        }
    }
}
