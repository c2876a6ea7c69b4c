//! The texts of the strategy comparison page (SQS, Kafka, BullMQ, database DLQ, hybrid).
//!
//! Every text is data: the `sys-*` messages of `crates/translations/src/*.ftl`. Labels, strategy and
//! workload names are [`SysKey`]s read with `label!`; the sentences (a line for every event of
//! a system's trace, the takeaways, a workload's errors) are worded by
//! [`crate::systems::system_text`].

use crate::label;
use crate::scenario::Lang;
use crate::systems::system_text;
use crate::systems::trace::SysEvent;
use crate::systems::workload::WorkloadError;
use crate::systems::{Strategy, Takeaway};

use super::locale;

/// Declares [`SysKey`] and [`SysKey::ALL`] from one list.
macro_rules! sys_keys {
    ($($k:ident,)*) => {
        /// A text of the comparison page.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum SysKey { $($k,)* }
        impl SysKey {
            /// Every key, in declaration order.
            pub const ALL: &'static [SysKey] = &[$(SysKey::$k,)*];
        }
    };
}

sys_keys! {
    Title,
    Intro,
    OpenCompare,
    BackToPlayground,
    OpenFullCompare,
    Workload,
    WorkloadText,
    Apply,
    Idempotent,
    IdempotentHint,
    RouteDirect,
    RouteDirectHint,
    SideBySide,
    Notice,
    Strategy,
    Completed,
    DeadLettered,
    Lost,
    Skipped,
    InFlight,
    Attempts,
    Duplicates,
    Reordered,
    LatencyP50,
    LatencyMax,
    FiguresHint,
    Lanes,
    LanesBeside,
    LanesBesideNone,
    Moment,
    PickMessage,
    Events,
    Places,
    RabbitName,
    RabbitAbout,
    SqsName,
    SqsAbout,
    KafkaName,
    KafkaAbout,
    BullmqName,
    BullmqAbout,
    DatabaseName,
    DatabaseAbout,
    HybridName,
    HybridAbout,
    PresetMixed,
    PresetMixedAbout,
    PresetPoison,
    PresetPoisonAbout,
    PresetLostReply,
    PresetLostReplyAbout,
    PresetOrdering,
    PresetOrderingAbout,
    PresetBugFix,
    PresetBugFixAbout,
    MarkPublished,
    MarkSucceeded,
    MarkDuplicate,
    MarkFailed,
    MarkDeadLettered,
    MarkLost,
    MarkSkipped,
    MarkOperator,
    MarkRefused,
    MarkStalled,
    SpanWorking,
    SpanWaiting,
    SpanParked,
    OperatorTitle,
    OperatorHint,
    ActionReplay,
    ActionSkip,
    ActionEdit,
    SelectAll,
    Note,
}

/// One language's texts for the comparison page.
pub struct SysTexts {
    pub text: fn(SysKey) -> &'static str,
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

/// The text for `key` in the current language.
pub fn st(key: SysKey) -> &'static str {
    (texts(locale::current()).text)(key)
}

/// The key of strategy `s`'s name.
pub fn name_key(s: Strategy) -> SysKey {
    match s {
        Strategy::Rabbitmq => SysKey::RabbitName,
        Strategy::Sqs => SysKey::SqsName,
        Strategy::Kafka => SysKey::KafkaName,
        Strategy::Bullmq => SysKey::BullmqName,
        Strategy::Database => SysKey::DatabaseName,
        Strategy::Hybrid => SysKey::HybridName,
    }
}

/// The name of strategy `s` in the current language.
pub fn strategy_name(s: Strategy) -> &'static str {
    st(name_key(s))
}

/// A takeaway in the current language.
pub fn takeaway(t: &Takeaway) -> String {
    (texts(locale::current()).takeaway)(t)
}

/// What strategy `s` does, in one line, in the current language.
pub fn strategy_about(s: Strategy) -> &'static str {
    st(match s {
        Strategy::Rabbitmq => SysKey::RabbitAbout,
        Strategy::Sqs => SysKey::SqsAbout,
        Strategy::Kafka => SysKey::KafkaAbout,
        Strategy::Bullmq => SysKey::BullmqAbout,
        Strategy::Database => SysKey::DatabaseAbout,
        Strategy::Hybrid => SysKey::HybridAbout,
    })
}

/// The title and the one-line lesson of the built-in workload `id`.
pub fn preset_texts(id: &str) -> (&'static str, &'static str) {
    let (t, a) = match id {
        "poison" => (SysKey::PresetPoison, SysKey::PresetPoisonAbout),
        "lost-reply" => (SysKey::PresetLostReply, SysKey::PresetLostReplyAbout),
        "ordering" => (SysKey::PresetOrdering, SysKey::PresetOrderingAbout),
        "bug-fix" => (SysKey::PresetBugFix, SysKey::PresetBugFixAbout),
        _ => (SysKey::PresetMixed, SysKey::PresetMixedAbout),
    };
    (st(t), st(a))
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
    text: |k| label_in(Lang::En, k),
    explain: |e, id| system_text::explain(Lang::En, e, id),
    workload_error: |e| system_text::workload_error(Lang::En, e),
    more_rows: |n| system_text::more_rows(Lang::En, n),
    takeaway: |t| {
        system_text::takeaway(Lang::En, t, &|s| label_in(Lang::En, name_key(s)).to_string())
    },
};

const KO: SysTexts = SysTexts {
    text: |k| label_in(Lang::Ko, k),
    explain: |e, id| system_text::explain(Lang::Ko, e, id),
    workload_error: |e| system_text::workload_error(Lang::Ko, e),
    more_rows: |n| system_text::more_rows(Lang::Ko, n),
    takeaway: |t| {
        system_text::takeaway(Lang::Ko, t, &|s| label_in(Lang::Ko, name_key(s)).to_string())
    },
};

