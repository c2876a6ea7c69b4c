//! The workshop: a page listing the exercises in order with the learner's progress
//! (`?workshop=1`), and one exercise (`?exercise=ID`): story, editor and graph, hints one at a
//! time, reveal solution, and Check, which has the engine judge the goal.
//!
//! Progress is a JSON list of solved exercise ids in localStorage under [`PROGRESS_KEY`]; the
//! learner's text for each exercise is kept there too ([`DRAFT_PREFIX`]), so a reload or a
//! closed tab loses nothing. Both pages carry the language switch; switching keeps the
//! learner's edits and hints.

use std::collections::BTreeSet;

use leptos::prelude::*;
use serde_json::json;

use crate::link::embed_protocol::event;
use crate::msg;
use crate::scenario::workshop::exercise::ExerciseCard;
use crate::scenario::workshop::goal::Verdict;
use crate::scenario::workshop::{exercises, strategy_exercises};
use crate::systems::Strategy;
use crate::ui::i18n_systems::strategy_name;
use crate::ui::workshop::progress;
use crate::ui::workshop::strategy_exercise_page::StrategyExercisePage;
use crate::ui::workshop::trainer_workshop::TrainerWorkshop;

use crate::ui::i18n::{finding, tr};
use crate::ui::lab::Lab;
use crate::ui::lang_switch::LangSwitch;
use crate::ui::loading::{load_text, LoadingBar};
use crate::ui::notice::Notice;
use crate::ui::page_state::Ctx;
use crate::ui::picture::compact_controls::CompactControls;
use crate::ui::picture::frame_loop::start_loop;
use crate::ui::picture::graph::Graph;
use crate::ui::picture::inspector::Inspector;
use crate::ui::picture::log::EventLog;
use crate::ui::picture_edit::node_pane::NodePane;
use crate::ui::picture_edit::Sink;
use crate::ui::run_mark;
use crate::ui::share::storage;
use crate::ui::{embed::post_api, locale};

/// The localStorage key holding the solved exercises.
pub const PROGRESS_KEY: &str = "dlx-lab:workshop:solved";

/// The localStorage key prefix of an exercise's text (followed by the exercise id).
pub const DRAFT_PREFIX: &str = "dlx-lab:workshop:draft:";

/// The page's name in the run mark ([`run_mark`]): the exercise whose text was running.
const RUN_MARK: &str = "exercise";

/// The learner's saved text for an exercise, if any.
pub fn draft(id: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(&format!("{DRAFT_PREFIX}{id}")).ok().flatten())
}

/// Saves (or with `None` forgets) the learner's text for an exercise.
pub(crate) fn keep_draft(id: &str, text: Option<&str>) {
    if let Some(s) = storage() {
        let key = format!("{DRAFT_PREFIX}{id}");
        let _ = match text {
            Some(t) => s.set_item(&key, t),
            None => s.remove_item(&key),
        };
    }
}

/// The exercises solved in this browser.
pub fn solved() -> BTreeSet<String> {
    storage()
        .and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten())
        .and_then(|t| serde_json::from_str::<Vec<String>>(&t).ok())
        .map(crate::engine::order::set_of)
        .unwrap_or_default()
}

/// Records `id` as solved.
pub fn mark_solved(id: &str) {
    let mut done = solved();
    done.insert(id.to_string());
    if let (Some(s), Ok(text)) =
        (storage(), serde_json::to_string(&done.into_iter().collect::<Vec<_>>()))
    {
        let _ = s.set_item(PROGRESS_KEY, &text);
    }
}

/// The exercise id the URL asks for (`?exercise=ID`), if any.
pub fn exercise_requested() -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok())?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|p| p.strip_prefix("exercise=").map(str::to_string))
        .filter(|s| !s.is_empty())
}

