//! The root component: scenario bar, time controls, graph, inspector, log, chart and editor.

use leptos::prelude::*;

use super::chart::DepthChart;
use super::clock::{install_keys, start_loop};
use super::controls::{ScenarioBar, TimeControls};
use super::editor::Editor;
use super::graph::Graph;
use super::i18n::{tr, Key};
use super::inspector::Inspector;
use super::lab::{Ctx, Lab};
use super::legend::Legend;
use super::log::EventLog;
use super::share;

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
        let text = serde_json::to_string_pretty(&super::stress::stress_scenario()).unwrap_or_default();
        ctx.try_install(Lab::from_text(text, None), 0);
    } else {
        share::restore(ctx);
    }
    start_loop(ctx);
    install_keys(ctx);
    let hash_handle = window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
        let current = ctx.with(|l| format!("#{}", crate::viz::link::format_fragment(&share::current_link(l))));
        if Some(&hash) != current.as_ref() && share::open_fragment(ctx, &hash) {
            share::save(ctx);
        }
    });
    on_cleanup(move || hash_handle.remove());
    view! {
        <header class="app-header">
            <h1>{tr(Key::AppTitle)}</h1>
            <p class="tagline">{tr(Key::Tagline)}</p>
        </header>
        {move || ctx.error.get().map(|e| view! {
            <div class="error-banner" role="alert"><span class="error-text">{e}</span>" "
                <button on:click=move |_| ctx.error.set(None)>{tr(Key::Dismiss)}</button></div>
        })}
        <ScenarioBar ctx=ctx />
        <TimeControls ctx=ctx />
        <main class="app-main" class:reduced-motion=move || ctx.reduced_motion.get()>
            <section class="stage" aria-label=tr(Key::Topology)>
                <Graph ctx=ctx />
                <Legend />
            </section>
            <Inspector ctx=ctx />
        </main>
        <div class="lower">
            <EventLog ctx=ctx />
            <DepthChart ctx=ctx />
        </div>
        <Editor ctx=ctx />
    }
}
