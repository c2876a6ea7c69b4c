//! Embed mode (`?embed=1`): one scenario with minimal chrome for a documentation page, and the
//! playground's Share → Embed panel that writes the `<iframe>` snippet.
//!
//! An embed never reads or writes the playground's saved work, so several on one page do not
//! disturb each other. Options: the link keys (`s=`/`j=`, `p=`, `seed=`, `t=`) in the query or
//! fragment, `autoplay=1`, `loop=1`, `speed=`. The host page drives it by `postMessage`
//! ([`crate::ui::embed::post_api`]).

use leptos::prelude::*;

use crate::link::embed_protocol::{
    element_snippet, embed_options, error_event, iframe_snippet, Refusal,
};
use crate::link::page_file::{page_url, PageFile};
use crate::link::share_link::format_fragment;

use crate::ui::embed::host_size;
use crate::ui::i18n::{fmt_speed, fmt_time, tr, Key};
use crate::ui::icons::{icon, Icon};
use crate::ui::lab::{Ctx, Lab};
use crate::ui::lang_switch::LangSwitch;
use crate::ui::loading::LoadingBar;
use crate::ui::playground::controls::{clock, SPEEDS};
use crate::ui::playground::frame_loop::{install_keys, start_loop};
use crate::ui::playground::graph::Graph;
use crate::ui::playground::inspector::Inspector;
use crate::ui::{embed::post_api, locale, share};

/// Wall-clock pause at the end before a looping embed starts again, in ms.
pub const LOOP_PAUSE_MS: u64 = 1200;

fn location() -> (String, String) {
    let loc = web_sys::window().map(|w| w.location());
    let get = |f: fn(&web_sys::Location) -> Result<String, wasm_bindgen::JsValue>| {
        loc.as_ref().and_then(|l| f(l).ok()).unwrap_or_default()
    };
    (get(web_sys::Location::search), get(web_sys::Location::hash))
}

/// True when the page was opened with `?embed=1`.
pub fn embed_requested() -> bool {
    location().0.trim_start_matches('?').split('&').any(|p| p == "embed=1" || p == "embed")
}

/// The playground's own address without query or fragment (the base of embed links).
pub fn base_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Play/pause, step back and forward, speed, the scrubber and the clock, in one compact row.
/// Unlike the playground's controls it never saves to the URL or localStorage.
#[component]
pub fn CompactControls(
    /// Shared state.
    ctx: Ctx,
) -> impl IntoView {
    let (now, end) = clock(ctx);
    let toggle = move |_| {
        if !ctx.playing.get_untracked() && now.get_untracked() >= end.get_untracked() {
            ctx.seek(0);
        }
        ctx.playing.update(|p| *p = !*p);
    };
    let on_scrub = move |ev| {
        if let Ok(ms) = event_target_value(&ev).parse::<f64>() {
            ctx.playing.set(false);
            ctx.seek((ms.max(0.0) * 1000.0) as u64);
        }
    };
    let on_speed = move |ev| {
        if let Ok(s) = event_target_value(&ev).parse::<f64>() {
            ctx.speed.set(s);
        }
    };
    view! {
        <div class="compact-controls" role="toolbar" aria-label=tr(Key::Time)>
            <button class="play" on:click=toggle aria-pressed=move || ctx.playing.get().to_string()
                title=move || if ctx.playing.get() { tr(Key::Pause) } else { tr(Key::Play) }>
                {move || if ctx.playing.get() { icon(Icon::Pause).into_any() } else { icon(Icon::Play).into_any() }}
                <span class="play-word">{move || if ctx.playing.get() { tr(Key::Pause) } else { tr(Key::Play) }}</span>
            </button>
            <button class="step-back icon quiet" on:click=move |_| ctx.step_prev() title=tr(Key::StepBack) aria-label=tr(Key::StepBack)>{icon(Icon::StepBack)}<span class="visually-hidden">{tr(Key::StepBack)}</span></button>
            <button class="step icon quiet" on:click=move |_| ctx.step_next() title=tr(Key::StepNext) aria-label=tr(Key::StepNext)>{icon(Icon::StepNext)}<span class="visually-hidden">{tr(Key::StepNext)}</span></button>
            <select class="speed" title=tr(Key::Speed) on:change=on_speed prop:value=move || ctx.speed.get().to_string() aria-label=tr(Key::Speed)>
                {SPEEDS.iter().map(|s| view! { <option value=s.to_string()>{fmt_speed(*s)}</option> }).collect_view()}
            </select>
            <input class="scrubber" type="range" min="0" step="1" aria-label=tr(Key::Scrubber)
                prop:max=move || (end.get() / 1000).to_string()
                prop:value=move || (now.get() / 1000).to_string()
                on:input=on_scrub />
            <output class="clock" aria-label=tr(Key::Time)>{move || fmt_time(now.get())}</output>
        </div>
    }
}

