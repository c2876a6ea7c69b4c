//! The workshop's verdicts ([`Finding`]) as message values, from the catalogues'
//! `verdict-*`, `drop-*`, `fate-*`, `name-*`, `filter-*` and `count-*` messages, worded where
//! they are shown. The English `Display` of a verdict (the CLI, JSON reports) is this worded
//! in English.
//!
//! Each verdict is one message. The pieces it names (a message, where a drop happened, what
//! became of a message) are messages of their own passed as arguments, worded in the same
//! language; only lists (the parts of a fate, a filter's conditions, a count's bounds) are
//! arguments joined by each language's own separator ([`list`]).

use crate::engine::event::DropRule;
use crate::engine::time::SimTime;
use crate::i18n::message_value::{list, IntoMessageArg, MessageArg};
use crate::i18n::Message;
use crate::message;
use crate::scenario::workshop::finding::{
    Discarded, FatePart, FateStory, Finding, MessageName, Moment,
};
use crate::scenario::workshop::goal::Count;
use crate::scenario::workshop::log_query::{seconds, EventFilter};

/// A moment as a number of seconds, without the unit ("1.1", "12"): each language writes the
/// unit itself (the `time-secs` message and the sentences that hold a time).
pub fn secs(t: SimTime) -> String {
    seconds(t).trim_end_matches(" s").to_string()
}

/// Waits (ms) as a list of times.
pub fn waits(ms: &[u64]) -> MessageArg {
    list(
        message!("list-sep"),
        ms.iter().map(|w| message!("time-secs", secs = secs(SimTime::from_ms(*w)))),
    )
}

/// A message as a learner knows it.
pub fn name(m: &MessageName) -> Message {
    match m {
        MessageName::Body(b) => message!("name-body", body = b),
        MessageName::Published { exchange, routing_key } if exchange.is_empty() => {
            message!("name-published-default", key = routing_key)
        }
        MessageName::Published { exchange, routing_key } => {
            message!("name-published", exchange = exchange, key = routing_key)
        }
        MessageName::Unknown => message!("name-unknown"),
    }
}

/// Why a copy was dropped: one clause, with the death that led to it when known.
pub fn discarded(d: &Discarded) -> Message {
    let died = d.died.as_ref().map(|(q, r)| (q.as_str(), r.as_str()));
    match (&d.rule, died) {
        (DropRule::Unroutable { exchange }, _) => {
            message!("drop-unroutable", exchange = exchange)
        }
        (DropRule::NoDeadLetterExchange, None) => message!("drop-no-dlx"),
        (DropRule::NoDeadLetterExchange, Some((queue, reason))) => {
            message!("drop-no-dlx-died", queue = queue, reason = reason)
        }
        (DropRule::DeadLetterExchangeMissing { exchange }, None) => {
            message!("drop-dlx-missing", exchange = exchange)
        }
        (DropRule::DeadLetterExchangeMissing { exchange }, Some((queue, reason))) => {
            message!("drop-dlx-missing-died", exchange = exchange, queue = queue, reason = reason)
        }
        (DropRule::NoDeadLetterRoute { exchange, fanout: true, .. }, None) => {
            message!("drop-no-route-fanout", exchange = exchange)
        }
        (DropRule::NoDeadLetterRoute { exchange, fanout: true, .. }, Some((queue, reason))) => {
            message!(
                "drop-no-route-fanout-died",
                exchange = exchange,
                queue = queue,
                reason = reason
            )
        }
        (DropRule::NoDeadLetterRoute { exchange, routing_keys, .. }, None) => {
            let keys = list(message!("list-sep"), routing_keys);
            message!("drop-no-route", exchange = exchange, keys = keys)
        }
        (DropRule::NoDeadLetterRoute { exchange, routing_keys, .. }, Some((queue, reason))) => {
            let keys = list(message!("list-sep"), routing_keys);
            message!(
                "drop-no-route-died",
                exchange = exchange,
                keys = keys,
                queue = queue,
                reason = reason
            )
        }
        (DropRule::Cycle { path, .. }, None) => message!("drop-cycle", path = path.join(" → ")),
        (DropRule::Cycle { path, .. }, Some((queue, reason))) => {
            message!("drop-cycle-died", path = path.join(" → "), queue = queue, reason = reason)
        }
        (DropRule::TargetRefused { queue }, _) => message!("drop-refused", queue = queue),
        (DropRule::QueueGone { queue }, _) => message!("drop-queue-gone", queue = queue),
        (DropRule::StrategySwitched { queue }, _) => {
            message!("drop-strategy-switched", queue = queue)
        }
    }
}

/// Everything that became of a message: its parts joined, or that it went nowhere.
pub fn fate(f: &FateStory) -> MessageArg {
    if f.0.is_empty() {
        return message!("fate-nowhere").into_message_arg();
    }
    let parts = f.0.iter().map(|p| match p {
        FatePart::In(queues) => {
            message!("fate-in", queues = list(message!("list-sep"), queues))
        }
        FatePart::Acked { queue, at } => {
            message!("fate-acked", queue = queue, at = secs(*at))
        }
        FatePart::Dropped { how, at } => {
            message!("fate-dropped", how = discarded(how), at = secs(*at))
        }
    });
    list(message!("clause-sep"), parts)
}

/// A count's bounds in words ("at least 1 and at most 5").
pub fn count_words(c: &Count) -> MessageArg {
    let mut parts = Vec::new();
    if let Some(n) = c.equals {
        parts.push(message!("count-exactly", n = n));
    }
    if let Some(n) = c.at_least {
        parts.push(message!("count-at-least", n = n));
    }
    if let Some(n) = c.at_most {
        parts.push(message!("count-at-most", n = n));
    }
    list(message!("count-sep"), parts)
}

