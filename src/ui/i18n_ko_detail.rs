//! Korean text of what the definitions checks report: warnings ([`Warning`]) and lints
//! ([`LintReason`]). (Scenario validation errors are data: `crate::i18n::problem`.)
//!
//! Broker terms stay as the broker spells them (x-dead-letter-exchange, x-message-ttl,
//! reject-publish, at-least-once, JSON field names). Every `match` is exhaustive, so a new
//! message kind fails the build until it is written here.

use crate::scenario::lint::LintReason;
use crate::scenario::warnings::{Subject, Warning};

use super::i18n::{source_kind, SourceKind};

fn policy(operator: bool) -> &'static str {
    if operator {
        "운영자 정책"
    } else {
        "정책"
    }
}

fn subject(s: &Subject) -> String {
    match s {
        Subject::Exchange(n) => format!("exchange '{n}'"),
        Subject::Queue(n) => format!("큐 '{n}'"),
        Subject::Binding { source, destination, routing_key } => {
            format!("바인딩 {source} -> {destination} ('{routing_key}')")
        }
        Subject::Policy { name, operator } => format!("{} '{name}'", policy(*operator)),
    }
}

fn source(s: &str) -> String {
    match source_kind(s) {
        SourceKind::Argument => "큐 인자".into(),
        SourceKind::Policy(p) => format!("정책 {p}"),
        SourceKind::OperatorPolicy(p) => format!("운영자 정책 {p}"),
        SourceKind::Default => "기본값".into(),
        SourceKind::ArgumentOrPolicy => "큐 인자 또는 정책".into(),
        SourceKind::Other(s) => s.into(),
    }
}

/// Something a definitions file holds that is not simulated.
pub fn warning(w: &Warning) -> String {
    use Warning::*;
    match w {
        Access { key, count } => format!("'{key}' (항목 {count}개): 시뮬레이션하지 않습니다. 사용자, 가상 호스트, 권한은 dead-lettering에 영향을 주지 않습니다"),
        UnknownKey { key } => format!("'{key}': 알 수 없는 최상위 키라서 시뮬레이션하지 않습니다"),
        ExchangeType { exchange, kind } => format!("exchange '{exchange}': '{kind}' 타입은 시뮬레이션하지 않으므로 이 exchange와 여기서 나가는 바인딩은 빠집니다"),
        ExchangeAutoDelete { exchange } => format!("exchange '{exchange}': auto_delete는 시뮬레이션하지 않습니다 (exchange는 그대로 남습니다)"),
        ExchangeInternal { exchange } => format!("exchange '{exchange}': internal은 시뮬레이션하지 않습니다 (여기서는 클라이언트가 이 exchange로 발행할 수 있습니다)"),
        ExchangeArgument { exchange, argument } => format!("exchange '{exchange}': '{argument}' 인자는 시뮬레이션하지 않습니다"),
        QueueAutoDelete { queue } => format!("큐 '{queue}': auto_delete는 시뮬레이션하지 않습니다 (컨슈머가 없어도 큐가 남습니다)"),
        QueueExclusive { queue } => format!("큐 '{queue}': exclusive는 시뮬레이션하지 않습니다"),
        QueueArgument { queue, argument } => format!("큐 '{queue}': '{argument}' 인자는 시뮬레이션하지 않습니다 (내보내기용으로 보관합니다)"),
        OperatorPolicyKey { policy, key, accepted } => {
            format!("운영자 정책 '{policy}': '{key}' 키는 운영자 정책에서 브로커가 거부합니다 (받는 키: {accepted})")
        }
        PolicyKey { policy: name, operator, key } => format!(
            "{} '{name}': '{key}' 키는 시뮬레이션하지 않습니다 (내보내기용으로 보관하며, 정책이 어떤 큐 타입에 적용되는지는 여전히 이 키로 정해집니다)",
            policy(*operator)
        ),
        Parameter { name, component } => format!("'{component}' 컴포넌트의 '{name}' 파라미터는 시뮬레이션하지 않습니다"),
        OtherVhost { vhost, count, simulated } => {
            format!("가상 호스트 '{vhost}'의 항목 {count}개는 빠집니다: 가상 호스트는 하나('{simulated}')만 시뮬레이션합니다")
        }
        BindingLeftOut { source, destination, routing_key } => format!("바인딩 {source} -> {destination} ('{routing_key}'): exchange와 함께 빠집니다"),
        Refused(r) => format!("{}: 브로커가 거부하므로 빠집니다: {}", subject(&r.subject), r.error),
    }
}

