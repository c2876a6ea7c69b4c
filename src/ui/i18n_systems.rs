//! The texts of the strategy comparison page (SQS, Kafka, BullMQ, database DLQ, hybrid).
//!
//! Its labels, the strategy and workload names and the figures are still Rust: English here,
//! Korean in [`super::i18n_ko_systems`] and Chinese in [`super::i18n_zh_systems`] (exhaustive
//! matches). Its sentences (a line for every event of a system's trace, the takeaways, a
//! workload's errors) are data: the `sys-*` messages of `src/i18n/*.ftl`, worded by
//! [`crate::i18n::systems`].

use crate::i18n::systems;
use crate::scenario::Lang;
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
    SpanWorking,
    SpanWaiting,
    SpanParked,
    OperatorTitle,
    OperatorHint,
    ActionReplay,
    ActionSkip,
    ActionEdit,
    SelectAll,
    SelectMessage,
    SelectReason,
    Note,
    DoItAt,
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
        Lang::Ko => &super::i18n_ko_systems::KO,
        Lang::ZhCn => &super::i18n_zh_systems::ZH,
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

/// Strategy names in one language (`text`), joined with `sep`.
pub fn names(text: fn(SysKey) -> &'static str, list: &[Strategy], sep: &str) -> String {
    list.iter().map(|&s| text(name_key(s))).collect::<Vec<_>>().join(sep)
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
    text: en,
    explain: |e, id| systems::explain(Lang::En, e, id),
    workload_error: |e| systems::workload_error(Lang::En, e),
    more_rows: |n| systems::more_rows(Lang::En, n),
    takeaway: |t| systems::takeaway(Lang::En, t, &|s| en(name_key(s)).to_string()),
};

fn en(key: SysKey) -> &'static str {
    use SysKey::*;
    match key {
        Title => "Dead-letter strategies side by side",
        Intro => "One failing workload through RabbitMQ, SQS, Kafka, BullMQ and a database DLQ, on the same virtual clock. Change the workload or a toggle and every strategy runs again.",
        OpenCompare => "Compare with SQS, Kafka, BullMQ…",
        BackToPlayground => "Back to the RabbitMQ playground",
        OpenFullCompare => "Open the full comparison ↗",
        Workload => "Workload",
        WorkloadText => "Workload and settings (JSON)",
        Apply => "Run again",
        Idempotent => "Idempotent consumer",
        IdempotentHint => "The consumer records each message it has handled and skips one it has seen done: replays and redeliveries cause no duplicates.",
        RouteDirect => "Permanent failures skip the retries",
        RouteDirectHint => "Bad data goes straight to the dead-letter place (Kafka's exclude, BullMQ's UnrecoverableError, a NonRetryableException) instead of being retried in vain.",
        SideBySide => "Side by side",
        Notice => "What to notice",
        Strategy => "Strategy",
        Completed => "Completed",
        DeadLettered => "Dead-lettered",
        Lost => "Lost",
        Skipped => "Skipped",
        InFlight => "Still retrying",
        Attempts => "Attempts",
        Duplicates => "Duplicates",
        Reordered => "Out of order",
        LatencyP50 => "Latency p50",
        LatencyMax => "Latency max",
        FiguresHint => "At the end of the run. Latency: publish to first success. Out of order: handled after a later message with the same key.",
        Lanes => "Each message over time",
        Moment => "Moment",
        PickMessage => "Click a message's row to read what happened to it.",
        Events => "What happened",
        Places => "Places",
        RabbitName => "RabbitMQ (the engine)",
        RabbitAbout => "The broker engine itself. By default a rejected message dead-letters to a retry queue, waits its x-message-ttl and comes back, and after the last attempt (x-death's count) the consumer parks it in a DLQ; with \"pattern\": \"quorum_delivery_limit\" a quorum queue holds each return back (x-delayed-retry) and dead-letters the message past its x-delivery-limit.",
        SqsName => "SQS redrive",
        SqsAbout => "A failed receive is retried when its visibility timeout ends; past maxReceiveCount receives the message moves to the DLQ, whose retention counts from the original enqueue time.",
        KafkaName => "Kafka retry topics + DLT",
        KafkaAbout => "Spring's @RetryableTopic: each failure goes to the next retry topic with a longer back-off, the last to the DLT; the main topic keeps flowing, so a key's order can break.",
        BullmqName => "BullMQ",
        BullmqAbout => "Job attempts with exponential back-off (delay × 2^(attempt−1)); after the last attempt the job stays in the failed set until someone retries it.",
        DatabaseName => "Database DLQ",
        DatabaseAbout => "Failures become table rows (PENDING); a scheduler retries rows whose next_retry_at has come, up to max_retries, then FAILED. Operators query, replay and skip with SQL.",
        HybridName => "Hybrid: DLT → database",
        HybridAbout => "Kafka retry topics first; the DLT handler stores each record in a table, and an operator republishes the chosen rows to the original topic.",
        PresetMixed => "Mixed failures",
        PresetMixedAbout => "Timeouts, bad data and a bug fixed after two minutes; at five minutes the operator fixes the bad data and replays everything.",
        PresetPoison => "One poison message",
        PresetPoisonAbout => "m3 has bad data and fails every attempt. Where does it end up, how long does it take, and does it hold up the rest of its key?",
        PresetLostReply => "Lost replies",
        PresetLostReplyAbout => "The call goes through but its reply times out, so the retry does it again. Turn on the idempotent consumer and the duplicates disappear.",
        PresetOrdering => "Keeping a key's order",
        PresetOrderingAbout => "Six updates to one account; the second fails twice. Which strategies still apply them in order?",
        PresetBugFix => "Bug, fix, replay",
        PresetBugFixAbout => "A bug fails four messages until a fix is deployed at 200 s; at 240 s the operator replays only the NullPointerException ones.",
        MarkPublished => "published",
        MarkSucceeded => "succeeded",
        MarkDuplicate => "succeeded again (duplicate)",
        MarkFailed => "attempt failed",
        MarkDeadLettered => "dead-lettered",
        MarkLost => "lost",
        MarkSkipped => "skipped",
        MarkOperator => "operator",
        SpanWorking => "being handled",
        SpanWaiting => "waiting to retry",
        SpanParked => "in the DLQ / table",
        OperatorTitle => "Act as the operator",
        OperatorHint => "Written into the workload at the moment shown, so every strategy runs again with it. Replay sends dead-lettered messages back; edit fixes bad data first.",
        ActionReplay => "Replay",
        ActionSkip => "Skip",
        ActionEdit => "Edit the payload (fix the data)",
        SelectAll => "every dead-lettered message",
        SelectMessage => "message",
        SelectReason => "failed with",
        Note => "Note for the audit trail",
        DoItAt => "Do it at",
    }
}

/// A row status as the table spells it.
pub use crate::i18n::systems::status_name;
