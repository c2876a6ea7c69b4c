//! The workshop's verdicts ([`Finding`]) in words, in any language, from the catalogues'
//! `verdict-*`, `drop-*`, `fate-*`, `name-*`, `filter-*` and `count-*` messages. The English
//! `Display` of a verdict (the CLI, JSON reports) is this in English.
//!
//! Each verdict is one message per language. The pieces it names (a message, where a drop
//! happened, what became of a message) are whole clauses of their own language passed as
//! placeholders; only lists (the parts of a fate, a filter's conditions, a count's bounds) are
//! joined, with each language's own separator and order.

use crate::engine::event::DropRule;
use crate::engine::time::SimTime;
use crate::msg;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::workshop::finding::{
    Discarded, FatePart, FateStory, Finding, MessageName, Moment,
};
use crate::scenario::workshop::goal::Count;
use crate::scenario::workshop::log_query::{seconds, EventFilter};
use crate::scenario::Lang;

/// A moment as a number of seconds, without the unit ("1.1", "12"): each language writes the
/// unit itself (the `time-secs` message and the sentences that hold a time).
pub fn secs(t: SimTime) -> String {
    seconds(t).trim_end_matches(" s").to_string()
}

/// Waits (ms) as a list of times in `lang`.
pub fn waits(lang: Lang, ms: &[u64]) -> String {
    let list: Vec<String> =
        ms.iter().map(|w| msg!(lang, "time-secs", secs = secs(SimTime::from_ms(*w)))).collect();
    list.join(&msg!(lang, "list-sep"))
}

/// A message as a learner knows it.
pub fn name(lang: Lang, m: &MessageName) -> String {
    match m {
        MessageName::Body(b) => msg!(lang, "name-body", body = b),
        MessageName::Published { exchange, routing_key } if exchange.is_empty() => {
            msg!(lang, "name-published-default", key = routing_key)
        }
        MessageName::Published { exchange, routing_key } => {
            msg!(lang, "name-published", exchange = exchange, key = routing_key)
        }
        MessageName::Unknown => msg!(lang, "name-unknown"),
    }
}

/// Why a copy was dropped: one clause, with the death that led to it when known.
pub fn discarded(lang: Lang, d: &Discarded) -> String {
    let died = d.died.as_ref().map(|(q, r)| (q.as_str(), r.as_str()));
    match (&d.rule, died) {
        (DropRule::Unroutable { exchange }, _) => {
            msg!(lang, "drop-unroutable", exchange = exchange)
        }
        (DropRule::NoDeadLetterExchange, None) => msg!(lang, "drop-no-dlx"),
        (DropRule::NoDeadLetterExchange, Some((queue, reason))) => {
            msg!(lang, "drop-no-dlx-died", queue = queue, reason = reason)
        }
        (DropRule::DeadLetterExchangeMissing { exchange }, None) => {
            msg!(lang, "drop-dlx-missing", exchange = exchange)
        }
        (DropRule::DeadLetterExchangeMissing { exchange }, Some((queue, reason))) => {
            msg!(lang, "drop-dlx-missing-died", exchange = exchange, queue = queue, reason = reason)
        }
        (DropRule::NoDeadLetterRoute { exchange, fanout: true, .. }, None) => {
            msg!(lang, "drop-no-route-fanout", exchange = exchange)
        }
        (DropRule::NoDeadLetterRoute { exchange, fanout: true, .. }, Some((queue, reason))) => {
            msg!(
                lang,
                "drop-no-route-fanout-died",
                exchange = exchange,
                queue = queue,
                reason = reason
            )
        }
        (DropRule::NoDeadLetterRoute { exchange, routing_keys, .. }, None) => {
            let keys = routing_keys.join(&msg!(lang, "list-sep"));
            msg!(lang, "drop-no-route", exchange = exchange, keys = keys)
        }
        (DropRule::NoDeadLetterRoute { exchange, routing_keys, .. }, Some((queue, reason))) => {
            let keys = routing_keys.join(&msg!(lang, "list-sep"));
            msg!(
                lang,
                "drop-no-route-died",
                exchange = exchange,
                keys = keys,
                queue = queue,
                reason = reason
            )
        }
        (DropRule::Cycle { path, .. }, None) => msg!(lang, "drop-cycle", path = path.join(" → ")),
        (DropRule::Cycle { path, .. }, Some((queue, reason))) => {
            msg!(lang, "drop-cycle-died", path = path.join(" → "), queue = queue, reason = reason)
        }
        (DropRule::TargetRefused { queue }, _) => msg!(lang, "drop-refused", queue = queue),
        (DropRule::QueueGone { queue }, _) => msg!(lang, "drop-queue-gone", queue = queue),
        (DropRule::StrategySwitched { queue }, _) => {
            msg!(lang, "drop-strategy-switched", queue = queue)
        }
    }
}

