//! The root component: scenario bar, time controls, graph, the side panel's Message / Node /
//! Log / Edit tabs, actions by hand, chart and editor.

use leptos::prelude::*;

use crate::msg;
use crate::ui::i18n::tr;
use crate::ui::icons::{icon, Icon};
use crate::ui::lang_switch::LangSwitch;
use crate::ui::loading::{self, LoadingBar};
use crate::ui::locale;
use crate::ui::notice::Notice;
use crate::ui::page_state::Ctx;
use crate::ui::picture::frame_loop::{install_keys, start_loop};
use crate::ui::picture::graph::Graph;
use crate::ui::picture::inspector::{Inspector, Show};
use crate::ui::picture::legend::Legend;
use crate::ui::picture::log::EventLog;
use crate::ui::picture_edit::history::{install_undo_keys, History};
use crate::ui::picture_edit::node_pane::{CanvasTools, NodePane};
use crate::ui::picture_edit::Sink;
use crate::ui::playground::act_panel::ActNow;
use crate::ui::playground::chart::DepthChart;
use crate::ui::playground::controls::{AboutCard, DiffShown, KeysHint, ScenarioBar, TimeControls};
use crate::ui::playground::editor::{Editor, EditorState};
use crate::ui::playground::embed_share::EmbedShare;
use crate::ui::playground::first_visit::FirstVisitHint;
use crate::ui::playground::import_export::{ImportExport, ImportState};
use crate::ui::playground::tour_panel::{TourPanel, TourState};
use crate::ui::share;

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// The side panel's tabs beside the editor's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SideTab {
    Message,
    Node,
    Log,
}

