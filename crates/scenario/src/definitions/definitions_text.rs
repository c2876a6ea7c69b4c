//! What the definitions checks report, in any language, from the catalogues' `warn-*`,
//! `lint-*`, `subject-*` and `setting-source-*` messages: warnings ([`Warning`], what a
//! definitions file holds that is not simulated) and lints ([`LintReason`], settings that lose
//! messages). Their English `Display` (the CLI, `--json`) is this in English.

use crate::msg;
use crate::scenario::definitions::lint::LintReason;
use crate::scenario::definitions::warnings::{Subject, Warning};
use crate::scenario::model::subject::{source_kind, subject, SourceKind};
use crate::scenario::Lang;

/// Where a setting came from (English: as the engine writes it, `policy:NAME`).
pub fn setting_source(lang: Lang, s: &str) -> String {
    match source_kind(s) {
        SourceKind::Argument => msg!(lang, "setting-source-argument"),
        SourceKind::Policy(p) => msg!(lang, "setting-source-policy", policy = p),
        SourceKind::OperatorPolicy(p) => msg!(lang, "setting-source-operator-policy", policy = p),
        SourceKind::Default => msg!(lang, "setting-source-default"),
        SourceKind::ArgumentOrPolicy => msg!(lang, "setting-source-argument-or-policy"),
        SourceKind::Other(s) => msg!(lang, "setting-source-other", source = s),
    }
}

/// Something a definitions file holds that is not simulated.
pub fn warning(lang: Lang, w: &Warning) -> String {
    use Warning::*;
    match w {
        Access { key, count } => msg!(lang, "warn-access", key = key, count = count),
        UnknownKey { key } => msg!(lang, "warn-unknown-key", key = key),
        ExchangeType { exchange, kind } => {
            msg!(lang, "warn-exchange-type", exchange = exchange, kind = kind)
        }
        ExchangeAutoDelete { exchange } => {
            msg!(lang, "warn-exchange-auto-delete", exchange = exchange)
        }
        ExchangeInternal { exchange } => msg!(lang, "warn-exchange-internal", exchange = exchange),
        ExchangeArgument { exchange, argument } => {
            msg!(lang, "warn-exchange-argument", exchange = exchange, argument = argument)
        }
        QueueAutoDelete { queue } => msg!(lang, "warn-queue-auto-delete", queue = queue),
        QueueExclusive { queue } => msg!(lang, "warn-queue-exclusive", queue = queue),
        QueueArgument { queue, argument } => {
            msg!(lang, "warn-queue-argument", queue = queue, argument = argument)
        }
        OperatorPolicyKey { policy, key, accepted } => {
            msg!(lang, "warn-operator-policy-key", policy = policy, key = key, accepted = accepted)
        }
        PolicyKey { policy, operator: false, key } => {
            msg!(lang, "warn-policy-key", policy = policy, key = key)
        }
        PolicyKey { policy, operator: true, key } => {
            msg!(lang, "warn-operator-policy-key-kept", policy = policy, key = key)
        }
        Parameter { name, component } => {
            msg!(lang, "warn-parameter", name = name, component = component)
        }
        OtherVhost { vhost, count, simulated } => {
            msg!(lang, "warn-other-vhost", vhost = vhost, count = count, simulated = simulated)
        }
        BindingLeftOut { source, destination, routing_key } => msg!(
            lang,
            "warn-binding-left-out",
            source = source,
            destination = destination,
            key = routing_key
        ),
        Refused(r) => {
            // Imported scenarios call every policy `policy`, as they always have.
            let subject = match &r.subject {
                Subject::Policy { name, .. } => msg!(lang, "subject-policy", name = name),
                s => subject(lang, s),
            };
            msg!(lang, "warn-refused", subject = subject, error = r.error)
        }
    }
}

/// Why a lint fires.
pub fn lint(lang: Lang, r: &LintReason) -> String {
    use LintReason::*;
    match r {
        Refused(r) => {
            msg!(lang, "lint-refused", subject = subject(lang, &r.subject), error = r.error)
        }
        DlrkWithoutDlx { key, source } => {
            msg!(lang, "lint-dlrk-without-dlx", key = key, source = setting_source(lang, source))
        }
        DlxMissing { exchange, source } => msg!(
            lang,
            "lint-dlx-missing",
            exchange = exchange,
            source = setting_source(lang, source)
        ),
        DlxNoBinding { exchange } => msg!(lang, "lint-dlx-no-binding", exchange = exchange),
        DlxUnroutable { exchange, keys, keys_kept: false } => {
            msg!(lang, "lint-dlx-unroutable", exchange = exchange, keys = keys)
        }
        DlxUnroutable { exchange, keys, keys_kept: true } => {
            msg!(lang, "lint-dlx-unroutable-keys-kept", exchange = exchange, keys = keys)
        }
        AtLeastOnceWithoutRejectPublish { overflow } => {
            msg!(lang, "lint-at-least-once-without-reject-publish", overflow = overflow)
        }
        QuorumNoDeliveryLimit => msg!(lang, "lint-quorum-no-delivery-limit"),
        StrategyNotQuorum => msg!(lang, "lint-strategy-not-quorum"),
        QuorumOnlyArgument { argument, queue_type } => {
            msg!(lang, "lint-quorum-only-argument", argument = argument, queue_type = queue_type)
        }
        TtlBehindHead => msg!(lang, "lint-ttl-behind-head"),
        PolicyNotApplicable { operator: false, policy, keys, queue_type } => msg!(
            lang,
            "lint-policy-not-applicable",
            policy = policy,
            keys = keys,
            queue_type = queue_type
        ),
        PolicyNotApplicable { operator: true, policy, keys, queue_type } => msg!(
            lang,
            "lint-operator-policy-not-applicable",
            policy = policy,
            keys = keys,
            queue_type = queue_type
        ),
        PolicyTie { operator: false, policies, priority } => {
            msg!(lang, "lint-policy-tie", policies = policies, priority = priority)
        }
        PolicyTie { operator: true, policies, priority } => {
            msg!(lang, "lint-operator-policy-tie", policies = policies, priority = priority)
        }
        DeadLetterCycle { path } => msg!(lang, "lint-dead-letter-cycle", path = path),
    }
}