/// The count a verdict wanted, or nothing.
pub fn wanted(c: &Option<Count>) -> MessageArg {
    match c {
        Some(c) => message!("verdict-wanted", count = count_words(c)).into_message_arg(),
        None => MessageArg::Value(String::new()),
    }
}

fn filter(f: &EventFilter) -> Message {
    let opt = |s: Option<Message>| match s {
        Some(m) => m.into_message_arg(),
        None => MessageArg::Value(String::new()),
    };
    let queue = opt(f.queue.as_ref().map(|q| message!("filter-queue", queue = q)));
    let reason = opt(f.reason.map(|r| message!("filter-reason", reason = r.reason().as_str())));
    let rule = opt(f.rule.map(|r| message!("filter-rule", rule = r.as_str())));
    let ack = opt(f.ack.map(|a| if a { message!("filter-ack") } else { message!("filter-nack") }));
    message!(
        "filter",
        kind = f.kind.as_str(),
        queue = queue,
        reason = reason,
        rule = rule,
        ack = ack
    )
}

pub fn moment(m: Moment) -> Message {
    match m {
        Moment::At(t) => message!("moment-at", at = secs(t)),
        Moment::End => message!("moment-end"),
    }
}

/// A verdict.
pub fn finding(f: &Finding) -> Message {
    use crate::scenario::model::problem_text::error;
    use Finding::*;
    match f {
        GoalMet { parts } => message!("verdict-goal-met", parts = parts),
        AnyHolds => message!("verdict-any-holds"),
        NoneHolds(inner) => {
            message!(
                "verdict-none-holds",
                failed = list(message!("or-sep"), inner.iter().map(finding))
            )
        }
        Combined => message!("verdict-combined"),
        NothingLost => message!("verdict-nothing-lost"),
        SomeLost => message!("verdict-some-lost"),
        Lost { count: 1, who, at, how } => {
            message!("verdict-lost-one", who = name(who), at = secs(*at), how = discarded(how))
        }
        Lost { count, who, at, how } => message!(
            "verdict-lost-many",
            count = count,
            who = name(who),
            at = secs(*at),
            how = discarded(how)
        ),
        NothingDropped { rule } => message!("verdict-nothing-dropped", rule = rule.as_str()),
        DroppedBy { rule } => message!("verdict-dropped-by", rule = rule.as_str()),
        DroppedAt { rule, who, at, how } => message!(
            "verdict-dropped-at",
            rule = rule.as_str(),
            who = name(who),
            at = secs(*at),
            how = discarded(how)
        ),
        SeekFailed { at, error: e } => {
            message!("verdict-seek-failed", at = secs(*at), error = error(e))
        }
        NoQueue { queue, when } => {
            message!("verdict-no-queue", queue = queue, when = moment(*when))
        }
        Depth { queue, ready, when, wanted: w } => message!(
            "verdict-depth",
            queue = queue,
            ready = ready,
            when = moment(*when),
            wanted = wanted(w)
        ),
        Events { count, filter: fl, wanted: w } => {
            message!("verdict-events", count = count, events = filter(fl), wanted = wanted(w))
        }
        NeverQueued { body } => message!("verdict-never-queued", body = body),
        NotEndedIn { body, queue, fate: fa } => {
            message!("verdict-not-ended-in", body = body, queue = queue, fate = fate(fa))
        }
        NeverAcked { body, fate: fa } => {
            message!("verdict-never-acked", body = body, fate = fate(fa))
        }
        AckedAnyway { body, fate: fa } => {
            message!("verdict-acked-anyway", body = body, fate = fate(fa))
        }
        NeverDied { body, reason, died_as } if died_as.is_empty() => {
            message!("verdict-never-dead-lettered", body = body, reason = reason.as_str())
        }
        NeverDied { body, reason, died_as } => {
            message!(
                "verdict-dead-lettered-only-as",
                body = body,
                reason = reason.as_str(),
                reasons = list(message!("list-sep"), died_as.iter().map(|r| r.as_str()))
            )
        }
        NeverDelivered { body, fate: fa } => {
            message!("verdict-never-delivered", body = body, fate = fate(fa))
        }
        Deliveries { body, reached: Some(q), count, queue, wanted } => message!(
            "verdict-deliveries-reached",
            body = body,
            reached = q,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Deliveries { body, reached: None, count, queue, wanted } => message!(
            "verdict-deliveries-handled",
            body = body,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Retries { body, reached: Some(q), count, queue, wanted } => message!(
            "verdict-retries-reached",
            body = body,
            reached = q,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Retries { body, reached: None, count, queue, wanted } => message!(
            "verdict-retries-handled",
            body = body,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Spacing { body, waits: w, wanted, tolerance_ms } if w.is_empty() => message!(
            "verdict-spacing-never",
            body = body,
            wanted = waits(wanted),
            tolerance_ms = tolerance_ms
        ),
        Spacing { body, waits: w, wanted, tolerance_ms } => message!(
            "verdict-spacing",
            body = body,
            waits = waits(w),
            wanted = waits(wanted),
            tolerance_ms = tolerance_ms
        ),
        MessageFate { body, fate: fa } => {
            message!("verdict-message-fate", body = body, fate = fate(fa))
        }
        Unreadable(e) => message!("verdict-unreadable", error = error(e)),
        DoesNotRun(e) => message!("verdict-does-not-run", error = error(e)),
        Stalled => message!("verdict-stalled"),
        BrokerLog(line) => message!("verdict-broker-log", line = line),
        Lint(l) => message!(
            "verdict-lint",
            subject = &l.subject,
            text = crate::scenario::definitions::definitions_text::lint(&l.reason)
        ),
        Trace(t) => crate::scenario::workshop::trace_verdict_text::trace_finding(t),
    }
}