/// The workshop page: every exercise in order, solved ones marked, with the count.
#[component]
pub fn WorkshopPage() -> impl IntoView {
    let copied = RwSignal::new(None::<bool>);
    let left = RwSignal::new(false);
    move || {
        let lang = locale::tracked();
        left.track();
        let link_error = match progress::workshop(lang) {
            Some(Ok(w)) => {
                return view! { <TrainerWorkshop w=w copied=copied left=left /> }.into_any()
            }
            Some(Err(e)) => Some(crate::scenario::model::problem_text::error(&e).text(lang)),
            None => None,
        };
        let cards = exercises::index_in(lang);
        let others = strategy_exercises::all_in(lang);
        let done = solved();
        let total = cards.len() + others.len();
        let solved_count = cards
            .iter()
            .map(|c| &c.id)
            .chain(others.iter().map(|e| &e.id))
            .filter(|id| done.contains(*id))
            .count();
        let card = move |c: ExerciseCard, done: &BTreeSet<String>| {
            let is_done = done.contains(&c.id);
            view! {
                <li class="exercise-card" class:done=is_done data-exercise=c.id.clone()>
                    <span class="mark" aria-label=if is_done { tr("ui-solved") } else { "" }>{if is_done { "✓" } else { "" }}</span>
                    <span class="card-body"><a class="card-title" href={ let id = c.id.clone(); move || locale::link(&format!("?exercise={id}")) }>{c.title.clone()}</a>
                        <span class="topics">{c.topics.iter().map(|t| view! { <span class="topic">{t.clone()}</span> }).collect_view()}</span></span>
                </li>
            }
        };
        let systems: Vec<Strategy> =
            Strategy::ALL.into_iter().filter(|s| others.iter().any(|e| e.system == *s)).collect();
        view! {
            <div class="workshop">
                <div class="workshop-bar"><a href=move || locale::link("./")>{tr("ui-back-to-playground")}</a><LangSwitch /></div>
                {link_error.map(|e| view! { <p class="error-banner" role="alert">{e}</p> })}
                <header class="workshop-head">
                    <div>
                        <h1>{tr("ui-workshop")}</h1>
                        <p class="intro">{tr("ui-workshop-intro")}</p>
                    </div>
                    <div class="workshop-progress">
                        <p class="progress" data-solved=solved_count.to_string()>{crate::msg!(locale::current(), "ui-solved-count", n = solved_count, total = total)}</p>
                        <div class="progress-track" aria-hidden="true"><span class="progress-fill"
                            style:width=format!("{:.1}%", solved_count as f64 * 100.0 / total.max(1) as f64)></span></div>
                        <a class="button builder-top" href=move || locale::link("?builder=1")>{crate::label!(lang, "builder-open")}</a>
                    </div>
                </header>
                <h2 class="workshop-part" data-system="rabbitmq">{crate::label!(lang, "workshop-broker-heading")}</h2>
                <ol class="exercise-list">
                    {cards.into_iter().map(|c| card(c, &done)).collect_view()}
                </ol>
                <h2 class="workshop-part">{crate::label!(lang, "workshop-systems-heading")}</h2>
                {systems.into_iter().map(|s| view! {
                    <h3 class="workshop-system" data-system=s.id()>{strategy_name(s)}</h3>
                    <ol class="exercise-list" data-system=s.id()>
                        {others.iter().filter(|e| e.system == s).map(|e| card(e.card(), &done)).collect_view()}
                    </ol>
                }).collect_view()}
                <p class="builder-link"><a href=move || locale::link("?builder=1")>{crate::label!(lang, "builder-open")}</a></p>
                <p class="review-link"><a href=move || locale::link("?review=texts")>{crate::label!(locale::current(), "review-link")}</a></p>
            </div>
        }
        .into_any()
    }
}

