//! The engine's events as message values, from the catalogues' `ev-*` and `cause-*`
//! messages: one sentence per event saying what happened, and the recorded cause as a
//! sentence of its own after it (never nested inside another bracket), worded where shown.

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::engine::Reason;
use crate::i18n::message_value::{list, IntoMessageArg, MessageArg};
use crate::i18n::Message;
use crate::message;
use crate::scenario::model::subject::{source_kind, SourceKind};

/// "1.234", "12.5", "17" for a virtual time in microseconds (each language writes the unit).
fn secs(us: u64) -> String {
    crate::i18n::seconds_number(us / 1000)
}

/// Why something happened: the recorded cause, as a phrase without brackets.
pub fn cause(c: &Cause) -> Message {
    match c {
        Cause::Client { command } => message!("cause-client", command = command),
        Cause::Setting { key, source } => match source_kind(source) {
            SourceKind::Argument => message!("cause-setting-argument", key = key),
            SourceKind::Policy(p) => message!("cause-setting-policy", key = key, policy = p),
            SourceKind::OperatorPolicy(p) => {
                message!("cause-setting-operator-policy", key = key, policy = p)
            }
            SourceKind::Default => message!("cause-setting-default", key = key),
            SourceKind::ArgumentOrPolicy => {
                message!("cause-setting-argument-or-policy", key = key)
            }
            SourceKind::Other(s) => message!("cause-setting-other", key = key, source = s),
        },
        Cause::MessageExpiration => message!("cause-message-expiration"),
        Cause::Rule { rule } => match *rule {
            "at_least_once_needs_reject_publish" => {
                message!("cause-rule-at-least-once-needs-reject-publish")
            }
            "at_least_once_unroutable" => message!("cause-rule-at-least-once-unroutable"),
            "channel_closed" => message!("cause-rule-channel-closed"),
            "consumer_behaviour" => message!("cause-rule-consumer-behaviour"),
            "dead_letter_cycle" => message!("cause-rule-dead-letter-cycle"),
            "dead_letter_strategy_switched" => {
                message!("cause-rule-dead-letter-strategy-switched")
            }
            "invalid_x_death" => message!("cause-rule-invalid-x-death"),
            "max_length" => message!("cause-rule-max-length"),
            "policy_changed" => message!("cause-rule-policy-changed"),
            "publisher" => message!("cause-rule-publisher"),
            "push_consumer" => message!("cause-rule-push-consumer"),
            "scenario_consumer" => message!("cause-rule-scenario-consumer"),
            "scenario_step" => message!("cause-rule-scenario-step"),
            // A rule without words of its own yet: its name.
            other => message!("cause-rule", rule = other),
        },
    }
}

/// An exchange's name, or the default exchange's name (its own name is empty).
fn ex(name: &str) -> MessageArg {
    if name.is_empty() {
        message!("ui-default-exchange").into_message_arg()
    } else {
        MessageArg::Value(name.to_string())
    }
}

/// One plain-language sentence saying what happened and why, from the recorded cause.
pub fn explain(e: &Event) -> Message {
    let why = || cause(&e.cause);
    match &e.kind {
        EventKind::Published { exchange, routing_key } => {
            message!("ev-published", exchange = ex(exchange), key = routing_key)
        }
        EventKind::Enqueued { queue, from: None } => message!("ev-routed", queue = queue),
        EventKind::Enqueued { queue, from: Some(_) } => {
            message!("ev-dead-lettered-into", queue = queue, why = why())
        }
        EventKind::Delivered { queue, redelivered: true, .. } => {
            message!("ev-redelivered", queue = queue)
        }
        EventKind::Delivered { queue, .. } => message!("ev-delivered", queue = queue),
        EventKind::Acked { queue } => message!("ev-acked", queue = queue),
        EventKind::Requeued { queue } => message!("ev-requeued", queue = queue, why = why()),
        EventKind::RetryDelayed { queue, until_us } => {
            message!("ev-retry-delayed", queue = queue, until = secs(until_us.as_us()), why = why())
        }
        EventKind::Died { queue, reason } => match (reason, &e.cause) {
            (Reason::Rejected, _) => message!("ev-died-rejected", queue = queue),
            (Reason::Expired, Cause::MessageExpiration) => {
                message!("ev-died-expired-property", queue = queue)
            }
            (Reason::Expired, _) => message!("ev-died-expired-ttl", queue = queue, why = why()),
            (Reason::Maxlen, _) => message!("ev-died-maxlen", queue = queue, why = why()),
            (Reason::DeliveryLimit, _) => {
                message!("ev-died-delivery-limit", queue = queue, why = why())
            }
        },
        EventKind::DeadLettered { queue, exchange, routing_keys, targets, .. } => {
            let to = if targets.is_empty() {
                message!("ev-no-queue").into_message_arg()
            } else {
                list(message!("list-sep"), targets)
            };
            message!(
                "ev-dead-lettered",
                queue = queue,
                exchange = ex(exchange),
                keys = list(message!("list-sep"), routing_keys),
                to = to,
                why = why()
            )
        }
        EventKind::HeldForDeadLetter { queue, .. } => message!("ev-held", queue = queue),
        EventKind::Dropped(rule) => dropped(rule),
        EventKind::Confirmed { ack: true } => message!("ev-confirmed-ack"),
        EventKind::Confirmed { ack: false } => message!("ev-confirmed-nack"),
        EventKind::Returned { exchange, routing_key } => {
            message!("ev-returned", exchange = ex(exchange), key = routing_key)
        }
        EventKind::QueueExpired { queue, messages } => {
            message!("ev-queue-expired", queue = queue, messages = messages)
        }
        EventKind::QueuePurged { queue, messages } => {
            message!("ev-queue-purged", queue = queue, messages = messages)
        }
        EventKind::QueueDeleted { queue, messages } => {
            message!("ev-queue-deleted", queue = queue, messages = messages)
        }
        EventKind::Log { line } => message!("ev-log", line = line),
    }
}

fn dropped(rule: &DropRule) -> Message {
    match rule {
        DropRule::Unroutable { exchange } => {
            message!("ev-drop-unroutable", exchange = ex(exchange))
        }
        DropRule::NoDeadLetterExchange => message!("ev-drop-no-dlx"),
        DropRule::DeadLetterExchangeMissing { exchange } => {
            message!("ev-drop-dlx-missing", exchange = ex(exchange))
        }
        DropRule::NoDeadLetterRoute { exchange, fanout: true, .. } => {
            message!("ev-drop-no-route-fanout", exchange = ex(exchange))
        }
        DropRule::NoDeadLetterRoute { exchange, routing_keys, .. } => {
            let keys = list(message!("list-sep"), routing_keys);
            message!("ev-drop-no-route", exchange = ex(exchange), keys = keys)
        }
        DropRule::Cycle { queue, path } => {
            let path: Vec<String> = path.iter().map(|q| q.to_string()).collect();
            message!("ev-drop-cycle", queue = queue, path = path.join(" → "))
        }
        DropRule::TargetRefused { queue } => message!("ev-drop-refused", queue = queue),
        DropRule::QueueGone { queue } => message!("ev-drop-queue-gone", queue = queue),
        DropRule::StrategySwitched { queue } => {
            message!("ev-drop-strategy-switched", queue = queue)
        }
    }
}
