//! The engine's events in words, in any language, from the catalogues' `ev-*`, `cause-*` and
//! `fate-name-*` messages: one sentence per event saying what happened, and the recorded cause
//! as a sentence of its own after it (never nested inside another bracket).

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::engine::Reason;
use crate::scenario::model::subject::{source_kind, SourceKind};
use crate::scenario::Lang;
use crate::{label, msg};

/// "1.234", "12.5", "17" for a virtual time in microseconds (each language writes the unit).
fn secs(us: u64) -> String {
    crate::i18n::seconds_number(us / 1000)
}

/// Why something happened: the recorded cause, as a phrase without brackets.
pub fn cause(lang: Lang, c: &Cause) -> String {
    match c {
        Cause::Client { command } => msg!(lang, "cause-client", command = command),
        Cause::Setting { key, source } => match source_kind(source) {
            SourceKind::Argument => msg!(lang, "cause-setting-argument", key = key),
            SourceKind::Policy(p) => msg!(lang, "cause-setting-policy", key = key, policy = p),
            SourceKind::OperatorPolicy(p) => {
                msg!(lang, "cause-setting-operator-policy", key = key, policy = p)
            }
            SourceKind::Default => msg!(lang, "cause-setting-default", key = key),
            SourceKind::ArgumentOrPolicy => {
                msg!(lang, "cause-setting-argument-or-policy", key = key)
            }
            SourceKind::Other(s) => msg!(lang, "cause-setting-other", key = key, source = s),
        },
        Cause::MessageExpiration => msg!(lang, "cause-message-expiration"),
        Cause::Rule { rule } => match *rule {
            "at_least_once_needs_reject_publish" => {
                msg!(lang, "cause-rule-at-least-once-needs-reject-publish")
            }
            "at_least_once_unroutable" => msg!(lang, "cause-rule-at-least-once-unroutable"),
            "channel_closed" => msg!(lang, "cause-rule-channel-closed"),
            "consumer_behaviour" => msg!(lang, "cause-rule-consumer-behaviour"),
            "dead_letter_cycle" => msg!(lang, "cause-rule-dead-letter-cycle"),
            "dead_letter_strategy_switched" => {
                msg!(lang, "cause-rule-dead-letter-strategy-switched")
            }
            "invalid_x_death" => msg!(lang, "cause-rule-invalid-x-death"),
            "max_length" => msg!(lang, "cause-rule-max-length"),
            "policy_changed" => msg!(lang, "cause-rule-policy-changed"),
            "publisher" => msg!(lang, "cause-rule-publisher"),
            "push_consumer" => msg!(lang, "cause-rule-push-consumer"),
            "scenario_consumer" => msg!(lang, "cause-rule-scenario-consumer"),
            "scenario_step" => msg!(lang, "cause-rule-scenario-step"),
            // A rule without words of its own yet: its name.
            other => msg!(lang, "cause-rule", rule = other),
        },
    }
}

/// An exchange's name, or the default exchange's name in `lang` (its own name is empty).
fn ex(lang: Lang, name: &str) -> String {
    if name.is_empty() {
        label!(lang, "ui-default-exchange").to_string()
    } else {
        name.to_string()
    }
}

