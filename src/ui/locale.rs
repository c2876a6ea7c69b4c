//! The language the page speaks right now: chosen on open (the link's `lang=`, else the
//! choice remembered in localStorage, else `navigator.languages`), switched in one click,
//! remembered, and written to `<html lang>`.
//!
//! [`super::i18n::tr`] reads [`current`] without tracking; the pages re-render when it changes
//! because they track [`tracked`] at their top.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::link::lang_link::{choose, link_lang, page_link, replace_lang, LANG_KEY};
use crate::scenario::Lang;

use super::share::storage;

/// The localStorage key holding the language the user chose.
pub const STORAGE_KEY: &str = "dlx-lab:lang";

thread_local! {
    static LANG: ArcRwSignal<Lang> = ArcRwSignal::new(Lang::En);
    static UNAVAILABLE: ArcRwSignal<Option<Lang>> = ArcRwSignal::new(None);
}

/// The current language (not tracked).
pub fn current() -> Lang {
    LANG.with(|s| s.get_untracked())
}

/// The current language, tracked: whatever reads it re-runs when the language changes.
pub fn tracked() -> Lang {
    LANG.with(|s| s.get())
}

/// An address of another page of the app (`?workshop=1`, `./`) in the current language
/// (tracked, so a link re-renders on a switch).
pub fn link(target: &str) -> String {
    page_link(target, tracked())
}

/// The language the user chose last time, if any.
pub fn remembered() -> Option<String> {
    storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
}

/// `navigator.languages`, most preferred first.
pub fn browser_languages() -> Vec<String> {
    let Some(w) = web_sys::window() else { return Vec::new() };
    let nav =
        js_sys::Reflect::get(&w, &JsValue::from_str("navigator")).unwrap_or(JsValue::UNDEFINED);
    let list =
        js_sys::Reflect::get(&nav, &JsValue::from_str("languages")).unwrap_or(JsValue::UNDEFINED);
    if list.is_undefined() || list.is_null() {
        return Vec::new();
    }
    js_sys::Array::from(&list).iter().filter_map(|v| v.as_string()).collect()
}

fn url_parts() -> (String, String) {
    let loc = web_sys::window().map(|w| w.location());
    let search = loc.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    let hash = loc.as_ref().and_then(|l| l.hash().ok()).unwrap_or_default();
    (search, hash)
}

/// Makes `lang` current and writes it to `<html lang>` (without remembering it).
pub fn set(lang: Lang) {
    if let Some(root) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.code());
    }
    LANG.with(|s| {
        if s.get_untracked() != lang {
            s.set(lang);
        }
    });
}

/// The language to open in: the link's, then the remembered one, then the browser's.
pub fn chosen() -> Lang {
    let (search, hash) = url_parts();
    let browser = browser_languages();
    choose(link_lang(&search, &hash), remembered().as_deref(), browser.iter().map(String::as_str))
}

/// Chooses the language on open ([`chosen`]); English when its catalogue is not at hand (its
/// file could not be fetched, see [`super::catalogue_fetch::boot`]).
pub fn init() -> Lang {
    let lang = Some(chosen()).filter(|l| super::catalogue_fetch::is_ready(*l)).unwrap_or(Lang::En);
    set(lang);
    lang
}

/// Remembers that `lang`'s catalogue could not be fetched, for the language switch to say.
pub fn note_unavailable(lang: Lang) {
    UNAVAILABLE.with(|s| s.set(Some(lang)));
}

/// Forgets that a catalogue could not be fetched (it was, on a later try).
pub fn note_unavailable_cleared() {
    UNAVAILABLE.with(|s| s.set(None));
}

/// The language whose catalogue could not be fetched last, if any (tracked).
pub fn unavailable() -> Option<Lang> {
    UNAVAILABLE.with(|s| s.get())
}

/// Switches to `lang` as the user asked: remembers it, and rewrites a `lang=` the URL holds so
/// that a reload (or a copy of the address) opens in it too.
pub fn switch(lang: Lang) {
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, lang.code());
    }
    let (search, hash) = url_parts();
    let fixes = |part: &str| {
        part.trim_start_matches(['?', '#'])
            .split('&')
            .any(|p| p.split('=').next() == Some(LANG_KEY))
    };
    if fixes(&search) || fixes(&hash) {
        let mut url = String::new();
        if !search.is_empty() {
            url.push('?');
            url.push_str(&replace_lang(&search, lang));
        }
        if !hash.is_empty() {
            url.push('#');
            url.push_str(&replace_lang(&hash, lang));
        }
        if url.is_empty() || search.is_empty() {
            // Keep the path: an empty query must not leave the old one in place.
            let path =
                web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default();
            url = format!("{path}{url}");
        }
        if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
    }
    set(lang);
}
