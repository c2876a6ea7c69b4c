//! The texts of the strategy comparison page (SQS, Kafka, BullMQ, database DLQ, hybrid): its
//! labels, the strategy and workload names, the figures, and a line for every event of a
//! system's trace, in English here and in Korean ([`super::i18n_ko_systems`]) and Chinese
//! ([`super::i18n_zh_systems`]). Every match is exhaustive, so a missing text fails the build.

use crate::scenario::Lang;
use crate::systems::trace::{Loss, RowStatus, SysEvent, SysEventKind, Wait};
use crate::systems::workload::{OperatorKind, WorkloadError};
use crate::systems::{Strategy, Takeaway};

use super::i18n::fmt_time;
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
    explain: en_explain,
    workload_error: |e| e.to_string(),
    more_rows: en_more,
    takeaway: en_takeaway,
};

fn en_takeaway(t: &Takeaway) -> String {
    let n = |l: &[Strategy]| names(en, l, ", ");
    match t {
        Takeaway::Lost { strategies, most } => {
            format!("{} lost messages (up to {most}): nothing keeps them.", n(strategies))
        }
        Takeaway::Duplicates { strategies, most } => {
            format!("{} applied an effect more than once (up to {most} times): the consumer is not idempotent.", n(strategies))
        }
        Takeaway::Reordered { strategies, most } => {
            format!("{} handled a key's messages out of order (up to {most}).", n(strategies))
        }
        Takeaway::Parked { strategies, most } => {
            format!("{} still hold messages in their dead-letter place (up to {most}), waiting for an operator.", n(strategies))
        }
        Takeaway::AllCompleted { strategies } => {
            format!("{} completed every message.", n(strategies))
        }
    }
}

fn en_more(n: usize) -> String {
    format!("{n} more messages are not drawn")
}

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

fn en_wait(w: Wait) -> &'static str {
    match w {
        Wait::Visibility => "its visibility timeout",
        Wait::Backoff => "its back-off",
        Wait::NextRetryAt => "its next_retry_at",
    }
}

fn en_loss(l: Loss) -> &'static str {
    match l {
        Loss::RetentionExpired => "its retention period ended",
        Loss::LoggedOnly => "the error was only logged",
        Loss::Removed => "the failed job was removed (removeOnFail)",
        Loss::Trimmed => {
            "newer failures pushed it out of the bounded failed set (removeOnFail count or age)"
        }
    }
}

/// A row status as the table spells it.
pub fn status_name(s: RowStatus) -> &'static str {
    match s {
        RowStatus::Pending => "PENDING",
        RowStatus::Processing => "PROCESSING",
        RowStatus::Completed => "COMPLETED",
        RowStatus::Failed => "FAILED",
        RowStatus::Skipped => "SKIPPED",
    }
}

fn en_explain(e: &SysEvent, id: &str) -> String {
    let place = &e.place;
    match &e.kind {
        SysEventKind::Published => format!("{id} was published to {place}."),
        SysEventKind::Received { attempt } => format!("A consumer took {id} from {place} (attempt {attempt})."),
        SysEventKind::Succeeded { attempt, effect } => match effect {
            crate::systems::Effect::Applied => format!("Attempt {attempt} handled {id}."),
            crate::systems::Effect::Duplicate => format!("Attempt {attempt} handled {id} again: its effect is now applied twice (a duplicate)."),
            crate::systems::Effect::AlreadyDone => format!("Attempt {attempt}: the idempotent consumer saw {id} already done and skipped it."),
        },
        SysEventKind::Failed { attempt, reason, permanent, effect_applied } => format!(
            "Attempt {attempt} failed with {reason}{}{}.",
            if *permanent { " (permanent: retrying cannot help)" } else { "" },
            if *effect_applied { ", after its effect had happened" } else { "" }
        ),
        SysEventKind::Waiting { until_us, why } => format!("{id} waits in {place} until {} ({}).", fmt_time(*until_us), en_wait(*why)),
        SysEventKind::Moved { from } => format!("{id} moved from {from} to {place}."),
        SysEventKind::DeadLettered { from, reason } => format!("{id} was dead-lettered from {from} to {place} ({reason})."),
        SysEventKind::Lost { why } => format!("{id} is lost: {}.", en_loss(*why)),
        SysEventKind::Status { status } => format!("{id}'s row in {place} is now {}.", status_name(*status)),
        SysEventKind::Headers { headers } => format!("{id} arrived in {place} carrying the headers {}.", headers.iter().map(|h| format!("{}={}", h.name, h.value.replace('\n', " "))).collect::<Vec<_>>().join(", ")),
        SysEventKind::Operator { action, note } => {
            let what = match action {
                OperatorKind::Replay => "replayed",
                OperatorKind::Skip => "skipped",
                OperatorKind::Edit => "edited the payload of",
            };
            if note.is_empty() {
                format!("The operator {what} {id}.")
            } else {
                format!("The operator {what} {id}: “{note}”.")
            }
        }
    }
}
