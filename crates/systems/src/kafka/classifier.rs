//! Which failures `@RetryableTopic` retries: `include` (retry only these) or `exclude` (retry
//! all but these), by class name, looking through the failure's cause when
//! `traversingCauses` is set; and Spring's fatal exceptions, which are never retried.
//!
//! Sources (spring-kafka v3.3.16, spring-retry v2.0.12):
//! - `annotation/RetryableTopicAnnotationProcessor.java:144-150, 166-168`: `traverse` starts
//!   false and is set only when the attribute has text; the attribute's default is `""`
//!   (`RetryableTopic.java:162`), so include / exclude alone do not traverse, though the
//!   Javadoc (`:156-159`) says they default it to true. The model follows the code.
//! - `retrytopic/RetryTopicConfigurationBuilder.java:485-522, 596-600`: `retryOn(include)`,
//!   `notRetryOn(exclude)`; with neither, everything is retried.
//! - spring-retry `classify/BinaryExceptionClassifierBuilder.java:57-70` ("Please use only
//!   retryOn() or only notRetryOn()": both fail the listener at startup) and its `build()`
//!   (no rules at all, as `traversingCauses` alone gives, fail too: "Attempt to build
//!   classifier with empty rules"); `classify/BinaryExceptionClassifier.java:121-141` (the
//!   failure's own class first; when that gives the default and causes are traversed, the
//!   first cause that classifies otherwise).
//! - `retrytopic/DefaultDestinationTopicResolver.java:103, 110-112` and
//!   `listener/ExceptionClassifier.java:59-70, 225-227`: the fatal list is checked with causes
//!   traversed, always.
//!
//! Classes match by simple name only (the model knows no class hierarchy).

use super::sim::FATAL_EXCEPTIONS;

fn simple(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

fn listed(list: &[String], name: &str) -> bool {
    list.iter().any(|l| simple(l) == simple(name))
}

/// Whether a failure with this class and cause is retried by the classifier built from
/// `include` / `exclude` / `traversing_causes`.
pub fn retryable(
    include: &[String],
    exclude: &[String],
    traverse: bool,
    reason: &str,
    cause: Option<&str>,
) -> bool {
    let (list, whitelist) = if !include.is_empty() {
        (include, true)
    } else if !exclude.is_empty() {
        (exclude, false)
    } else {
        return true;
    };
    if listed(list, reason) {
        return whitelist;
    }
    if traverse && cause.is_some_and(|c| listed(list, c)) {
        return whitelist;
    }
    !whitelist
}

/// Whether the failure or its cause is one of Spring's fatal exceptions.
pub fn fatal(reason: &str, cause: Option<&str>) -> bool {
    let hit = |n: &str| FATAL_EXCEPTIONS.contains(&simple(n));
    hit(reason) || cause.is_some_and(hit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn exclude_stops_a_listed_failure_and_only_traversal_finds_it_as_a_cause() {
        let ex = v(&["com.example.NonRetryableException"]);
        assert!(!retryable(&[], &ex, false, "NonRetryableException", None));
        assert!(retryable(&[], &ex, false, "RuntimeException", Some("NonRetryableException")));
        assert!(!retryable(&[], &ex, true, "RuntimeException", Some("NonRetryableException")));
        assert!(retryable(&[], &ex, true, "TimeoutException", None));
    }

    #[test]
    fn include_retries_only_what_it_lists() {
        let inc = v(&["TimeoutException"]);
        assert!(retryable(&inc, &[], false, "TimeoutException", None));
        assert!(!retryable(&inc, &[], false, "NullPointerException", None));
        assert!(!retryable(&inc, &[], false, "ExecutionException", Some("TimeoutException")));
        assert!(retryable(&inc, &[], true, "ExecutionException", Some("TimeoutException")));
        assert!(retryable(&[], &[], false, "Anything", None));
    }

    #[test]
    fn a_fatal_exception_is_found_as_a_cause_too() {
        assert!(fatal(
            "org.springframework.kafka.support.serializer.DeserializationException",
            None
        ));
        assert!(fatal("ListenerExecutionFailedException", Some("ClassCastException")));
        assert!(!fatal("TimeoutException", None));
    }
}
