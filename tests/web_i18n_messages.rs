//! Browser tests of the checks' messages in every language: scenario errors, definitions
//! warnings, lints and workshop verdicts, each worded by the catalogue of every language in
//! that language's script, and in English as the `Display` the CLI prints.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_i18n_messages` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

use dlx_lab::engine::event::DropRule;
use dlx_lab::engine::headers::HeaderProblem;
use dlx_lab::engine::time::SimTime;
use dlx_lab::engine::Reason;
use dlx_lab::scenario::error::{Builtin, Decode, DecodeKind, Problem, SyntaxKind};
use dlx_lab::scenario::finding::{Discarded, FatePart, FateStory, Finding, MessageName, Moment};
use dlx_lab::scenario::goal::Count;
use dlx_lab::scenario::lint::LintReason;
use dlx_lab::scenario::log_query::{DropName, EventFilter, EventName, ReasonName};
use dlx_lab::scenario::warnings::{Refusal, Subject, Warning};
use dlx_lab::scenario::Lang;
use dlx_lab::scenario::ScenarioError;
use dlx_lab::ui::i18n::catalogue;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/script.rs"]
mod script;
use script::check_script;

fn decode(kind: DecodeKind) -> Decode {
    Decode { kind, text: "serde's text".into() }
}

/// One of every problem kind (the catalogues' matches are exhaustive; this checks the script).
fn problems() -> Vec<Problem> {
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
        Unreadable(decode(DecodeKind::Other)),
        UnknownKey { known: s("a, b") },
        Version { version: 2, supported: 1 },
        UnknownProfile { name: s("rabbitmq-2") },
        Duration { max: 86_400_000 },
        Behaviour(decode(DecodeKind::Other)),
        PrefetchTooBig,
        Refused { error: s("406 PRECONDITION_FAILED") },
        NoSuch { what: Builtin::Preset, id: s("x") },
        NoSuch { what: Builtin::Tour, id: s("x") },
        NoSuch { what: Builtin::Exercise, id: s("x") },
        MissingSteps,
        UnknownOp { op: s("fly") },
        NoRoutingKeys,
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
        MissingPolicyKeys,
        NotPair,
        NotPolicyKeys,
        TypeMismatch { declared: s("quorum"), argument: s("classic") },
        DestinationType { value: s("topic") },
    ]
}

fn warnings() -> Vec<Warning> {
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
        Parameter { name: s("s"), component: s("shovel") },
        OtherVhost { vhost: s("other"), count: 1, simulated: s("/") },
        BindingLeftOut { source: s("d"), destination: s("q"), routing_key: s("k") },
        Refused(Refusal { subject: Subject::Queue(s("q")), error: s("406 PRECONDITION_FAILED") }),
    ]
}

fn lints() -> Vec<LintReason> {
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
        AtLeastOnceWithoutRejectPublish { overflow: "drop-head" },
        QuorumNoDeliveryLimit,
        StrategyNotQuorum,
        TtlBehindHead,
        PolicyNotApplicable {
            operator: false,
            policy: s("p"),
            keys: s("max-length"),
            queue_type: "stream",
        },
        PolicyTie { operator: true, policies: s("a, b"), priority: 1 },
        DeadLetterCycle { path: s("a -> b -> a") },
    ]
}

