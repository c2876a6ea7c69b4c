//! Sample events: one of every broker event kind (with every death reason, drop rule and
//! kind of cause), one of every event kind of the other systems, and every takeaway.

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::engine::{Reason, SimTime};
use crate::systems::trace::{Header, Loss, Refusal, RowStatus, SysEvent, SysEventKind, Wait};
use crate::systems::workload::OperatorKind;
use crate::systems::{Effect, Strategy, Takeaway};

fn ev(kind: EventKind, cause: Cause) -> Event {
    Event { seq: 0, at_us: SimTime(0), msg: Some(3), lineage: Some(3), kind, cause }
}

/// One broker event of every kind, reason, drop rule and cause.
pub fn events() -> Vec<Event> {
    use EventKind::*;
    let q = || "orders".into();
    let client = || Cause::Client { command: 2 };
    let rule = |rule: &'static str| Cause::Rule { rule };
    let setting = |key: &'static str, source: &str| Cause::Setting { key, source: source.into() };
    let ttl = |source: &str| setting("x-message-ttl", source);
    let mut v = vec![
        ev(Published { exchange: "shop".into(), routing_key: "order.created".into() }, client()),
        ev(Published { exchange: "".into(), routing_key: "orders".into() }, client()),
        ev(Enqueued { queue: q(), from: None }, rule("routing")),
        ev(Enqueued { queue: "orders.dlq".into(), from: Some(2) }, ttl("argument")),
        ev(Delivered { queue: q(), channel: 1, tag: 1, redelivered: false }, rule("consume")),
        ev(Delivered { queue: q(), channel: 1, tag: 2, redelivered: true }, rule("consume")),
        ev(Acked { queue: q() }, client()),
        ev(Requeued { queue: q() }, client()),
        ev(
            RetryDelayed { queue: q(), until_us: SimTime::from_ms(5000) },
            setting("x-delivery-limit", "default"),
        ),
        ev(Died { queue: q(), reason: Reason::Rejected }, client()),
        ev(Died { queue: q(), reason: Reason::Expired }, Cause::MessageExpiration),
        ev(Died { queue: q(), reason: Reason::Expired }, ttl("policy:ttl")),
        ev(
            Died { queue: q(), reason: Reason::Maxlen },
            setting("x-max-length", "operator-policy:cap"),
        ),
        ev(
            Died { queue: q(), reason: Reason::DeliveryLimit },
            setting("x-delivery-limit", "argument or policy"),
        ),
        ev(
            DeadLettered {
                queue: q(),
                from: 2,
                exchange: "dlx".into(),
                routing_keys: ["orders"].iter().collect(),
                targets: ["orders.dlq", "audit"].iter().collect(),
            },
            setting("x-dead-letter-exchange", "upstream"),
        ),
        ev(
            DeadLettered {
                queue: q(),
                from: 2,
                exchange: "".into(),
                routing_keys: ["nowhere"].iter().collect(),
                targets: Default::default(),
            },
            setting("x-dead-letter-exchange", "argument"),
        ),
        ev(HeldForDeadLetter { queue: q(), from: 2 }, rule("at_least_once")),
        ev(Confirmed { ack: true }, rule("publisher")),
        ev(Confirmed { ack: false }, rule("publisher")),
        ev(Returned { exchange: "shop".into(), routing_key: "nowhere".into() }, rule("mandatory")),
        ev(QueueExpired { queue: q(), messages: 2 }, setting("x-expires", "argument")),
        ev(QueuePurged { queue: q(), messages: 2 }, client()),
        ev(QueueDeleted { queue: q(), messages: 2 }, client()),
        ev(Log { line: "[warning] Dead-letter queues cycle detected".into() }, rule("log")),
    ];
    let drops = [
        DropRule::Unroutable { exchange: "shop".into() },
        DropRule::NoDeadLetterExchange,
        DropRule::DeadLetterExchangeMissing { exchange: "dlx".into() },
        DropRule::NoDeadLetterRoute {
            exchange: "dlx".into(),
            routing_keys: ["failed", "orders"].iter().collect(),
            fanout: false,
        },
        DropRule::NoDeadLetterRoute {
            exchange: "parking".into(),
            routing_keys: ["orders"].iter().collect(),
            fanout: true,
        },
        DropRule::Cycle { queue: q(), path: ["orders", "retry", "orders"].iter().collect() },
        DropRule::TargetRefused { queue: "parking-lot".into() },
        DropRule::QueueGone { queue: q() },
        DropRule::StrategySwitched { queue: q() },
    ];
    v.extend(drops.into_iter().map(|d| ev(Dropped(d), rule("dead_letter"))));
    // Every broker rule a cause can name, in words.
    for name in [
        "at_least_once_needs_reject_publish",
        "at_least_once_unroutable",
        "channel_closed",
        "consumer_behaviour",
        "dead_letter_cycle",
        "dead_letter_strategy_switched",
        "invalid_x_death",
        "max_length",
        "policy_changed",
        "publisher",
        "push_consumer",
        "scenario_consumer",
        "scenario_step",
    ] {
        v.push(ev(Requeued { queue: q() }, rule(name)));
    }
    // A copy dead-lettered because its own expiration ran out, and a rule without words of its
    // own yet (named as it is): causes a sentence names.
    v.push(ev(Enqueued { queue: "orders.dlq".into(), from: Some(2) }, Cause::MessageExpiration));
    v.push(ev(Requeued { queue: q() }, rule("mandatory")));
    v
}

