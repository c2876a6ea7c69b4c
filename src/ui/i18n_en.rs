//! The English catalogue: the source text of every key, fate name and event explanation.
//! The checks' own messages (scenario problems, warnings, lints, findings) are already English
//! in their `Display`, which is also what the command-line tool prints.

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::scenario::alerts::{AlertRule, AlertRules};
use crate::scenario::error::{Problem, SyntaxKind};
use crate::scenario::finding::Finding;
use crate::scenario::lint::LintReason;
use crate::scenario::warnings::Warning;
use crate::scenario::Lang;
use crate::viz::flight::Fate;
use crate::viz::link::LinkError;

use super::i18n::{duration, exchange_or, fmt_time, Catalogue, Key};

/// The English text for a key.
fn english(key: Key) -> &'static str {
    super::i18n_labels::label_in(Lang::En, key)
}

/// The English name of a fate.
fn english_fate(fate: Fate) -> &'static str {
    match fate {
        Fate::Routed => "routed",
        Fate::Waiting => "waiting in the queue",
        Fate::Delivered => "delivered to a consumer",
        Fate::Acked => "acked",
        Fate::Rejected => "nacked / rejected",
        Fate::Requeued => "requeued",
        Fate::Expired => "expired",
        Fate::ExpiredWaiting => "expired but waiting behind the head",
        Fate::Overflowed => "overflowed off the head",
        Fate::DeliveryLimit => "delivery limit reached",
        Fate::DeadLettered => "dead-lettered",
        Fate::Looping => "looping (dead-lettered back into a queue it was in)",
        Fate::Held => "held for dead-lettering",
        Fate::DroppedUnroutable => "dropped: unroutable",
        Fate::DroppedNoDlx => "dropped: missing DLX",
        Fate::DroppedNoRoute => "dropped: the DLX routes it nowhere",
        Fate::DroppedCycle => "dropped: cycle",
        Fate::Dropped => "dropped",
    }
}

fn cause_text(cause: &Cause) -> String {
    match cause {
        Cause::Client { command } => format!("client command #{command}"),
        Cause::Setting { key, source } => format!("{key} (from {source})"),
        Cause::MessageExpiration => "the message's own expiration property".to_string(),
        Cause::Rule { rule } => format!("broker rule {rule}"),
    }
}

fn ex(name: &str) -> String {
    exchange_or(name, english(Key::DefaultExchange))
}

