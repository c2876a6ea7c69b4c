//! The words of the forms: each queue argument's label and one-line meaning, each consumer
//! field's label, and a refused edit's reason, in the page's language.

use crate::label;
use crate::msg;
use crate::scenario::edit::EditError;
use crate::scenario::Lang;

/// A queue argument's label and meaning.
pub fn arg_words(lang: Lang, key: &str) -> (&'static str, &'static str) {
    match key {
        "x-dead-letter-exchange" => (label!(lang, "pe-arg-dlx"), label!(lang, "pe-arg-dlx-help")),
        "x-dead-letter-routing-key" => {
            (label!(lang, "pe-arg-dlrk"), label!(lang, "pe-arg-dlrk-help"))
        }
        "x-message-ttl" => (label!(lang, "pe-arg-ttl"), label!(lang, "pe-arg-ttl-help")),
        "x-expires" => (label!(lang, "pe-arg-expires"), label!(lang, "pe-arg-expires-help")),
        "x-max-length" => {
            (label!(lang, "pe-arg-max-length"), label!(lang, "pe-arg-max-length-help"))
        }
        "x-max-length-bytes" => {
            (label!(lang, "pe-arg-max-length-bytes"), label!(lang, "pe-arg-max-length-bytes-help"))
        }
        "x-overflow" => (label!(lang, "pe-arg-overflow"), label!(lang, "pe-arg-overflow-help")),
        "x-queue-type" => {
            (label!(lang, "pe-arg-queue-type"), label!(lang, "pe-arg-queue-type-help"))
        }
        "x-max-priority" => {
            (label!(lang, "pe-arg-max-priority"), label!(lang, "pe-arg-max-priority-help"))
        }
        "x-delivery-limit" => {
            (label!(lang, "pe-arg-delivery-limit"), label!(lang, "pe-arg-delivery-limit-help"))
        }
        "x-dead-letter-strategy" => {
            (label!(lang, "pe-arg-dl-strategy"), label!(lang, "pe-arg-dl-strategy-help"))
        }
        "x-delayed-retry-type" => {
            (label!(lang, "pe-arg-retry-type"), label!(lang, "pe-arg-retry-type-help"))
        }
        "x-delayed-retry-min" => {
            (label!(lang, "pe-arg-retry-min"), label!(lang, "pe-arg-retry-min-help"))
        }
        "x-delayed-retry-max" => {
            (label!(lang, "pe-arg-retry-max"), label!(lang, "pe-arg-retry-max-help"))
        }
        _ => ("", ""),
    }
}

/// A consumer field's label.
pub fn consumer_field(lang: Lang, field: &str) -> &'static str {
    match field {
        "kind" => label!(lang, "pe-cf-kind"),
        "work_ms" => label!(lang, "pe-cf-work-ms"),
        "requeue" => label!(lang, "pe-cf-requeue"),
        "failures" => label!(lang, "pe-cf-failures"),
        "percent" => label!(lang, "pe-cf-percent"),
        "max_attempts" => label!(lang, "pe-cf-max-attempts"),
        "retry_keys" => label!(lang, "pe-cf-retry-keys"),
        "retry_exchange" => label!(lang, "pe-cf-retry-exchange"),
        "parking_exchange" => label!(lang, "pe-cf-parking-exchange"),
        "deliveries" => label!(lang, "pe-cf-deliveries"),
        "prefetch" => label!(lang, "pe-cf-prefetch"),
        _ => "",
    }
}

/// Why an edit was refused, in the page's language (names the field as the form shows it).
pub fn edit_error(lang: Lang, e: &EditError) -> String {
    let field = |f: &str| {
        let (l, _) = arg_words(lang, f);
        if l.is_empty() {
            f.to_string()
        } else {
            l.to_string()
        }
    };
    match e {
        EditError::NotAnObject => label!(lang, "pe-err-not-object").to_string(),
        EditError::Empty { field: f } => msg!(lang, "pe-err-empty", field = field(f)),
        EditError::TooLong { field: f, max_bytes } => {
            msg!(lang, "pe-err-too-long", field = field(f), max = max_bytes)
        }
        EditError::NotANumber { field: f, text } => {
            msg!(lang, "pe-err-not-number", field = field(f), text = text)
        }
        EditError::TooSmall { field: f, min } => {
            msg!(lang, "pe-err-too-small", field = field(f), min = min)
        }
        EditError::NotAChoice { field: f, text, choices } => {
            msg!(lang, "pe-err-not-choice", field = field(f), text = text, choices = choices)
        }
        EditError::Exists { name, .. } => msg!(lang, "pe-err-exists", name = name),
        EditError::Unknown { name, .. } => msg!(lang, "pe-err-unknown", name = name),
        EditError::Broker { field: f, reason } => {
            msg!(lang, "pe-err-broker", field = field(f), reason = reason)
        }
        EditError::Scenario { reason } => msg!(lang, "pe-err-scenario", reason = reason),
    }
}
