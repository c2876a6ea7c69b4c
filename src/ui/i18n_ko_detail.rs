//! Korean text of what the checks report: scenario validation errors ([`Problem`], JSON
//! syntax), definitions-file warnings ([`Warning`]) and lints ([`LintReason`]).
//!
//! Broker terms stay as the broker spells them (x-dead-letter-exchange, x-message-ttl,
//! reject-publish, at-least-once, JSON field names). Every `match` is exhaustive, so a new
//! message kind fails the build until it is written here.

use crate::engine::headers::{HeaderProblem, MAX_NESTING};
use crate::scenario::error::{Builtin, Decode, DecodeKind, Problem, SyntaxKind};
use crate::scenario::lint::LintReason;
use crate::scenario::problem::{seconds_number, BEHAVIOUR_KINDS, PATCH_OPS};
use crate::scenario::warnings::{Subject, Warning};

use super::i18n::{source_kind, SourceKind};

fn decode(d: &Decode) -> String {
    match &d.kind {
        DecodeKind::UnknownVariant { value, expected } => {
            format!("알 수 없는 값 `{value}` (쓸 수 있는 값: {expected})")
        }
        DecodeKind::UnknownField { value, expected } => {
            format!("알 수 없는 필드 `{value}` (쓸 수 있는 필드: {expected})")
        }
        DecodeKind::MissingField { name } => format!("필요한 필드가 없습니다: `{name}`"),
        DecodeKind::InvalidType { found, expected } => {
            format!("타입이 맞지 않습니다 (필요한 것: {expected}, 지금 값: {found})")
        }
        DecodeKind::Other => format!("값을 읽을 수 없습니다: {}", d.text),
    }
}