/// The verdict of a check: solved, or which parts of the goal failed, worded in the current
/// language when it is rendered (the page keeps the verdict itself across a language switch).
#[component]
pub(crate) fn VerdictView(
    /// The engine's verdict.
    verdict: Verdict,
) -> impl IntoView {
    let passed = verdict.passed;
    // A banner that links to its moment: on the broker's exercise page, a button that shows
    // the graph at the moment the verdict names.
    let moment = verdict.moment().map(|m| m.as_ms().saturating_mul(1000)).zip(use_context::<Ctx>());
    view! {
        <div class=if passed { "verdict passed" } else { "verdict failed" } data-passed=passed.to_string() role="status">
            <strong>{if passed { tr("ui-check-passed") } else { tr("ui-check-failed") }}</strong>
            {moment.map(|(us, ctx)| view! {
                <button class="verdict-moment quiet" on:click=move |_| { ctx.play.playing.set(false); ctx.play.seek(us); }>
                    {crate::msg!(locale::current(), "ui-verdict-moment", time = crate::ui::i18n::fmt_time(us))}
                </button>
            })}
            <p class="verdict-message">{finding(&verdict.headline())}</p>
            <ul class="verdict-parts">
                {verdict.parts.iter().map(|p| view! {
                    <li class=if p.passed { "part-passed" } else { "part-failed" } data-path=p.path.clone()>
                        {if p.passed { "✓ " } else { "✗ " }}{finding(&p.message)}
                    </li>
                }).collect_view()}
            </ul>
            {(!verdict.notes.is_empty()).then(|| view! {
                <ul class="notes">
                    {verdict.notes.iter().map(|n| view! { <li class="note">{finding(n)}</li> }).collect_view()}
                </ul>
            })}
        </div>
    }
}

/// Both exercise pages' buttons: Check (`primary` on the broker page), Run, one more hint,
/// the solution (put in the editor and run), and starting over (the start text back, the draft
/// forgotten, run).
#[component]
pub(crate) fn ExerciseActions<C, R, E>(
    check: C,
    run: R,
    /// Puts a text in the editor (and keeps it as the draft).
    edit: E,
    primary: bool,
    draft_id: StoredValue<String>,
    text: RwSignal<String>,
    start_text: String,
    solution_text: String,
    verdict: RwSignal<Option<Verdict>>,
    hints_shown: RwSignal<usize>,
    hint_count: usize,
    solution_shown: RwSignal<bool>,
) -> impl IntoView
where
    C: Fn(leptos::ev::MouseEvent) + 'static,
    R: Fn() + Copy + 'static,
    E: Fn(String) + 'static,
{
    view! {
        <div class="exercise-actions">
            <button class=if primary { "check primary" } else { "check" } on:click=check>{tr("ui-check")}</button>
            <button class="run-scenario" on:click=move |_| run()>{tr("ui-run-scenario")}</button>
            <button class="show-hint" disabled=move || { hints_shown.get() >= hint_count } on:click=move |_| {
                hints_shown.update(|n| *n = (*n + 1).min(hint_count));
                draft_id.with_value(|id| progress::note_hints(id, hints_shown.get_untracked()));
            }>{tr("ui-show-hint")}</button>
            <button class="reveal-solution" on:click=move |_| {
                verdict.set(None);
                edit(solution_text.clone());
                solution_shown.set(true);
                run();
            }>{tr("ui-reveal-solution")}</button>
            <button class="start-over" on:click=move |_| {
                draft_id.with_value(|id| keep_draft(id, None));
                text.set(start_text.clone());
                verdict.set(None);
                run();
            }>{tr("ui-start-over")}</button>
        </div>
    }
}

/// What both exercise pages show under their buttons: the verdict, the way on once it passes
/// (the next exercise, or back to the workshop after the last), the hints opened, and the
/// explanation once the solution is revealed.
#[component]
pub(crate) fn AfterCheck(
    verdict: RwSignal<Option<Verdict>>,
    /// The exercise after this one, if any.
    next: Option<String>,
    hints: Vec<String>,
    hints_shown: RwSignal<usize>,
    solution_shown: RwSignal<bool>,
    explanation: String,
) -> impl IntoView {
    view! {
        {move || verdict.get().map(|v| view! { <VerdictView verdict=v /> })}
        {move || (verdict.with(|v| v.as_ref().is_some_and(|v| v.passed))).then(|| match next.clone() {
            Some(n) => view! { <p><a class="next-exercise" href=move || locale::link(&format!("?exercise={n}"))>{tr("ui-next-exercise")}</a></p> }.into_any(),
            None => view! { <p><a class="next-exercise" href=move || locale::link("?workshop=1")>{tr("ui-back-to-workshop")}</a></p> }.into_any(),
        })}
        <ol class="hints">
            {move || hints.iter().take(hints_shown.get()).map(|h| view! { <li class="hint">{h.clone()}</li> }).collect_view()}
        </ol>
        {move || solution_shown.get().then(|| view! {
            <div class="solution-box"><strong>{tr("ui-solution-shown")}</strong><p class="explanation">{explanation.clone()}</p></div>
        })}
    }
}

