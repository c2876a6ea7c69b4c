//! The Korean catalogue: every [`Key`], fate name, event explanation and error in Korean.
//!
//! The broker's own words stay as the broker spells them (x-death, x-dead-letter-exchange,
//! rejected, expired, maxlen, delivery_limit, queue and exchange names), as Korean RabbitMQ
//! documents write them. Every `match` is exhaustive, so a new key fails the build until it
//! is translated here.

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::engine::Reason;
use crate::scenario::alerts::{AlertRule, AlertRules};
use crate::scenario::error::{Problem, SyntaxKind};
use crate::scenario::finding::Finding;
use crate::scenario::lint::LintReason;
use crate::scenario::warnings::Warning;
use crate::scenario::Lang;
use crate::viz::flight::Fate;
use crate::viz::link::LinkError;

use crate::i18n::josa::josa;

use super::i18n::{duration, exchange_or, fmt_time, source_kind, Catalogue, Key, SourceKind};

/// Korean (`ko`).
pub struct Ko;

impl Catalogue for Ko {
    fn lang(&self) -> Lang {
        Lang::Ko
    }
    fn tr(&self, key: Key) -> &'static str {
        super::i18n_labels::label_in(Lang::Ko, key)
    }

    fn fate_name(&self, fate: Fate) -> &'static str {
        match fate {
            Fate::Routed => "라우팅됨",
            Fate::Waiting => "큐에서 대기 중",
            Fate::Delivered => "컨슈머에게 전달됨",
            Fate::Acked => "ack 완료",
            Fate::Rejected => "nack / reject 됨",
            Fate::Requeued => "다시 큐로 (requeue)",
            Fate::Expired => "만료됨 (expired)",
            Fate::ExpiredWaiting => "만료됐지만 맨 앞 메시지 뒤에서 기다리는 중",
            Fate::Overflowed => "큐가 넘쳐 맨 앞에서 밀려남 (maxlen)",
            Fate::DeliveryLimit => "전달 제한 도달 (delivery_limit)",
            Fate::DeadLettered => "dead-letter 됨",
            Fate::Looping => "순환 중 (이미 거쳤던 큐로 다시 dead-letter 됨)",
            Fate::Held => "dead-lettering을 위해 붙잡아 둠",
            Fate::DroppedUnroutable => "버려짐: 라우팅 불가",
            Fate::DroppedNoDlx => "버려짐: DLX 없음",
            Fate::DroppedNoRoute => "버려짐: DLX가 아무 큐로도 라우팅하지 않음",
            Fate::DroppedCycle => "버려짐: 순환",
            Fate::Dropped => "버려짐",
        }
    }

    fn cause(&self, cause: &Cause) -> String {
        match cause {
            Cause::Client { command } => format!("클라이언트 명령 #{command}"),
            Cause::Setting { key, source } => {
                let from = match source_kind(source) {
                    SourceKind::Argument => "큐 인자".to_string(),
                    SourceKind::Policy(p) => format!("정책 {p}"),
                    SourceKind::OperatorPolicy(p) => format!("운영자 정책 {p}"),
                    SourceKind::Default => "기본값".to_string(),
                    SourceKind::ArgumentOrPolicy => "큐 인자 또는 정책".to_string(),
                    SourceKind::Other(s) => s.to_string(),
                };
                format!("{key}, {from}에서 설정")
            }
            Cause::MessageExpiration => "메시지 자체의 expiration 속성".to_string(),
            Cause::Rule { rule } => format!("브로커 규칙 {rule}"),
        }
    }

    fn explain(&self, e: &Event) -> String {
        let why = self.cause(&e.cause);
        let ex = |n: &str| exchange_or(n, self.tr(Key::DefaultExchange));
        match &e.kind {
            EventKind::Published { exchange, routing_key } => format!("{}에 라우팅 키 '{routing_key}'로 발행되었습니다", ex(exchange)),
            EventKind::Enqueued { queue, from: None } => format!("{queue}에 라우팅되었습니다"),
            EventKind::Enqueued { queue, from: Some(_) } => format!("dead-letter 되어 {queue}에 들어갔습니다. 원인: {why}"),
            EventKind::Delivered { queue, redelivered, .. } => {
                if *redelivered { format!("{queue}에서 컨슈머에게 다시 전달되었습니다 (redelivered)") } else { format!("{queue}에서 컨슈머에게 전달되었습니다") }
            }
            EventKind::Acked { queue } => format!("ack: {queue}의 컨슈머가 처리를 마쳤습니다"),
            EventKind::Requeued { queue } => format!("requeue: {queue}로 되돌아갔습니다 ({why})"),
            EventKind::RetryDelayed { queue, until_us } => {
                format!("requeue 되었지만 {queue}가 {}까지 붙잡아 둡니다 ({why})", fmt_time(until_us.as_us()))
            }
            EventKind::Died { queue, reason } => {
                let what = match reason {
                    Reason::Rejected => "컨슈머가 requeue 없이 거부했습니다 (rejected)".to_string(),
                    Reason::Expired => match &e.cause {
                        Cause::MessageExpiration => "큐 맨 앞에서 메시지 자체의 expiration 시간이 다 되었습니다 (expired)".to_string(),
                        _ => format!("큐 맨 앞에서 TTL이 지났습니다 (expired, {why})"),
                    },
                    Reason::Maxlen => format!("큐가 가득 차서 맨 앞에서 밀려났습니다 (maxlen, {why})"),
                    Reason::DeliveryLimit => format!("전달 제한이 허용하는 횟수보다 더 많이 반환되었습니다 (delivery_limit, {why})"),
                };
                format!("{queue}에서 dead letter가 되었습니다: {what}")
            }
            EventKind::DeadLettered { queue, exchange, routing_keys, targets, .. } => {
                let to = if targets.is_empty() { "받는 큐 없음".to_string() } else { targets.join(", ") };
                format!("{queue}에서 {}로 dead-letter 되었습니다. 키 [{}] → {to} ({why})", ex(exchange), routing_keys.join(", "))
            }
            EventKind::HeldForDeadLetter { queue, .. } => format!("dead-letter 경로가 다시 동작할 때까지 {queue}가 붙잡아 둡니다 (at-least-once)"),
            EventKind::Dropped(rule) => match rule {
                DropRule::Unroutable { exchange } => format!("버려짐: 라우팅 불가 — {}의 어떤 바인딩과도 맞지 않고 alternate exchange도 없습니다", ex(exchange)),
                DropRule::NoDeadLetterExchange => "버려짐: 큐에 dead-letter exchange가 없어서, dead letter가 된 메시지는 그냥 사라집니다".to_string(),
                DropRule::DeadLetterExchangeMissing { exchange } => format!("버려짐: DLX 없음 — exchange {}가 존재하지 않습니다", ex(exchange)),
                DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
                    format!("버려짐: DLX {}에 키 [{}]와 맞는 바인딩이 없습니다", ex(exchange), routing_keys.join(", "))
                }
                DropRule::Cycle { queue, path } => {
                    format!("버려짐: 순환 — 큐 {queue}가 이미 x-death에 있고, 그 뒤로 거부가 한 번도 없었습니다 (경로 {})", path.join(" → "))
                }
                DropRule::TargetRefused { queue } => format!("버려짐: at-most-once에서 {queue}{} 발행 거부(reject-publish)로 받지 않았습니다", josa(queue, "이/가")),
                DropRule::QueueGone { queue } => format!("버려짐: 메시지가 든 채로 {queue}가 purge, 삭제 또는 만료되었습니다"),
                DropRule::StrategySwitched { queue } => format!("버려짐: {queue}가 at-least-once를 그만두면서 붙잡아 둔 dead letter를 지웠습니다"),
            },
            EventKind::Confirmed { ack } => {
                if *ack { "퍼블리셔에게 확인되었습니다 (ack)".to_string() } else { "퍼블리셔에게 nack을 보냈습니다".to_string() }
            }
            EventKind::Returned { exchange, routing_key } => format!("퍼블리셔에게 반환되었습니다: {}가 '{routing_key}'를 라우팅하지 못했습니다", ex(exchange)),
            EventKind::QueueExpired { queue, messages } => {
                format!("큐 {queue}가 쓰이지 않아 만료되었습니다 (x-expires). 안에 있던 메시지 {messages}개는 dead-letter 되지 않고 사라집니다")
            }
            EventKind::QueuePurged { queue, messages } => format!("큐 {queue}를 purge 했습니다: 메시지 {messages}개 삭제"),
            EventKind::QueueDeleted { queue, messages } => format!("큐 {queue}가 메시지 {messages}개와 함께 삭제되었습니다"),
            EventKind::Log { line } => format!("브로커 로그: {line}"),
        }
    }

    fn link_problem(&self, e: &LinkError) -> String {
        match e {
            LinkError::Empty => "열 것이 없습니다".to_string(),
            LinkError::BadEncoding => "링크 안의 시나리오가 손상되었습니다".to_string(),
            LinkError::BadNumber(k) => format!("'{k}'가 숫자가 아닙니다"),
        }
    }

    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        crate::i18n::problem::not_json(self.lang(), line, column, kind, problem)
    }

    fn problem(&self, p: &Problem) -> String {
        crate::i18n::problem::problem(self.lang(), p)
    }

    fn warning(&self, w: &Warning) -> String {
        super::i18n_ko_detail::warning(w)
    }

    fn lint(&self, r: &LintReason) -> String {
        super::i18n_ko_detail::lint(r)
    }
    fn finding(&self, f: &Finding) -> String {
        crate::i18n::finding::finding(Lang::Ko, f, &|e| super::i18n::error_in(self, e))
    }

    fn at_line(&self, line: usize, text: &str) -> String {
        format!("{line}{}: {text}", self.tr(Key::ErrorLine))
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        match rule {
            AlertRule::DepthOver => format!("대기 메시지 {}개 초과", r.depth_over),
            AlertRule::NonEmptyFor => format!(
                "{} 동안 비지 않음",
                duration(r.nonempty_for_ms, ["분", "초", "ms"]).replace(' ', "")
            ),
            AlertRule::ArrivalRate => format!("한 시간 안에 {}개 이상 유입", r.arrivals_per_hour),
        }
    }
}
