//! Korean texts of the strategy comparison page. System terms stay as their systems spell
//! them (maxReceiveCount, visibility timeout, @RetryableTopic, DLT, next_retry_at, PENDING).

use crate::systems::trace::{Effect, Loss, SysEvent, SysEventKind, Wait};
use crate::systems::workload::{
    OperatorKind, WorkloadError, MAX_HORIZON_MS, MAX_MESSAGES, MAX_TRANSIENT_FAILURES,
};
use crate::systems::{Strategy, Takeaway};

use super::i18n::fmt_time;
use super::i18n_systems::{names, status_name, SysKey, SysTexts};

pub const KO: SysTexts = SysTexts { text, explain, workload_error, more_rows, takeaway };

fn more_rows(n: usize) -> String {
    format!("메시지 {n}개는 더 그리지 않았습니다")
}

fn text(key: SysKey) -> &'static str {
    use SysKey::*;
    match key {
        Title => "데드레터 전략 나란히 보기",
        Intro => "실패하는 같은 워크로드를 RabbitMQ, SQS, Kafka, BullMQ, 데이터베이스 DLQ에 같은 가상 시계로 흘려 봅니다. 워크로드나 토글을 바꾸면 모든 전략이 다시 실행됩니다.",
        OpenCompare => "SQS, Kafka, BullMQ와 비교…",
        BackToPlayground => "RabbitMQ 플레이그라운드로 돌아가기",
        OpenFullCompare => "전체 비교 열기 ↗",
        Workload => "워크로드",
        WorkloadText => "워크로드와 설정 (JSON)",
        Apply => "다시 실행",
        Idempotent => "멱등 컨슈머",
        IdempotentHint => "컨슈머가 처리한 메시지를 기록해 두고, 이미 처리한 메시지는 건너뜁니다. 재처리나 재전달이 있어도 중복이 생기지 않습니다.",
        RouteDirect => "영구 실패는 재시도 없이 보내기",
        RouteDirectHint => "잘못된 데이터는 헛된 재시도 없이 곧바로 데드레터 장소로 갑니다 (Kafka의 exclude, BullMQ의 UnrecoverableError, NonRetryableException).",
        Notice => "눈여겨볼 점",
        SideBySide => "나란히 비교",
        Strategy => "전략",
        Completed => "처리 완료",
        DeadLettered => "데드레터",
        Lost => "유실",
        Skipped => "건너뜀",
        InFlight => "재시도 중",
        Attempts => "시도 횟수",
        Duplicates => "중복",
        Reordered => "순서 뒤바뀜",
        LatencyP50 => "지연 p50",
        LatencyMax => "지연 최대",
        FiguresHint => "실행이 끝난 시점의 값입니다. 지연: 발행부터 첫 성공까지. 순서 뒤바뀜: 같은 키의 나중 메시지보다 늦게 처리된 메시지.",
        Lanes => "메시지별 타임라인",
        Moment => "시점",
        PickMessage => "메시지 행을 누르면 그 메시지에 무슨 일이 있었는지 볼 수 있습니다.",
        Events => "일어난 일",
        Places => "장소",
        RabbitName => "RabbitMQ (엔진)",
        RabbitAbout => "브로커 엔진 그대로입니다. 기본 패턴에서는 거부된 메시지가 재시도 큐로 데드레터 되어 x-message-ttl만큼 기다린 뒤 돌아오고, 마지막 시도(x-death의 count) 뒤에는 컨슈머가 DLQ에 보관합니다. \"pattern\": \"quorum_delivery_limit\"이면 쿼럼 큐가 반환된 메시지를 붙잡아 두었다가(x-delayed-retry) x-delivery-limit을 넘으면 데드레터 합니다.",
        SqsName => "SQS redrive",
        SqsAbout => "실패한 메시지는 visibility timeout이 끝나면 다시 수신됩니다. maxReceiveCount를 넘기면 DLQ로 옮겨지고, DLQ의 보존 기간은 원래 큐에 들어간 시각부터 셉니다.",
        KafkaName => "Kafka 재시도 토픽 + DLT",
        KafkaAbout => "Spring의 @RetryableTopic: 실패할 때마다 더 긴 back-off를 가진 다음 재시도 토픽으로, 마지막에는 DLT로 갑니다. 메인 토픽은 계속 흘러가므로 같은 키의 순서가 깨질 수 있습니다.",
        BullmqName => "BullMQ",
        BullmqAbout => "지수 back-off(delay × 2^(시도−1))로 job을 다시 시도합니다. 마지막 시도가 실패하면 누군가 재시도할 때까지 failed 집합에 남습니다.",
        DatabaseName => "데이터베이스 DLQ",
        DatabaseAbout => "실패는 테이블 행(PENDING)이 됩니다. 스케줄러가 next_retry_at이 지난 행을 max_retries까지 다시 시도하고, 그 뒤에는 FAILED가 됩니다. 운영자는 SQL로 조회하고 재처리하거나 건너뜁니다.",
        HybridName => "하이브리드: DLT → 데이터베이스",
        HybridAbout => "먼저 Kafka 재시도 토픽을 거칩니다. DLT 핸들러가 레코드를 테이블에 저장하고, 운영자가 고른 행을 원래 토픽으로 재발행합니다.",
        PresetMixed => "여러 가지 실패",
        PresetMixedAbout => "타임아웃, 잘못된 데이터, 2분 뒤에 고쳐지는 버그가 섞여 있습니다. 5분에 운영자가 잘못된 데이터를 고치고 전부 재처리합니다.",
        PresetPoison => "독 메시지 하나",
        PresetPoisonAbout => "m3는 데이터가 잘못되어 매번 실패합니다. 어디에 도착하는지, 얼마나 걸리는지, 같은 키의 나머지 메시지를 막는지 살펴보세요.",
        PresetLostReply => "사라진 응답",
        PresetLostReplyAbout => "호출은 성공했지만 응답이 타임아웃되어 재시도가 같은 일을 한 번 더 합니다. 멱등 컨슈머를 켜면 중복이 사라집니다.",
        PresetOrdering => "키 순서 지키기",
        PresetOrderingAbout => "한 계좌에 대한 업데이트 여섯 개 중 두 번째가 두 번 실패합니다. 어떤 전략이 여전히 순서대로 적용할까요?",
        PresetBugFix => "버그, 수정, 재처리",
        PresetBugFixAbout => "버그 때문에 메시지 네 개가 실패하다가 200초에 수정이 배포됩니다. 240초에 운영자가 NullPointerException으로 실패한 것만 재처리합니다.",
        MarkPublished => "발행",
        MarkSucceeded => "성공",
        MarkDuplicate => "다시 성공 (중복)",
        MarkFailed => "시도 실패",
        MarkDeadLettered => "데드레터",
        MarkLost => "유실",
        MarkSkipped => "건너뜀",
        MarkOperator => "운영자",
        SpanWorking => "처리 중",
        SpanWaiting => "재시도 대기",
        SpanParked => "DLQ / 테이블에 있음",
        OperatorTitle => "운영자로서 조치하기",
        OperatorHint => "지금 보이는 시점에 워크로드에 기록되고, 모든 전략이 그 조치와 함께 다시 실행됩니다. 재처리는 데드레터 메시지를 돌려보내고, 수정은 잘못된 데이터를 먼저 고칩니다.",
        ActionReplay => "재처리",
        ActionSkip => "건너뛰기",
        ActionEdit => "payload 수정 (데이터 고치기)",
        SelectAll => "데드레터 메시지 전부",
        SelectMessage => "메시지",
        SelectReason => "실패 원인",
        Note => "감사 기록에 남길 메모",
        DoItAt => "이 시점에 실행:",
    }
}