/// Everything that became of a message.
pub fn fate(lang: Lang, f: &FateStory) -> String {
    if f.0.is_empty() {
        return msg!(lang, "fate-nowhere");
    }
    let parts: Vec<String> =
        f.0.iter()
            .map(|p| match p {
                FatePart::In(queues) => {
                    msg!(lang, "fate-in", queues = queues.join(&msg!(lang, "list-sep")))
                }
                FatePart::Acked { queue, at } => {
                    msg!(lang, "fate-acked", queue = queue, at = secs(*at))
                }
                FatePart::Dropped { how, at } => {
                    msg!(lang, "fate-dropped", how = discarded(lang, how), at = secs(*at))
                }
            })
            .collect();
    parts.join(&msg!(lang, "clause-sep"))
}

/// A count's bounds in words ("at least 1 and at most 5").
pub fn count_words(lang: Lang, c: &Count) -> String {
    let mut parts = Vec::new();
    if let Some(n) = c.equals {
        parts.push(msg!(lang, "count-exactly", n = n));
    }
    if let Some(n) = c.at_least {
        parts.push(msg!(lang, "count-at-least", n = n));
    }
    if let Some(n) = c.at_most {
        parts.push(msg!(lang, "count-at-most", n = n));
    }
    parts.join(&msg!(lang, "count-sep"))
}

fn wanted(lang: Lang, c: &Option<Count>) -> String {
    c.as_ref()
        .map(|c| msg!(lang, "verdict-wanted", count = count_words(lang, c)))
        .unwrap_or_default()
}

fn filter(lang: Lang, f: &EventFilter) -> String {
    let opt = |s: Option<String>| s.unwrap_or_default();
    let queue = opt(f.queue.as_ref().map(|q| msg!(lang, "filter-queue", queue = q)));
    let reason = opt(f.reason.map(|r| msg!(lang, "filter-reason", reason = r.reason().as_str())));
    let rule = opt(f.rule.map(|r| msg!(lang, "filter-rule", rule = r.as_str())));
    let ack =
        opt(f.ack.map(|a| if a { msg!(lang, "filter-ack") } else { msg!(lang, "filter-nack") }));
    msg!(
        lang,
        "filter",
        kind = f.kind.as_str(),
        queue = queue,
        reason = reason,
        rule = rule,
        ack = ack
    )
}

pub fn moment(lang: Lang, m: Moment) -> String {
    match m {
        Moment::At(t) => msg!(lang, "moment-at", at = secs(t)),
        Moment::End => msg!(lang, "moment-end"),
    }
}

