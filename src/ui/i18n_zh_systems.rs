//! Simplified Chinese texts of the strategy comparison page. System terms stay as their
//! systems spell them (maxReceiveCount, visibility timeout, @RetryableTopic, DLT,
//! next_retry_at, PENDING).

use crate::systems::trace::{Effect, Loss, SysEvent, SysEventKind, Wait};
use crate::systems::workload::{
    OperatorKind, WorkloadError, MAX_HORIZON_MS, MAX_MESSAGES, MAX_TRANSIENT_FAILURES,
};
use crate::systems::{Strategy, Takeaway};

use super::i18n::fmt_time;
use super::i18n_systems::{names, status_name, SysKey, SysTexts};

pub const ZH: SysTexts = SysTexts { text, explain, workload_error, more_rows, takeaway };

fn more_rows(n: usize) -> String {
    format!("另有 {n} 条消息未画出")
}

fn text(key: SysKey) -> &'static str {
    use SysKey::*;
    match key {
        Title => "死信策略并排对比",
        Intro => "同一份会失败的工作负载,在同一个虚拟时钟上分别经过 RabbitMQ、SQS、Kafka、BullMQ 和数据库 DLQ。修改工作负载或开关,所有策略都会重新运行。",
        OpenCompare => "与 SQS、Kafka、BullMQ 对比…",
        BackToPlayground => "返回 RabbitMQ 演练场",
        OpenFullCompare => "打开完整对比 ↗",
        Workload => "工作负载",
        WorkloadText => "工作负载与设置(JSON)",
        Apply => "重新运行",
        Idempotent => "幂等消费者",
        IdempotentHint => "消费者记录已处理的消息,遇到已处理过的就跳过:重放和重复投递都不会产生重复效果。",
        RouteDirect => "永久失败不再重试",
        RouteDirectHint => "错误数据直接进入死信位置(Kafka 的 exclude、BullMQ 的 UnrecoverableError、NonRetryableException),不做徒劳的重试。",
        Notice => "值得注意的地方",
        SideBySide => "并排对比",
        Strategy => "策略",
        Completed => "已完成",
        DeadLettered => "已进入死信",
        Lost => "丢失",
        Skipped => "已跳过",
        InFlight => "仍在重试",
        Attempts => "尝试次数",
        Duplicates => "重复",
        Reordered => "乱序",
        LatencyP50 => "延迟 p50",
        LatencyMax => "最大延迟",
        FiguresHint => "运行结束时的数值。延迟:从发布到第一次成功。乱序:晚于同一键上更晚发布的消息才被处理。",
        Lanes => "每条消息的时间线",
        Moment => "时刻",
        PickMessage => "点击某条消息所在的行,查看它经历了什么。",
        Events => "发生了什么",
        Places => "位置",
        RabbitName => "RabbitMQ(引擎)",
        RabbitAbout => "就是这个 broker 引擎。默认模式下,被拒绝的消息死信到重试队列,等待 x-message-ttl 后回来,最后一次尝试(x-death 的 count)之后由消费者存进 DLQ;设置 \"pattern\": \"quorum_delivery_limit\" 时,仲裁队列会把每次退回的消息暂扣(x-delayed-retry),超过 x-delivery-limit 后将其死信。",
        SqsName => "SQS redrive",
        SqsAbout => "处理失败的消息在 visibility timeout 结束后再次被接收;超过 maxReceiveCount 次后移入 DLQ,而 DLQ 的保留期从消息最初入队的时间算起。",
        KafkaName => "Kafka 重试主题 + DLT",
        KafkaAbout => "Spring 的 @RetryableTopic:每次失败进入下一个 back-off 更长的重试主题,最后进入 DLT;主主题继续流动,因此同一键的顺序可能被打乱。",
        BullmqName => "BullMQ",
        BullmqAbout => "按指数 back-off(delay × 2^(尝试次数−1))重试 job;最后一次尝试失败后,job 留在 failed 集合里,直到有人重试它。",
        DatabaseName => "数据库 DLQ",
        DatabaseAbout => "失败变成表中的一行(PENDING);调度器重试 next_retry_at 已到的行,最多 max_retries 次,之后变为 FAILED。运维人员用 SQL 查询、重放或跳过。",
        HybridName => "混合:DLT → 数据库",
        HybridAbout => "先经过 Kafka 重试主题;DLT 处理器把每条记录存进表中,由运维人员把选中的行重新发布到原主题。",
        PresetMixed => "多种失败",
        PresetMixedAbout => "超时、错误数据,以及两分钟后修复的 bug;第五分钟运维人员修正错误数据并全部重放。",
        PresetPoison => "一条毒消息",
        PresetPoisonAbout => "m3 的数据有误,每次尝试都失败。它最终落在哪里、要花多久、会不会挡住同一键的其他消息?",
        PresetLostReply => "丢失的响应",
        PresetLostReplyAbout => "调用其实成功了,但响应超时,于是重试又做了一遍。打开幂等消费者,重复就消失了。",
        PresetOrdering => "保持键的顺序",
        PresetOrderingAbout => "同一账户的六次更新,第二次失败两次。哪些策略仍按顺序应用它们?",
        PresetBugFix => "bug、修复、重放",
        PresetBugFixAbout => "一个 bug 让四条消息失败,直到 200 秒时部署修复;240 秒时运维人员只重放因 NullPointerException 失败的消息。",
        MarkPublished => "发布",
        MarkSucceeded => "成功",
        MarkDuplicate => "再次成功(重复)",
        MarkFailed => "尝试失败",
        MarkDeadLettered => "进入死信",
        MarkLost => "丢失",
        MarkSkipped => "跳过",
        MarkOperator => "运维操作",
        SpanWorking => "处理中",
        SpanWaiting => "等待重试",
        SpanParked => "在 DLQ / 表中",
        OperatorTitle => "以运维人员身份操作",
        OperatorHint => "操作会在当前显示的时刻写入工作负载,所有策略随之重新运行。重放把死信消息送回去;修改则先修正错误数据。",
        ActionReplay => "重放",
        ActionSkip => "跳过",
        ActionEdit => "修改 payload(修正数据)",
        SelectAll => "所有死信消息",
        SelectMessage => "消息",
        SelectReason => "失败原因",
        Note => "写入审计记录的备注",
        DoItAt => "在此时刻执行:",
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
        Loss::RetentionExpired => "保留期已结束",
        Loss::LoggedOnly => "错误只被记录在日志里",
        Loss::Removed => "失败的 job 被删除了(removeOnFail)",
        Loss::Trimmed => "被更新的失败挤出了有上限的 failed 集合(removeOnFail 的 count 或 age)",
    }
}

