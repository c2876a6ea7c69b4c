//! Translations as data: one catalogue per language (`en.ftl`, `ko.ftl`, `zh-CN.ftl`), whole
//! sentences with named placeholders, read by a small parser of a Fluent subset ([`ftl`]).
//!
//! Why this format and not the `fluent` crates: the catalogues need named placeholders, Korean
//! particles chosen from a name ([`josa`]) and an English plural, nothing more; `fluent-bundle`
//! brings the intl crates (plural rules, number formatting, language negotiation) into a wasm
//! that must shrink. The subset stays valid Fluent, so moving to the crates later means no
//! rewrite of the catalogues. The CLI and the tests embed every file with `include_str!`; the
//! built pages (feature `fetched-catalogues`) embed English only and fetch another language's
//! file the first time it is shown ([`install`]). Each is read once, on first use.
//!
//! Code asks for a message with [`msg!`]: `msg!(lang, "verdict-goal-met", parts = n)`, or
//! for a label (no placeholders, borrowed) with [`label!`]; a layer that must not word it
//! yet (a domain type, the views' geometry) returns a [`Message`] value, built with
//! [`message!`], which the page words with [`Message::text`] or [`Message::label`]. Every key
//! used in the sources must exist in every catalogue with exactly the placeholders the call
//! passes, every catalogue must have the same keys, Chinese must use full-width punctuation
//! and no catalogue may use a term the glossary (`docs/glossary.md`) bans: the native tests
//! (`tests/translations/catalogues.rs`) check all of it, scanning the sources for `msg!`,
//! `label!` and `message!` calls, so a mistyped key
//! fails `cargo test --no-default-features`.
//!
//! This is the lowest layer: [`Lang`], the `.ftl` reader and the catalogues, importing no
//! domain type (its own crate, so the compiler keeps it so). Each domain says what its values
//! mean as [`Message`] values, in a `*_text` module beside their definitions, one function per
//! type taking the value and returning its message (no language): the scenario's errors
//! (`scenario::model::problem_text`), definitions warnings and lints
//! (`scenario::definitions::definitions_text`), workshop verdicts
//! (`scenario::workshop::finding_text`, `trace_verdict_text`), the strategies' events and
//! takeaways (`systems::system_text`, `operator_text`), engine events
//! (`playground::event_text`), the fates of the views (`viz::flight::fate_name`). The UI words
//! them in the user's language, the `Display` the CLI and JSON reports print in English; only
//! small page texts (`ui::page_text`) are still worded in place.
//!
//! Functions a message may call:
//! - `{ JOSA($name, "C/V") }`: the Korean particle that follows the value of `$name`, `C`
//!   after a final consonant and `V` after a vowel ([`josa`]);
//! - `{ PLURAL($n, "delivery", "deliveries") }`: the first form when `$n` is 1, else the second.

pub mod content;
pub mod ftl;
pub mod josa;
pub mod language;
pub mod message_value;
pub mod per_lang;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::{self, Display, Write};

use ftl::{Messages, Part, Pattern};
pub use language::Lang;
pub use message_value::{Message, MessageArg};
use per_lang::PerLang;
use std::sync::OnceLock;

/// The source of each language's catalogue, as the native tests and the CLI read it.
pub fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("en.ftl"),
        Lang::Ko => include_str!("ko.ftl"),
        Lang::ZhCn => include_str!("zh-CN.ftl"),
    }
}

/// The catalogue compiled into this build for `lang`. With the `fetched-catalogues` feature
/// (the built pages) only English is: the page fetches another language's file when it is
/// first shown and hands it to [`install`].
#[cfg(feature = "fetched-catalogues")]
fn bundled(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => Some(include_str!("en.ftl")),
        Lang::Ko | Lang::ZhCn => None,
    }
}

/// The catalogue compiled into this build for `lang`: every language's (the CLI, the tests).
#[cfg(not(feature = "fetched-catalogues"))]
fn bundled(lang: Lang) -> Option<&'static str> {
    Some(source(lang))
}

/// The file name of a language's catalogue (for messages about it, and the file a page
/// fetches).
pub fn file_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en.ftl",
        Lang::Ko => "ko.ftl",
        Lang::ZhCn => "zh-CN.ftl",
    }
}

static CATALOGUES: PerLang<Messages> = PerLang::new();

/// A language's messages, read on first use. A catalogue that does not parse reads as empty
/// (every message then falls back to English); the native tests make sure none is. A
/// catalogue this build fetches reads as empty until it is [`install`]ed.
pub fn messages(lang: Lang) -> &'static Messages {
    static NONE: Messages = Messages::new();
    CATALOGUES.get(lang, bundled(lang), |src| ftl::parse(src).unwrap_or_default()).unwrap_or(&NONE)
}

/// Whether `lang`'s messages are at hand (compiled in, or fetched and installed).
pub fn is_ready(lang: Lang) -> bool {
    CATALOGUES.is_ready(lang, bundled(lang))
}

/// Installs a catalogue the page fetched (`source` is the text of [`file_name`]). A catalogue
/// already at hand stays as it is.
pub fn install(lang: Lang, source: &str) -> Result<(), ftl::ParseError> {
    if !is_ready(lang) {
        CATALOGUES.install(lang, ftl::parse(source)?);
    }
    Ok(())
}

