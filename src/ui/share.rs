//! The scenario and moment in the URL fragment and in localStorage, read back on open.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::link::share_link::{format_fragment, parse_fragment, Link, LinkError, LinkSource};

use super::lab::Lab;
use super::loading;
use super::notice::Notice;
use super::run_mark;
use crate::ui::page_state::{Ctx, Playback};

/// The localStorage key holding the current work (a fragment).
pub const STORAGE_KEY: &str = "dlx-lab:work";
/// The preset opened when there is no link and nothing saved.
pub const DEFAULT_PRESET: &str = "four-reasons";

/// The link for the current scenario and moment.
pub fn current_link(lab: &Lab) -> Link {
    let t_ms = lab.now_us / 1000;
    let source = match &lab.preset {
        Some(id) => LinkSource::Preset {
            id: id.clone(),
            profile: Some(lab.scenario.profile.name.to_string()),
            seed: Some(lab.scenario.seed),
        },
        None => LinkSource::Json(serde_json::to_string(&lab.scenario.json).unwrap_or_default()),
    };
    Link { source, t_ms }
}

/// Loads what a link names: a preset at once, a scenario of the user's own through
/// [`loading::load_text`] (in slices, with the progress bar, when its run is long). `then`
/// gets the result.
pub fn open(ctx: Ctx, link: &Link, then: impl FnOnce(Result<Lab, Notice>) + 'static) {
    match &link.source {
        LinkSource::Preset { id, profile, seed } => {
            then(Lab::from_preset(id, profile.as_deref(), *seed))
        }
        LinkSource::Json(text) => loading::load_text(ctx, text.clone(), None, then),
    }
}

/// The browser's localStorage, if the page may use it.
pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Writes the current moment to the URL (without a history entry) and to localStorage.
pub fn save(play: Playback) {
    let Some(fragment) = play.with(|l| format_fragment(&current_link(l))) else { return };
    // A language the link fixed stays in it.
    let old = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    let fragment = crate::link::lang_link::keep_lang(&fragment, &old);
    if let Some(w) = web_sys::window() {
        if let Ok(h) = w.history() {
            let _ = h.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("#{fragment}")),
            );
        }
    }
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, &fragment);
    }
}

/// Opens a fragment (with or without `#`); `then(true)` once it is loaded. An error is shown
/// and what was loaded is kept (`then(false)`).
pub fn open_fragment(ctx: Ctx, fragment: &str, then: impl FnOnce(bool) + 'static) {
    match parse_fragment(fragment) {
        Ok(link) => {
            let t_ms = link.t_ms;
            open(ctx, &link, move |lab| {
                let ok = ctx.try_install(lab, t_ms);
                if !ok {
                    ctx.error.update(|e| *e = e.take().map(|m| Notice::LinkScenario(Box::new(m))));
                }
                then(ok)
            })
        }
        Err(LinkError::Empty) => then(false),
        Err(e) => {
            ctx.error.set(Some(Notice::Link(e)));
            then(false)
        }
    }
}

/// The page's name in the run mark ([`run_mark`]).
const PAGE: &str = "playground";

/// On open: the URL's link, else the saved work, else the default preset. When the last open
/// stopped while running a link or the saved work, that is not run again: the default preset
/// opens, the link leaves the address bar, and a notice offers the work back.
pub fn restore(ctx: Ctx) {
    if let Some(fragment) = run_mark::left(PAGE) {
        drop_fragment();
        open_default(ctx);
        ctx.error.set(Some(Notice::Interrupted(fragment)));
        return;
    }
    let mut hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    if hash.is_empty() {
        // `?s=ID` (or `?j=…`) opens like `#s=ID`, as an embed's address does.
        hash = query_link().unwrap_or_default();
    }
    if hash.is_empty() {
        return restore_saved(ctx);
    }
    run_mark::begin(PAGE, &hash);
    open_fragment(ctx, &hash, move |ok| {
        run_mark::end();
        if ok {
            // What a link opened becomes the current work.
            save(ctx.play);
        } else {
            restore_saved(ctx);
        }
    });
}

/// The page's query as a link fragment, when it names a scenario (`s=` or `j=`).
fn query_link() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    let query = search.trim_start_matches('?');
    query
        .split('&')
        .any(|p| p.starts_with("s=") || p.starts_with("j="))
        .then(|| format!("#{query}"))
}

/// Opens again the work a stopped page left (the notice's "Open it again"), under the mark.
pub fn reopen(ctx: Ctx, fragment: String) {
    ctx.error.set(None);
    run_mark::begin(PAGE, &fragment);
    open_fragment(ctx, &fragment, move |ok| {
        run_mark::end();
        if ok {
            save(ctx.play);
        }
    });
}

/// Forgets the work a stopped page left (the notice's "Forget it"): the mark, and the saved
/// work if it is that same work.
pub fn forget_interrupted(ctx: Ctx, fragment: &str) {
    run_mark::forget();
    if let Some(s) = storage() {
        let saved = s.get_item(STORAGE_KEY).ok().flatten();
        if saved.is_some_and(|saved| fragment.trim_start_matches('#') == saved) {
            let _ = s.remove_item(STORAGE_KEY);
        }
    }
    ctx.error.set(None);
}

/// Takes the link out of the address bar (without a history entry), so a reload does not
/// open it.
fn drop_fragment() {
    if let Some(w) = web_sys::window() {
        let path = w.location().pathname().unwrap_or_default();
        let search = w.location().search().unwrap_or_default();
        if let Ok(h) = w.history() {
            let _ = h.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{path}{search}")),
            );
        }
    }
}

/// The saved work, else the default preset (an error already shown stays).
fn restore_saved(ctx: Ctx) {
    let link_error = ctx.error.get_untracked();
    let saved = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let Some(saved) = saved else { return open_default(ctx) };
    let Ok(link) = parse_fragment(&saved) else {
        ctx.error.set(Some(link_error.unwrap_or(Notice::BadSaved)));
        return open_default(ctx);
    };
    let t_ms = link.t_ms;
    run_mark::begin(PAGE, &saved);
    open(ctx, &link, move |lab| {
        run_mark::end();
        match lab {
            Ok(lab) => {
                ctx.install(lab, t_ms);
                ctx.error.set(link_error);
            }
            Err(_) => {
                ctx.error.set(Some(link_error.unwrap_or(Notice::BadSaved)));
                open_default(ctx);
            }
        }
    });
}

/// The default preset, unless something is loaded (the error shown stays).
fn open_default(ctx: Ctx) {
    if ctx.play.with(|_| ()).is_some() {
        return;
    }
    if let Ok(lab) = Lab::from_preset(DEFAULT_PRESET, None, None) {
        let e = ctx.error.get_untracked();
        ctx.install(lab, 0);
        ctx.error.set(e);
    }
}

/// True when the page was opened with `?stress=1`.
pub fn stress_requested() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|s| s.contains("stress=1"))
        .unwrap_or(false)
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

/// Offers `text` as a file named `name` (a Blob, an object URL and a clicked `<a download>`).
pub(crate) fn download(name: &str, text: &str) -> Option<()> {
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(
        &js_sys::Array::of1(&JsValue::from_str(text)),
        &opts,
    )
    .ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let window = web_sys::window()?;
    let a: web_sys::HtmlAnchorElement =
        window.document()?.create_element("a").ok()?.dyn_into().ok()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window
        .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000)
        .ok()?;
    Some(())
}