/// The whole playground. Opens the URL's link, else the saved work, else the default preset
/// (`?stress=1` opens the stress scenario).
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::provide();
    ctx.play.reduced_motion.set(prefers_reduced_motion());
    // A first play (until the first-visit hint is dismissed) stops at each death and shows
    // the message that died.
    // (Not in the stress scenario, which measures frames.)
    ctx.play
        .pause_on_death
        .set(!crate::ui::playground::first_visit::seen() && !share::stress_requested());
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
        let current = ctx.play.with(|l| {
            format!("#{}", crate::link::share_link::format_fragment(&share::current_link(l)))
        });
        if Some(&hash) != current.as_ref() {
            share::open_fragment(ctx, &hash, move |ok| {
                if ok {
                    share::save(ctx.play);
                }
            });
        }
    });
    on_cleanup(move || hash_handle.remove());
    // Kept outside the re-rendered view, so a language switch keeps the draft, the tour and
    // the import panel's text and findings.
    let (editor, tour, import) = (EditorState::new(), TourState::new(), ImportState::new());
    let diff: DiffShown = RwSignal::new_local(None);
    let about = RwSignal::new(true);
    let menu = RwSignal::new(false);
    // The side panel's tab: the message, the node or the log (the editor is the fourth tab:
    // editing beside the graph).
    let side_tab = RwSignal::new(SideTab::Message);
    // Choosing a message (in the log, or on the graph) shows the Message tab, choosing a node
    // the Node tab; the editor, when open, stays.
    Effect::new(move |_| {
        if ctx.pick.msg.get().is_some() && !editor.beside.get_untracked() {
            side_tab.set(SideTab::Message);
        }
    });
    Effect::new(move |_| {
        if ctx.pick.node.get().is_some() && !editor.beside.get_untracked() {
            side_tab.set(SideTab::Node);
        }
    });
    let tab = move |which: Option<SideTab>| {
        let shown = if editor.beside.get() { None } else { Some(side_tab.get()) };
        (shown == which).to_string()
    };
    // (Set only on a change: a set notifies even when the value is the same, and the side
    // panel's content is rebuilt on each.)
    let pick = move |which: SideTab| {
        if side_tab.get_untracked() != which {
            side_tab.set(which);
        }
        if editor.beside.get_untracked() {
            editor.beside.set(false);
        }
    };
    // Editing on the picture: the forms edit the loaded text; every edit is an undo step.
    let history = History::new();
    install_undo_keys(ctx, history);
    let sink = Sink::new(
        ctx,
        Callback::new(move |()| ctx.play.with(|l| l.text.clone()).unwrap_or_default()),
        Callback::new(move |text: String| history.apply(ctx, text)),
    );
    // The graph's bind handles edit through it.
    crate::ui::picture_edit::provide(sink);
    let open_node_tab = Callback::new(move |()| pick(SideTab::Node));
    Effect::new(move |_| {
        if sink.adding.get().is_some() {
            pick(SideTab::Node);
        }
    });
    // A language switch re-renders every component in the new language; the state (ctx, the
    // run, the moment) stays as it is.
    move || {
        let lang = locale::tracked();
        view! {
        <div class="playground" class:editing=move || editor.beside.get()>
        <header class="app-header topbar" class:menu-open=move || menu.get()>
            <h1>{tr("ui-app-title")}</h1>
            <p class="tagline">{tr("ui-tagline")}</p>
            <ScenarioBar diff=diff />
            // On a phone: tours, the other pages and sharing behind one menu button.
            <button class="topbar-menu icon quiet" aria-expanded=move || menu.get().to_string()
                title=crate::label!(lang, "ui-menu") aria-label=crate::label!(lang, "ui-menu")
                on:click=move |_| menu.update(|m| *m = !*m)>{icon(Icon::Menu)}</button>
            <TourPanel state=tour />
            <EmbedShare />
            <LangSwitch ctx=ctx save=true compact=true />
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
                <button on:click=move |_| ctx.error.set(None)>{tr("ui-dismiss")}</button></div>
        }})}
        <LoadingBar />
        // Placed under the canvas by the grid (its area is "transport").
        <TimeControls />
        <main class="app-main" class:reduced-motion=move || ctx.play.reduced_motion.get() class:editing=move || editor.beside.get()>
            <section class="stage" aria-label=tr("ui-topology")>
                <Graph />
                <CanvasTools sink=sink history=history open=open_node_tab />
                <AboutCard diff=diff open=about />
                <details class="legend-box">
                    <summary>{tr("ui-legend")}</summary>
                    <Legend />
                </details>
            </section>
            <aside class="side">
                <div class="side-tabs" role="tablist">
                    <button role="tab" class="tab-message" aria-selected=move || tab(Some(SideTab::Message))
                        on:click=move |_| pick(SideTab::Message)>{crate::label!(lang, "ui-tab-message")}</button>
                    <button role="tab" class="tab-node" aria-selected=move || tab(Some(SideTab::Node))
                        on:click=move |_| pick(SideTab::Node)>{crate::label!(lang, "ui-tab-node")}</button>
                    <button role="tab" class="tab-log" aria-selected=move || tab(Some(SideTab::Log))
                        on:click=move |_| pick(SideTab::Log)>{crate::label!(lang, "ui-tab-log")}</button>
                    <button role="tab" class="tab-edit" aria-selected=move || tab(None)
                        on:click=move |_| editor.beside.set(true)>{crate::label!(lang, "ui-tab-edit")}</button>
                </div>
                <div class="side-body" role="tabpanel">
                    <FirstVisitHint />
                    // Editing beside the graph puts the editor in the side panel.
                    {move || if editor.beside.get() {
                        view! { <Editor state=editor history=history /> }.into_any()
                    } else {
                        let hidden = move |t: SideTab| side_tab.get() != t;
                        view! {
                            <div class="tab-pane" class:hidden=move || hidden(SideTab::Message)><Inspector show=Show::Message /></div>
                            <div class="tab-pane node-pane" class:hidden=move || hidden(SideTab::Node)><NodePane sink=sink open=open_node_tab /></div>
                            <div class="tab-pane" class:hidden=move || hidden(SideTab::Log)><EventLog open=Signal::derive(move || !hidden(SideTab::Log)) /></div>
                        }.into_any()
                    }}
                </div>
            </aside>
        </main>
        </div>
        <div class="below">
            <p class="more-below">{crate::label!(lang, "ui-more-below")}</p>
            {move || editor.beside.get().then(|| view! { <div class="inspector-below"><Inspector show=Show::Any /></div> })}
            <ActNow />
            <div class="lower">
                <DepthChart />
                <KeysHint />
            </div>
            {move || (!editor.beside.get()).then(|| view! { <Editor state=editor history=history /> })}
            <ImportExport state=import />
        </div>
        }
    }
}
