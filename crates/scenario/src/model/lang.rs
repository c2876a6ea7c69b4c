//! The `i18n` overlays that carry a scenario's,
//! tour step's or exercise's texts in Korean and Simplified Chinese next to the English.
//!
//! English stays where it always was, in the fields themselves. Any object holding
//! learner-facing text may add an `i18n` object: per language code, an overlay with the same
//! keys, translated. Strings replace strings, a list replaces a list item by item (hints), and
//! a nested object reaches into a child object (an exercise's `start`):
//!
//! ```json
//! {"title": "Break the dead-letter cycle", "hints": ["…", "…"], "start": {"title": "…"},
//!  "i18n": {"ko": {"title": "…", "hints": ["…", "…"], "start": {"title": "…"}},
//!           "zh-CN": {"title": "…", "hints": ["…", "…"], "start": {"title": "…"}}}}
//! ```
//! A tour step carries its own: `{"at_ms": 0, "text": "…", "i18n": {"ko": {"text": "…"}}}`.
//! Only text can be overlaid (the keys in [`TEXT_KEYS`]), never a queue, a body or a number.
//! Whatever a language lacks is shown in English. The built-in presets, tours and exercises
//! keep their overlays in one file per language (`crate::i18n::content`), put back on reading.

use std::fmt;

use serde_json::Value;

use super::error::{Problem, ScenarioError};

pub use crate::i18n::Lang;

/// Keys whose string values (or lists of strings) are learner-facing text. An exercise's
/// `topics` are translated too: names of concepts are, broker terms stay as they are.
pub const TEXT_KEYS: [&str; 8] =
    ["title", "description", "teaches", "text", "story", "topics", "hints", "explanation"];

/// One step of a path into a JSON value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seg {
    Key(&'static str),
    Index(usize),
}

/// Where a text lives in a scenario or exercise: `title`, `hints[1]`, `tour[3].text`,
/// `start.description`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct TextPath(pub Vec<Seg>);

impl TextPath {
    /// A top-level field.
    pub fn key(key: &'static str) -> TextPath {
        TextPath(vec![Seg::Key(key)])
    }

    /// The text of tour step `i`.
    pub fn tour_step(i: usize) -> TextPath {
        TextPath(vec![Seg::Key("tour"), Seg::Index(i), Seg::Key("text")])
    }

    /// Hint `i` of an exercise.
    pub fn hint(i: usize) -> TextPath {
        TextPath(vec![Seg::Key("hints"), Seg::Index(i)])
    }
}

impl fmt::Display for TextPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            match s {
                Seg::Key(k) if i == 0 => f.write_str(k)?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

fn step<'a>(v: &'a Value, s: &Seg) -> Option<&'a Value> {
    match s {
        Seg::Key(k) => v.get(*k),
        Seg::Index(i) => v.get(*i),
    }
}

fn at<'a>(v: &'a Value, path: &[Seg]) -> Option<&'a Value> {
    path.iter().try_fold(v, step)
}

/// Child objects that hold text of their own: an exercise's `start`, a scenario's tour steps.
fn children(v: &Value) -> Vec<(Vec<Seg>, &Value)> {
    let mut out = Vec::new();
    if let Some(s) = v.get("start").filter(|s| s.is_object()) {
        out.push((vec![Seg::Key("start")], s));
    }
    for (i, s) in v.get("tour").and_then(Value::as_array).into_iter().flatten().enumerate() {
        out.push((vec![Seg::Key("tour"), Seg::Index(i)], s));
    }
    out
}

fn walk(v: &Value, prefix: &[Seg], out: &mut Vec<TextPath>) {
    let Some(m) = v.as_object() else { return };
    for k in TEXT_KEYS {
        let here = |extra: Vec<Seg>| TextPath(prefix.iter().cloned().chain(extra).collect());
        match m.get(k) {
            Some(Value::String(_)) => out.push(here(vec![Seg::Key(k)])),
            Some(Value::Array(items)) => out.extend(
                items
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.is_string())
                    .map(|(i, _)| here(vec![Seg::Key(k), Seg::Index(i)])),
            ),
            _ => {}
        }
    }
    for (p, child) in children(v) {
        let p: Vec<Seg> = prefix.iter().cloned().chain(p).collect();
        walk(child, &p, out);
    }
}

/// Every English text of a scenario or exercise, in file order.
pub fn text_paths(v: &Value) -> Vec<TextPath> {
    let mut out = Vec::new();
    walk(v, &[], &mut out);
    out
}

