//! Sample checks: one of every scenario-file problem, every kind of JSON syntax error, every
//! definitions warning and every lint.

use crate::engine::headers::HeaderProblem;
use crate::scenario::definitions::lint::LintReason;
use crate::scenario::definitions::warnings::{Refusal, Subject, Warning};
use crate::scenario::model::error::{Builtin, Decode, DecodeKind, Problem, SyntaxKind};

fn decode(kind: DecodeKind) -> Decode {
    Decode { kind, text: "serde's text".into() }
}

/// Every kind of JSON syntax error.
pub fn syntax_kinds() -> [SyntaxKind; 12] {
    use SyntaxKind::*;
    [
        Eof,
        ExpectedValue,
        ExpectedCommaOrBrace,
        ExpectedCommaOrBracket,
        ExpectedColon,
        TrailingComma,
        KeyNotString,
        TrailingCharacters,
        BadNumber,
        BadString,
        TooDeep,
        Other,
    ]
}

/// One of every problem kind.
pub fn problems() -> Vec<Problem> {
    use Problem::*;
    let s = |x: &str| x.to_string();
    vec![
        NotObject,
        NotString,
        MissingString,
        NotUnsigned { value: s("-1") },
        MissingNumber,
        NotInteger { value: s("1.5") },
        NotBool,
        NotStringList,
        NotList,
        OutOfRange { max: 255 },
        NotTimestamp,
        Header(HeaderProblem::TooDeep),
        Header(HeaderProblem::BadTimestamp),
        Header(HeaderProblem::NotTable),
        Missing,
        Empty,
        Unreadable(decode(DecodeKind::UnknownVariant {
            value: s("bored"),
            expected: s("`a`, `b`"),
        })),
        Unreadable(decode(DecodeKind::UnknownField { value: s("colour"), expected: s("`a`") })),
        Unreadable(decode(DecodeKind::MissingField { name: s("kind") })),
        Unreadable(decode(DecodeKind::InvalidType {
            found: s("string \"x\""),
            expected: s("u64"),
        })),
        Unreadable(decode(DecodeKind::InvalidValue { value: s("-1"), expected: s("u64") })),
        Unreadable(decode(DecodeKind::Other)),
        UnknownKey { known: s("a, b") },
        Version { version: 2, supported: 1 },
        UnknownProfile { name: s("rabbitmq-2") },
        Duration { max: 86_400_000 },
        ListTooLong { count: 10_000, limit: 1_000 },
        NameTooLong { bytes: 300, limit: 255 },
        PolicyWork { work: 4_089_000, limit: 300_000 },
        Pace,
        Behaviour(decode(DecodeKind::Other)),
        PrefetchTooBig,
        Refused { error: s("406 PRECONDITION_FAILED") },
        NoSuch { what: Builtin::Preset, id: s("x") },
        NoSuch { what: Builtin::Tour, id: s("x") },
        NoSuch { what: Builtin::Exercise, id: s("x") },
        MissingSteps,
        UnknownOp { op: s("fly") },
        NoRoutingKeys,
        ReplayTarget { value: "\"dlx\"".into() },
        NotTranslations,
        NotText,
        NotTranslatable { texts: s("title") },
        NotLanguageMap,
        EnglishTranslation,
        LanguageCode { code: s("zh-CN") },
        NotStepList,
        FocusOne,
        NotNode { name: s("q") },
        NotQueue { name: s("q") },
        LineageZero,
        NoEventKind,
        AfterEnd { at_ms: 5, end_ms: 4 },
        BeforePrevious { at_ms: 1, previous_ms: 2 },
        BadId,
        MissingStart,
        HintCount,
        SolutionShape,
        NotPatchList,
        NotPointer,
        UnknownPatchOp { op: s("move") },
        Patch { detail: s("/a: no item 3") },
        GoalNotObject,
        GoalKeys { keys: s("a, b") },
        GoalNoCheck,
        NotGoalList,
        SpacingCount { listed: 2, retries: 3 },
        DeliveriesRetries,
        LostFalse,
        NeedsCount,
        MessageSelect,
        MessageNeedsCheck,
        MustBeTrue,
        NoMessage { id: "pay-9".into() },
        UnknownSystem { value: "nats".into() },
        UnknownStrategy { value: "nats".into() },
        TooMany { max: 60 },
        LinkData,
        ExerciseEntry,
        DuplicateExercise { id: "ttl-wait-queue".into() },
        Comparison(crate::systems::WorkloadError::NoMessages),
        MissingPolicyKeys,
        NotPair,
        NotPolicyKeys,
        TypeMismatch { declared: s("quorum"), argument: s("classic") },
        DestinationType { value: s("topic") },
        RunTooBig { limit: 1_500_000, at_ms: 16_800 },
        RunTooLarge { limit_mb: 512, mb: 513, at_ms: 16_800 },
    ]
}

