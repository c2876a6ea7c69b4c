//! The root component: scenario bar, time controls, graph, inspector, actions by hand, log,
//! chart and editor.

use leptos::prelude::*;

use crate::msg;
use crate::ui::embed::embed_page::EmbedShare;
use crate::ui::i18n::{tr, Key};
use crate::ui::lab::Ctx;
use crate::ui::lang_switch::LangSwitch;
use crate::ui::loading::{self, LoadingBar};
use crate::ui::locale;
use crate::ui::notice::Notice;
use crate::ui::playground::act_panel::ActNow;
use crate::ui::playground::chart::DepthChart;
use crate::ui::playground::controls::{ScenarioBar, TimeControls};
use crate::ui::playground::editor::{Editor, EditorState};
use crate::ui::playground::frame_loop::{install_keys, start_loop};
use crate::ui::playground::graph::Graph;
use crate::ui::playground::import_export::{ImportExport, ImportState};
use crate::ui::playground::inspector::Inspector;
use crate::ui::playground::legend::Legend;
use crate::ui::playground::log::EventLog;
use crate::ui::playground::tour_panel::{TourPanel, TourState};
use crate::ui::share;

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// The whole playground. Opens the URL's link, else the saved work, else the default preset
/// (`?stress=1` opens the stress scenario).
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new();
    provide_context(ctx);
    ctx.reduced_motion.set(prefers_reduced_motion());
    if share::stress_requested() {
        let text = serde_json::to_string_pretty(&crate::ui::playground::stress::stress_scenario())
            .unwrap_or_default();
        loading::load_text(ctx, text, None, move |lab| {
            ctx.try_install(lab, 0);
        });
    } else {
        share::restore(ctx);
    }
    start_loop(ctx);
    install_keys(ctx);
    let hash_handle = window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
        let current = ctx.with(|l| {
            format!("#{}", crate::link::share_link::format_fragment(&share::current_link(l)))
        });
        if Some(&hash) != current.as_ref() {
            share::open_fragment(ctx, &hash, move |ok| {
                if ok {
                    share::save(ctx);
                }
            });
        }
    });
    on_cleanup(move || hash_handle.remove());
    // Kept outside the re-rendered view, so a language switch keeps the draft, the tour and
    // the import panel's text and findings.
    let (editor, tour, import) = (EditorState::new(), TourState::new(), ImportState::new());
    // A language switch re-renders every component in the new language; the state (ctx, the
    // run, the moment) stays as it is.
    move || {
        locale::tracked();
        view! {
        <header class="app-header">
            <h1>{tr(Key::AppTitle)}</h1>
            <p class="tagline">{tr(Key::Tagline)}</p>
            <LangSwitch ctx=ctx save=true />
        </header>
        {move || ctx.error.get().map(|e| {
            let left = match &e { Notice::Interrupted(f) => Some(f.clone()), _ => None };
            view! {
            <div class="error-banner" role="alert"><span class="error-text">{e.text()}</span>" "
                {left.map(|f| {
                    let again = f.clone();
                    let lang = locale::current();
                    view! {
                        <button class="reopen" on:click=move |_| share::reopen(ctx, again.clone())>{msg!(lang, "notice-interrupted-open")}</button>" "
                        <button class="forget" on:click=move |_| share::forget_interrupted(ctx, &f)>{msg!(lang, "notice-interrupted-forget")}</button>" "
                    }
                })}
                <button on:click=move |_| ctx.error.set(None)>{tr(Key::Dismiss)}</button></div>
        }})}
        <LoadingBar ctx=ctx />
        <ScenarioBar ctx=ctx />
        <TourPanel ctx=ctx state=tour />
        <TimeControls ctx=ctx />
        <EmbedShare ctx=ctx />
        <main class="app-main" class:reduced-motion=move || ctx.reduced_motion.get() class:editing=move || editor.beside.get()>
            <section class="stage" aria-label=tr(Key::Topology)>
                <Graph ctx=ctx />
                <Legend />
            </section>
            // Editing beside the graph puts the editor in the inspector's column.
            {move || if editor.beside.get() {
                view! { <Editor ctx=ctx state=editor /> }.into_any()
            } else {
                view! { <Inspector ctx=ctx /> }.into_any()
            }}
        </main>
        {move || editor.beside.get().then(|| view! { <div class="inspector-below"><Inspector ctx=ctx /></div> })}
        <ActNow ctx=ctx />
        <div class="lower">
            <EventLog ctx=ctx />
            <DepthChart ctx=ctx />
        </div>
        {move || (!editor.beside.get()).then(|| view! { <Editor ctx=ctx state=editor /> })}
        <ImportExport ctx=ctx state=import />
        }
    }
}
