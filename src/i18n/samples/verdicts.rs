//! Sample verdicts: one of every workshop verdict kind, with every drop rule, every way of
//! naming a message and every part of a message's fate.

use crate::engine::event::DropRule;
use crate::engine::time::SimTime;
use crate::engine::Reason;
use crate::scenario::model::error::{Problem, SyntaxKind};
use crate::scenario::workshop::finding::{
    Discarded, FatePart, FateStory, Finding, MessageName, Moment,
};
use crate::scenario::workshop::goal::Count;
use crate::scenario::workshop::log_query::{DropName, EventFilter, EventName, ReasonName};
use crate::scenario::ScenarioError;

/// One of every verdict kind, with every drop rule and every part of a fate.
pub fn findings() -> Vec<Finding> {
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
            fanout: false,
        },
        DropRule::NoDeadLetterRoute {
            exchange: "payments.dlx".into(),
            routing_keys: vec![s("payments")].into(),
            fanout: true,
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
        Lint(Box::new(crate::scenario::definitions::lint::Lint {
            level: crate::scenario::definitions::lint::Level::Warning,
            code: "quorum-only-argument",
            subject: s("orders.work"),
            reason: crate::scenario::definitions::lint_reason::LintReason::QuorumOnlyArgument {
                argument: s("x-delivery-limit"),
                queue_type: "classic",
            },
        })),
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
