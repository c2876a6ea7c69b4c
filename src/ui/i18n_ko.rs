//! The Korean catalogue: every [`Key`], fate name, event explanation and error in Korean.
//!
//! The broker's own words stay as the broker spells them (x-death, x-dead-letter-exchange,
//! rejected, expired, maxlen, delivery_limit, queue and exchange names), as Korean RabbitMQ
//! documents write them. Every `match` is exhaustive, so a new key fails the build until it
//! is translated here.

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

/// Korean (`ko`).
pub struct Ko;

impl Catalogue for Ko {
    fn lang(&self) -> Lang {
        Lang::Ko
    }
    fn tr(&self, key: Key) -> &'static str {
        super::i18n_labels::label_in(Lang::Ko, key)
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
            LinkError::Empty => "열 것이 없습니다".to_string(),
            LinkError::BadEncoding => "링크 안의 시나리오가 손상되었습니다".to_string(),
            LinkError::BadNumber(k) => format!("'{k}'가 숫자가 아닙니다"),
        }
    }

    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        crate::i18n::problem::not_json(self.lang(), line, column, kind, problem)
    }

    fn problem(&self, p: &Problem) -> String {
        crate::i18n::problem::problem(self.lang(), p)
    }

    fn warning(&self, w: &Warning) -> String {
        super::i18n_ko_detail::warning(w)
    }

    fn lint(&self, r: &LintReason) -> String {
        super::i18n_ko_detail::lint(r)
    }
    fn finding(&self, f: &Finding) -> String {
        crate::i18n::finding::finding(Lang::Ko, f, &|e| super::i18n::error_in(self, e))
    }

    fn at_line(&self, line: usize, text: &str) -> String {
        format!("{line}{}: {text}", self.tr(Key::ErrorLine))
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        match rule {
            AlertRule::DepthOver => format!("대기 메시지 {}개 초과", r.depth_over),
            AlertRule::NonEmptyFor => format!(
                "{} 동안 비지 않음",
                duration(r.nonempty_for_ms, ["분", "초", "ms"]).replace(' ', "")
            ),
            AlertRule::ArrivalRate => format!("한 시간 안에 {}개 이상 유입", r.arrivals_per_hour),
        }
    }
}
