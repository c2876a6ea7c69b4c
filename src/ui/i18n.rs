//! Every string the user sees, in one catalogue per language: labels, tooltips, fate names,
//! explanations, errors.
//!
//! Components never hold text; they ask [`tr`] for a label by its message key (`tr("ui-play")`),
//! [`fate_name`] for a fate and [`explain`] for an event, in the current language
//! ([`super::locale`]).
//!
//! Every text is data: the catalogues `crates/translations/src/en.ftl`, `ko.ftl` and `zh-CN.ftl`, read by
//! [`crate::i18n`]. A label is named one way everywhere, by its key: `tr` in the current
//! language, `label!` in a given one; a key kept in a table is the same literal,
//! and the native tests check every such literal names a message with the placeholders it is
//! given. Sentences (events, verdicts, errors, warnings, lints, the comparison page) are
//! message values the domain crates build beside their types (their `*_text` modules, which
//! the lib and the CLI share); the page words them with `.text(lang)`. [`Catalogue`] is one
//! language's view of them ([`super::i18n_data`]). Completeness, placeholders, script,
//! Chinese punctuation and the glossary are checked natively
//! (`tests/translations/catalogues.rs`).

use crate::engine::event::{Cause, Event};
use crate::link::share_link::LinkError;
use crate::msg;
use crate::scenario::definitions::lint::LintReason;
use crate::scenario::definitions::warnings::Warning;
use crate::scenario::model::error::{Problem, SyntaxKind};
use crate::scenario::playground::alerts::{Alert, AlertRule, AlertRules};
use crate::scenario::workshop::finding::Finding;
use crate::scenario::{Lang, ScenarioError};
use crate::viz::flight::CopyFate;

/// Everything the UI says, in one language.
pub trait Catalogue {
    /// The language of this catalogue.
    fn lang(&self) -> Lang;
    /// The text for a key.
    fn tr(&self, key: &'static str) -> &'static str;
    /// The name of a fate (shown on hover, in the legend and in the log).
    fn fate_name(&self, fate: CopyFate) -> &'static str;
    /// Why something happened: the recorded cause in words.
    fn cause(&self, cause: &Cause) -> String;
    /// One plain-language line saying what happened and why, from the recorded cause.
    fn explain(&self, e: &Event) -> String;
    /// What is wrong with a share link.
    fn link_problem(&self, e: &LinkError) -> String;
    /// A scenario that is not JSON at all: where, and what kind of mistake (`problem` is
    /// serde_json's English text).
    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String;
    /// What is wrong with one field of a scenario, exercise or definitions file.
    fn problem(&self, p: &Problem) -> String;
    /// Something a definitions file holds that is not simulated.
    fn warning(&self, w: &Warning) -> String;
    /// Why a lint fires.
    fn lint(&self, r: &LintReason) -> String;
    /// What a workshop goal check found.
    fn finding(&self, f: &Finding) -> String;
    /// An error with the line of the scenario it points at.
    fn at_line(&self, line: usize, text: &str) -> String;
    /// What a DLQ alert rule saw, with its threshold.
    fn alert(&self, rule: AlertRule, rules: &AlertRules) -> String;
}

/// A DLQ alert in the current language: the queue and what its rule saw.
pub fn alert_text(a: &Alert, rules: &AlertRules) -> String {
    let lang = super::locale::current();
    crate::msg!(lang, "alert-at-queue", queue = a.queue, alert = now().alert(a.rule, rules))
}

/// The catalogue of a language.
pub fn catalogue(lang: Lang) -> &'static dyn Catalogue {
    match lang {
        Lang::En => &super::i18n_data::EN,
        Lang::Ko => &super::i18n_data::KO,
        Lang::ZhCn => &super::i18n_data::ZH_CN,
    }
}

fn now() -> &'static dyn Catalogue {
    catalogue(super::locale::current())
}

/// The label whose message key is `key` (`"ui-play"`, `"sys-title"`) in the current language.
pub fn tr(key: &'static str) -> &'static str {
    now().tr(key)
}

/// The name of a fate in the current language (shown on hover, in the legend and the log).
pub fn fate_name(fate: CopyFate) -> &'static str {
    now().fate_name(fate)
}

/// One plain-language line saying what happened and why, in the current language.
pub fn explain(e: &Event) -> String {
    now().explain(e)
}

/// A scenario error in a catalogue's language (without the line it points at).
pub fn error_in(c: &dyn Catalogue, e: &ScenarioError) -> String {
    crate::scenario::model::problem_text::error(e).text(c.lang())
}

/// A scenario error for the user, with the line it points at when known.
pub fn scenario_error(e: &ScenarioError, line: Option<usize>) -> String {
    let c = now();
    let text = error_in(c, e);
    match line {
        Some(l) => c.at_line(l, &text),
        None => text,
    }
}

/// A definitions-file warning in the current language.
pub fn warning(w: &Warning) -> String {
    now().warning(w)
}

/// Why a lint fires, in the current language.
pub fn lint_reason(r: &LintReason) -> String {
    now().lint(r)
}

/// What a workshop goal check found, in the current language.
pub fn finding(f: &Finding) -> String {
    now().finding(f)
}

/// A share-link error for the user.
pub fn link_error(e: &LinkError) -> String {
    let c = now();
    msg!(super::locale::current(), "notice-bad-link", problem = c.link_problem(e))
}

/// "1.234 s" for a virtual time in microseconds.
pub fn fmt_time(us: u64) -> String {
    format!("{}.{:03} s", us / 1_000_000, (us / 1000) % 1000)
}

/// "1.234", "12.5", "17" for a virtual time in microseconds, in a sentence that writes the
/// unit itself: trailing zeros trimmed, as every sentence writes a time (the clock, the log's
/// column and the axes keep three decimals, [`fmt_time`]).
pub fn fmt_secs(us: u64) -> String {
    crate::i18n::seconds_number(us / 1000)
}

/// "×0.1" for a speed factor.
pub fn fmt_speed(speed: f64) -> String {
    format!("×{speed}")
}

/// "#12" for a message copy.
pub fn fmt_msg(copy: u64) -> String {
    format!("#{copy}")
}
