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

use super::i18n::{duration, exchange_or, fmt_time, source_kind, Catalogue, Key, SourceKind};

/// Korean (`ko`).
pub struct Ko;

impl Catalogue for Ko {
    fn tr(&self, key: Key) -> &'static str {
        use Key::*;
        match key {
            AppTitle => "DLX Lab",
            Tagline => "dead-lettering 실습장: 메시지 하나하나가 어디로 가는지, 왜 그리로 가는지 눈으로 확인하세요.",
            Language => "언어",
            Preset => "시나리오",
            Profile => "브로커",
            Seed => "시드",
            Play => "재생",
            Pause => "일시정지",
            StepNext => "다음 이벤트",
            StepBack => "이전 이벤트",
            Speed => "속도",
            Time => "시간",
            Scrubber => "실행 시점 이동",
            ReducedMotion => "움직임 줄이기",
            Teaches => "배울 점:",
            Topology => "토폴로지: exchange, 큐, 그리고 그 사이의 화살표",
            Legend => "범례",
            LegendPublish => "발행(publish)",
            LegendBinding => "바인딩 (큐로 라우팅)",
            LegendDeadLetter => "dead-letter (큐에 설정된 DLX로)",
            LegendConsume => "컨슈머에게 전달",
            KindPublisher => "퍼블리셔",
            KindExchange => "익스체인지",
            KindQueue => "큐",
            KindConsumer => "컨슈머",
            Missing => "존재하지 않음",
            Dlq => "dead-letter 큐",
            Depth => "대기",
            Unacked => "미확인",
            Consumers => "컨슈머",
            Publishers => "퍼블리셔",
            DefaultExchange => "(기본 exchange)",
            NothingSelected => "선택한 것이 없습니다",
            SelectHint => "메시지(점 또는 로그 항목)를 클릭하면 헤더를, 노드를 클릭하면 설정을 볼 수 있습니다.",
            Message => "메시지",
            Properties => "속성",
            Headers => "헤더",
            HeaderName => "이름",
            HeaderValue => "값",
            HeaderType => "타입",
            XDeathAtHops => "거쳐 간 큐마다의 x-death",
            NoXDeath => "아직 x-death가 없습니다",
            Hop => "진입:",
            ChangeNew => "새 항목",
            ChangeCountUp => "count 증가",
            ChangeMoved => "항목이 맨 앞으로 이동",
            Body => "본문(body)",
            RoutingKeys => "라우팅 키",
            Exchange => "exchange 이름",
            Fate => "상태",
            EventLog => "이벤트 로그",
            FilterQueue => "큐",
            FilterMessage => "메시지 #",
            FilterFate => "상태",
            All => "전체",
            NoEvents => "아직 이벤트가 없습니다. 재생이나 다음 이벤트를 누르세요.",
            JumpTo => "이 시점으로 이동",
            DepthChart => "시간에 따른 큐 길이",
            DepthChartHint => "큐마다 대기 중인 메시지 수입니다. dead-letter 큐는 굵은 선으로 그립니다.",
            Alerts => "DLQ 알림",
            NoAlerts => "아직 알림이 없습니다. dead-letter 큐가 너무 오래 비지 않거나, 너무 많이 쌓이거나, 한 시간에 너무 많은 메시지를 받으면 알림이 뜹니다(기준값은 시나리오의 \"alerts\"에서 정합니다).",
            ActNow => "지금 조작하기",
            ActWhat => "동작",
            ActPublish => "메시지 발행",
            ActReplay => "큐 맨 앞의 메시지를 다시 발행(replay)",
            ActPurge => "큐 비우기(purge)",
            ActDo => "지금 실행",
            ActDone => "시나리오 timeline에 추가했습니다:",
            ActHint => "이 동작은 지금 시점으로 시나리오의 timeline에 기록되므로, 링크를 열거나 새로 고쳐도 똑같이 재현됩니다. 시나리오 JSON에서 고치거나 지울 수 있습니다.",
            ActNoSuchExchange => "이런 이름의 exchange가 없습니다:",
            ActNoSuchQueue => "이런 이름의 큐가 없습니다:",
            ActBadExpiration => "— 밀리초 단위의 정수여야 합니다",
            ActNoTimeline => "시나리오의 timeline이 목록이 아닙니다. 먼저 JSON을 고쳐 주세요.",
            FieldExpiration => "expiration (밀리초)",
            ActSetPolicy => "정책(policy) 설정",
            ActClearPolicy => "정책(policy) 삭제",
            ActBadDefinition => "— {\"message-ttl\": 5000} 같은 JSON 객체여야 합니다",
            ActRefused => "브로커가 거부했습니다:",
            FieldPolicyName => "정책 이름",
            FieldPattern => "패턴(정규식)",
            FieldDefinition => "정의(JSON)",
            Editor => "시나리오 JSON",
            Apply => "적용",
            ScenarioOk => "시나리오를 불러왔습니다.",
            ImportDefinitions => "RabbitMQ definitions 가져오기",
            ImportHint => "definitions 파일(rabbitmqctl export_definitions 또는 HTTP API의 /api/definitions)을 붙여 넣거나, .json 파일을 선택하거나 끌어다 놓으세요.",
            ImportButton => "가져오기",
            ChooseFile => "파일 선택 (.json)",
            ImportedTitle => "가져온 definitions",
            ImportOk => "definitions를 가져왔습니다. 토폴로지가 플레이그라운드에 표시됩니다.",
            ImportWarnings => "읽었지만 시뮬레이션하지 않는 항목",
            ImportLints => "린트 (이유 포함)",
            NoLints => "린트 없음: dead-lettering 설정에 문제가 없어 보입니다.",
            ExportTopology => "토폴로지 내보내기",
            ExportFormat => "형식",
            FormatDefinitions => "Definitions JSON (rabbitmqctl import_definitions용)",
            FormatPolicies => "rabbitmqctl set_policy 명령",
            FormatJava => "Java 코드 (amqp-client)",
            FormatAmqplib => "Node.js 코드 (amqplib)",
            FormatPika => "Python 코드 (pika)",
            CopyText => "복사",
            DownloadFile => "다운로드",
            CopiedText => "복사했습니다.",
            CopyFailed => "복사하지 못했습니다. 텍스트를 선택해 직접 복사하세요.",
            AddItem => "추가",
            AddQueue => "큐",
            AddExchange => "익스체인지",
            AddBinding => "바인딩",
            AddPolicy => "정책",
            AddPublisher => "퍼블리셔",
            AddConsumer => "컨슈머",
            FieldName => "이름 / 패턴",
            FieldExchange => "익스체인지",
            FieldQueue => "큐",
            FieldKey => "라우팅 키",
            ErrorLine => "행",
            BadLink => "이 링크를 열 수 없습니다. 보고 있던 내용은 그대로 둡니다.",
            BadSaved => "저장된 작업을 복원하지 못했습니다.",
            Stalled => "실행이 일찍 멈췄습니다: 지연 없이 끝없이 도는 순환입니다.",
            Share => "이 시점으로 가는 링크",
            FatalTitle => "버그 때문에 DLX Lab이 멈췄습니다. 페이지를 새로 고쳐 다시 시작하세요.",
            Keys => "단축키: Space 재생/일시정지 · → 다음 이벤트 · ← 이전 이벤트 · Shift+←/→ 1초 이동",
            Dismiss => "닫기",
            OpenFull => "DLX Lab에서 열기",
            InspectorTitle => "상세 보기",
            ShareEmbed => "임베드",
            EmbedSnippetHint => "이 한 줄을 웹 페이지에 붙여 넣으면 이 시나리오를 지금 시점부터 임베드할 수 있습니다:",
            TourMenu => "가이드 투어",
            TourChoose => "투어를 고르세요…",
            TourBack => "이전",
            TourNext => "다음",
            TourStep => "단계",
            TourClose => "투어 끝내기",
            Workshop => "워크숍: dead-lettering 실습 문제",
            WorkshopIntro => "문제마다 망가졌거나 빠진 설정에서 시작합니다. 시나리오를 고치고 확인을 누르면, 엔진이 실행해 보고 목표를 이뤘는지 판정합니다. 진행 상황은 이 브라우저에 저장됩니다.",
            Solved => "해결",
            BackToPlayground => "← 실습장으로",
            BackToWorkshop => "← 전체 문제",
            UnknownExercise => "이런 이름의 문제는 없습니다:",
            Check => "확인",
            CheckPassed => "해결했습니다! 목표를 이뤘습니다.",
            CheckFailed => "아직입니다:",
            RunScenario => "실행해 보기",
            ShowHint => "힌트 보기",
            RevealSolution => "정답 보기",
            SolutionShown => "정답을 편집기에 넣었습니다. 이렇게 하면 되는 이유:",
            StartOver => "처음부터 다시",
            NextExercise => "다음 문제 →",
        }
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
                DropRule::TargetRefused { queue } => format!("버려짐: at-most-once에서 {queue}가 받기를 거절했습니다 (reject-publish)"),
                DropRule::QueueGone { queue } => format!("버려짐: 메시지가 든 채로 {queue}가 purge, 삭제 또는 만료되었습니다"),
                DropRule::StrategySwitched { queue } => format!("버려짐: {queue}가 at-least-once를 그만두면서 붙잡아 둔 dead letter를 지웠습니다"),
            },
            EventKind::Confirmed { ack } => {
                if *ack { "퍼블리셔에게 확인되었습니다 (ack)".to_string() } else { "퍼블리셔에게 거절되었습니다 (nack)".to_string() }
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
        format!(
            "시나리오가 올바른 JSON이 아닙니다 ({line}행 {column}열): {}",
            super::i18n_ko_detail::syntax(kind, problem)
        )
    }

    fn problem(&self, p: &Problem) -> String {
        super::i18n_ko_detail::problem(p)
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
