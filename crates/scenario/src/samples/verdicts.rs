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
use crate::scenario::workshop::trace_finding::TraceFinding;
use crate::scenario::ScenarioError;
use crate::systems::{Fate, Loss, WorkloadError};

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
    all.extend(trace_findings().into_iter().map(|t| Trace(Box::new(t))));
    all
}

/// One of every strategy verdict, with every fate and every way a message is lost.
fn trace_findings() -> Vec<TraceFinding> {
    use TraceFinding::*;
    let s = |x: &str| x.to_string();
    let at = SimTime::from_ms(16_000);
    let count = Count { equals: None, at_least: None, at_most: Some(3) };
    let fates = [Fate::Completed, Fate::DeadLettered, Fate::Skipped, Fate::Lost, Fate::InFlight];
    let mut all: Vec<TraceFinding> = fates
        .iter()
        .map(|f| Ended { id: s("pay-1"), fate: *f, at: Some(at), attempts: 2 })
        .collect();
    all.extend(fates.iter().map(|f| FateCount { fate: *f, count: 1, wanted: None }));
    all.extend([
        Ended { id: s("pay-1"), fate: Fate::InFlight, at: None, attempts: 0 },
        WrongEnd {
            id: s("slow-order"),
            wanted: Fate::Completed,
            got: Fate::DeadLettered,
            by: None,
            at: Some(at),
            attempts: 1,
            reached: None,
        },
        WrongEnd {
            id: s("slow-order"),
            wanted: Fate::Completed,
            got: Fate::InFlight,
            by: None,
            at: None,
            attempts: 0,
            reached: None,
        },
        WrongEnd {
            id: s("bad-order"),
            wanted: Fate::DeadLettered,
            got: Fate::InFlight,
            by: Some(SimTime::from_ms(60_000)),
            at: Some(at),
            attempts: 2,
            reached: None,
        },
        WrongEnd {
            id: s("bad-order"),
            wanted: Fate::DeadLettered,
            got: Fate::InFlight,
            by: Some(SimTime::from_ms(60_000)),
            at: Some(at),
            attempts: 2,
            reached: Some(SimTime::from_ms(90_000)),
        },
        Attempts { id: s("bad-vin"), count: 5, wanted: count.clone(), last: Some(at) },
        Attempts { id: s("bad-vin"), count: 0, wanted: count.clone(), last: None },
        AttemptsOk { id: s("bad-vin"), count: 1 },
        NoMessage { id: s("pay-9") },
        NoneFailsWith { reason: s("OutOfMemory") },
        NoDuplicates,
        Duplicate { id: s("pay-2"), attempt: 2, at, count: 4 },
        Duplicates { count: 0, wanted: None, first: None },
        Duplicates {
            count: 4,
            wanted: Some(Count { equals: None, at_least: None, at_most: Some(1) }),
            first: Some((s("pay-2"), 2, at)),
        },
        NothingLost,
        OrderKept,
        OutOfOrder {
            key: s("account-7"),
            overtaken: s("e2"),
            later: s("e3"),
            at,
            done: SimTime::from_ms(15_800),
        },
        FateCount { fate: Fate::Completed, count: 2, wanted: Some(count) },
        NotRunnable { error: WorkloadError::NoMessages },
    ]);
    for why in
        [Loss::RetentionExpired, Loss::LoggedOnly, Loss::Removed, Loss::Trimmed, Loss::Deduplicated]
    {
        all.push(Lost { id: s("mail-1"), at, why, count: 2 });
    }
    all
}
