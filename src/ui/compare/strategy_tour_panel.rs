//! The comparison page's guided tours (`?compare=1&tour=ID`): a narrated step at a time, each
//! standing at its moment with its strategy's lanes (another beside them) and its message
//! picked; the last sums up the run with what to notice. Without a tour, the list of tours.

use leptos::prelude::*;

use crate::scenario::workshop::strategy_tour::StrategyTourStep;
use crate::scenario::workshop::strategy_tours::{self, strategy_tour_in};
use crate::ui::compare::takeaways_view::Takeaways;
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::strategy_name;
use crate::ui::lanes::compare_ctx::CompareCtx;
use crate::ui::locale;

/// The strategy tour the URL asks for (`tour=ID` beside `compare=`), if it is one.
pub fn tour_requested() -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok())?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|p| p.strip_prefix("tour=").map(str::to_string))
        .filter(|id| strategy_tours::STRATEGY_TOURS.iter().any(|(t, _)| t == id))
}

/// Puts the page where `step` stands: its strategy, the one beside it, its moment, its message.
fn show(c: CompareCtx, step: &StrategyTourStep) {
    c.playing.set(false);
    c.strategy.set(step.strategy);
    c.versus.set(step.versus.filter(|v| *v != step.strategy));
    c.now_us.set(step.at_ms.saturating_mul(1000).min(c.horizon_us()));
    c.picked.set(step.message);
}

/// One tour, step by step.
#[component]
pub fn TourPanel(
    c: CompareCtx,
    /// The tour's id (a built-in strategy tour).
    id: String,
    /// The step shown (held by the page, so a language switch keeps it).
    at: RwSignal<usize>,
) -> impl IntoView {
    let tour_id = StoredValue::new(id);
    // Each step (the first on opening) moves the page to it.
    Effect::new(move |_| {
        let i = at.get();
        let tour = tour_id.with_value(|id| strategy_tour_in(id, locale::current()));
        if let Some(step) = tour.ok().and_then(|t| t.steps.get(i).cloned()) {
            show(c, &step);
        }
    });
    move || {
        let lang = locale::tracked();
        let Ok(t) = tour_id.with_value(|id| strategy_tour_in(id, lang)) else {
            return None;
        };
        let total = t.steps.len();
        let i = at.get().min(total.saturating_sub(1));
        let step = t.steps[i].clone();
        let beside =
            step.versus.map(|v| format!("{} · {}", strategy_name(step.strategy), strategy_name(v)));
        Some(view! {
            <section class="strategy-tour" role="region" aria-label=crate::label!(lang, "sys-tours-title")
                data-tour=t.id.clone() data-step=i.to_string()>
                <h2>{t.title.clone()}</h2>
                <p class="tour-progress">{crate::msg!(lang, "ui-tour-step-of", n = i + 1, total = total)}
                    " · "{beside.unwrap_or_else(|| strategy_name(step.strategy).to_string())}</p>
                <p class="tour-text">{step.text.clone()}</p>
                {step.summary.then(|| view! { <Takeaways c=c /> })}
                <div class="tour-buttons">
                    <button class="tour-back" disabled=move || at.get() == 0 on:click=move |_| at.update(|n| *n = n.saturating_sub(1))>{tr("ui-tour-back")}</button>
                    <button class="tour-next" disabled=move || { at.get() + 1 >= total } on:click=move |_| at.update(|n| *n = (*n + 1).min(total - 1))>{tr("ui-tour-next")}</button>
                    <a class="tour-close" href=move || locale::link("?compare=1")>{tr("ui-tour-close")}</a>
                </div>
            </section>
        })
    }
}

/// The tours to take, one link each, with the system each is mostly about.
#[component]
pub fn TourList() -> impl IntoView {
    move || {
        let lang = locale::tracked();
        view! {
            // A menu: closed, the tours wait beside the work instead of above it.
            <details class="strategy-tours tours-menu" aria-label=crate::label!(lang, "sys-tours-title")>
                <summary>{crate::label!(lang, "sys-tours-title")}</summary>
                <ul>
                    {strategy_tours::all_in(lang).into_iter().map(|t| {
                        let href = format!("?compare=1&tour={}", t.id);
                        view! {
                            <li data-tour=t.id.clone()><a href=move || locale::link(&href)>{t.title.clone()}</a>
                                " · "<span class="system-name">{strategy_name(t.system)}</span>
                                <br /><span class="hint">{t.description.clone()}</span></li>
                        }
                    }).collect_view()}
                </ul>
            </details>
        }
    }
}
