//! Browser tests of the checks' messages in every language and of what a language switch
//! keeps: scenario errors (with path and line), definitions warnings, lints and workshop
//! verdicts in Korean and Chinese, an unapplied draft, an open tour and a verdict surviving a
//! switch, and the switch on the embed and the workshop pages.
//!
//! Run with `cargo test --target wasm32-unknown-unknown --test web_i18n_detail` (scripts/test.sh does).

#![cfg(target_arch = "wasm32")]

use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

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
use dlx_lab::ui::{locale, share, App, Root};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/script.rs"]
mod script;
use script::{check_script, han, hangul};

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

#[path = "support/dom.rs"]
mod dom;
use dom::{click, container, fire, one, reset, text, type_into};

fn textarea(root: &Element, selector: &str) -> String {
    one(root, selector).unchecked_into::<web_sys::HtmlTextAreaElement>().value()
}

async fn switch(root: &Element, lang: &str) {
    click(&one(root, &format!(".lang-switch button[data-lang='{lang}']")));
    tick().await;
    tick().await;
}

const BAD_SCENARIO: &str = "{\n  \"version\": 1,\n  \"duration_ms\": 0\n}";

#[wasm_bindgen_test]
async fn a_validation_error_and_its_draft_survive_a_switch_and_read_in_the_new_language() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    type_into(&root, "textarea.scenario-json", BAD_SCENARIO);
    click(&one(&root, "button.apply"));
    tick().await;
    assert_eq!(
        text(&root, ".editor .status.error"),
        "line 3: $.duration_ms: must be from 1 to 86400000 (one day)"
    );

    switch(&root, "ko").await;
    assert_eq!(
        textarea(&root, "textarea.scenario-json"),
        BAD_SCENARIO,
        "the unapplied draft survives the switch"
    );
    let ko = text(&root, ".editor .status.error");
    assert!(ko.starts_with("3행: $.duration_ms: ") && hangul(&ko), "{ko}");

    switch(&root, "zh-CN").await;
    assert_eq!(textarea(&root, "textarea.scenario-json"), BAD_SCENARIO);
    let zh = text(&root, ".editor .status.error");
    assert!(zh.starts_with("第 3 行：$.duration_ms：") && han(&zh) && !hangul(&zh), "{zh}");

    // A JSON syntax error, in Chinese, with its line and column.
    type_into(&root, "textarea.scenario-json", "{\n  \"version\": 1,\n}");
    click(&one(&root, "button.apply"));
    tick().await;
    let zh = text(&root, ".editor .status.error");
    assert!(zh.contains("第 3 行") && zh.contains("逗号"), "{zh}");

    // Applying a good scenario clears the draft; the next switch shows the loaded text.
    switch(&root, "en").await;
    drop(app);
    root.remove();
    reset("#");
}

const DEFINITIONS: &str = r#"{
  "rabbit_version": "4.0.5",
  "users": [{"name": "guest"}],
  "exchanges": [{"name": "delayed", "vhost": "/", "type": "x-delayed-message", "arguments": {}}],
  "queues": [{"name": "work", "vhost": "/", "arguments": {"x-dead-letter-exchange": "nowhere"}}]
}"#;

#[wasm_bindgen_test]
async fn definitions_warnings_and_lints_read_in_korean_and_chinese() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    for (lang, script) in [("ko", hangul as fn(&str) -> bool), ("zh-CN", han)] {
        switch(&root, lang).await;
        type_into(&root, "textarea.definitions-json", DEFINITIONS);
        click(&one(&root, "button.import"));
        tick().await;
        let warnings = text(&root, ".import-warnings");
        assert!(
            script(&warnings)
                && warnings.contains("x-delayed-message")
                && warnings.contains("'users'"),
            "{lang}: {warnings}"
        );
        let lint = text(&root, ".import-lints li[data-code='dlx-missing']");
        assert!(script(&lint) && lint.contains("'nowhere'"), "{lang}: {lint}");
        assert!(!lint.contains("does not exist"), "{lang}: {lint}");
    }
    switch(&root, "en").await;
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn an_open_tour_stays_at_its_step_and_reads_in_the_new_language() {
    reset("#");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), App);
    tick().await;
    let menu = one(&root, "select.tour-menu");
    menu.clone().unchecked_into::<web_sys::HtmlSelectElement>().set_value("tour-four-reasons");
    fire(&menu, "change");
    tick().await;
    click(&one(&root, "button.tour-next"));
    tick().await;
    let english = text(&root, ".tour-text");
    let clock = text(&root, ".clock");
    assert_eq!(one(&root, ".tour-count").get_attribute("data-step").as_deref(), Some("1"));

    switch(&root, "ko").await;
    assert_eq!(
        one(&root, ".tour-count").get_attribute("data-step").as_deref(),
        Some("1"),
        "the tour stays at its step"
    );
    let korean = text(&root, ".tour-text");
    assert!(hangul(&korean) && korean != english, "{korean}");
    assert_eq!(text(&root, ".clock"), clock);
    assert!(
        hangul(&textarea(&root, "textarea.scenario-json")),
        "the tour's scenario is shown in Korean"
    );

    switch(&root, "zh-CN").await;
    let chinese = text(&root, ".tour-text");
    assert!(han(&chinese) && !hangul(&chinese), "{chinese}");
    click(&one(&root, "button.tour-next"));
    tick().await;
    assert_eq!(one(&root, ".tour-count").get_attribute("data-step").as_deref(), Some("2"));

    switch(&root, "en").await;
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn the_embed_has_a_compact_switch_and_keeps_its_moment() {
    reset("?embed=1#s=four-reasons&t=300");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    assert_eq!(text(&root, "button.play"), "Play");
    let buttons =
        root.query_selector_all(".embed-bar .lang-switch.compact button").unwrap().length();
    assert_eq!(buttons, 3);
    let clock = text(&root, ".clock");
    switch(&root, "ko").await;
    assert_eq!(text(&root, "button.play"), "재생");
    assert!(hangul(&text(&root, ".embed-title")), "{}", text(&root, ".embed-title"));
    assert_eq!(text(&root, ".clock"), clock);
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    assert_eq!(
        storage.get_item(share::STORAGE_KEY).unwrap(),
        None,
        "an embed never writes the playground's work"
    );
    assert_eq!(storage.get_item(locale::STORAGE_KEY).unwrap().as_deref(), Some("ko"));
    switch(&root, "zh-CN").await;
    assert_eq!(text(&root, "button.play"), "播放");
    drop(app);
    root.remove();
    reset("#");
}