/// Why a lint fires.
pub fn lint(r: &LintReason) -> String {
    use LintReason::*;
    match r {
        Refused(r) => format!("브로커가 이 선언을 거부합니다: {}: {}", subject(&r.subject), r.error),
        DlrkWithoutDlx { key, source: s } => format!(
            "dead-letter routing key '{key}'({})가 설정되어 있지만 dead-letter exchange가 없습니다: 아무것도 dead-letter 되지 않습니다 (큐 인자로 주면 브로커가 406으로 거부합니다)",
            source(s)
        ),
        DlxMissing { exchange, source: s } => format!(
            "dead-letter exchange '{exchange}'({})가 존재하지 않습니다: 브로커는 dead letter를 모두 조용히 버립니다 (오류도, 로그 한 줄도 없습니다)",
            source(s)
        ),
        DlxNoBinding { exchange } => format!("dead-letter exchange '{exchange}'에 바인딩이 없습니다: dead letter가 모두 조용히 버려집니다"),
        DlxUnroutable { exchange, keys, keys_kept } => format!(
            "dead-letter exchange '{exchange}'의 어떤 바인딩도 dead letter의 라우팅 키({keys})와 맞지 않습니다: 조용히 버려집니다{}",
            if *keys_kept { ". dead-letter routing key가 없으면 dead letter는 발행될 때의 키를 그대로 가집니다" } else { "" }
        ),
        AtLeastOnceWithoutRejectPublish { overflow } => format!(
            "dead-letter-strategy at-least-once에는 overflow reject-publish가 필요합니다. {overflow}에서는 브로커가 at-most-once로 되돌아갑니다 (로그에 'Falling back'이 남습니다)"
        ),
        QuorumNoDeliveryLimit => "3.x에서는 따로 정하지 않으면 쿼럼 큐에 delivery limit이 없습니다: 계속 requeue 되는 메시지(poison message)는 끝없이 다시 전달됩니다. x-delivery-limit 인자나 delivery-limit 정책을 설정하세요 (4.x의 기본값은 20)".into(),
        StrategyNotQuorum => "x-dead-letter-strategy는 쿼럼 큐에만 영향을 줍니다. 이 큐는 at-most-once로 dead-letter 합니다".into(),
        TtlBehindHead => "큐 TTL이 없습니다: 퍼블리셔가 메시지별 TTL(expiration)을 주면 메시지는 큐 맨 앞에 와서야 만료됩니다. 그래서 수명이 짧은 메시지가 긴 메시지 뒤에서 기다리다 늦게 dead-letter 됩니다. 지연에는 큐마다 TTL 하나(x-message-ttl)를 쓰세요".into(),
        PolicyNotApplicable { operator, policy: name, keys, queue_type } => format!(
            "{} '{name}'이(가) 이 큐 이름과 맞지만 {queue_type} 큐가 지원하지 않는 {keys}를 담고 있어서, 브로커는 이 큐에 그 정책을 하나도 적용하지 않습니다",
            policy(*operator)
        ),
        PolicyTie { operator, policies, priority } => format!(
            "{} {policies}가 모두 우선순위 {priority}로 맞습니다: 하나만 적용되는데 어느 것인지 브로커가 정하지 않습니다. 우선순위를 서로 다르게 주세요",
            policy(*operator)
        ),
        DeadLetterCycle { path } => format!(
            "dead letter가 {path}로 돌고, 그동안 어떤 컨슈머도 거부하지 않습니다 (매번 TTL 또는 max-length): 브로커가 순환을 감지해 메시지를 조용히 버립니다 (로그 한 줄: 'Dead-letter queues cycle detected'). 순환 안 어디에서든 거부(reject)가 한 번 있으면 메시지는 살아남습니다"
        ),
    }
}
