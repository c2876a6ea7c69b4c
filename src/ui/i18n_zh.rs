//! The Simplified Chinese catalogue: every [`Key`], fate name, event explanation and error in
//! Simplified Chinese (`zh-CN`).
//!
//! The broker's own words stay as the broker spells them (x-death, x-dead-letter-exchange,
//! rejected, expired, maxlen, delivery_limit, queue and exchange names), as Chinese RabbitMQ
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

/// Simplified Chinese (`zh-CN`).
pub struct ZhCn;

impl Catalogue for ZhCn {
    fn tr(&self, key: Key) -> &'static str {
        use Key::*;
        match key {
            AppTitle => "DLX Lab",
            Tagline => "死信实验场：看清每一条消息去了哪里，以及为什么。",
            Language => "语言",
            Preset => "场景",
            Profile => "Broker 版本",
            Seed => "随机种子",
            Play => "播放",
            Pause => "暂停",
            StepNext => "下一个事件",
            StepBack => "上一个事件",
            Speed => "速度",
            Time => "时间",
            Scrubber => "拖动到运行中的任意时刻",
            ReducedMotion => "减少动画",
            Teaches => "要点：",
            Topology => "拓扑：交换机、队列以及它们之间的箭头",
            Legend => "图例",
            LegendPublish => "发布（publish）",
            LegendBinding => "绑定（路由到队列）",
            LegendDeadLetter => "死信（发往队列配置的 DLX）",
            LegendConsume => "投递给消费者",
            KindPublisher => "发布者",
            KindExchange => "交换机",
            KindQueue => "队列",
            KindConsumer => "消费者",
            Missing => "不存在",
            Dlq => "死信队列",
            Depth => "就绪",
            Unacked => "未确认",
            Consumers => "消费者",
            Publishers => "发布者",
            DefaultExchange => "（默认交换机）",
            NothingSelected => "未选中任何对象",
            SelectHint => "点击一条消息（圆点或日志中的一项）查看它的消息头；点击一个节点查看它的设置。",
            Message => "消息",
            Properties => "属性",
            Headers => "消息头",
            HeaderName => "名称",
            HeaderValue => "值",
            HeaderType => "类型",
            XDeathAtHops => "每一跳的 x-death",
            NoXDeath => "还没有 x-death",
            Hop => "进入",
            ChangeNew => "新条目",
            ChangeCountUp => "count 加一",
            ChangeMoved => "条目移到最前",
            Body => "消息体（body）",
            RoutingKeys => "路由键",
            Exchange => "交换机",
            Fate => "状态",
            EventLog => "事件日志",
            FilterQueue => "队列",
            FilterMessage => "消息 #",
            FilterFate => "状态",
            All => "全部",
            NoEvents => "还没有事件：请点击“播放”或“下一个事件”。",
            JumpTo => "跳到这一时刻",
            DepthChart => "队列长度随时间的变化",
            DepthChartHint => "每个队列中就绪的消息数；死信队列用粗线表示。",
            Alerts => "DLQ 告警",
            NoAlerts => "目前还没有告警。死信队列长时间不为空、积压过多，或一小时内进入的消息过多时，就会告警（阈值在场景的 \"alerts\" 中设置）。",
            ActNow => "立即操作",
            ActWhat => "操作",
            ActPublish => "发布一条消息",
            ActReplay => "重放队列头部的消息（重新发布）",
            ActPurge => "清空队列（purge）",
            ActDo => "立即执行",
            ActDone => "已加入场景的 timeline，时间点：",
            ActHint => "该操作会按当前时刻写入场景的 timeline，打开链接或刷新页面时会原样重现；可以在场景 JSON 中修改或删除。",
            ActNoSuchExchange => "没有这个名称的 exchange：",
            ActNoSuchQueue => "没有这个名称的队列：",
            ActBadExpiration => "— 必须是以毫秒为单位的整数",
            ActNoTimeline => "场景的 timeline 不是列表，请先在 JSON 中修正。",
            FieldExpiration => "expiration（毫秒）",
            ActSetPolicy => "设置策略（policy）",
            ActClearPolicy => "删除策略（policy）",
            ActBadDefinition => "— 必须是 JSON 对象，例如 {\"message-ttl\": 5000}",
            ActRefused => "Broker 拒绝了这个操作：",
            FieldPolicyName => "策略名称",
            FieldPattern => "匹配模式（正则）",
            FieldDefinition => "定义（JSON）",
            Editor => "场景 JSON",
            Apply => "应用",
            ScenarioOk => "场景已加载。",
            ImportDefinitions => "导入 RabbitMQ definitions",
            ImportHint => "粘贴 definitions 文件（rabbitmqctl export_definitions 或 HTTP API 的 /api/definitions），或选择、拖放一个 .json 文件。",
            ImportButton => "导入",
            ChooseFile => "选择文件 (.json)",
            ImportedTitle => "导入的 definitions",
            ImportOk => "definitions 已导入：拓扑已载入演练场。",
            ImportWarnings => "已读取但未模拟的内容",
            ImportLints => "检查结果（附原因）",
            NoLints => "没有检查问题：dead-lettering 配置看起来没有问题。",
            ExportTopology => "导出拓扑",
            ExportFormat => "格式",
            FormatDefinitions => "Definitions JSON（用于 rabbitmqctl import_definitions）",
            FormatPolicies => "rabbitmqctl set_policy 命令",
            FormatJava => "Java 代码 (amqp-client)",
            FormatAmqplib => "Node.js 代码 (amqplib)",
            FormatPika => "Python 代码 (pika)",
            CopyText => "复制",
            DownloadFile => "下载",
            CopiedText => "已复制。",
            CopyFailed => "复制失败：请选中文本手动复制。",
            AddItem => "添加",
            AddQueue => "队列",
            AddExchange => "交换机",
            AddBinding => "绑定",
            AddPolicy => "策略",
            AddPublisher => "发布者",
            AddConsumer => "消费者",
            FieldName => "名称 / 模式",
            FieldExchange => "交换机",
            FieldQueue => "队列",
            FieldKey => "路由键",
            ErrorLine => "行",
            BadLink => "无法打开这个链接；当前内容保持不变。",
            BadSaved => "无法恢复已保存的工作。",
            Stalled => "运行提前停止：出现了零延迟的无限循环。",
            Share => "指向这一时刻的链接",
            FatalTitle => "DLX Lab 因程序错误而停止。请刷新页面重新开始。",
            Keys => "快捷键：空格 播放/暂停 · → 下一个事件 · ← 上一个事件 · Shift+←/→ 移动一秒",
            Dismiss => "关闭",
            OpenFull => "在 DLX Lab 中打开",
            InspectorTitle => "详情",
            ShareEmbed => "嵌入",
            EmbedSnippetHint => "把这一行粘贴到网页中，即可从当前时刻开始嵌入这个场景：",
            TourMenu => "导览",
            TourChoose => "选择一个导览…",
            TourBack => "上一步",
            TourNext => "下一步",
            TourStep => "步骤",
            TourClose => "结束导览",
            Workshop => "工作坊：死信练习",
            WorkshopIntro => "每道练习都从一个有问题或缺失的配置开始。修改场景后点击“检查”，引擎会运行它并判断是否达成目标。你的进度保存在这个浏览器中。",
            Solved => "已解决",
            BackToPlayground => "← 返回实验场",
            BackToWorkshop => "← 全部练习",
            UnknownExercise => "没有这个名字的练习：",
            Check => "检查",
            CheckPassed => "解决了！目标已达成。",
            CheckFailed => "还没有：",
            RunScenario => "运行一下",
            ShowHint => "显示提示",
            RevealSolution => "查看答案",
            SolutionShown => "答案已放进编辑器。它为什么可行：",
            StartOver => "重新开始",
            NextExercise => "下一道练习 →",
        }
    }

    fn fate_name(&self, fate: Fate) -> &'static str {
        match fate {
            Fate::Routed => "已路由",
            Fate::Waiting => "在队列中等待",
            Fate::Delivered => "已投递给消费者",
            Fate::Acked => "已确认（ack）",
            Fate::Rejected => "被 nack / reject",
            Fate::Requeued => "重新入队（requeue）",
            Fate::Expired => "已过期（expired）",
            Fate::ExpiredWaiting => "已过期，但还排在队首消息之后等待",
            Fate::Overflowed => "队列溢出，被挤出队首（maxlen）",
            Fate::DeliveryLimit => "达到投递上限（delivery_limit）",
            Fate::DeadLettered => "已成为死信",
            Fate::Looping => "循环中（作为死信回到了它待过的队列）",
            Fate::Held => "为死信投递而暂存",
            Fate::DroppedUnroutable => "被丢弃：无法路由",
            Fate::DroppedNoDlx => "被丢弃：DLX 不存在",
            Fate::DroppedNoRoute => "被丢弃：DLX 无法把它路由到任何队列",
            Fate::DroppedCycle => "被丢弃：死信循环",
            Fate::Dropped => "被丢弃",
        }
    }

    fn cause(&self, cause: &Cause) -> String {
        match cause {
            Cause::Client { command } => format!("客户端命令 #{command}"),
            Cause::Setting { key, source } => {
                let from = match source_kind(source) {
                    SourceKind::Argument => "队列参数".to_string(),
                    SourceKind::Policy(p) => format!("策略 {p}"),
                    SourceKind::OperatorPolicy(p) => format!("运维策略 {p}"),
                    SourceKind::Default => "默认值".to_string(),
                    SourceKind::ArgumentOrPolicy => "队列参数或策略".to_string(),
                    SourceKind::Other(s) => s.to_string(),
                };
                format!("{key}，来自{from}")
            }
            Cause::MessageExpiration => "消息自身的 expiration 属性".to_string(),
            Cause::Rule { rule } => format!("broker 规则 {rule}"),
        }
    }

    fn explain(&self, e: &Event) -> String {
        let why = self.cause(&e.cause);
        let ex = |n: &str| exchange_or(n, self.tr(Key::DefaultExchange));
        match &e.kind {
            EventKind::Published { exchange, routing_key } => {
                format!("以路由键 '{routing_key}' 发布到 {}", ex(exchange))
            }
            EventKind::Enqueued { queue, from: None } => format!("被路由进 {queue}"),
            EventKind::Enqueued { queue, from: Some(_) } => {
                format!("作为死信进入 {queue}，原因：{why}")
            }
            EventKind::Delivered { queue, redelivered, .. } => {
                if *redelivered {
                    format!("从 {queue} 重新投递给消费者（redelivered）")
                } else {
                    format!("从 {queue} 投递给消费者")
                }
            }
            EventKind::Acked { queue } => format!("已确认（ack）：{queue} 的消费者处理完毕"),
            EventKind::Requeued { queue } => {
                format!("重新入队（requeue）：退回到 {queue}（{why}）")
            }
            EventKind::RetryDelayed { queue, until_us } => {
                format!(
                    "已重新入队，但 {queue} 会将它暂缓到 {} 再投递（{why}）",
                    fmt_time(until_us.as_us())
                )
            }
            EventKind::Died { queue, reason } => {
                let what = match reason {
                    Reason::Rejected => "被消费者拒绝且不重新入队（rejected）".to_string(),
                    Reason::Expired => match &e.cause {
                        Cause::MessageExpiration => {
                            "它自身的 expiration 在队首到期（expired）".to_string()
                        }
                        _ => format!("它的 TTL 在队首到期（expired，{why}）"),
                    },
                    Reason::Maxlen => format!("队列已满，它被挤出队首（maxlen，{why}）"),
                    Reason::DeliveryLimit => {
                        format!("被退回的次数超过了投递上限（delivery_limit，{why}）")
                    }
                };
                format!("在 {queue} 中成为死信：{what}")
            }
            EventKind::DeadLettered { queue, exchange, routing_keys, targets, .. } => {
                let to = if targets.is_empty() {
                    "没有任何队列".to_string()
                } else {
                    targets.join("、")
                };
                format!(
                    "从 {queue} 作为死信发往 {}，路由键 [{}] → {to}（{why}）",
                    ex(exchange),
                    routing_keys.join(", ")
                )
            }
            EventKind::HeldForDeadLetter { queue, .. } => {
                format!("由 {queue} 暂存，直到死信路由恢复可用（at-least-once）")
            }
            EventKind::Dropped(rule) => match rule {
                DropRule::Unroutable { exchange } => format!(
                    "被丢弃：无法路由 —— {} 没有匹配的绑定，也没有备用交换机（alternate exchange）",
                    ex(exchange)
                ),
                DropRule::NoDeadLetterExchange => {
                    "被丢弃：该队列没有配置死信交换机，死信直接被丢弃".to_string()
                }
                DropRule::DeadLetterExchangeMissing { exchange } => {
                    format!("被丢弃：DLX 不存在 —— 交换机 {} 不存在", ex(exchange))
                }
                DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
                    format!(
                        "被丢弃：DLX {} 没有匹配路由键 [{}] 的绑定",
                        ex(exchange),
                        routing_keys.join(", ")
                    )
                }
                DropRule::Cycle { queue, path } => {
                    format!("被丢弃：死信循环 —— 队列 {queue} 已经在 x-death 中，且此后没有任何拒绝（路径 {}）", path.join(" → "))
                }
                DropRule::TargetRefused { queue } => {
                    format!("被丢弃：在 at-most-once 模式下 {queue} 拒收了它（reject-publish）")
                }
                DropRule::QueueGone { queue } => {
                    format!("被丢弃：{queue} 在消息还在其中时被清空（purge）、删除或过期")
                }
                DropRule::StrategySwitched { queue } => {
                    format!("被丢弃：{queue} 不再使用 at-least-once，删除了暂存的死信")
                }
            },
            EventKind::Confirmed { ack } => {
                if *ack {
                    "已向发布者确认（ack）".to_string()
                } else {
                    "已向发布者拒绝（nack）".to_string()
                }
            }
            EventKind::Returned { exchange, routing_key } => {
                format!("退回给发布者：{} 无法路由 '{routing_key}'", ex(exchange))
            }
            EventKind::QueueExpired { queue, messages } => {
                format!("队列 {queue} 因长时间未使用而过期（x-expires）；其中的 {messages} 条消息直接消失，不会成为死信")
            }
            EventKind::QueuePurged { queue, messages } => {
                format!("队列 {queue} 被清空（purge）：移除了 {messages} 条消息")
            }
            EventKind::QueueDeleted { queue, messages } => {
                format!("队列 {queue} 连同其中的 {messages} 条消息一起被删除")
            }
            EventKind::Log { line } => format!("broker 日志：{line}"),
        }
    }

    fn link_problem(&self, e: &LinkError) -> String {
        match e {
            LinkError::Empty => "没有可打开的内容".to_string(),
            LinkError::BadEncoding => "链接中的场景已损坏".to_string(),
            LinkError::BadNumber(k) => format!("'{k}' 不是数字"),
        }
    }

    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
        format!(
            "场景不是合法的 JSON（第 {line} 行，第 {column} 列）：{}",
            super::i18n_zh_detail::syntax(kind, problem)
        )
    }

    fn problem(&self, p: &Problem) -> String {
        super::i18n_zh_detail::problem(p)
    }

    fn warning(&self, w: &Warning) -> String {
        super::i18n_zh_detail::warning(w)
    }

    fn lint(&self, r: &LintReason) -> String {
        super::i18n_zh_detail::lint(r)
    }
    fn finding(&self, f: &Finding) -> String {
        crate::i18n::finding::finding(Lang::ZhCn, f, &|e| super::i18n::error_in(self, e))
    }

    fn at_line(&self, line: usize, text: &str) -> String {
        format!("第 {line} {}：{text}", self.tr(Key::ErrorLine))
    }
    fn alert(&self, rule: AlertRule, r: &AlertRules) -> String {
        match rule {
            AlertRule::DepthOver => format!("等待中的消息超过 {} 条", r.depth_over),
            AlertRule::NonEmptyFor => {
                format!("持续 {} 不为空", duration(r.nonempty_for_ms, ["分钟", "秒", "毫秒"]))
            }
            AlertRule::ArrivalRate => format!("一小时内进入 {} 条及以上", r.arrivals_per_hour),
        }
    }
}
