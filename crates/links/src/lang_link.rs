//! The language a link fixes, and which language the playground opens in.
//!
//! A link fixes the language with `lang=` in the query (`?lang=ko`) or among the share-link
//! keys of the fragment (`#s=four-reasons&t=0&lang=ko`). The playground opens in the link's
//! language, else the one the user chose last time (remembered), else the browser's first
//! language it speaks ([`Lang::negotiate`]), else English. Pure: the UI passes the URL parts,
//! the remembered value and `navigator.languages` in.

use crate::scenario::Lang;

/// The key that carries the language in the query and in the fragment.
pub const LANG_KEY: &str = "lang";

fn pairs(part: &str) -> impl Iterator<Item = (&str, &str)> {
    part.trim_start_matches(['?', '#'])
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

/// The language named by `lang=` in a query or fragment (with or without `?`/`#`); `None`
/// when there is none or it is not a language of the playground.
pub fn lang_in(part: &str) -> Option<Lang> {
    pairs(part).filter(|(k, _)| *k == LANG_KEY).find_map(|(_, v)| Lang::parse(v))
}

/// The language a URL fixes: the fragment's (the share link, kept up to date) before the
/// query's.
pub fn link_lang(search: &str, hash: &str) -> Option<Lang> {
    lang_in(hash).or_else(|| lang_in(search))
}

/// The language to open in: the link's, then the remembered choice, then the browser's.
pub fn choose<'a>(
    link: Option<Lang>,
    remembered: Option<&str>,
    browser: impl IntoIterator<Item = &'a str>,
) -> Lang {
    link.or_else(|| remembered.and_then(Lang::parse)).unwrap_or_else(|| Lang::negotiate(browser))
}

/// An address of another page of the app (`./`, `?workshop=1`, `?exercise=ID`) that keeps
/// `lang`, so a page opened from a `lang=` link leads to pages in the same language. A bare
/// query that names a built page goes straight to that page's file (`workshop.html?…`), so a
/// link inside the app never passes through a page that sends the browser on. A fragment
/// (`#x=…`, a trainer's exercise) stays at the end.
pub fn page_link(target: &str, lang: Lang) -> String {
    if let Some((target, hash)) = target.split_once('#') {
        return format!("{}#{hash}", page_link(target, lang));
    }
    let code = lang.code();
    let named = target.strip_prefix('?').and(super::page_file::PageFile::named_by(target));
    let target = match named {
        Some(page) => format!("{}{target}", page.file_name()),
        None => target.to_string(),
    };
    match target.split_once('?') {
        Some((path, query)) if !query.is_empty() => {
            format!("{path}?{}&{LANG_KEY}={code}", query.trim_end_matches('&'))
        }
        Some((path, _)) => format!("{path}?{LANG_KEY}={code}"),
        None => format!("{target}?{LANG_KEY}={code}"),
    }
}

/// `part` (a query or fragment, without `?`/`#`) with every `lang=` replaced by `lang`; the
/// same text when it has none.
pub fn replace_lang(part: &str, lang: Lang) -> String {
    let part = part.trim_start_matches(['?', '#']);
    part.split('&')
        .map(|p| match p.split_once('=') {
            Some((k, _)) if k == LANG_KEY => format!("{LANG_KEY}={}", lang.code()),
            _ => p.to_string(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// A freshly written share fragment that keeps the language the previous one fixed, if any
/// (`old` with or without `#`).
pub fn keep_lang(fragment: &str, old: &str) -> String {
    match lang_in(old) {
        Some(l) if lang_in(fragment).is_none() => format!("{fragment}&{LANG_KEY}={}", l.code()),
        _ => fragment.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_its_language_in_the_query_or_the_fragment() {
        assert_eq!(lang_in("?lang=ko"), Some(Lang::Ko));
        assert_eq!(lang_in("#s=four-reasons&t=0&lang=zh-CN"), Some(Lang::ZhCn));
        assert_eq!(lang_in("embed=1&lang=zh"), Some(Lang::ZhCn));
        assert_eq!(lang_in("?lang=fr"), None);
        assert_eq!(lang_in("#s=x&t=5"), None);
        assert_eq!(link_lang("?lang=ko", "#s=x&lang=en"), Some(Lang::En));
        assert_eq!(link_lang("?lang=ko", "#s=x"), Some(Lang::Ko));
        assert_eq!(link_lang("", ""), None);
    }

    #[test]
    fn the_link_wins_then_the_remembered_choice_then_the_browser() {
        assert_eq!(choose(Some(Lang::Ko), Some("zh-CN"), ["en-US"]), Lang::Ko);
        assert_eq!(choose(None, Some("zh-CN"), ["ko-KR"]), Lang::ZhCn);
        assert_eq!(choose(None, Some("nonsense"), ["fr-FR", "ko-KR"]), Lang::Ko);
        assert_eq!(choose(None, None, ["fr-FR"]), Lang::En);
        assert_eq!(choose(None, None, []), Lang::En);
    }

    #[test]
    fn a_link_to_another_page_keeps_the_language() {
        assert_eq!(page_link("?workshop=1", Lang::Ko), "workshop.html?workshop=1&lang=ko");
        assert_eq!(
            page_link("?exercise=retry-ladder", Lang::ZhCn),
            "workshop.html?exercise=retry-ladder&lang=zh-CN"
        );
        assert_eq!(
            page_link("?exercise=mine#x=eyJ9", Lang::Ko),
            "workshop.html?exercise=mine&lang=ko#x=eyJ9"
        );
        assert_eq!(
            page_link("?compare=1&tour=t", Lang::En),
            "compare.html?compare=1&tour=t&lang=en"
        );
        assert_eq!(page_link("./", Lang::Ko), "./?lang=ko");
        assert_eq!(page_link("./?", Lang::En), "./?lang=en");
        assert_eq!(lang_in(page_link("?review=texts", Lang::ZhCn).as_str()), Some(Lang::ZhCn));
    }

    #[test]
    fn switching_rewrites_the_language_a_link_fixed_and_saving_keeps_it() {
        assert_eq!(replace_lang("?embed=1&lang=ko", Lang::ZhCn), "embed=1&lang=zh-CN");
        assert_eq!(replace_lang("#s=x&t=3", Lang::Ko), "s=x&t=3");
        assert_eq!(keep_lang("s=x&t=9", "#s=x&t=3&lang=ko"), "s=x&t=9&lang=ko");
        assert_eq!(keep_lang("s=x&t=9", "#s=x&t=3"), "s=x&t=9");
        assert_eq!(keep_lang("s=x&t=9&lang=en", "#lang=ko"), "s=x&t=9&lang=en");
    }
}
