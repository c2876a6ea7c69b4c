//! Fetching a language the page has not shown yet. The built pages compile in English only
//! (feature `fetched-catalogues`); Korean and Chinese are two files each beside the page: the
//! catalogue (`i18n/ko-HASH.ftl`) and the texts of the built-in scenarios, tours and exercises
//! (`i18n/ko.content-HASH.json`), named by a hash of their content. `scripts/build-pages.sh`
//! writes them and names them in each page's `<meta name="dlx-catalogue-CODE">` and
//! `<meta name="dlx-content-CODE">`; a page fetches them the first time it opens in, or
//! switches to, that language.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::{self, content};
use crate::scenario::Lang;

/// The address a page's `<meta name="NAME">` names, else `fallback` beside the page.
fn named_url(name: &str, fallback: String) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("meta[name=\"{name}\"]")).ok()?)
        .and_then(|m| m.get_attribute("content"))
        .filter(|c| !c.is_empty())
        .unwrap_or(fallback)
}

/// Where the page finds `lang`'s catalogue: the address its `<meta>` names, else the
/// unhashed file beside the page.
pub fn catalogue_url(lang: Lang) -> String {
    named_url(&format!("dlx-catalogue-{}", lang.code()), format!("i18n/{}", i18n::file_name(lang)))
}

/// Where the page finds `lang`'s texts of the built-in scenarios, tours and exercises
/// (`dlx-content-CODE`, else the unhashed file beside the page).
pub fn content_url(lang: Lang) -> String {
    named_url(
        &format!("dlx-content-{}", lang.code()),
        format!("i18n/{}", content::file_name(lang).unwrap_or_default()),
    )
}

/// Whether everything the page shows in `lang` is at hand: its catalogue and its texts of
/// the built-ins.
pub fn is_ready(lang: Lang) -> bool {
    i18n::is_ready(lang) && content::is_ready(lang)
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| format!("{url}: {e:?}"))?
        .dyn_into::<web_sys::Response>()
        .map_err(|_| format!("{url}: not a response"))?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    JsFuture::from(response.text().map_err(|e| format!("{url}: {e:?}"))?)
        .await
        .map_err(|e| format!("{url}: {e:?}"))?
        .as_string()
        .ok_or_else(|| format!("{url}: not text"))
}

/// Makes `lang` ready: at once when its files are compiled in or already fetched, else after
/// fetching its catalogue and its texts of the built-ins. The error says what failed (for the
/// console; the page names the language that could not be loaded).
pub async fn ensure(lang: Lang) -> Result<(), String> {
    if !i18n::is_ready(lang) {
        let url = catalogue_url(lang);
        let text = fetch_text(&url).await?;
        i18n::install(lang, &text).map_err(|e| format!("{url}: {e}"))?;
    }
    if !content::is_ready(lang) {
        let url = content_url(lang);
        let text = fetch_text(&url).await?;
        content::install(lang, &text).map_err(|e| format!("{url}: {e}"))?;
    }
    Ok(())
}

/// Mounts a page's root once the language it opens in is ready: the page's text-only loading
/// notice stays until then. A language whose file cannot be fetched opens in English, and the
/// language switch says so.
pub fn boot<F, N>(root: F)
where
    F: FnOnce() -> N + 'static,
    N: leptos::IntoView + 'static,
{
    super::fatal::install_panic_hook();
    let lang = super::locale::chosen();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = ensure(lang).await {
            web_sys::console::warn_1(&format!("catalogue not loaded: {e}").into());
            super::locale::note_unavailable(lang);
        }
        leptos::mount::mount_to_body(root);
        super::fatal::remove_loading_notice();
    });
}