fn wait(w: Wait) -> &'static str {
    match w {
        Wait::Visibility => "visibility timeout",
        Wait::Backoff => "back-off",
        Wait::NextRetryAt => "next_retry_at",
    }
}

fn loss(l: Loss) -> &'static str {
    match l {
        Loss::RetentionExpired => "보존 기간이 끝났습니다",
        Loss::LoggedOnly => "오류가 로그로만 남았습니다",
        Loss::Removed => "실패한 job이 지워졌습니다 (removeOnFail)",
        Loss::Trimmed => "더 새로운 실패에 밀려 크기가 제한된 failed 집합에서 지워졌습니다 (removeOnFail count 또는 age)",
    }
}

fn explain(e: &SysEvent, id: &str) -> String {
    let place = &e.place;
    match &e.kind {
        SysEventKind::Published => format!("{id}이(가) {place}에 발행되었습니다."),
        SysEventKind::Received { attempt } => format!("컨슈머가 {place}에서 {id}을(를) 가져갔습니다 ({attempt}번째 시도)."),
        SysEventKind::Succeeded { attempt, effect } => match effect {
            Effect::Applied => format!("{attempt}번째 시도에서 {id}을(를) 처리했습니다."),
            Effect::Duplicate => format!("{attempt}번째 시도에서 {id}을(를) 또 처리했습니다. 효과가 두 번 적용되었습니다 (중복)."),
            Effect::AlreadyDone => format!("{attempt}번째 시도: 멱등 컨슈머가 {id}이(가) 이미 처리된 것을 보고 건너뛰었습니다."),
        },
        SysEventKind::Failed { attempt, reason, permanent, effect_applied } => format!(
            "{attempt}번째 시도가 {reason}(으)로 실패했습니다{}{}.",
            if *permanent { " (영구 실패: 재시도해도 소용없습니다)" } else { "" },
            if *effect_applied { ". 실패하기 전에 효과는 이미 적용되었습니다" } else { "" }
        ),
        SysEventKind::Waiting { until_us, why } => format!("{id}은(는) {place}에서 {}까지 기다립니다 ({}).", fmt_time(*until_us), wait(*why)),
        SysEventKind::Moved { from } => format!("{id}이(가) {from}에서 {place}(으)로 옮겨졌습니다."),
        SysEventKind::DeadLettered { from, reason } => format!("{id}이(가) {from}에서 {place}(으)로 데드레터 되었습니다 ({reason})."),
        SysEventKind::Lost { why } => format!("{id}은(는) 유실되었습니다: {}.", loss(*why)),
        SysEventKind::Status { status } => format!("{place}에 있는 {id}의 행이 이제 {}입니다.", status_name(*status)),
        SysEventKind::Headers { headers } => format!("{id}이(가) 다음 헤더를 달고 {place}에 도착했습니다: {}.", headers.iter().map(|h| format!("{}={}", h.name, h.value.replace('\n', " "))).collect::<Vec<_>>().join(", ")),
        SysEventKind::Operator { action, note } => {
            let what = match action {
                OperatorKind::Replay => "재처리했습니다",
                OperatorKind::Skip => "건너뛰었습니다",
                OperatorKind::Edit => "payload를 고쳤습니다",
            };
            if note.is_empty() {
                format!("운영자가 {id}을(를) {what}.")
            } else {
                format!("운영자가 {id}을(를) {what}: “{note}”.")
            }
        }
    }
}

