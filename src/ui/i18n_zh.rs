//! The Simplified Chinese catalogue: every [`Key`], fate name, event explanation and error in
//! Simplified Chinese (`zh-CN`).
//!
//! The broker's own words stay as the broker spells them (x-death, x-dead-letter-exchange,
//! rejected, expired, maxlen, delivery_limit, queue and exchange names), as Chinese RabbitMQ
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

/// Simplified Chinese (`zh-CN`).
pub struct ZhCn;

impl Catalogue for ZhCn {
    fn lang(&self) -> Lang {
        Lang::ZhCn
    }
    fn tr(&self, key: Key) -> &'static str {
        super::i18n_labels::label_in(Lang::ZhCn, key)
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
            LinkError::Empty => "没有可打开的内容".to_string(),
            LinkError::BadEncoding => "链接中的场景已损坏".to_string(),
            LinkError::BadNumber(k) => format!("'{k}' 不是数字"),
        }
    }

    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        crate::i18n::problem::not_json(self.lang(), line, column, kind, problem)
    }

    fn problem(&self, p: &Problem) -> String {
        crate::i18n::problem::problem(self.lang(), p)
    }

    fn warning(&self, w: &Warning) -> String {
        super::i18n_zh_detail::warning(w)
    }

    fn lint(&self, r: &LintReason) -> String {
        super::i18n_zh_detail::lint(r)
    }
    fn finding(&self, f: &Finding) -> String {
        crate::i18n::finding::finding(Lang::ZhCn, f, &|e| super::i18n::error_in(self, e))
    }

    fn at_line(&self, line: usize, text: &str) -> String {
        format!("第 {line} {}：{text}", self.tr(Key::ErrorLine))
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        match rule {
            AlertRule::DepthOver => format!("等待中的消息超过 {} 条", r.depth_over),
            AlertRule::NonEmptyFor => {
                format!("持续 {} 不为空", duration(r.nonempty_for_ms, ["分钟", "秒", "毫秒"]))
            }
            AlertRule::ArrivalRate => format!("一小时内进入 {} 条及以上", r.arrivals_per_hour),
        }
    }
}