/// The English line saying what happened and why, from the recorded cause.
fn english_explain(e: &Event) -> String {
    let why = cause_text(&e.cause);
    match &e.kind {
        EventKind::Published { exchange, routing_key } => format!("published to {} with key '{routing_key}'", ex(exchange)),
        EventKind::Enqueued { queue, from: None } => format!("routed into {queue}"),
        EventKind::Enqueued { queue, from: Some(_) } => format!("dead-lettered into {queue}, because of {why}"),
        EventKind::Delivered { queue, redelivered, .. } => {
            if *redelivered { format!("redelivered from {queue} to a consumer") } else { format!("delivered from {queue} to a consumer") }
        }
        EventKind::Acked { queue } => format!("acked: the consumer of {queue} is done with it"),
        EventKind::Requeued { queue } => format!("requeued: given back to {queue} ({why})"),
        EventKind::RetryDelayed { queue, until_us } => {
            format!("requeued, but {queue} holds it back until {} ({why})", fmt_time(until_us.as_us()))
        }
        EventKind::Died { queue, reason } => {
            let what = match reason {
                crate::engine::Reason::Rejected => "rejected without requeue by its consumer".to_string(),
                crate::engine::Reason::Expired => match &e.cause {
                    Cause::MessageExpiration => "its expiration property ran out at the head".to_string(),
                    _ => format!("its TTL ran out at the head ({why})"),
                },
                crate::engine::Reason::Maxlen => format!("pushed off the head: the queue was full ({why})"),
                crate::engine::Reason::DeliveryLimit => format!("returned more often than the delivery limit allows ({why})"),
            };
            format!("died in {queue}: {what}")
        }
        EventKind::DeadLettered { queue, exchange, routing_keys, targets, .. } => {
            let to = if targets.is_empty() { "no queue".to_string() } else { targets.join(", ") };
            format!("dead-lettered from {queue} to {} with keys [{}] → {to} ({why})", ex(exchange), routing_keys.join(", "))
        }
        EventKind::HeldForDeadLetter { queue, .. } => format!("held by {queue} until the dead-letter route works (at-least-once)"),
        EventKind::Dropped(rule) => match rule {
            DropRule::Unroutable { exchange } => format!("dropped: unroutable — no binding of {} matched and there is no alternate exchange", ex(exchange)),
            DropRule::NoDeadLetterExchange => "dropped: the queue has no dead-letter exchange, so a dead message is discarded".to_string(),
            DropRule::DeadLetterExchangeMissing { exchange } => format!("dropped: missing DLX — exchange {} does not exist", ex(exchange)),
            DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
                format!("dropped: the DLX {} has no binding for keys [{}]", ex(exchange), routing_keys.join(", "))
            }
            DropRule::Cycle { queue, path } => {
                format!("dropped: cycle — queue {queue} already in x-death and no rejection since (path {})", path.join(" → "))
            }
            DropRule::TargetRefused { queue } => format!("dropped: {queue} refused it (reject-publish) under at-most-once"),
            DropRule::QueueGone { queue } => format!("dropped: {queue} was purged, deleted or expired with it inside"),
            DropRule::StrategySwitched { queue } => format!("dropped: {queue} left at-least-once and deleted its held dead letters"),
        },
        EventKind::Confirmed { ack } => if *ack { "confirmed to the publisher (ack)".to_string() } else { "refused to the publisher (nack)".to_string() },
        EventKind::Returned { exchange, routing_key } => format!("returned to the publisher: {} could not route '{routing_key}'", ex(exchange)),
        EventKind::QueueExpired { queue, messages } => format!("queue {queue} expired unused (x-expires); its {messages} messages are gone, not dead-lettered"),
        EventKind::QueuePurged { queue, messages } => format!("queue {queue} purged: {messages} messages removed"),
        EventKind::QueueDeleted { queue, messages } => format!("queue {queue} deleted with {messages} messages"),
        EventKind::Log { line } => format!("broker log: {line}"),
    }
}

/// English: the source text.
pub struct En;

impl Catalogue for En {
    fn lang(&self) -> Lang {
        Lang::En
    }
    fn tr(&self, key: Key) -> &'static str {
        english(key)
    }
    fn fate_name(&self, fate: Fate) -> &'static str {
        english_fate(fate)
    }
    fn cause(&self, cause: &Cause) -> String {
        cause_text(cause)
    }
    fn explain(&self, e: &Event) -> String {
        english_explain(e)
    }
    fn link_problem(&self, e: &LinkError) -> String {
        match e {
            LinkError::Empty => "nothing to open".to_string(),
            LinkError::BadEncoding => "the scenario in it is damaged".to_string(),
            LinkError::BadNumber(k) => format!("'{k}' is not a number"),
        }
    }
    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        crate::i18n::problem::not_json(self.lang(), line, column, kind, problem)
    }
    // English is the checks' own text (what the CLI prints).
    fn problem(&self, p: &Problem) -> String {
        crate::i18n::problem::problem(self.lang(), p)
    }
    fn warning(&self, w: &Warning) -> String {
        w.to_string()
    }
    fn lint(&self, r: &LintReason) -> String {
        r.to_string()
    }
    fn finding(&self, f: &Finding) -> String {
        f.to_string()
    }
    fn at_line(&self, line: usize, text: &str) -> String {
        format!("{} {line}: {text}", english(Key::ErrorLine))
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        match rule {
            AlertRule::DepthOver => format!("more than {} messages waiting", r.depth_over),
            AlertRule::NonEmptyFor => {
                format!("not empty for {}", duration(r.nonempty_for_ms, ["min", "s", "ms"]))
            }
            AlertRule::ArrivalRate => {
                format!("{} or more arrivals within an hour", r.arrivals_per_hour)
            }
        }
    }
}