fn workload_error(e: &WorkloadError) -> String {
    match e {
        WorkloadError::Json { path, problem } if path.is_empty() => format!("워크로드를 읽을 수 없습니다: {problem}"),
        WorkloadError::Json { path, problem } => format!("{path}: 읽을 수 없는 값입니다: {problem}"),
        WorkloadError::NoMessages => "messages: 메시지를 하나 이상 넣으세요".into(),
        WorkloadError::TooManyMessages { count } => format!("messages: 메시지 {count}개는 한 워크로드에 넣을 수 있는 {MAX_MESSAGES}개보다 많습니다"),
        WorkloadError::DuplicateId { id } => format!("messages: '{id}'라는 메시지가 둘 있습니다. 메시지마다 다른 id를 주세요"),
        WorkloadError::EmptyId { index } => format!("messages[{index}].id: 메시지에 이름을 주세요"),
        WorkloadError::Horizon { horizon_ms } => format!("horizon_ms: {horizon_ms} ms는 실행 길이로 쓸 수 없습니다. 1부터 {MAX_HORIZON_MS} ms(30일)까지 쓰세요"),
        WorkloadError::ProcessTime { process_ms } => format!("process_ms: {process_ms} ms는 처리 시간으로 쓸 수 없습니다. 1 ms 이상, horizon_ms보다 짧게 쓰세요"),
        WorkloadError::TooManyFailures { id, times } => format!("메시지 '{id}'의 failure.times: {times}은(는) {MAX_TRANSIENT_FAILURES}보다 많습니다. 끝나지 않는 실패는 `permanent`로 쓰세요"),
        WorkloadError::UnknownMessage { action, id } => format!("operator[{action}].select.message: messages에 '{id}'라는 메시지가 없습니다"),
        WorkloadError::Setting { field, problem } => format!("{field}: 쓸 수 없는 설정입니다 ({problem})"),
    }
}

fn takeaway(t: &Takeaway) -> String {
    let n = |l: &[Strategy]| names(text, l, ", ");
    match t {
        Takeaway::Lost { strategies, most } => format!(
            "{}: 메시지를 잃었습니다 (최대 {most}개). 아무 곳에도 남지 않습니다.",
            n(strategies)
        ),
        Takeaway::Duplicates { strategies, most } => format!(
            "{}: 효과를 두 번 이상 적용했습니다 (최대 {most}번). 컨슈머가 멱등하지 않습니다.",
            n(strategies)
        ),
        Takeaway::Reordered { strategies, most } => format!(
            "{}: 같은 키의 메시지를 순서와 다르게 처리했습니다 (최대 {most}개).",
            n(strategies)
        ),
        Takeaway::Parked { strategies, most } => format!(
            "{}: 데드레터 장소에 메시지가 남아 운영자를 기다립니다 (최대 {most}개).",
            n(strategies)
        ),
        Takeaway::AllCompleted { strategies } => {
            format!("{}: 모든 메시지를 처리했습니다.", n(strategies))
        }
    }
}