/// One plain-language sentence saying what happened and why, from the recorded cause.
pub fn explain(lang: Lang, e: &Event) -> String {
    let why = cause(lang, &e.cause);
    let list = |l: &[String]| l.join(&msg!(lang, "list-sep"));
    match &e.kind {
        EventKind::Published { exchange, routing_key } => {
            msg!(lang, "ev-published", exchange = ex(lang, exchange), key = routing_key)
        }
        EventKind::Enqueued { queue, from: None } => msg!(lang, "ev-routed", queue = queue),
        EventKind::Enqueued { queue, from: Some(_) } => {
            msg!(lang, "ev-dead-lettered-into", queue = queue, why = why)
        }
        EventKind::Delivered { queue, redelivered: true, .. } => {
            msg!(lang, "ev-redelivered", queue = queue)
        }
        EventKind::Delivered { queue, .. } => msg!(lang, "ev-delivered", queue = queue),
        EventKind::Acked { queue } => msg!(lang, "ev-acked", queue = queue),
        EventKind::Requeued { queue } => msg!(lang, "ev-requeued", queue = queue, why = why),
        EventKind::RetryDelayed { queue, until_us } => {
            msg!(lang, "ev-retry-delayed", queue = queue, until = secs(until_us.as_us()), why = why)
        }
        EventKind::Died { queue, reason } => match (reason, &e.cause) {
            (Reason::Rejected, _) => msg!(lang, "ev-died-rejected", queue = queue),
            (Reason::Expired, Cause::MessageExpiration) => {
                msg!(lang, "ev-died-expired-property", queue = queue)
            }
            (Reason::Expired, _) => msg!(lang, "ev-died-expired-ttl", queue = queue, why = why),
            (Reason::Maxlen, _) => msg!(lang, "ev-died-maxlen", queue = queue, why = why),
            (Reason::DeliveryLimit, _) => {
                msg!(lang, "ev-died-delivery-limit", queue = queue, why = why)
            }
        },
        EventKind::DeadLettered { queue, exchange, routing_keys, targets, .. } => {
            let targets: Vec<String> = targets.iter().map(|t| t.to_string()).collect();
            let to = if targets.is_empty() { msg!(lang, "ev-no-queue") } else { list(&targets) };
            let keys: Vec<String> = routing_keys.iter().map(|k| k.to_string()).collect();
            msg!(
                lang,
                "ev-dead-lettered",
                queue = queue,
                exchange = ex(lang, exchange),
                keys = list(&keys),
                to = to,
                why = why
            )
        }
        EventKind::HeldForDeadLetter { queue, .. } => msg!(lang, "ev-held", queue = queue),
        EventKind::Dropped(rule) => dropped(lang, rule),
        EventKind::Confirmed { ack: true } => msg!(lang, "ev-confirmed-ack"),
        EventKind::Confirmed { ack: false } => msg!(lang, "ev-confirmed-nack"),
        EventKind::Returned { exchange, routing_key } => {
            msg!(lang, "ev-returned", exchange = ex(lang, exchange), key = routing_key)
        }
        EventKind::QueueExpired { queue, messages } => {
            msg!(lang, "ev-queue-expired", queue = queue, messages = messages)
        }
        EventKind::QueuePurged { queue, messages } => {
            msg!(lang, "ev-queue-purged", queue = queue, messages = messages)
        }
        EventKind::QueueDeleted { queue, messages } => {
            msg!(lang, "ev-queue-deleted", queue = queue, messages = messages)
        }
        EventKind::Log { line } => msg!(lang, "ev-log", line = line),
    }
}

fn dropped(lang: Lang, rule: &DropRule) -> String {
    match rule {
        DropRule::Unroutable { exchange } => {
            msg!(lang, "ev-drop-unroutable", exchange = ex(lang, exchange))
        }
        DropRule::NoDeadLetterExchange => msg!(lang, "ev-drop-no-dlx"),
        DropRule::DeadLetterExchangeMissing { exchange } => {
            msg!(lang, "ev-drop-dlx-missing", exchange = ex(lang, exchange))
        }
        DropRule::NoDeadLetterRoute { exchange, fanout: true, .. } => {
            msg!(lang, "ev-drop-no-route-fanout", exchange = ex(lang, exchange))
        }
        DropRule::NoDeadLetterRoute { exchange, routing_keys, .. } => {
            let keys: Vec<String> = routing_keys.iter().map(|k| k.to_string()).collect();
            let keys = keys.join(&msg!(lang, "list-sep"));
            msg!(lang, "ev-drop-no-route", exchange = ex(lang, exchange), keys = keys)
        }
        DropRule::Cycle { queue, path } => {
            let path: Vec<String> = path.iter().map(|q| q.to_string()).collect();
            msg!(lang, "ev-drop-cycle", queue = queue, path = path.join(" → "))
        }
        DropRule::TargetRefused { queue } => msg!(lang, "ev-drop-refused", queue = queue),
        DropRule::QueueGone { queue } => msg!(lang, "ev-drop-queue-gone", queue = queue),
        DropRule::StrategySwitched { queue } => {
            msg!(lang, "ev-drop-strategy-switched", queue = queue)
        }
    }
}