/// A verdict in `lang`; `error` words a scenario error the verdict carries.
pub fn finding(lang: Lang, f: &Finding, error: &dyn Fn(&ScenarioError) -> String) -> String {
    use Finding::*;
    match f {
        GoalMet { parts } => msg!(lang, "verdict-goal-met", parts = parts),
        AnyHolds => msg!(lang, "verdict-any-holds"),
        NoneHolds(inner) => {
            let list: Vec<String> = inner.iter().map(|x| finding(lang, x, error)).collect();
            msg!(lang, "verdict-none-holds", failed = list.join(&msg!(lang, "or-sep")))
        }
        Combined => msg!(lang, "verdict-combined"),
        NothingLost => msg!(lang, "verdict-nothing-lost"),
        SomeLost => msg!(lang, "verdict-some-lost"),
        Lost { count: 1, who, at, how } => msg!(
            lang,
            "verdict-lost-one",
            who = name(lang, who),
            at = secs(*at),
            how = discarded(lang, how)
        ),
        Lost { count, who, at, how } => msg!(
            lang,
            "verdict-lost-many",
            count = count,
            who = name(lang, who),
            at = secs(*at),
            how = discarded(lang, how)
        ),
        NothingDropped { rule } => msg!(lang, "verdict-nothing-dropped", rule = rule.as_str()),
        DroppedBy { rule } => msg!(lang, "verdict-dropped-by", rule = rule.as_str()),
        DroppedAt { rule, who, at, how } => msg!(
            lang,
            "verdict-dropped-at",
            rule = rule.as_str(),
            who = name(lang, who),
            at = secs(*at),
            how = discarded(lang, how)
        ),
        SeekFailed { at, error: e } => {
            msg!(lang, "verdict-seek-failed", at = secs(*at), error = error(e))
        }
        NoQueue { queue, when } => {
            msg!(lang, "verdict-no-queue", queue = queue, when = moment(lang, *when))
        }
        Depth { queue, ready, when, wanted: w } => msg!(
            lang,
            "verdict-depth",
            queue = queue,
            ready = ready,
            when = moment(lang, *when),
            wanted = wanted(lang, w)
        ),
        Events { count, filter: fl, wanted: w } => msg!(
            lang,
            "verdict-events",
            count = count,
            events = filter(lang, fl),
            wanted = wanted(lang, w)
        ),
        NeverQueued { body } => msg!(lang, "verdict-never-queued", body = body),
        NotEndedIn { body, queue, fate: fa } => {
            msg!(lang, "verdict-not-ended-in", body = body, queue = queue, fate = fate(lang, fa))
        }
        NeverAcked { body, fate: fa } => {
            msg!(lang, "verdict-never-acked", body = body, fate = fate(lang, fa))
        }
        AckedAnyway { body, fate: fa } => {
            msg!(lang, "verdict-acked-anyway", body = body, fate = fate(lang, fa))
        }
        NeverDied { body, reason, died_as } if died_as.is_empty() => {
            msg!(lang, "verdict-never-dead-lettered", body = body, reason = reason.as_str())
        }
        NeverDied { body, reason, died_as } => {
            let list: Vec<&str> = died_as.iter().map(|r| r.as_str()).collect();
            msg!(
                lang,
                "verdict-dead-lettered-only-as",
                body = body,
                reason = reason.as_str(),
                reasons = list.join(&msg!(lang, "list-sep"))
            )
        }
        NeverDelivered { body, fate: fa } => {
            msg!(lang, "verdict-never-delivered", body = body, fate = fate(lang, fa))
        }
        Deliveries { body, reached: Some(q), count, queue, wanted } => msg!(
            lang,
            "verdict-deliveries-reached",
            body = body,
            reached = q,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Deliveries { body, reached: None, count, queue, wanted } => msg!(
            lang,
            "verdict-deliveries-handled",
            body = body,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Retries { body, reached: Some(q), count, queue, wanted } => msg!(
            lang,
            "verdict-retries-reached",
            body = body,
            reached = q,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Retries { body, reached: None, count, queue, wanted } => msg!(
            lang,
            "verdict-retries-handled",
            body = body,
            count = count,
            queue = queue,
            wanted = wanted
        ),
        Spacing { body, waits: w, wanted, tolerance_ms } if w.is_empty() => msg!(
            lang,
            "verdict-spacing-never",
            body = body,
            wanted = waits(lang, wanted),
            tolerance_ms = tolerance_ms
        ),
        Spacing { body, waits: w, wanted, tolerance_ms } => msg!(
            lang,
            "verdict-spacing",
            body = body,
            waits = waits(lang, w),
            wanted = waits(lang, wanted),
            tolerance_ms = tolerance_ms
        ),
        MessageFate { body, fate: fa } => {
            msg!(lang, "verdict-message-fate", body = body, fate = fate(lang, fa))
        }
        Unreadable(e) => msg!(lang, "verdict-unreadable", error = error(e)),
        DoesNotRun(e) => msg!(lang, "verdict-does-not-run", error = error(e)),
        Stalled => msg!(lang, "verdict-stalled"),
        BrokerLog(line) => msg!(lang, "verdict-broker-log", line = line),
        Lint(l) => msg!(
            lang,
            "verdict-lint",
            subject = l.subject,
            text = crate::scenario::definitions::definitions_text::lint(lang, &l.reason)
        ),
        Trace(t) => crate::scenario::workshop::trace_verdict_text::trace_finding(lang, t),
    }
}
