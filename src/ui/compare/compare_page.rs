//! The strategy comparison page (`?compare=1`, or `?compare=ID` for a built-in workload):
//! one failing workload through SQS, Kafka, BullMQ, a database DLQ and the hybrid, the
//! figures side by side, each message's lane over time, and what happened to a clicked one.
//!
//! The runs live in one non-reactive handle ([`Runs`]); a version signal says when they
//! changed. The workload text is the user's work: it is kept in localStorage, and a text that
//! does not read keeps the last good runs and shows what to fix.

use crate::systems::presets::{preset, PRESETS};
use crate::systems::Comparison;
use leptos::prelude::*;

use crate::scenario::workshop::strategy_tours::strategy_tour_in;
use crate::ui::compare::figures_view::Figures;
use crate::ui::compare::strategy_tour_panel::{tour_requested, TourList, TourPanel};
use crate::ui::compare::takeaways_view::Takeaways;
use crate::ui::compare::{export_panel::ExportPanel, operator_panel::OperatorPanel};
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::{preset_texts, workload_error};
use crate::ui::lanes::compare_ctx::{start_loop, CompareCtx};
use crate::ui::lanes::compare_loading::ComputingBar;
use crate::ui::lanes::lanes_view::{LanesView, MessageStory, OperatorReport};
use crate::ui::lang_switch::LangSwitch;
use crate::ui::locale;

/// The built-in workload the URL asks for: `Some("")` for `?compare=1`, `Some(id)` for
/// `?compare=ID`, `None` when the page is not asked for.
pub fn compare_requested() -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok())?;
    search.trim_start_matches('?').split('&').find_map(|p| match p {
        "compare" | "compare=1" => Some(String::new()),
        _ => p.strip_prefix("compare=").map(str::to_string),
    })
}

/// A checkbox for one of the workload's boolean fields, written into the text when flipped.
#[component]
fn Toggle(
    c: CompareCtx,
    /// The workload field it sets.
    field: &'static str,
    label: &'static str,
    /// The tooltip.
    hint: &'static str,
    /// Reads the field from the comparison.
    read: fn(&Comparison) -> bool,
) -> impl IntoView {
    view! {
        <label class="toggle" title=tr(hint)>
            <input type="checkbox" name=field
                prop:checked=move || { c.version.track(); c.flag(read) }
                on:change=move |ev| c.toggle(field, event_target_checked(&ev)) />
            " " {tr(label)}
        </label>
    }
}

/// The workload chooser (or a tour's title, `named`), the two toggles and the JSON editor.
#[component]
fn WorkloadPanel(c: CompareCtx, named: Option<String>) -> impl IntoView {
    let (draft, chooser) = (c.draft, named.is_none());
    view! {
        <section class="workload" aria-label=tr("sys-workload")>
            {named.map(|title| view! { <p class="workload-name"><strong>{tr("sys-workload")}</strong>" "{title}</p> })}
            <label class:hidden=!chooser>{tr("sys-workload")}" "
                <select class="preset-select" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = preset(&id) {
                        c.preset.set(id);
                        c.apply(p.text.to_string());
                    }
                }>
                    {PRESETS.iter().map(|p| {
                        let id = p.id;
                        view! { <option value=id selected=move || c.preset.get() == id>{preset_texts(id).0}</option> }
                    }).collect_view()}
                </select>
            </label>
            {chooser.then(|| view! { <p class="about">{move || preset_texts(&c.preset.get()).1}</p> })}
            <Toggle c=c field="idempotent" label="sys-idempotent" hint="sys-idempotent-hint" read=|x| x.workload.idempotent />
            <Toggle c=c field="route_permanent_directly" label="sys-route-direct" hint="sys-route-direct-hint"
                read=|x| x.workload.route_permanent_directly />
            <details class="workload-editor" open=move || c.error.get().is_some()>
                <summary>{tr("sys-workload-text")}</summary>
                <textarea aria-label=tr("sys-workload-text") spellcheck="false" rows="16" prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))></textarea>
                <button class="apply" on:click=move |_| c.apply(draft.get_untracked())>{tr("sys-apply")}</button>
            </details>
            <ComputingBar c=c />
            {move || c.error.get().map(|e| view! { <p class="error-banner" role="alert">{workload_error(&e)}</p> })}
        </section>
    }
}

/// The whole comparison page, or (`embed`) its compact form for an `<iframe>` in a
/// documentation page: the workload's title and lesson, the figures and the lanes, a link to
/// the full page, and nothing saved.
#[component]
pub fn ComparePage(
    /// The built-in workload id from the URL (empty: the saved work, else the first).
    asked: String,
    /// The compact form (`?compare=ID&embed=1`).
    #[prop(optional)]
    embed: bool,
) -> impl IntoView {
    let tour = tour_requested()
        .and_then(|id| strategy_tour_in(&id, locale::current()).ok())
        .filter(|_| !embed);
    let c = match &tour {
        Some(t) => CompareCtx::fixed(&t.comparison_text, &t.comparison_text, t.system),
        None => CompareCtx::new(&asked, !embed, super::export_panel::linked_text()),
    };
    let tour_id = tour.map(|t| t.id);
    let tour_step = RwSignal::new(0usize);
    start_loop(c);
    if embed {
        crate::ui::host_page::announce_compare(&asked);
    }
    // The address follows the view once the visitor changes it (opening leaves it as it was).
    Effect::new(move |first: Option<()>| {
        c.version.track();
        c.strategy.track();
        c.versus.track();
        if first.is_some() {
            c.write_url();
        }
    });
    let full_link = format!(
        "{}?compare={}",
        crate::ui::share::base_url(),
        if asked.is_empty() { "1" } else { asked.as_str() }
    );
    move || {
        locale::tracked();
        if embed {
            let (title, about) = preset_texts(&c.preset.get_untracked());
            return view! {
                <div class="compare-page compare-embed">
                    <div class="workshop-bar">
                        <strong class="embed-title">{title}</strong>
                        <a class="embed-open" href=full_link.clone() target="_blank" rel="noopener">{tr("sys-open-full-compare")}</a>
                        <LangSwitch compact=true />
                    </div>
                    <p class="about">{about}</p>
                    <Figures c=c />
                    <Takeaways c=c />
                    <LanesView c=c />
                    <MessageStory c=c />
                </div>
            }
            .into_any();
        }
        view! {
            <div class="compare-page">
                <div class="workshop-bar"><a href=move || crate::ui::locale::link("./")>{tr("sys-back-to-playground")}</a><LangSwitch /></div>
                <h1>{tr("sys-title")}</h1>
                <p class="intro">{tr("sys-intro")}</p>
                {match tour_id.clone() {
                    Some(id) => view! { <TourPanel c=c id=id at=tour_step /> }.into_any(),
                    None => view! { <TourList /> }.into_any(),
                }}
                <WorkloadPanel c=c named=tour_id.as_ref().and_then(|id| strategy_tour_in(id, locale::current()).ok().map(|t| t.title)) />
                <LanesView c=c />
                <MessageStory c=c />
                <Figures c=c />
                <Takeaways c=c />
                <OperatorPanel c=c />
                <OperatorReport c=c /><ExportPanel c=c />
            </div>
        }
        .into_any()
    }
}