/// What is wrong with a field.
pub fn problem(p: &Problem) -> String {
    use Problem::*;
    match p {
        NotObject => "객체(JSON object)여야 합니다".into(),
        NotString => "문자열이어야 합니다".into(),
        MissingString => "값이 없습니다 (문자열이 필요합니다)".into(),
        NotUnsigned { value } => {
            format!("0 이상 {} 이하의 정수여야 합니다. 지금 값: {value}", u64::MAX)
        }
        MissingNumber => "값이 없습니다 (정수가 필요합니다)".into(),
        NotInteger { value } => format!("정수여야 합니다. 지금 값: {value}"),
        NotBool => "true 또는 false여야 합니다".into(),
        NotStringList => "문자열 목록이어야 합니다".into(),
        NotList => "목록(JSON 배열)이어야 합니다".into(),
        OutOfRange { max } => format!("0 이상 {max} 이하의 정수여야 합니다"),
        NotTimestamp => "1970년부터 센 초 단위의 정수여야 합니다".into(),
        Header(HeaderProblem::TooDeep) => format!("{MAX_NESTING}단계보다 깊게 중첩되어 있습니다"),
        Header(HeaderProblem::BadTimestamp) => {
            "timestamp는 0 이상의 초 단위 정수여야 합니다".into()
        }
        Header(HeaderProblem::NotTable) => "헤더 이름과 값으로 된 객체여야 합니다".into(),
        Missing => "값이 없습니다".into(),
        Empty => "비어 있으면 안 됩니다".into(),
        Unreadable(d) => decode(d),
        UnknownKey { known } => format!("알 수 없는 필드입니다 (쓸 수 있는 필드: {known})"),
        Version { version, supported } => {
            format!("지원하지 않는 버전입니다: {version} (이 빌드가 읽는 버전: {supported})")
        }
        UnknownProfile { name } => {
            format!("알 수 없는 프로필 '{name}': rabbitmq-3.10, rabbitmq-4 중 하나를 쓰세요")
        }
        Duration { max } => format!("1 이상 {max} 이하(하루)여야 합니다"),
        Behaviour(d) => format!("{} (kind에 쓸 수 있는 값: {BEHAVIOUR_KINDS})", decode(d)),
        PrefetchTooBig => format!("{} 이하여야 합니다", u32::MAX),
        Refused { error } => format!("브로커가 거부했습니다: {error}"),
        RunTooBig { limit, at_ms } => format!(
            "실행이 {}초 시점에 이미 이벤트 {limit}개를 넘깁니다. 플레이그라운드의 한도입니다. duration_ms를 줄이거나 메시지를 덜 발행하세요(publisher의 count 또는 every_ms).",
            seconds_number(*at_ms)
        ),
        NoSuch { what, id } => {
            let what = match what {
                Builtin::Preset => "시나리오",
                Builtin::Tour => "가이드 투어",
                Builtin::Exercise => "연습 문제",
            };
            format!("이름이 '{id}'인 {what}가 없습니다")
        }
        MissingSteps => "값이 없습니다 (steps 목록이 필요합니다)".into(),
        UnknownOp { op } => format!("알 수 없는 op '{op}' (op 목록은 conformance README를 보세요)"),
        NoRoutingKeys => "라우팅 키를 하나 이상 적어야 합니다".into(),
        NotTranslations => "번역한 텍스트로 된 객체여야 합니다".into(),
        NotText => "문자열이나 문자열 목록이어야 합니다".into(),
        NotTranslatable { texts } => {
            format!("번역할 수 있는 텍스트가 아닙니다 (번역할 수 있는 텍스트: {texts})")
        }
        NotLanguageMap => "언어(ko, zh-CN)를 키로 하는 객체여야 합니다".into(),
        EnglishTranslation => "영어는 원문 그 자체라서 번역으로 적지 않습니다".into(),
        LanguageCode { code } => format!("언어 코드를 이렇게 적으세요: {code}"),
        NotStepList => "단계(step) 목록이어야 합니다".into(),
        FocusOne => "node, lineage, event 중 정확히 하나만 적어야 합니다".into(),
        NotNode { name } => format!("'{name}': 이 시나리오에 없는 큐 또는 exchange입니다"),
        NotQueue { name } => format!("'{name}': 이 시나리오에 없는 큐입니다"),
        LineageZero => "발행(publish) 번호는 1부터 셉니다".into(),
        NoEventKind => "이벤트 종류를 적어야 합니다".into(),
        AfterEnd { at_ms, end_ms } => {
            format!("{at_ms} ms는 시나리오가 끝난 뒤입니다 (끝: {end_ms} ms)")
        }
        BeforePrevious { at_ms, previous_ms } => {
            format!("{at_ms} ms는 앞 단계({previous_ms} ms)보다 이릅니다")
        }
        BadId => "영어 소문자, 숫자, 대시(-)만 쓸 수 있습니다 (링크에 들어갑니다)".into(),
        MissingStart => "값이 없습니다 (시작 시나리오가 필요합니다)".into(),
        HintCount => "힌트는 한 개에서 세 개까지여야 합니다".into(),
        SolutionShape => {
            "patch(시작 시나리오에 적용할 JSON patch)와 scenario 중 하나만 있어야 합니다".into()
        }
        NotPatchList => "patch 연산 목록이어야 합니다".into(),
        NotPointer => "/로 시작하는 JSON pointer여야 합니다".into(),
        UnknownPatchOp { op } => format!("'{op}': {PATCH_OPS} 중 하나여야 합니다"),
        Patch { detail } => {
            format!("solution patch를 시작 시나리오에 적용할 수 없습니다: {detail}")
        }
        GoalNotObject => "{\"all\": [...]} 같은 객체여야 합니다".into(),
        GoalKeys { keys } => {
            format!("검사 이름이 되는 키가 정확히 하나여야 합니다. 지금 키: [{keys}]")
        }
        GoalNoCheck => "검사 이름을 적어야 합니다".into(),
        NotGoalList => "goal 목록이어야 합니다".into(),
        SpacingCount { listed, retries } => {
            format!("대기 시간을 {listed}개 적었는데 retries는 {retries}입니다")
        }
        DeliveriesRetries => "둘 다 적을 때는 deliveries가 retries + 1이어야 합니다".into(),
        LostFalse => "true 또는 {\"except\": [drop 규칙]}이어야 합니다".into(),
        NeedsCount => "equals, at_least, at_most 중 하나가 필요합니다".into(),
        MissingPolicyKeys => "값이 없습니다 (정책 키로 된 객체가 필요합니다)".into(),
        NotPair => "[키, 값] 쌍이어야 합니다".into(),
        NotPolicyKeys => "정책 키로 된 객체여야 합니다".into(),
        TypeMismatch { declared, argument } => {
            format!("type은 '{declared}'인데 arguments[\"x-queue-type\"]은 '{argument}'입니다")
        }
        DestinationType { value } => {
            format!("\"queue\" 또는 \"exchange\"여야 합니다. 지금 값: \"{value}\"")
        }
    }
}

/// What kind of JSON mistake it is (`problem` is serde_json's English, for the rare other kinds).
pub fn syntax(kind: SyntaxKind, problem: &str) -> String {
    match kind {
        SyntaxKind::Eof => "JSON이 중간에 끝났습니다 (닫는 } 나 ]가 빠졌는지 보세요)".into(),
        SyntaxKind::ExpectedValue => {
            "여기에는 값이 와야 합니다 (문자열은 큰따옴표로 감쌉니다)".into()
        }
        SyntaxKind::ExpectedCommaOrBrace => "여기에는 `,` 또는 `}`가 와야 합니다".into(),
        SyntaxKind::ExpectedCommaOrBracket => "여기에는 `,` 또는 `]`가 와야 합니다".into(),
        SyntaxKind::ExpectedColon => "키 뒤에는 `:`가 와야 합니다".into(),
        SyntaxKind::TrailingComma => "} 나 ] 앞에 쉼표가 남아 있습니다".into(),
        SyntaxKind::KeyNotString => "객체의 키는 큰따옴표로 감싼 문자열이어야 합니다".into(),
        SyntaxKind::TrailingCharacters => "JSON 값이 끝난 뒤에 글자가 더 있습니다".into(),
        SyntaxKind::BadNumber => "숫자가 잘못되었거나 너무 큽니다".into(),
        SyntaxKind::BadString => "문자열 안에 쓸 수 없는 문자나 이스케이프가 있습니다".into(),
        SyntaxKind::TooDeep => "너무 깊게 중첩되어 있습니다".into(),
        SyntaxKind::Other => format!("JSON을 읽을 수 없습니다: {problem}"),
    }
}

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