const ZH: SysTexts = SysTexts {
    text: |k| label_in(Lang::ZhCn, k),
    explain: |e, id| system_text::explain(Lang::ZhCn, e, id),
    workload_error: |e| system_text::workload_error(Lang::ZhCn, e),
    more_rows: |n| system_text::more_rows(Lang::ZhCn, n),
    takeaway: |t| {
        system_text::takeaway(Lang::ZhCn, t, &|s| label_in(Lang::ZhCn, name_key(s)).to_string())
    },
};

/// A label of the page in `lang`, from the `sys-*` messages of the catalogues.
fn label_in(lang: Lang, key: SysKey) -> &'static str {
    use SysKey::*;
    match key {
        Title => label!(lang, "sys-title"),
        Intro => label!(lang, "sys-intro"),
        OpenCompare => label!(lang, "sys-open-compare"),
        BackToPlayground => label!(lang, "sys-back-to-playground"),
        OpenFullCompare => label!(lang, "sys-open-full-compare"),
        Workload => label!(lang, "sys-workload"),
        WorkloadText => label!(lang, "sys-workload-text"),
        Apply => label!(lang, "sys-apply"),
        Idempotent => label!(lang, "sys-idempotent"),
        IdempotentHint => label!(lang, "sys-idempotent-hint"),
        RouteDirect => label!(lang, "sys-route-direct"),
        RouteDirectHint => label!(lang, "sys-route-direct-hint"),
        SideBySide => label!(lang, "sys-side-by-side"),
        Notice => label!(lang, "sys-notice"),
        Strategy => label!(lang, "sys-strategy"),
        Completed => label!(lang, "sys-completed"),
        DeadLettered => label!(lang, "sys-dead-lettered"),
        Lost => label!(lang, "sys-lost"),
        Skipped => label!(lang, "sys-skipped"),
        InFlight => label!(lang, "sys-in-flight"),
        Attempts => label!(lang, "sys-attempts"),
        Duplicates => label!(lang, "sys-duplicates"),
        Reordered => label!(lang, "sys-reordered"),
        LatencyP50 => label!(lang, "sys-latency-p50"),
        LatencyMax => label!(lang, "sys-latency-max"),
        FiguresHint => label!(lang, "sys-figures-hint"),
        Lanes => label!(lang, "sys-lanes"),
        LanesBeside => label!(lang, "sys-lanes-beside"),
        LanesBesideNone => label!(lang, "sys-lanes-beside-none"),
        Moment => label!(lang, "sys-moment"),
        PickMessage => label!(lang, "sys-pick-message"),
        Events => label!(lang, "sys-events"),
        Places => label!(lang, "sys-places"),
        RabbitName => label!(lang, "sys-rabbit-name"),
        RabbitAbout => label!(lang, "sys-rabbit-about"),
        SqsName => label!(lang, "sys-sqs-name"),
        SqsAbout => label!(lang, "sys-sqs-about"),
        KafkaName => label!(lang, "sys-kafka-name"),
        KafkaAbout => label!(lang, "sys-kafka-about"),
        BullmqName => label!(lang, "sys-bullmq-name"),
        BullmqAbout => label!(lang, "sys-bullmq-about"),
        DatabaseName => label!(lang, "sys-database-name"),
        DatabaseAbout => label!(lang, "sys-database-about"),
        HybridName => label!(lang, "sys-hybrid-name"),
        HybridAbout => label!(lang, "sys-hybrid-about"),
        PresetMixed => label!(lang, "sys-preset-mixed"),
        PresetMixedAbout => label!(lang, "sys-preset-mixed-about"),
        PresetPoison => label!(lang, "sys-preset-poison"),
        PresetPoisonAbout => label!(lang, "sys-preset-poison-about"),
        PresetLostReply => label!(lang, "sys-preset-lost-reply"),
        PresetLostReplyAbout => label!(lang, "sys-preset-lost-reply-about"),
        PresetOrdering => label!(lang, "sys-preset-ordering"),
        PresetOrderingAbout => label!(lang, "sys-preset-ordering-about"),
        PresetBugFix => label!(lang, "sys-preset-bug-fix"),
        PresetBugFixAbout => label!(lang, "sys-preset-bug-fix-about"),
        MarkPublished => label!(lang, "sys-mark-published"),
        MarkSucceeded => label!(lang, "sys-mark-succeeded"),
        MarkDuplicate => label!(lang, "sys-mark-duplicate"),
        MarkFailed => label!(lang, "sys-mark-failed"),
        MarkDeadLettered => label!(lang, "sys-mark-dead-lettered"),
        MarkLost => label!(lang, "sys-mark-lost"),
        MarkSkipped => label!(lang, "sys-mark-skipped"),
        MarkOperator => label!(lang, "sys-mark-operator"),
        MarkRefused => label!(lang, "sys-mark-refused"),
        MarkStalled => label!(lang, "sys-mark-stalled"),
        SpanWorking => label!(lang, "sys-span-working"),
        SpanWaiting => label!(lang, "sys-span-waiting"),
        SpanParked => label!(lang, "sys-span-parked"),
        OperatorTitle => label!(lang, "sys-operator-title"),
        OperatorHint => label!(lang, "sys-operator-hint"),
        ActionReplay => label!(lang, "sys-action-replay"),
        ActionSkip => label!(lang, "sys-action-skip"),
        ActionEdit => label!(lang, "sys-action-edit"),
        SelectAll => label!(lang, "sys-select-all"),
        Note => label!(lang, "sys-note"),
    }
}

/// A row status as the table spells it.
pub use crate::systems::system_text::status_name;
