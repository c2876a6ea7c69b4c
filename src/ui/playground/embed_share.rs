//! The playground's Share → Embed panel: the share link, and the one-line `<iframe>` and
//! `<dlx-lab>` snippets for the current scenario and moment, ready to copy.

use leptos::prelude::*;

use crate::link::embed_protocol::{element_snippet, iframe_snippet};
use crate::link::page_file::{page_url, PageFile};
use crate::link::share_link::format_fragment;
use crate::ui::i18n::tr;
use crate::ui::locale;
use crate::ui::page_state::Playback;
use crate::ui::share::{self, base_url};

/// The playground's Share → Embed button: shows the one-line `<iframe>` snippet for the
/// current scenario and moment, ready to copy.
#[component]
pub fn EmbedShare() -> impl IntoView {
    let play = Playback::get();
    let open = RwSignal::new(false);
    let snippet = move || {
        play.frame.track();
        play.loaded.track();
        play.with(|l| iframe_snippet(&base_url(), &share::current_link(l), &l.scenario.title))
            .unwrap_or_default()
    };
    let element = move || {
        play.frame.track();
        play.loaded.track();
        play.with(|l| element_snippet(&base_url(), &share::current_link(l))).unwrap_or_default()
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
        let Some(fragment) = play.with(|l| format_fragment(&share::current_link(l))) else {
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
            <button class="share-link" on:click=share_link>{tr("ui-share-link")}</button>
            {move || link_status.get().map(|(copied, url)| view! {
                <div class="share-link-box" role="status">
                    <label>{if copied { tr("ui-link-copied") } else { tr("ui-link-to-copy") }}
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
                {tr("ui-share-embed")}
            </button>
            {move || open.get().then(|| view! {
                <div class="embed-snippet-box">
                    <label>{crate::msg!(locale::current(), "ui-element-snippet-hint")}
                        <textarea class="element-snippet" readonly rows="3" spellcheck="false" prop:value=element on:focus=select_all></textarea>
                    </label>
                    <label>{tr("ui-embed-snippet-hint")}
                        <textarea class="embed-snippet" readonly rows="3" spellcheck="false" prop:value=snippet on:focus=select_all></textarea>
                    </label>
                </div>
            })}
        </div>
    }
}
