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
    fn lang(&self) -> Lang {
        Lang::ZhCn
    }
    fn tr(&self, key: Key) -> &'static str {
        super::i18n_labels::label_in(Lang::ZhCn, key)
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
                    "已向发布者发送 nack".to_string()
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
        crate::i18n::problem::not_json(self.lang(), line, column, kind, problem)
    }

    fn problem(&self, p: &Problem) -> String {
        crate::i18n::problem::problem(self.lang(), p)
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