/// The English text at `path`.
pub fn english<'a>(v: &'a Value, path: &TextPath) -> Option<&'a str> {
    at(v, &path.0).and_then(Value::as_str)
}

/// The translation at `path` in `lang`, from the nearest `i18n` overlay that has one (the
/// English text for [`Lang::En`]). `None` when the language lacks it.
pub fn translation<'a>(v: &'a Value, path: &TextPath, lang: Lang) -> Option<&'a str> {
    if lang == Lang::En {
        return english(v, path);
    }
    (0..path.0.len()).rev().find_map(|d| {
        let overlay = at(v, &path.0[..d])?.get("i18n")?.get(lang.code())?;
        at(overlay, &path.0[d..])?.as_str().filter(|t| !t.trim().is_empty())
    })
}

/// The text at `path` in `lang`, English when the language lacks it.
pub fn text<'a>(v: &'a Value, path: &TextPath, lang: Lang) -> Option<&'a str> {
    translation(v, path, lang).or_else(|| english(v, path))
}

fn at_mut<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Seg::Key(k) => v.get_mut(*k),
        Seg::Index(i) => v.get_mut(*i),
    })
}

/// The same JSON with every text in `lang` (English where it lacks one) and the `i18n`
/// objects removed: what an editor shows and a link carries.
pub fn localize(v: &Value, lang: Lang) -> Value {
    let mut out = v.clone();
    for path in text_paths(v) {
        if let (Some(t), Some(slot)) = (translation(v, &path, lang), at_mut(&mut out, &path.0)) {
            *slot = Value::from(t);
        }
    }
    strip(&mut out);
    out
}

fn strip(v: &mut Value) {
    if let Value::Object(m) = v {
        m.remove("i18n");
        if let Some(s) = m.get_mut("start") {
            strip(s);
        }
        if let Some(Value::Array(steps)) = m.get_mut("tour") {
            steps.iter_mut().for_each(strip);
        }
    }
}

fn check_overlay(o: &Value, path: &str) -> Result<(), ScenarioError> {
    let Some(m) = o.as_object() else {
        return Err(ScenarioError::field(path, Problem::NotTranslations));
    };
    for (k, v) in m {
        let here = format!("{path}.{k}");
        match (k.as_str(), v) {
            ("start", Value::Object(_)) => check_overlay(v, &here)?,
            ("tour", Value::Array(steps)) => {
                for (i, s) in steps.iter().enumerate() {
                    check_overlay(s, &format!("{here}[{i}]"))?;
                }
            }
            (k, Value::String(_)) if TEXT_KEYS.contains(&k) => {}
            (k, Value::Array(items)) if TEXT_KEYS.contains(&k) => {
                if let Some(i) = items.iter().position(|x| !x.is_string()) {
                    return Err(ScenarioError::field(format!("{here}[{i}]"), Problem::NotString));
                }
            }
            (k, _) if TEXT_KEYS.contains(&k) => {
                return Err(ScenarioError::field(here, Problem::NotText))
            }
            _ => {
                return Err(ScenarioError::field(
                    here,
                    Problem::NotTranslatable { texts: TEXT_KEYS.join(", ") },
                ))
            }
        }
    }
    Ok(())
}

fn check_at(v: &Value, path: &str) -> Result<(), ScenarioError> {
    if let Some(i18n) = v.get("i18n") {
        let here = format!("{path}.i18n");
        let Some(m) = i18n.as_object() else {
            return Err(ScenarioError::field(here, Problem::NotLanguageMap));
        };
        for (code, overlay) in m {
            match Lang::parse(code) {
                Some(Lang::En) => {
                    return Err(ScenarioError::field(
                        format!("{here}.{code}"),
                        Problem::EnglishTranslation,
                    ))
                }
                Some(l) if l.code() != code => {
                    return Err(ScenarioError::field(
                        format!("{here}.{code}"),
                        Problem::LanguageCode { code: l.code().to_string() },
                    ))
                }
                Some(_) => check_overlay(overlay, &format!("{here}.{code}"))?,
                // A language this build does not speak yet: kept, not read.
                None => {}
            }
        }
    }
    if let Some(s) = v.get("start").filter(|s| s.is_object()) {
        check_at(s, &format!("{path}.start"))?;
    }
    for (i, s) in v.get("tour").and_then(Value::as_array).into_iter().flatten().enumerate() {
        check_at(s, &format!("{path}.tour[{i}]"))?;
    }
    Ok(())
}

/// Checks the shape of every `i18n` object of a scenario or exercise at `path` (`$`).
pub fn check_i18n(v: &Value, path: &str) -> Result<(), ScenarioError> {
    check_at(v, path)
}