/// Each language's name in itself (`CODE-name`, or `CODE-short` for the compact switch),
/// compiled into every build so a switch can name a language before its catalogue arrives.
fn self_name(lang: Lang, short: bool) -> &'static str {
    static NAMES: OnceLock<Messages> = OnceLock::new();
    let names =
        NAMES.get_or_init(|| ftl::parse(include_str!("lang_names.ftl")).unwrap_or_default());
    let key = format!("{}-{}", lang.code(), if short { "short" } else { "name" });
    match names.get(&key).map(Vec::as_slice) {
        Some([Part::Text(t)]) => t,
        _ => lang.code(),
    }
}

/// The language's own name (`English`, and Korean and Chinese in their own scripts).
pub fn lang_name(lang: Lang) -> &'static str {
    self_name(lang, false)
}

/// The language's own short name, for the compact switch.
pub fn lang_short_name(lang: Lang) -> &'static str {
    self_name(lang, true)
}

/// One named argument of a message.
pub type Arg<'a> = (&'a str, &'a dyn Display);

fn value<'a>(args: &[Arg<'a>], name: &str) -> Option<&'a dyn Display> {
    args.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

fn render(pattern: &Pattern, args: &[Arg<'_>]) -> String {
    let mut out = String::new();
    for part in pattern {
        match part {
            Part::Text(t) => out.push_str(t),
            Part::Var(name) => match value(args, name) {
                Some(v) => {
                    let _ = write!(out, "{v}");
                }
                None => {
                    let _ = write!(out, "{{${name}}}");
                }
            },
            Part::Call { func, var, args: lits } => {
                let v = value(args, var).map(|v| v.to_string()).unwrap_or_default();
                match (func.as_str(), lits.as_slice()) {
                    ("JOSA", [pair]) => out.push_str(josa::josa(&v, pair)),
                    ("PLURAL", [one, other]) => {
                        out.push_str(if v.trim() == "1" { one } else { other })
                    }
                    _ => {
                        let _ = write!(out, "{{{func}(${var})}}");
                    }
                }
            }
        }
    }
    out
}

thread_local! {
    /// The keys rendered while [`keys_used`] listens on this thread.
    static USED: RefCell<Option<BTreeSet<String>>> = const { RefCell::new(None) };
}

fn note(key: &str) {
    USED.with(|u| {
        if let Some(keys) = u.borrow_mut().as_mut() {
            keys.insert(key.to_string());
        }
    });
}

/// The catalogue keys `f` renders on this thread (how the native tests know that the samples
/// reach every message of a family).
pub fn keys_used(f: impl FnOnce()) -> BTreeSet<String> {
    let before = USED.with(|u| u.borrow_mut().replace(BTreeSet::new()));
    f();
    USED.with(|u| std::mem::replace(&mut *u.borrow_mut(), before)).unwrap_or_default()
}

/// The message `key` in `lang` with `args`; English when `lang` lacks it, the key itself when
/// English lacks it too (the native tests make sure neither happens).
pub fn text(lang: Lang, key: &str, args: &[Arg<'_>]) -> String {
    note(key);
    match messages(lang).get(key).or_else(|| messages(Lang::En).get(key)) {
        Some(p) => render(p, args),
        None => key.to_string(),
    }
}

/// A message without placeholders (a label), borrowed from the catalogue: English when `lang`
/// lacks it, the key itself when English lacks it too or when it has placeholders (the native
/// tests make sure none of that happens).
pub fn label(lang: Lang, key: &'static str) -> &'static str {
    note(key);
    match messages(lang).get(key).or_else(|| messages(Lang::En).get(key)).map(Vec::as_slice) {
        Some([Part::Text(t)]) => t,
        _ => key,
    }
}

/// Writes the English message `key` (for `Display`).
pub fn write_en(f: &mut fmt::Formatter<'_>, key: &str, args: &[Arg<'_>]) -> fmt::Result {
    f.write_str(&text(Lang::En, key, args))
}

/// The names of the placeholders a message uses (variables and function arguments), sorted.
pub fn placeholders(pattern: &Pattern) -> Vec<String> {
    let mut names: Vec<String> = pattern
        .iter()
        .filter_map(|p| match p {
            Part::Var(v) | Part::Call { var: v, .. } => Some(v.clone()),
            Part::Text(_) => None,
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// A message in a language: `msg!` with a language, a key and `name = value` arguments. Keys
/// are string literals so the native tests can find every one in the sources and check it
/// against the catalogues.
#[macro_export]
macro_rules! msg {
    ($lang:expr, $key:literal $(, $name:ident = $val:expr)* $(,)?) => {
        $crate::text($lang, $key, &[$((stringify!($name), &$val as &dyn ::std::fmt::Display)),*])
    };
}

/// A label (a message without placeholders) in a language, as `&'static str`: `label!` with a
/// language and a key literal.
#[macro_export]
macro_rules! label {
    ($lang:expr, $key:literal) => {
        $crate::label($lang, $key)
    };
}

/// Virtual seconds as a number for any language, to the ms and without trailing zeros
/// ("12", "12.5", "17.25"): every page and log line writes a time this one way.
pub fn seconds_number(ms: u64) -> String {
    let s = format!("{}.{:03}", ms / 1000, ms % 1000);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
