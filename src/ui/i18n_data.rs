//! The one [`Catalogue`]: a language's texts, every one read from the data catalogues
//! (`crates/translations/src/*.ftl`) through [`crate::i18n`]. English, Korean and Simplified Chinese differ
//! only in the language they ask for.

use crate::engine::event::{Cause, Event};
use crate::link::share_link::LinkError;
use crate::scenario::definitions::lint::LintReason;
use crate::scenario::definitions::warnings::Warning;
use crate::scenario::model::error::{Problem, SyntaxKind};
use crate::scenario::playground::alerts::{AlertRule, AlertRules};
use crate::scenario::workshop::finding::Finding;
use crate::scenario::Lang;
use crate::viz::flight::CopyFate;

use super::i18n::Catalogue;

/// The texts of one language.
pub struct InLang(pub Lang);

/// English.
pub static EN: InLang = InLang(Lang::En);
/// Korean (`ko`).
pub static KO: InLang = InLang(Lang::Ko);
/// Simplified Chinese (`zh-CN`).
pub static ZH_CN: InLang = InLang(Lang::ZhCn);

impl Catalogue for InLang {
    fn lang(&self) -> Lang {
        self.0
    }
    fn tr(&self, key: &'static str) -> &'static str {
        crate::i18n::label(self.0, key)
    }

    fn fate_name(&self, fate: CopyFate) -> &'static str {
        crate::viz::flight::fate_name(fate).label(self.lang())
    }

    fn cause(&self, cause: &Cause) -> String {
        crate::scenario::playground::event_text::cause(cause).text(self.lang())
    }

    fn explain(&self, e: &Event) -> String {
        crate::scenario::playground::event_text::explain(e).text(self.lang())
    }

    fn link_problem(&self, e: &LinkError) -> String {
        crate::ui::page_text::link_problem(self.lang(), e)
    }

    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        crate::scenario::model::problem_text::not_json(line, column, kind, problem)
            .text(self.lang())
    }

    fn problem(&self, p: &Problem) -> String {
        crate::scenario::model::problem_text::problem(p).text(self.lang())
    }

    fn warning(&self, w: &Warning) -> String {
        crate::scenario::definitions::definitions_text::warning(w).text(self.lang())
    }

    fn lint(&self, r: &LintReason) -> String {
        crate::scenario::definitions::definitions_text::lint(r).text(self.lang())
    }
    fn finding(&self, f: &Finding) -> String {
        crate::scenario::workshop::finding_text::finding(f).text(self.0)
    }

    fn at_line(&self, line: usize, text: &str) -> String {
        crate::ui::page_text::at_line(self.lang(), line, text)
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        crate::ui::page_text::alert(self.lang(), rule, r)
    }
}
