//! Fetching the catalogue of a language the page has not shown yet. The built pages compile in
//! English only (feature `fetched-catalogues`); Korean and Chinese are files beside the page,
//! named by a hash of their content (`i18n/ko-HASH.ftl`, written by `scripts/build-pages.sh`,
//! which names them in each page's `<meta name="dlx-catalogue-CODE">`), fetched the first time
//! a page opens in, or switches to, that language.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n;
use crate::scenario::Lang;

/// Where the page finds `lang`'s catalogue: the address its `<meta>` names, else the
/// unhashed file beside the page.
pub fn catalogue_url(lang: Lang) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("meta[name=\"dlx-catalogue-{}\"]", lang.code())).ok()?
        })
        .and_then(|m| m.get_attribute("content"))
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| format!("i18n/{}", i18n::file_name(lang)))
}

/// Makes `lang`'s messages ready: at once when they are compiled in or already fetched, else
/// after fetching its file. The error says what failed (for the console; the page names the
/// language that could not be loaded).
pub async fn ensure(lang: Lang) -> Result<(), String> {
    if i18n::is_ready(lang) {
        return Ok(());
    }
    let url = catalogue_url(lang);
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(&url))
        .await
        .map_err(|e| format!("{url}: {e:?}"))?
        .dyn_into::<web_sys::Response>()
        .map_err(|_| format!("{url}: not a response"))?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| format!("{url}: {e:?}"))?)
        .await
        .map_err(|e| format!("{url}: {e:?}"))?
        .as_string()
        .ok_or_else(|| format!("{url}: not text"))?;
    i18n::install(lang, &text).map_err(|e| format!("{url}: {e}"))
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