fn explain(e: &SysEvent, id: &str) -> String {
    let place = &e.place;
    match &e.kind {
        SysEventKind::Published => format!("{id} 被发布到 {place}。"),
        SysEventKind::Received { attempt } => {
            format!("消费者从 {place} 取走了 {id}(第 {attempt} 次尝试)。")
        }
        SysEventKind::Succeeded { attempt, effect } => match effect {
            Effect::Applied => format!("第 {attempt} 次尝试处理了 {id}。"),
            Effect::Duplicate => {
                format!("第 {attempt} 次尝试又处理了一遍 {id}:它的效果被应用了两次(重复)。")
            }
            Effect::AlreadyDone => {
                format!("第 {attempt} 次尝试:幂等消费者发现 {id} 已处理过,跳过了它。")
            }
        },
        SysEventKind::Failed { attempt, reason, permanent, effect_applied } => format!(
            "第 {attempt} 次尝试因 {reason} 失败{}{}。",
            if *permanent { "(永久失败:重试也无济于事)" } else { "" },
            if *effect_applied { ",而失败前效果已经发生" } else { "" }
        ),
        SysEventKind::Waiting { until_us, why } => {
            format!("{id} 在 {place} 中等待到 {}({})。", fmt_time(*until_us), wait(*why))
        }
        SysEventKind::Moved { from } => format!("{id} 从 {from} 移到了 {place}。"),
        SysEventKind::DeadLettered { from, reason } => {
            format!("{id} 从 {from} 进入死信位置 {place}({reason})。")
        }
        SysEventKind::Lost { why } => format!("{id} 丢失了:{}。", loss(*why)),
        SysEventKind::Status { status } => {
            format!("{place} 中 {id} 的行现在是 {}。", status_name(*status))
        }
        SysEventKind::Headers { headers } => format!(
            "{id} 带着这些消息头到达 {place}:{}。",
            headers
                .iter()
                .map(|h| format!("{}={}", h.name, h.value.replace('\n', " ")))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        SysEventKind::Operator { action, note } => {
            let what = match action {
                OperatorKind::Replay => "重放了",
                OperatorKind::Skip => "跳过了",
                OperatorKind::Edit => "修改了 payload:",
            };
            if note.is_empty() {
                format!("运维人员{what} {id}。")
            } else {
                format!("运维人员{what} {id}:“{note}”。")
            }
        }
    }
}

fn workload_error(e: &WorkloadError) -> String {
    match e {
        WorkloadError::Json { path, problem } if path.is_empty() => format!("无法读取工作负载:{problem}"),
        WorkloadError::Json { path, problem } => format!("{path}:无法读取的值:{problem}"),
        WorkloadError::NoMessages => "messages:至少加入一条消息".into(),
        WorkloadError::TooManyMessages { count } => format!("messages:{count} 条消息超过了一个工作负载最多的 {MAX_MESSAGES} 条"),
        WorkloadError::DuplicateId { id } => format!("messages:有两条消息都叫 '{id}',请给每条消息不同的 id"),
        WorkloadError::EmptyId { index } => format!("messages[{index}].id:请给这条消息起个名字"),
        WorkloadError::Horizon { horizon_ms } => format!("horizon_ms:{horizon_ms} ms 不能作为运行时长,请使用 1 到 {MAX_HORIZON_MS} ms(30 天)"),
        WorkloadError::ProcessTime { process_ms } => format!("process_ms:{process_ms} ms 不能作为处理时间,请至少 1 ms 且短于 horizon_ms"),
        WorkloadError::TooManyFailures { id, times } => format!("消息 '{id}' 的 failure.times:{times} 超过了 {MAX_TRANSIENT_FAILURES};永远不会结束的失败请写成 `permanent`"),
        WorkloadError::UnknownMessage { action, id } => format!("operator[{action}].select.message:messages 中没有名为 '{id}' 的消息"),
        WorkloadError::Setting { field, problem } => format!("{field}:无法使用的设置({problem})"),
    }
}

fn takeaway(t: &Takeaway) -> String {
    let n = |l: &[Strategy]| names(text, l, "、");
    match t {
        Takeaway::Lost { strategies, most } => {
            format!("{}:丢失了消息(最多 {most} 条),没有任何地方保留它们。", n(strategies))
        }
        Takeaway::Duplicates { strategies, most } => {
            format!("{}:把效果应用了不止一次(最多 {most} 次),消费者不是幂等的。", n(strategies))
        }
        Takeaway::Reordered { strategies, most } => {
            format!("{}:没有按顺序处理同一键的消息(最多 {most} 条)。", n(strategies))
        }
        Takeaway::Parked { strategies, most } => {
            format!("{}:死信位置里仍有消息等待运维人员处理(最多 {most} 条)。", n(strategies))
        }
        Takeaway::AllCompleted { strategies } => format!("{}:处理完了所有消息。", n(strategies)),
    }
}