/// Starts the loop again from 0 shortly after the run reaches its end, while `looping`.
fn install_looping(ctx: Ctx) {
    Effect::new(move |_| {
        if ctx.playing.get() || !ctx.with(|l| l.now_us >= l.timeline.end_us).unwrap_or(false) {
            return;
        }
        set_timeout(
            move || {
                let at_end = ctx.with(|l| l.now_us >= l.timeline.end_us).unwrap_or(false);
                if at_end && ctx.playing.try_get_untracked() == Some(false) {
                    ctx.seek(0);
                    ctx.playing.set(true);
                }
            },
            std::time::Duration::from_millis(LOOP_PAUSE_MS),
        );
    });
}

/// The embedded player: graph, compact controls, a compact inspector and a link to the full
/// playground. Reads its options from the URL.
/// The embed's own page (`embed.html`): the language first (as [`crate::ui::Root`] sets
/// it), then the embed.
#[component]
pub fn EmbedRoot() -> impl IntoView {
    crate::ui::locale::init();
    view! { <EmbedApp /> }
}

#[component]
pub fn EmbedApp() -> impl IntoView {
    let ctx = Ctx::new();
    provide_context(ctx);
    let (search, hash) = location();
    let opts = embed_options(&search, &hash);
    let (link, autoplay, looping, speed) = match &opts {
        Ok(o) => (o.link.clone(), o.autoplay, o.looping, o.speed),
        Err(e) => {
            ctx.error.set(Some(crate::ui::notice::Notice::Link(e.clone())));
            (None, false, false, None)
        }
    };
    let t_ms = link.as_ref().map(|l| l.t_ms).unwrap_or(0);
    // Once loaded (at once, or after a long run was computed in slices): the link's speed
    // and autoplay apply to it.
    let loaded = move |lab| {
        if !ctx.try_install(lab, t_ms) {
            let e = ctx.error.get_untracked();
            if let Ok(lab) = Lab::from_preset(share::DEFAULT_PRESET, None, None) {
                ctx.install(lab, 0);
            }
            // The host hears why its link did not load, then `ready` with the default.
            if let Some(notice) = &e {
                post_api::post(&error_event(&Refusal {
                    problem: notice.text(),
                    command: Some("load".into()),
                    id: None,
                }));
            }
            ctx.error.set(e);
        }
        if let Some(s) = speed {
            ctx.speed.set(s);
        }
        if autoplay {
            ctx.playing.set(true);
        }
        // The host page hears `ready` once the link's scenario is in place (a long one is
        // computed in slices first).
        post_api::post_ready(ctx);
    };
    match &link {
        Some(l) => share::open(ctx, l, loaded),
        None => loaded(Lab::from_preset(share::DEFAULT_PRESET, None, None)),
    }
    start_loop(ctx);
    install_keys(ctx);
    if looping {
        install_looping(ctx);
    }
    post_api::install(ctx);
    host_size::apply_theme(&search);
    host_size::report_size();
    let title = move || {
        ctx.loaded.track();
        ctx.with(|l| l.scenario.title_in(locale::tracked()).to_string()).unwrap_or_default()
    };
    let full_link = move || {
        ctx.frame.track();
        ctx.with(|l| format!("./#{}", format_fragment(&share::current_link(l)))).unwrap_or_default()
    };
    // A language switch re-renders the embed in the new language; the run and the moment stay.
    move || {
        locale::tracked();
        view! {
            <div class="embed" data-embed="1">
                <div class="embed-bar">
                    <span class="embed-title">{title}</span>
                    <LangSwitch ctx=ctx compact=true />
                    <a class="embed-open" href=full_link target="_blank" rel="noopener">{tr(Key::OpenFull)}</a>
                </div>
                {move || ctx.error.get().map(|e| view! {
                    <div class="error-banner" role="alert"><span class="error-text">{e.text()}</span>" "
                        <button on:click=move |_| ctx.error.set(None)>{tr(Key::Dismiss)}</button></div>
                })}
                <LoadingBar ctx=ctx />
                <section class="embed-stage" aria-label=tr(Key::Topology)>
                    <Graph ctx=ctx />
                    <details class="embed-inspector" prop:open=move || ctx.selected_msg.get().is_some() || ctx.selected_node.get().is_some()>
                        <summary>{tr(Key::InspectorTitle)}</summary>
                        <Inspector ctx=ctx />
                    </details>
                </section>
                <CompactControls ctx=ctx />
            </div>
        }
    }
}