#[wasm_bindgen_test]
async fn the_workshop_pages_switch_and_keep_the_learners_edits() {
    reset("?workshop=1");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    let title = text(&root, "h1");
    switch(&root, "ko").await;
    assert!(hangul(&text(&root, "h1")) && text(&root, "h1") != title, "{}", text(&root, "h1"));
    assert!(hangul(&text(&root, ".exercise-list")));
    drop(app);
    root.remove();

    reset("?exercise=catch-rejected-messages");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    let edited = format!("{} ", textarea(&root, "textarea.scenario-json"));
    type_into(&root, "textarea.scenario-json", &edited);
    click(&one(&root, "button.show-hint"));
    tick().await;
    switch(&root, "zh-CN").await;
    assert!(han(&text(&root, "h1")) && !hangul(&text(&root, "h1")), "{}", text(&root, "h1"));
    assert_eq!(
        textarea(&root, "textarea.scenario-json"),
        edited,
        "the learner's edit survives the switch"
    );
    let hints = text(&root, "ol.hints");
    assert!(han(&hints), "the hint shown stays shown, in Chinese: {hints}");
    drop(app);
    root.remove();
    reset("#");
}

/// The backoff-ladder exercise's starting scenario fails on its retries.
const BACKOFF_FAILS: &str =
    "the message 'poison' reached parking-lot after 5 retries from work.q, not 3";

#[wasm_bindgen_test]
async fn a_verdict_reads_in_korean_and_chinese_and_rewords_on_a_switch() {
    reset("?exercise=backoff-ladder");
    let root = container();
    let app = leptos::mount::mount_to(root.clone(), Root);
    tick().await;
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("false"));
    assert!(
        text(&root, ".verdict-message").starts_with(BACKOFF_FAILS),
        "{}",
        text(&root, ".verdict-message")
    );

    // The failing verdict is kept and re-worded, with the queue names and the body as they are.
    switch(&root, "ko").await;
    assert_eq!(
        one(&root, ".verdict").get_attribute("data-passed").as_deref(),
        Some("false"),
        "the verdict survives the switch"
    );
    let ko = text(&root, ".verdict-message");
    assert!(
        hangul(&ko)
            && ko.contains("'poison'")
            && ko.contains("parking-lot")
            && ko.contains("work.q")
            && ko.contains('5'),
        "{ko}"
    );
    assert!(!ko.contains("retries from"), "{ko}");
    let part = text(&root, ".verdict li.part-failed");
    assert!(hangul(&part), "{part}");
    switch(&root, "zh-CN").await;
    let zh = text(&root, ".verdict-message");
    assert!(
        han(&zh) && !hangul(&zh) && zh.contains("parking-lot") && zh.contains("work.q"),
        "{zh}"
    );
    switch(&root, "en").await;
    assert!(
        text(&root, ".verdict-message").starts_with(BACKOFF_FAILS),
        "back in English: {}",
        text(&root, ".verdict-message")
    );

    // A passing verdict, checked in Chinese, then read in Korean.
    switch(&root, "zh-CN").await;
    click(&one(&root, "button.reveal-solution"));
    tick().await;
    click(&one(&root, "button.check"));
    tick().await;
    assert_eq!(one(&root, ".verdict").get_attribute("data-passed").as_deref(), Some("true"));
    let zh = text(&root, ".verdict-message");
    assert!(zh.starts_with("目标达成") && !hangul(&zh), "{zh}");
    let parts = text(&root, ".verdict-parts");
    assert!(han(&parts) && parts.contains("parking-lot"), "{parts}");
    switch(&root, "ko").await;
    let ko = text(&root, ".verdict-message");
    assert!(ko.starts_with("목표 달성") && hangul(&ko), "{ko}");
    switch(&root, "en").await;
    assert!(
        text(&root, ".verdict-message").starts_with("Goal met"),
        "{}",
        text(&root, ".verdict-message")
    );
    drop(app);
    root.remove();
    reset("#");
}