fn sys(place: &str, kind: SysEventKind) -> SysEvent {
    SysEvent { seq: 0, at_us: 12_500_000, msg: 3, place: place.into(), kind, cause: None }
}

/// One event of every kind the other systems record.
pub fn sys_events() -> Vec<SysEvent> {
    use SysEventKind::*;
    let reason = || "TimeoutException".to_string();
    let mut v = vec![
        sys("orders", Published),
        sys("orders", Received { attempt: 2 }),
        sys("orders", Succeeded { attempt: 2, effect: Effect::Applied }),
        sys("orders", Succeeded { attempt: 3, effect: Effect::Duplicate }),
        sys("orders", Succeeded { attempt: 3, effect: Effect::AlreadyDone }),
    ];
    for (permanent, effect_applied) in [(false, false), (true, false), (false, true), (true, true)]
    {
        v.push(sys("orders", Failed { attempt: 2, reason: reason(), permanent, effect_applied }));
    }
    for why in [Wait::Visibility, Wait::Backoff, Wait::NextRetryAt, Wait::Delay] {
        v.push(sys("orders", Waiting { until_us: 17_500_000, why }));
    }
    v.push(sys("orders-retry-5000", Moved { from: "orders".into() }));
    v.push(sys("orders-dlq", DeadLettered { from: "orders".into(), reason: reason() }));
    for why in
        [Loss::RetentionExpired, Loss::LoggedOnly, Loss::Removed, Loss::Trimmed, Loss::Deduplicated]
    {
        v.push(sys("orders", Lost { why }));
    }
    v.push(sys("orders-dlq", Refused { why: Refusal::MoveTaskRunning }));
    v.push(sys("main", Refused { why: Refusal::LockExpired }));
    v.push(sys("main", Stalled { count: 2 }));
    v.push(sys("dead_letter_queue", Interrupted));
    v.push(sys(
        "orders-dlt",
        Headers {
            headers: vec![
                Header { name: "kafka_original-topic".into(), value: "orders".into() },
                Header { name: "retry_topic-attempts".into(), value: "3".into() },
            ],
        },
    ));
    for status in [
        RowStatus::Pending,
        RowStatus::Processing,
        RowStatus::Completed,
        RowStatus::Failed,
        RowStatus::Skipped,
    ] {
        v.push(sys("failed_messages", Status { status }));
    }
    for action in [OperatorKind::Replay, OperatorKind::Skip, OperatorKind::Edit] {
        v.push(sys("orders-dlq", Operator { action, note: String::new() }));
        v.push(sys("orders-dlq", Operator { action, note: "fixed in release 1.4.2".into() }));
    }
    v
}

/// Every takeaway of the comparison, each for some strategies, for only one and for all.
pub fn takeaways() -> Vec<Takeaway> {
    let mut out = Vec::new();
    for strategies in
        [vec![Strategy::Sqs, Strategy::Kafka], vec![Strategy::Kafka], Strategy::ALL.to_vec()]
    {
        let s = || strategies.clone();
        out.extend([
            Takeaway::Lost { strategies: s(), most: 2 },
            Takeaway::Duplicates { strategies: s(), most: 3 },
            Takeaway::Reordered { strategies: s(), most: 1 },
            Takeaway::Parked { strategies: s(), most: 4 },
            Takeaway::AllCompleted { strategies: s() },
        ]);
    }
    out.push(Takeaway::SeedAlertCheck { missed: 2, early: 1 });
    out
}

/// The operator's report on every action kind, reaching messages or none, and every standing
/// of a message it named but could not reach.
pub fn operator_reports() -> Vec<crate::systems::ActionReport> {
    use crate::systems::{ActionReport, Fate};
    let mut v = Vec::new();
    for kind in [OperatorKind::Replay, OperatorKind::Skip, OperatorKind::Edit] {
        for acted_on in [vec![0, 2], vec![]] {
            v.push(ActionReport { index: 0, at_us: 250_000_000, kind, acted_on, missed: None });
        }
    }
    for fate in [Fate::InFlight, Fate::Completed, Fate::Lost, Fate::Skipped, Fate::DeadLettered] {
        let missed = Some((2, fate));
        let kind = OperatorKind::Replay;
        v.push(ActionReport { index: 1, at_us: 12_000_000, kind, acted_on: vec![], missed });
    }
    v
}
