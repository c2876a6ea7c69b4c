//! The built-in scenarios', tours' and exercises' texts in Korean and Chinese: one file per
//! language (`ko.content.json`, `zh-CN.content.json`), while their English stays in the
//! built-ins' own files.
//!
//! A file maps each built-in (`presets/four-reasons`, `tours/tour-x-death-hops`,
//! `exercises/…`, `strategy_tours/…`, `strategy_exercises/…`: its folder and id) to the `i18n`
//! overlays of its objects, by JSON pointer (`""` is the built-in itself, `/tour/3` a tour
//! step). [`translated`] puts them back, so a built-in reads exactly like a file of the user's
//! own that carries `i18n` objects (`scenario::model::lang`).
//!
//! The CLI and the tests compile both files in. The built pages (feature `fetched-catalogues`)
//! fetch a language's file together with its catalogue ([`install`]), so an English visitor
//! downloads neither.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::per_lang::PerLang;
use crate::Lang;

/// Built-in (`folder/id`) → JSON pointer of an object → that object's overlay in one language.
pub type Overlays = BTreeMap<String, BTreeMap<String, Value>>;

/// The source of a language's file, as the native tests and the CLI read it (`None` for
/// English, whose texts are the built-ins themselves).
pub fn source(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::Ko => Some(include_str!("ko.content.json")),
        Lang::ZhCn => Some(include_str!("zh-CN.content.json")),
    }
}

/// The file a page fetches for `lang` (`None` for English).
pub fn file_name(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::Ko => Some("ko.content.json"),
        Lang::ZhCn => Some("zh-CN.content.json"),
    }
}

#[cfg(feature = "fetched-catalogues")]
fn bundled(_lang: Lang) -> Option<&'static str> {
    None
}

#[cfg(not(feature = "fetched-catalogues"))]
fn bundled(lang: Lang) -> Option<&'static str> {
    source(lang)
}

static TABLES: PerLang<Overlays> = PerLang::new();

/// Reads a language's file.
pub fn parse(text: &str) -> Result<Overlays, serde_json::Error> {
    serde_json::from_str(text)
}

/// A language's overlays: compiled in or installed; `None` until a page has fetched them
/// (and for English). A file that does not parse reads as empty (the native tests make sure
/// none is).
pub fn overlays(lang: Lang) -> Option<&'static Overlays> {
    source(lang)?;
    TABLES.get(lang, bundled(lang), |src| parse(src).unwrap_or_default())
}

/// Whether `lang`'s texts of the built-ins are at hand (English needs none).
pub fn is_ready(lang: Lang) -> bool {
    lang == Lang::En || TABLES.is_ready(lang, bundled(lang))
}

/// Installs a file the page fetched. One already at hand stays as it is.
pub fn install(lang: Lang, text: &str) -> Result<(), String> {
    if !is_ready(lang) {
        TABLES.install(lang, parse(text).map_err(|e| e.to_string())?);
    }
    Ok(())
}

/// The built-in `folder/id` whose English text is `english`, with the `i18n` overlays of
/// every language at hand put back into its objects (the English text itself when there are
/// none).
pub fn translated(folder: &str, id: &str, english: &'static str) -> Cow<'static, str> {
    let key = format!("{folder}/{id}");
    let found: Vec<(Lang, &BTreeMap<String, Value>)> = Lang::TRANSLATED
        .into_iter()
        .filter_map(|l| overlays(l)?.get(&key).map(|o| (l, o)))
        .collect();
    if found.is_empty() {
        return Cow::Borrowed(english);
    }
    attach(english, &found).map_or(Cow::Borrowed(english), Cow::Owned)
}

/// `english` with each language's overlays set as the `i18n` of the objects their pointers
/// name; `None` when `english` is not JSON.
fn attach(english: &str, found: &[(Lang, &BTreeMap<String, Value>)]) -> Option<String> {
    let mut v = serde_json::from_str::<Value>(english).ok()?;
    for (lang, by_pointer) in found {
        for (pointer, overlay) in *by_pointer {
            let Some(Value::Object(object)) = v.pointer_mut(pointer) else { continue };
            let i18n = object.entry("i18n").or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(langs) = i18n {
                langs.insert(lang.code().to_string(), overlay.clone());
            }
        }
    }
    serde_json::to_string_pretty(&v).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEP: &str = r#"{"title": "T", "tour": [{"at_ms": 0, "text": "first"}]}"#;

    #[test]
    fn overlays_go_back_to_the_objects_their_pointers_name() {
        let table: Overlays = serde_json::from_str(
            r#"{"tours/t": {"": {"title": "K"}, "/tour/0": {"text": "k first"}, "/none": {}}}"#,
        )
        .unwrap();
        let text = attach(STEP, &[(Lang::Ko, &table["tours/t"])]).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["i18n"]["ko"]["title"], "K");
        assert_eq!(v["tour"][0]["i18n"]["ko"]["text"], "k first");
        assert_eq!(v["tour"][0]["text"], "first", "the English stays");
        assert!(matches!(translated("tours", "no-such-built-in", STEP), Cow::Borrowed(_)));
    }

    #[test]
    fn english_needs_no_file() {
        assert!(is_ready(Lang::En));
        assert!(install(Lang::En, "not json").is_ok());
        assert_eq!(file_name(Lang::En), None);
    }
}
