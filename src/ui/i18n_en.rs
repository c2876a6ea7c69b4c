//! The English catalogue: the source text of every key, fate name and event explanation.
//! The checks' own messages (scenario problems, warnings, lints, findings) are already English
//! in their `Display`, which is also what the command-line tool prints.

use crate::engine::event::{Cause, Event};
use crate::scenario::alerts::{AlertRule, AlertRules};
use crate::scenario::error::{Problem, SyntaxKind};
use crate::scenario::finding::Finding;
use crate::scenario::lint::LintReason;
use crate::scenario::warnings::Warning;
use crate::scenario::Lang;
use crate::viz::flight::Fate;
use crate::viz::link::LinkError;

use super::i18n::{duration, Catalogue, Key};

/// The English text for a key.
fn english(key: Key) -> &'static str {
    super::i18n_labels::label_in(Lang::En, key)
}

/// English: the source text.
pub struct En;

impl Catalogue for En {
    fn lang(&self) -> Lang {
        Lang::En
    }
    fn tr(&self, key: Key) -> &'static str {
        english(key)
    }
    fn fate_name(&self, fate: Fate) -> &'static str {
        crate::i18n::events::fate_name(self.lang(), fate)
    }
    fn cause(&self, cause: &Cause) -> String {
        crate::i18n::events::cause(self.lang(), cause)
    }
    fn explain(&self, e: &Event) -> String {
        crate::i18n::events::explain(self.lang(), e)
    }
    fn link_problem(&self, e: &LinkError) -> String {
        match e {
            LinkError::Empty => "nothing to open".to_string(),
            LinkError::BadEncoding => "the scenario in it is damaged".to_string(),
            LinkError::BadNumber(k) => format!("'{k}' is not a number"),
        }
    }
    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        crate::i18n::problem::not_json(self.lang(), line, column, kind, problem)
    }
    // English is the checks' own text (what the CLI prints).
    fn problem(&self, p: &Problem) -> String {
        crate::i18n::problem::problem(self.lang(), p)
    }
    fn warning(&self, w: &Warning) -> String {
        w.to_string()
    }
    fn lint(&self, r: &LintReason) -> String {
        r.to_string()
    }
    fn finding(&self, f: &Finding) -> String {
        f.to_string()
    }
    fn at_line(&self, line: usize, text: &str) -> String {
        format!("{} {line}: {text}", english(Key::ErrorLine))
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        match rule {
            AlertRule::DepthOver => format!("more than {} messages waiting", r.depth_over),
            AlertRule::NonEmptyFor => {
                format!("not empty for {}", duration(r.nonempty_for_ms, ["min", "s", "ms"]))
            }
            AlertRule::ArrivalRate => {
                format!("{} or more arrivals within an hour", r.arrivals_per_hour)
            }
        }
    }
}