/// One exercise: story, editor and graph, hints, solution and Check. The learner's text, hints
/// shown and verdict live outside what a language switch re-renders.
#[component]
pub fn ExercisePage(
    /// The exercise's id (from the link).
    id: String,
) -> impl IntoView {
    if let Some(s) = progress::strategy_in(&id, locale::current()) {
        return view! { <StrategyExercisePage first=s /> }.into_any();
    }
    let Some(first) = progress::broker_in(&id, locale::current()) else {
        // A link's own exercise that does not read says what is wrong with it, by field.
        return (move || {
            let lang = locale::tracked();
            let said = match progress::lookup(&id, lang) {
                Err(e @ crate::scenario::ScenarioError::Field { .. })
                    if !matches!(&e, crate::scenario::ScenarioError::Field { path, .. } if path == "exercise") =>
                {
                    crate::scenario::model::problem_text::error(&e).text(lang)
                }
                _ => msg!(lang, "workshop-unknown-exercise", id = id.clone()),
            };
            view! {
                <div class="workshop">
                    <div class="workshop-bar"><a href=move || locale::link("?workshop=1")>{tr("ui-back-to-workshop")}</a><LangSwitch /></div>
                    <p class="error-banner" role="alert">{said}</p>
                </div>
            }
        })
        .into_any();
    };
    let ctx = Ctx::provide();
    // The learner's own text comes back as they left it, even when it does not load: then the
    // start is shown running and the error says what to fix.
    let saved = draft(&first.id);
    let text = RwSignal::new(saved.clone().unwrap_or_else(|| first.start_text()));
    // The starting text last shown: an unedited editor follows the language, an edited one stays.
    let last_start = StoredValue::new(first.start_text());
    // The start runs at once (a built-in is short); the learner's own text is then loaded
    // like any scenario, in slices with the progress bar when its run is long.
    let _ = ctx.try_install(Lab::from_text(first.start_text(), None), 0);
    // A page that stopped while it ran the learner's text does not run it again on open: the
    // text stays in the editor, and the notice says so.
    let interrupted = run_mark::left(RUN_MARK).is_some_and(|id| id == first.id);
    if let Some(t) = saved.filter(|t| *t != first.start_text()) {
        if interrupted {
            ctx.error.set(Some(Notice::InterruptedDraft));
        } else {
            run_mark::begin(RUN_MARK, &first.id);
            load_text(ctx, t, None, move |loaded| {
                run_mark::end();
                match loaded {
                    Ok(lab) => ctx.install(lab, 0),
                    Err(e) => ctx.error.set(Some(e)),
                }
            });
        }
    }
    let draft_id = StoredValue::new(first.id.clone());
    let edit = move |t: String| {
        draft_id.with_value(|id| keep_draft(id, Some(&t)));
        text.set(t);
    };
    start_loop(ctx);
    let hints_shown = RwSignal::new(0usize);
    let solution_shown = RwSignal::new(false);
    let verdict = RwSignal::new(None::<Verdict>);
    let was_solved = solved().contains(&first.id);
    // The forms on the picture edit the learner's text, and the graph shows it at once.
    let sink = Sink::new(
        ctx,
        Callback::new(move |()| text.get_untracked()),
        Callback::new(move |t: String| {
            edit(t.clone());
            load_text(ctx, t, None, move |loaded| {
                ctx.try_install(loaded, 0);
            });
        }),
    );
    // The graph's bind handles edit through it.
    crate::ui::picture_edit::provide(sink);
    let run = move || {
        draft_id.with_value(|id| run_mark::begin(RUN_MARK, id));
        load_text(ctx, text.get_untracked(), None, move |loaded| {
            run_mark::end();
            if ctx.try_install(loaded, 0) {
                ctx.play.playing.set(true);
            }
        });
    };
    (move || {
    let ex = progress::broker_in(&first.id, locale::tracked()).unwrap_or_else(|| first.clone());
    let start_text = ex.start_text();
    if text.get_untracked() == last_start.get_value() {
        text.set(start_text.clone());
    }
    last_start.set_value(start_text.clone());
    let solution_text = ex.solution_text().unwrap_or_default();
    let ex_id = ex.id.clone();
    let ex_title = ex.title.clone();
    let check_ex = ex.clone();
    let check = move |_| {
        progress::count_check(&ex_id);
        let t = text.get_untracked();
        let (ex, ex_id, ex_title) = (check_ex.clone(), ex_id.clone(), ex_title.clone());
        // Run once, like any scenario (in slices when long), and judged on that run.
        run_mark::begin(RUN_MARK, &ex_id);
        load_text(ctx, t.clone(), None, move |loaded| {
            run_mark::end();
            let v = match loaded {
                Ok(lab) => {
                    let v = ex.check_run(&lab.run);
                    // The graph shows what was checked, at the moment the verdict names (or
                    // the end).
                    let at_ms = v.moment().map(|m| m.as_ms()).unwrap_or(u64::MAX);
                    ctx.error.set(None);
                    ctx.revise(lab, at_ms);
                    v
                }
                // Cancelled: no verdict, what was shown stays (the notice says so).
                Err(Notice::LoadCancelled) => return ctx.error.set(Some(Notice::LoadCancelled)),
                Err(Notice::Scenario { error, .. }) => ex.not_runnable(&t, error),
                Err(other) => return ctx.error.set(Some(other)),
            };
            if v.passed {
                mark_solved(&ex_id);
                post_api::post(&event("exerciseSolved", json!({"exercise": ex_id, "title": ex_title})));
            }
            verdict.set(Some(v));
        });
    };
    view! {
        <div class="workshop exercise" data-exercise=ex.id.clone()>
            <div class="workshop-bar"><a class="back-to-workshop" href=move || locale::link("?workshop=1")>{tr("ui-back-to-workshop")}</a><LangSwitch ctx=ctx /></div>
            <h1>{ex.title.clone()}{was_solved.then(|| view! { <span class="mark" title=tr("ui-solved")>" ✓"</span> })}</h1>
            <p class="topics">{ex.topics.join(" · ")}</p>
            // The story, the actions, hints and the verdict beside the picture; the graph's
            // panel as tall as the graph.
            <div class="exercise-layout">
            <div class="exercise-side">
            <p class="story">{ex.story.clone()}</p>
            <ExerciseActions check=check run=run edit=edit primary=true draft_id=draft_id text=text start_text=start_text
                solution_text=solution_text verdict=verdict hints_shown=hints_shown hint_count=ex.hints.len() solution_shown=solution_shown />
            <AfterCheck verdict=verdict next=progress::next_after(&ex.id) hints=ex.hints.clone() hints_shown=hints_shown solution_shown=solution_shown explanation=ex.explanation.clone() />
            </div>
            <div class="exercise-main">
            <div class="exercise-stage">
                <Graph />
                <CompactControls />
            </div>
            <details class="embed-inspector"><summary>{tr("ui-inspector-title")}</summary><Inspector /></details>
            <section class="exercise-forms" aria-label=crate::label!(locale::current(), "pe-change-on-picture")>
                <h2>{crate::label!(locale::current(), "pe-change-on-picture")}</h2>
                <NodePane sink=sink open=Callback::new(|()| ()) />
            </section>
            <LoadingBar />
            {move || ctx.error.get().map(|e| view! { <p class="error-banner" role="alert">{e.text()}</p> })}
            <EventLog />
            <h2>{tr("ui-editor")}</h2>
            <textarea class="scenario-json" aria-label=tr("ui-editor") spellcheck="false" rows="16" prop:value=move || text.get() on:input=move |e| edit(event_target_value(&e))></textarea>
            </div>
            </div>
        </div>
    }
    })
    .into_any()
}
