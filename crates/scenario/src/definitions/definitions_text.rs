//! What the definitions checks report, as message values from the catalogues' `warn-*`,
//! `lint-*`, `subject-*` and `setting-source-*` messages: warnings ([`Warning`], what a
//! definitions file holds that is not simulated) and lints ([`LintReason`], settings that lose
//! messages). Their English `Display` (the CLI, `--json`) is this in English.

use crate::i18n::Message;
use crate::message;
use crate::scenario::definitions::lint::LintReason;
use crate::scenario::definitions::warnings::{Subject, Warning};
use crate::scenario::model::subject::{source_kind, subject, SourceKind};

/// Where a setting came from (English: as the engine writes it, `policy:NAME`).
pub fn setting_source(s: &str) -> Message {
    match source_kind(s) {
        SourceKind::Argument => message!("setting-source-argument"),
        SourceKind::Policy(p) => message!("setting-source-policy", policy = p),
        SourceKind::OperatorPolicy(p) => message!("setting-source-operator-policy", policy = p),
        SourceKind::Default => message!("setting-source-default"),
        SourceKind::ArgumentOrPolicy => message!("setting-source-argument-or-policy"),
        SourceKind::Other(s) => message!("setting-source-other", source = s),
    }
}

/// Something a definitions file holds that is not simulated.
pub fn warning(w: &Warning) -> Message {
    use Warning::*;
    match w {
        Access { key, count } => message!("warn-access", key = key, count = count),
        UnknownKey { key } => message!("warn-unknown-key", key = key),
        ExchangeType { exchange, kind } => {
            message!("warn-exchange-type", exchange = exchange, kind = kind)
        }
        ExchangeAutoDelete { exchange } => {
            message!("warn-exchange-auto-delete", exchange = exchange)
        }
        ExchangeInternal { exchange } => message!("warn-exchange-internal", exchange = exchange),
        ExchangeArgument { exchange, argument } => {
            message!("warn-exchange-argument", exchange = exchange, argument = argument)
        }
        QueueAutoDelete { queue } => message!("warn-queue-auto-delete", queue = queue),
        QueueExclusive { queue } => message!("warn-queue-exclusive", queue = queue),
        QueueArgument { queue, argument } => {
            message!("warn-queue-argument", queue = queue, argument = argument)
        }
        OperatorPolicyKey { policy, key, accepted } => {
            message!("warn-operator-policy-key", policy = policy, key = key, accepted = accepted)
        }
        PolicyKey { policy, operator: false, key } => {
            message!("warn-policy-key", policy = policy, key = key)
        }
        PolicyKey { policy, operator: true, key } => {
            message!("warn-operator-policy-key-kept", policy = policy, key = key)
        }
        Parameter { name, component } => {
            message!("warn-parameter", name = name, component = component)
        }
        OtherVhost { vhost, count, simulated } => {
            message!("warn-other-vhost", vhost = vhost, count = count, simulated = simulated)
        }
        BindingLeftOut { source, destination, routing_key } => message!(
            "warn-binding-left-out",
            source = source,
            destination = destination,
            key = routing_key
        ),
        Refused(r) => {
            // Imported scenarios call every policy `policy`, as they always have.
            let subject = match &r.subject {
                Subject::Policy { name, .. } => message!("subject-policy", name = name),
                s => subject(s),
            };
            message!("warn-refused", subject = subject, error = &r.error)
        }
    }
}

/// Why a lint fires.
pub fn lint(r: &LintReason) -> Message {
    use LintReason::*;
    match r {
        Refused(r) => {
            message!("lint-refused", subject = subject(&r.subject), error = &r.error)
        }
        DlrkWithoutDlx { key, source } => {
            message!("lint-dlrk-without-dlx", key = key, source = setting_source(source))
        }
        DlxMissing { exchange, source } => {
            message!("lint-dlx-missing", exchange = exchange, source = setting_source(source))
        }
        DlxNoBinding { exchange } => message!("lint-dlx-no-binding", exchange = exchange),
        DlxUnroutable { exchange, keys, keys_kept: false } => {
            message!("lint-dlx-unroutable", exchange = exchange, keys = keys)
        }
        DlxUnroutable { exchange, keys, keys_kept: true } => {
            message!("lint-dlx-unroutable-keys-kept", exchange = exchange, keys = keys)
        }
        AtLeastOnceWithoutRejectPublish { overflow } => {
            message!("lint-at-least-once-without-reject-publish", overflow = overflow)
        }
        QuorumNoDeliveryLimit => message!("lint-quorum-no-delivery-limit"),
        StrategyNotQuorum => message!("lint-strategy-not-quorum"),
        QuorumOnlyArgument { argument, queue_type } => {
            message!("lint-quorum-only-argument", argument = argument, queue_type = queue_type)
        }
        TtlBehindHead => message!("lint-ttl-behind-head"),
        PolicyNotApplicable { operator: false, policy, keys, queue_type } => message!(
            "lint-policy-not-applicable",
            policy = policy,
            keys = keys,
            queue_type = queue_type
        ),
        PolicyNotApplicable { operator: true, policy, keys, queue_type } => message!(
            "lint-operator-policy-not-applicable",
            policy = policy,
            keys = keys,
            queue_type = queue_type
        ),
        PolicyTie { operator: false, policies, priority } => {
            message!("lint-policy-tie", policies = policies, priority = priority)
        }
        PolicyTie { operator: true, policies, priority } => {
            message!("lint-operator-policy-tie", policies = policies, priority = priority)
        }
        DeadLetterCycle { path } => message!("lint-dead-letter-cycle", path = path),
    }
}