/// One of every verdict kind, with every drop rule and every part of a fate.
fn findings() -> Vec<Finding> {
    use Finding::*;
    let s = |x: &str| x.to_string();
    let at = SimTime::from_ms(1100);
    let died = Some((s("orders"), Reason::Rejected));
    let rules = [
        DropRule::Unroutable { exchange: "orders".into() },
        DropRule::NoDeadLetterExchange,
        DropRule::DeadLetterExchangeMissing { exchange: "dlx".into() },
        DropRule::NoDeadLetterRoute {
            exchange: "dlx".into(),
            routing_keys: vec![s("failed")].into(),
        },
        DropRule::Cycle { queue: "orders".into(), path: vec![s("orders"), s("orders")].into() },
        DropRule::TargetRefused { queue: "tickets".into() },
        DropRule::QueueGone { queue: "q".into() },
        DropRule::StrategySwitched { queue: "q".into() },
    ];
    let how = |rule: &DropRule| Box::new(Discarded { rule: rule.clone(), died: died.clone() });
    let fate = FateStory(vec![
        FatePart::In(vec![s("audit"), s("billing")]),
        FatePart::Acked { queue: s("jobs"), at },
        FatePart::Dropped { how: *how(&DropRule::NoDeadLetterExchange), at },
    ]);
    let count = Count { equals: Some(2), at_least: Some(1), at_most: Some(5) };
    let filter = EventFilter {
        kind: EventName::Died,
        queue: Some(s("q")),
        reason: Some(ReasonName::Expired),
        rule: Some(DropName::Cycle),
        ack: Some(false),
    };
    let error = ScenarioError::field("$.queues[0]", Problem::NotObject);
    let mut all = vec![
        GoalMet { parts: 3 },
        AnyHolds,
        NoneHolds(vec![NothingLost, SomeLost]),
        Combined,
        NothingLost,
        SomeLost,
        NothingDropped { rule: DropName::Cycle },
        DroppedBy { rule: DropName::Cycle },
        SeekFailed { at, error: error.clone() },
        NoQueue { queue: s("nowhere"), when: Moment::End },
        NoQueue { queue: s("nowhere"), when: Moment::At(at) },
        Depth { queue: s("parking-lot"), ready: 1, when: Moment::End, wanted: Some(count.clone()) },
        Depth { queue: s("parking-lot"), ready: 0, when: Moment::At(at), wanted: None },
        Events { count: 0, filter: filter.clone(), wanted: Some(count) },
        Events {
            count: 2,
            filter: EventFilter {
                kind: EventName::Confirmed,
                queue: None,
                reason: None,
                rule: None,
                ack: Some(true),
            },
            wanted: None,
        },
        NeverQueued { body: s("ghost") },
        NotEndedIn { body: s("order 7"), queue: s("dlq.order"), fate: fate.clone() },
        NotEndedIn { body: s("ghost"), queue: s("dlq"), fate: FateStory(vec![]) },
        NeverAcked { body: s("monthly report"), fate: fate.clone() },
        AckedAnyway { body: s("monthly report"), fate: fate.clone() },
        NeverDied {
            body: s("poison"),
            reason: Reason::Expired,
            died_as: vec![Reason::DeliveryLimit],
        },
        NeverDied { body: s("poison"), reason: Reason::Maxlen, died_as: vec![] },
        NeverDelivered { body: s("poison"), fate: fate.clone() },
        Deliveries { body: s("poison"), reached: None, count: 4, queue: s("tasks.q"), wanted: 3 },
        Deliveries {
            body: s("poison"),
            reached: Some(s("parking-lot")),
            count: 1,
            queue: s("work.q"),
            wanted: 3,
        },
        Retries {
            body: s("poison"),
            reached: Some(s("parking-lot")),
            count: 5,
            queue: s("work.q"),
            wanted: 3,
        },
        Retries { body: s("poison"), reached: None, count: 1, queue: s("work.q"), wanted: 3 },
        Spacing {
            body: s("poison"),
            waits: vec![1000, 2000, 4000],
            wanted: vec![1000, 2000, 3000],
            tolerance_ms: 50,
        },
        Spacing { body: s("poison"), waits: vec![], wanted: vec![1000], tolerance_ms: 50 },
        MessageFate { body: s("poison"), fate },
        Unreadable(error.clone()),
        Unreadable(ScenarioError::Syntax {
            line: 1,
            column: 13,
            kind: SyntaxKind::Eof,
            problem: s("EOF while parsing"),
        }),
        DoesNotRun(error),
        Stalled,
        BrokerLog(s("[error] Dead-letter queues cycle detected")),
    ];
    let names = [
        MessageName::Body(s("stale order")),
        MessageName::Published { exchange: s(""), routing_key: s("tickets") },
        MessageName::Published { exchange: s("app"), routing_key: s("k") },
        MessageName::Unknown,
    ];
    for (i, rule) in rules.iter().enumerate() {
        let who = names[i % names.len()].clone();
        all.push(Lost { count: 1 + i % 2, who: who.clone(), at, how: how(rule) });
        all.push(Lost {
            count: 1,
            who: who.clone(),
            at,
            how: Box::new(Discarded { rule: rule.clone(), died: None }),
        });
        all.push(DroppedAt { rule: DropName::of(rule), who, at, how: how(rule) });
    }
    all
}

#[wasm_bindgen_test]
fn every_message_kind_reads_in_every_language() {
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for p in problems() {
            check_script(lang, &format!("{p:?}"), &c.problem(&p));
        }
        for w in warnings() {
            check_script(lang, &format!("{w:?}"), &c.warning(&w));
        }
        for r in lints() {
            check_script(lang, &format!("{r:?}"), &c.lint(&r));
        }
        for f in findings() {
            check_script(lang, &format!("{f:?}"), &c.finding(&f));
        }
        for kind in [
            SyntaxKind::Eof,
            SyntaxKind::ExpectedValue,
            SyntaxKind::TrailingComma,
            SyntaxKind::Other,
        ] {
            check_script(
                lang,
                &format!("{kind:?}"),
                &c.syntax(3, 4, kind, "expected value at line 3 column 4"),
            );
        }
    }
    // English is the checks' own text; the broker's words stay as the broker spells them.
    for p in problems() {
        assert_eq!(catalogue(Lang::En).problem(&p), p.to_string());
    }
    for f in findings() {
        assert_eq!(catalogue(Lang::En).finding(&f), f.to_string());
    }
    for lang in Lang::TRANSLATED {
        let c = catalogue(lang);
        assert!(c.lint(&LintReason::TtlBehindHead).contains("x-message-ttl"), "{lang}");
        assert!(c.lint(&LintReason::QuorumNoDeliveryLimit).contains("x-delivery-limit"), "{lang}");
        assert!(
            c.lint(&LintReason::StrategyNotQuorum).contains("x-dead-letter-strategy"),
            "{lang}"
        );
        assert!(
            c.problem(&Problem::TypeMismatch { declared: "a".into(), argument: "b".into() })
                .contains("x-queue-type"),
            "{lang}"
        );
        let refused = c.problem(&Problem::Refused {
            error: "406 PRECONDITION_FAILED - invalid arg 'x-message-ttl'".into(),
        });
        assert!(
            refused.contains("406 PRECONDITION_FAILED"),
            "{lang}: the broker's own text is kept: {refused}"
        );
        // Verdicts keep queue names, x-death reasons, rule and event names as the broker spells them.
        for f in findings() {
            let text = c.finding(&f);
            let english = f.to_string();
            for word in [
                "parking-lot",
                "work.q",
                "delivery_limit",
                "'died'",
                "x-dead-letter-exchange",
                "reject-publish",
                "'poison'",
                "orders → orders",
            ] {
                assert!(
                    !english.contains(word) || text.contains(word),
                    "{lang}: {word} is kept: {text}"
                );
            }
        }
    }
}