/// The playground's Share → Embed button: shows the one-line `<iframe>` snippet for the
/// current scenario and moment, ready to copy.
#[component]
pub fn EmbedShare(
    /// Shared state.
    ctx: Ctx,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let snippet = move || {
        ctx.frame.track();
        ctx.loaded.track();
        ctx.with(|l| iframe_snippet(&base_url(), &share::current_link(l), &l.scenario.title))
            .unwrap_or_default()
    };
    let element = move || {
        ctx.frame.track();
        ctx.loaded.track();
        ctx.with(|l| element_snippet(&base_url(), &share::current_link(l))).unwrap_or_default()
    };
    let select_all = move |e: leptos::ev::FocusEvent| {
        use wasm_bindgen::JsCast;
        if let Some(t) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        {
            t.select();
        }
    };
    // The link to this scenario at this moment, copied for the user (or shown to copy).
    let link_status = RwSignal::new(None::<(bool, String)>);
    let share_link = move |_| {
        let Some(fragment) = ctx.with(|l| format_fragment(&share::current_link(l))) else {
            return;
        };
        let old = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
        // The full playground beside this page, at this scenario and moment.
        let playground = page_url(&base_url(), PageFile::Playground);
        let url = format!("{playground}#{}", crate::link::lang_link::keep_lang(&fragment, &old));
        let Some(w) = web_sys::window() else { return };
        let promise = w.navigator().clipboard().write_text(&url);
        link_status.set(Some((false, url.clone())));
        wasm_bindgen_futures::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            link_status.set(Some((ok, url)));
        });
    };
    view! {
        <div class="embed-share">
            <button class="share-link" on:click=share_link>{tr(Key::ShareLink)}</button>
            {move || link_status.get().map(|(copied, url)| view! {
                <div class="share-link-box" role="status">
                    <label>{if copied { tr(Key::LinkCopied) } else { tr(Key::LinkToCopy) }}
                        <input class="share-link-url" readonly prop:value=url on:focus=move |e| {
                            use wasm_bindgen::JsCast;
                            if let Some(t) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                t.select();
                            }
                        } />
                    </label>
                </div>
            })}
            <button class="share-embed" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                {tr(Key::ShareEmbed)}
            </button>
            {move || open.get().then(|| view! {
                <div class="embed-snippet-box">
                    <label>{crate::msg!(locale::current(), "ui-element-snippet-hint")}
                        <textarea class="element-snippet" readonly rows="3" spellcheck="false" prop:value=element on:focus=select_all></textarea>
                    </label>
                    <label>{tr(Key::EmbedSnippetHint)}
                        <textarea class="embed-snippet" readonly rows="3" spellcheck="false" prop:value=snippet on:focus=select_all></textarea>
                    </label>
                </div>
            })}
        </div>
    }
}
