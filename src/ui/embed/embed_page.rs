//! Embed mode (`?embed=1`): one scenario with minimal chrome for a documentation page, and the
//! playground's Share → Embed panel that writes the `<iframe>` snippet.
//!
//! An embed never reads or writes the playground's saved work, so several on one page do not
//! disturb each other. Options: the link keys (`s=`/`j=`, `p=`, `seed=`, `t=`) in the query or
//! fragment, `autoplay=1`, `loop=1`, `speed=`. The host page drives it by `postMessage`
//! ([`crate::ui::embed::post_api`]).

use leptos::prelude::*;

use crate::link::embed_protocol::{embed_options, error_event, Refusal};
use crate::link::share_link::format_fragment;

use crate::ui::host_page;
use crate::ui::i18n::tr;
use crate::ui::lab::Lab;
use crate::ui::lang_switch::LangSwitch;
use crate::ui::loading::LoadingBar;
use crate::ui::page_state::{Ctx, Playback};
use crate::ui::picture::compact_controls::CompactControls;
use crate::ui::picture::frame_loop::{install_keys, start_loop};
use crate::ui::picture::graph::Graph;
use crate::ui::picture::inspector::Inspector;
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

/// Starts the loop again from 0 shortly after the run reaches its end, while `looping`.
fn install_looping(play: Playback) {
    Effect::new(move |_| {
        if play.playing.get() || !play.with(|l| l.now_us >= l.timeline.end_us).unwrap_or(false) {
            return;
        }
        set_timeout(
            move || {
                let at_end = play.with(|l| l.now_us >= l.timeline.end_us).unwrap_or(false);
                if at_end && play.playing.try_get_untracked() == Some(false) {
                    play.seek(0);
                    play.playing.set(true);
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
    let ctx = Ctx::provide();
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
            ctx.play.speed.set(s);
        }
        if autoplay {
            ctx.play.playing.set(true);
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
        install_looping(ctx.play);
    }
    post_api::install(ctx);
    host_page::apply_theme(&search);
    host_page::report_size();
    let title = move || {
        ctx.play.loaded.track();
        ctx.play.with(|l| l.scenario.title_in(locale::tracked()).to_string()).unwrap_or_default()
    };
    let full_link = move || {
        ctx.play.frame.track();
        ctx.play
            .with(|l| format!("./#{}", format_fragment(&share::current_link(l))))
            .unwrap_or_default()
    };
    // A language switch re-renders the embed in the new language; the run and the moment stay.
    move || {
        locale::tracked();
        view! {
            <div class="embed" data-embed="1">
                <div class="embed-bar">
                    <span class="embed-title">{title}</span>
                    <LangSwitch ctx=ctx compact=true />
                    <a class="embed-open" href=full_link target="_blank" rel="noopener">{tr("ui-open-full")}</a>
                </div>
                {move || ctx.error.get().map(|e| view! {
                    <div class="error-banner" role="alert"><span class="error-text">{e.text()}</span>" "
                        <button on:click=move |_| ctx.error.set(None)>{tr("ui-dismiss")}</button></div>
                })}
                <LoadingBar />
                <section class="embed-stage" aria-label=tr("ui-topology")>
                    <Graph />
                    <details class="embed-inspector" prop:open=move || ctx.pick.msg.get().is_some() || ctx.pick.node.get().is_some()>
                        <summary>{tr("ui-inspector-title")}</summary>
                        <Inspector />
                    </details>
                </section>
                <CompactControls />
            </div>
        }
    }
}