pub fn warnings() -> Vec<Warning> {
    use Warning::*;
    let s = |x: &str| x.to_string();
    vec![
        Access { key: s("users"), count: 2 },
        UnknownKey { key: s("surprise") },
        ExchangeType { exchange: s("d"), kind: s("x-delayed-message") },
        ExchangeAutoDelete { exchange: s("x") },
        ExchangeInternal { exchange: s("x") },
        ExchangeArgument { exchange: s("x"), argument: s("a") },
        QueueAutoDelete { queue: s("q") },
        QueueExclusive { queue: s("q") },
        QueueArgument { queue: s("q"), argument: s("x-single-active-consumer") },
        OperatorPolicyKey { policy: s("p"), key: s("k"), accepted: s("expires") },
        PolicyKey { policy: s("ha"), operator: false, key: s("ha-mode") },
        PolicyKey { policy: s("cap"), operator: true, key: s("max-length") },
        Parameter { name: s("s"), component: s("shovel") },
        OtherVhost { vhost: s("other"), count: 1, simulated: s("/") },
        BindingLeftOut { source: s("d"), destination: s("q"), routing_key: s("k") },
        Refused(Refusal { subject: Subject::Queue(s("q")), error: s("406 PRECONDITION_FAILED") }),
        Refused(Refusal {
            subject: Subject::Exchange(s("x")),
            error: s("406 PRECONDITION_FAILED"),
        }),
        Refused(Refusal {
            subject: Subject::Binding { source: s("x"), destination: s("q"), routing_key: s("k") },
            error: s("404 NOT_FOUND"),
        }),
        Refused(Refusal {
            subject: Subject::Policy { name: s("p"), operator: false },
            error: s("406 PRECONDITION_FAILED"),
        }),
    ]
}

pub fn lints() -> Vec<LintReason> {
    use LintReason::*;
    let s = |x: &str| x.to_string();
    vec![
        Refused(Refusal {
            subject: Subject::Policy { name: s("p"), operator: true },
            error: s("406"),
        }),
        DlrkWithoutDlx { key: s("k"), source: s("argument") },
        DlxMissing { exchange: s("dlx"), source: s("policy:p") },
        DlxNoBinding { exchange: s("dlx") },
        DlxUnroutable { exchange: s("dlx"), keys: s("k"), keys_kept: true },
        DlxUnroutable { exchange: s("dlx"), keys: s("k"), keys_kept: false },
        AtLeastOnceWithoutRejectPublish { overflow: "drop-head" },
        QuorumNoDeliveryLimit,
        StrategyNotQuorum,
        QuorumOnlyArgument { argument: "x-delivery-limit".into(), queue_type: "classic" },
        TtlBehindHead,
        PolicyNotApplicable {
            operator: false,
            policy: s("p"),
            keys: s("max-length"),
            queue_type: "stream",
        },
        PolicyTie { operator: true, policies: s("a, b"), priority: 1 },
        PolicyTie { operator: false, policies: s("a, b"), priority: 0 },
        PolicyNotApplicable {
            operator: true,
            policy: s("cap"),
            keys: s("max-length"),
            queue_type: "stream",
        },
        DeadLetterCycle { path: s("a -> b -> a") },
    ]
}
