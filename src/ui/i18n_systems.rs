//! The texts of the strategy comparison page (SQS, Kafka, BullMQ, database DLQ, hybrid).
//!
//! Every text is data: the `sys-*` messages of `crates/translations/src/*.ftl`. Labels, strategy and
//! workload names are message keys read with [`tr`], like every label of the app; the
//! sentences (a line for every event of a system's trace, the takeaways, a workload's errors)
//! are worded by [`crate::systems::system_text`].

use crate::scenario::Lang;
use crate::systems::system_text;
use crate::systems::trace::SysEvent;
use crate::systems::workload::WorkloadError;
use crate::systems::{Strategy, Takeaway};

use super::i18n::tr;
use super::locale;

/// One language's texts for the comparison page.
pub struct SysTexts {
    pub explain: fn(&SysEvent, &str) -> String,
    pub workload_error: fn(&WorkloadError) -> String,
    pub more_rows: fn(usize) -> String,
    pub takeaway: fn(&Takeaway) -> String,
}

/// The texts in `lang`.
pub fn texts(lang: Lang) -> &'static SysTexts {
    match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
        Lang::ZhCn => &ZH,
    }
}

/// The name of strategy `s` in the current language.
pub fn strategy_name(s: Strategy) -> &'static str {
    system_text::strategy_name(s).label(locale::current())
}

/// A takeaway in the current language.
pub fn takeaway(t: &Takeaway) -> String {
    (texts(locale::current()).takeaway)(t)
}

/// What strategy `s` does, in one line, in the current language.
pub fn strategy_about(s: Strategy) -> &'static str {
    tr(match s {
        Strategy::Rabbitmq => "sys-rabbit-about",
        Strategy::Sqs => "sys-sqs-about",
        Strategy::Kafka => "sys-kafka-about",
        Strategy::Bullmq => "sys-bullmq-about",
        Strategy::Database => "sys-database-about",
        Strategy::Hybrid => "sys-hybrid-about",
    })
}

/// The title and the one-line lesson of the built-in workload `id`.
pub fn preset_texts(id: &str) -> (&'static str, &'static str) {
    let (t, a) = match id {
        "poison" => ("sys-preset-poison", "sys-preset-poison-about"),
        "lost-reply" => ("sys-preset-lost-reply", "sys-preset-lost-reply-about"),
        "ordering" => ("sys-preset-ordering", "sys-preset-ordering-about"),
        "bug-fix" => ("sys-preset-bug-fix", "sys-preset-bug-fix-about"),
        _ => ("sys-preset-mixed", "sys-preset-mixed-about"),
    };
    (tr(t), tr(a))
}

/// One line saying what event `e` of message `id` was, in the current language.
pub fn explain(e: &SysEvent, id: &str) -> String {
    (texts(locale::current()).explain)(e, id)
}

/// A workload error in the current language, naming the field.
pub fn workload_error(e: &WorkloadError) -> String {
    (texts(locale::current()).workload_error)(e)
}

/// "N more messages are not drawn", in the current language.
pub fn more_rows(n: usize) -> String {
    (texts(locale::current()).more_rows)(n)
}

const EN: SysTexts = SysTexts {
    explain: |e, id| system_text::explain(e, id).text(Lang::En),
    workload_error: |e| system_text::workload_error(e).text(Lang::En),
    more_rows: |n| system_text::more_rows(n).text(Lang::En),
    takeaway: |t| system_text::takeaway(t).text(Lang::En),
};

const KO: SysTexts = SysTexts {
    explain: |e, id| system_text::explain(e, id).text(Lang::Ko),
    workload_error: |e| system_text::workload_error(e).text(Lang::Ko),
    more_rows: |n| system_text::more_rows(n).text(Lang::Ko),
    takeaway: |t| system_text::takeaway(t).text(Lang::Ko),
};

const ZH: SysTexts = SysTexts {
    explain: |e, id| system_text::explain(e, id).text(Lang::ZhCn),
    workload_error: |e| system_text::workload_error(e).text(Lang::ZhCn),
    more_rows: |n| system_text::more_rows(n).text(Lang::ZhCn),
    takeaway: |t| system_text::takeaway(t).text(Lang::ZhCn),
};

/// A row status as the table spells it.
pub use crate::systems::system_text::status_name;
