//! Guided tours in the playground: a tour menu (next to a link to the workshop), and a panel
//! with the current step's text and Back / Next. Each step pauses the clock at its moment and
//! selects what it is about; playing on stops at the next step's moment. The running tour
//! lives in [`TourState`], which the page keeps across a language switch: the tour stays at its
//! step and reads in the new language.

use leptos::prelude::*;

use crate::scenario::workshop::tour::{Highlight, Tour};
use crate::scenario::workshop::tours::{self, TOURS};
use crate::scenario::Lang;

use crate::ui::i18n::tr;
use crate::ui::lab::{Lab, TourRef};
use crate::ui::page_state::{Ctx, Playback, Selection};

/// A running tour: its id, its steps in `lang`, and the current step.
#[derive(Clone, Debug, PartialEq)]
struct Active {
    id: String,
    tour: Tour,
    lang: Lang,
    step: usize,
}

/// The running tour, if any; the page creates it once, outside what a language switch
/// re-renders.
#[derive(Clone, Copy)]
pub struct TourState(RwSignal<Option<Active>>);

impl TourState {
    /// No tour running.
    pub fn new() -> TourState {
        TourState(RwSignal::new(None))
    }
}

impl Default for TourState {
    fn default() -> Self {
        TourState::new()
    }
}

fn title_of(id: &str) -> String {
    crate::scenario::workshop::texts::title(
        crate::scenario::workshop::texts::Kind::Tour,
        id,
        crate::ui::locale::current(),
    )
    .unwrap_or_default()
}

/// Pauses at step `i`: moves the clock there and selects the step's focus.
fn show_step(play: Playback, pick: Selection, active: RwSignal<Option<Active>>, i: usize) {
    let Some(step) =
        active.with_untracked(|a| a.as_ref().and_then(|a| a.tour.steps.get(i).cloned()))
    else {
        return;
    };
    play.playing.set(false);
    if i == 0 {
        // A tour's steps are its pauses: a first play's stop at every death would come
        // between them.
        play.pause_on_death.set(false);
    }
    play.seek(step.at_ms.saturating_mul(1000));
    let focus = play.with(|l| {
        let h = step.resolve(l.run.engine()).unwrap_or(Highlight::Nothing);
        match h {
            Highlight::Nothing => (None, None),
            Highlight::Node { name } => {
                let q = format!("q:{name}");
                (
                    Some(if l.timeline.diagram.node(&q).is_some() {
                        q
                    } else {
                        format!("x:{name}")
                    }),
                    None,
                )
            }
            Highlight::Message { msg, .. } => (None, msg),
            Highlight::Event { event } => {
                let e = l.run.engine().events().iter().find(|e| e.seq == event);
                (None, e.and_then(|e| e.msg))
            }
        }
    });
    let (node, msg) = focus.unwrap_or((None, None));
    pick.node.set(node);
    pick.msg.set(msg);
    active.update(|a| {
        if let Some(a) = a {
            a.step = i;
        }
    });
}

/// The tour menu and, while a tour runs, its narration panel.
#[component]
pub fn TourPanel(
    /// The running tour, kept across language switches.
    state: TourState,
) -> impl IntoView {
    let ctx = Ctx::get();
    let active = state.0;
    // After a language switch the tour reads in the new language, at the same step.
    let lang = crate::ui::locale::current();
    if active.with_untracked(|a| a.as_ref().is_some_and(|a| a.lang != lang)) {
        active.update(|a| {
            if let Some(a) = a {
                if let Ok((_, tour)) = tours::tour_in(&a.id, lang) {
                    a.tour = tour;
                    a.lang = lang;
                }
            }
        });
    }
    let start = move |id: String| {
        if id.is_empty() {
            active.set(None);
            return;
        }
        let lang = crate::ui::locale::current();
        let Ok((scenario, tour)) = tours::tour_in(&id, lang) else { return };
        let text = serde_json::to_string_pretty(&scenario.json).unwrap_or_default();
        let lab = Lab::load(text, None, scenario).map(|mut l| {
            l.tour = Some(TourRef { id: id.clone(), in_lang: tour_scenario_in });
            l
        });
        if ctx.try_install(lab, 0) {
            active.set(Some(Active { id, tour, lang, step: 0 }));
            show_step(ctx.play, ctx.pick, active, 0);
        }
    };
    // Another scenario was loaded: the tour ends.
    Effect::new(move |_| {
        ctx.play.loaded.track();
        let current = ctx.play.with(|l| l.tour.as_ref().map(|t| t.id.clone())).flatten();
        if active.with_untracked(|a| a.as_ref().is_some_and(|a| Some(&a.id) != current.as_ref())) {
            active.set(None);
        }
    });
    // Playing on stops at the next step.
    Effect::new(move |_| {
        ctx.play.frame.track();
        if !ctx.play.playing.get() {
            return;
        }
        let next = active.with_untracked(|a| {
            a.as_ref().and_then(|a| a.tour.steps.get(a.step + 1).map(|s| (a.step + 1, s.at_ms)))
        });
        if let Some((i, at_ms)) = next {
            if ctx.play.with(|l| l.now_us >= at_ms.saturating_mul(1000)).unwrap_or(false) {
                show_step(ctx.play, ctx.pick, active, i);
            }
        }
    });
    let count =
        move || active.with(|a| a.as_ref().map(|a| (a.step, a.tour.steps.len())).unwrap_or((0, 0)));
    let text = move || {
        active.with(|a| {
            a.as_ref()
                .and_then(|a| a.tour.steps.get(a.step).map(|s| s.text.clone()))
                .unwrap_or_default()
        })
    };
    view! {
        <div class="tour-bar">
            <label>{tr("ui-tour-menu")}" "
                <select class="tour-menu" on:change=move |ev| start(event_target_value(&ev))
                    prop:value=move || active.with(|a| a.as_ref().map(|a| a.id.clone()).unwrap_or_default())>
                    <option value="">{tr("ui-tour-choose")}</option>
                    {TOURS.iter().map(|(id, _)| view! { <option value=*id>{title_of(id)}</option> }).collect_view()}
                </select>
            </label>
            <a class="workshop-link" href=move || crate::ui::locale::link("?workshop=1")>{tr("ui-workshop")}</a>
            <a class="compare-link" href=move || crate::ui::locale::link("?compare=1")>{tr("sys-open-compare")}</a>
        </div>
        {move || active.with(|a| a.is_some()).then(|| view! {
            <section class="tour-panel" aria-live="polite" aria-label=tr("ui-tour-menu")>
                <p class="tour-text">{text}</p>
                <div class="tour-nav">
                    <button class="tour-back" disabled=move || count().0 == 0 on:click=move |_| show_step(ctx.play, ctx.pick, active, count().0.saturating_sub(1))>{tr("ui-tour-back")}</button>
                    <span class="tour-count" data-step=move || count().0.to_string()>{move || crate::msg!(crate::ui::locale::current(), "ui-tour-step-of", n = count().0 + 1, total = count().1)}</span>
                    <button class="tour-next" disabled=move || { count().0 + 1 >= count().1 } on:click=move |_| show_step(ctx.play, ctx.pick, active, count().0 + 1)>{tr("ui-tour-next")}</button>
                    <button class="tour-close" on:click=move |_| active.set(None)>{tr("ui-tour-close")}</button>
                </div>
            </section>
        })}
    }
}

/// A tour's scenario, its texts in `lang` (what a language switch shows).
fn tour_scenario_in(id: &str, lang: Lang) -> Option<crate::scenario::Scenario> {
    tours::tour_in(id, lang).ok().map(|(s, _)| s)
}
