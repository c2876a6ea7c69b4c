//! Simplified Chinese text of the workshop's verdicts ([`Finding`]): what a goal check found,
//! what failed and what happened instead.
//!
//! Queue and exchange names, x-death reasons (rejected, expired, maxlen, delivery_limit), drop
//! rule and event names stay as the broker and the goal JSON spell them. Every `match` is
//! exhaustive, so a new verdict kind fails the build until it is written here.

use crate::engine::event::DropRule;
use crate::engine::time::SimTime;
use crate::scenario::finding::{Discarded, Fate, FatePart, Finding, MessageName, Moment};
use crate::scenario::goal::Count;
use crate::scenario::log_query::{seconds, EventFilter};

use super::i18n::error_in;

fn secs(t: SimTime) -> String {
    seconds(t).replace(" s", " 秒")
}

fn waits(ms: &[u64]) -> String {
    ms.iter().map(|w| secs(SimTime::from_ms(*w))).collect::<Vec<_>>().join("、")
}

fn name(m: &MessageName) -> String {
    match m {
        MessageName::Body(b) => format!("消息 '{b}'"),
        MessageName::Published { exchange, routing_key } if exchange.is_empty() => {
            format!("以路由键 '{routing_key}' 发布到默认交换机的消息")
        }
        MessageName::Published { exchange, routing_key } => {
            format!("以路由键 '{routing_key}' 发布到交换机 '{exchange}' 的消息")
        }
        MessageName::Unknown => "某条消息".into(),
    }
}

fn discarded(d: &Discarded) -> String {
    let death = d
        .died
        .as_ref()
        .map(|(q, r)| format!("它在 {q} 中死亡（{}），然后", r.as_str()))
        .unwrap_or_default();
    match &d.rule {
        DropRule::Unroutable { exchange } => format!("交换机 '{exchange}' 没有把它路由到任何队列"),
        DropRule::NoDeadLetterExchange => {
            let q = d.died.as_ref().map(|(q, _)| q.as_str()).unwrap_or("它所在的队列");
            format!("{death}因为 {q} 没有设置 x-dead-letter-exchange 而被丢弃")
        }
        DropRule::DeadLetterExchangeMissing { exchange } => {
            format!("{death}因为它的死信交换机 '{exchange}' 不存在而被丢弃")
        }
        DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
            format!(
                "{death}因为死信交换机 '{exchange}' 没有匹配路由键 {} 的绑定而被丢弃",
                routing_keys.join(", ")
            )
        }
        DropRule::Cycle { path, .. } => {
            format!("{death}作为死信循环被丢弃（{}）", path.join(" → "))
        }
        DropRule::TargetRefused { queue } => {
            format!("队列 {queue} 拒收了它（x-overflow reject-publish）")
        }
        DropRule::QueueGone { queue } => {
            format!("队列 {queue} 在它还在其中时被清空（purge）、删除或过期")
        }
        DropRule::StrategySwitched { queue } => {
            format!("{queue} 不再使用 at-least-once 死信，删除了它暂存的死信")
        }
    }
}

fn fate(f: &Fate) -> String {
    if f.0.is_empty() {
        return "它已不在任何地方".into();
    }
    let parts: Vec<String> =
        f.0.iter()
            .map(|p| match p {
                FatePart::In(queues) => format!("它现在在 {} 中", queues.join(", ")),
                FatePart::Acked { queue, at } => format!("它于 {} 在 {queue} 中被 ack", secs(*at)),
                FatePart::Dropped { how, at } => format!("在 {}，{}", secs(*at), discarded(how)),
            })
            .collect();
    parts.join("；")
}

fn moment(m: Moment) -> String {
    match m {
        Moment::At(t) => format!("在 {} 时", secs(t)),
        Moment::End => "运行结束时".into(),
    }
}

fn count(c: &Count) -> String {
    let mut parts = Vec::new();
    if let Some(e) = c.equals {
        parts.push(format!("恰好 {e}"));
    }
    if let Some(a) = c.at_least {
        parts.push(format!("至少 {a}"));
    }
    if let Some(a) = c.at_most {
        parts.push(format!("至多 {a}"));
    }
    parts.join(" 且 ")
}

fn wanted(c: &Option<Count>) -> String {
    c.as_ref().map(|c| format!("（目标：{}）", count(c))).unwrap_or_default()
}

fn filter(f: &EventFilter) -> String {
    let mut s = Vec::new();
    if let Some(q) = &f.queue {
        s.push(format!("{q} 中的"));
    }
    if let Some(r) = f.reason {
        s.push(format!("reason 为 {} 的", r.reason().as_str()));
    }
    if let Some(r) = f.rule {
        s.push(format!("由规则 {} 造成的", r.as_str()));
    }
    if let Some(a) = f.ack {
        s.push(if a { "结果为 ack 的" } else { "结果为 nack 的" }.to_string());
    }
    s.push(format!("'{}' 事件", f.kind.as_str()));
    s.join(" ")
}

fn ending(reached: &Option<String>) -> String {
    match reached {
        Some(q) => format!("到达了 {q}"),
        None => "处理完毕".into(),
    }
}

/// A verdict text.
pub fn finding(f: &Finding) -> String {
    use Finding::*;
    let zh = &super::i18n_zh::ZhCn;
    match f {
        GoalMet { parts } => format!("目标达成：全部 {parts} 项都满足。"),
        AnyHolds => "备选条件中有一项成立".into(),
        NoneHolds(inner) => format!(
            "备选条件没有一项成立：{}",
            inner.iter().map(finding).collect::<Vec<_>>().join("；或者")
        ),
        Combined => "用 all 或 any 组合的目标不能作为一项来检查".into(),
        NothingLost => "没有丢失任何消息".into(),
        SomeLost => "有一条消息丢失了".into(),
        Lost { count: 1, who, at, how } => {
            format!("有一条消息丢失了：{}，在 {}：{}", name(who), secs(*at), discarded(how))
        }
        Lost { count, who, at, how } => format!(
            "丢失了 {count} 条消息；第一条：{}，在 {}：{}",
            name(who),
            secs(*at),
            discarded(how)
        ),
        NothingDropped { rule } => format!("没有消息被规则 {} 丢弃", rule.as_str()),
        DroppedBy { rule } => format!("有消息被规则 {} 丢弃", rule.as_str()),
        DroppedAt { rule, who, at, how } => format!(
            "{} 在 {} 时被规则 {} 丢弃：{}",
            name(who),
            secs(*at),
            rule.as_str(),
            discarded(how)
        ),
        SeekFailed { at, error } => format!("无法跳转到 {}：{}", secs(*at), error_in(zh, error)),
        NoQueue { queue, when } => format!("{}不存在队列 {queue}", moment(*when)),
        Depth { queue, ready, when, wanted: w } => {
            format!("{}，{queue} 中有 {ready} 条就绪（ready）消息{}", moment(*when), wanted(w))
        }
        Events { count, filter: fl, wanted: w } => {
            format!("日志中有 {count} 个 {}{}", filter(fl), wanted(w))
        }
        NeverQueued { body } => {
            format!("消息 '{body}' 从未进入任何队列（它被发布了吗？被路由了吗？）")
        }
        NotEndedIn { body, queue, fate: fa } => {
            format!("消息 '{body}' 最终不在 {queue} 中：{}", fate(fa))
        }
        NeverAcked { body, fate: fa } => format!("消息 '{body}' 从未被 ack：{}", fate(fa)),
        AckedAnyway { body, fate: fa } => {
            format!("消息 '{body}' 被 ack 了，但它不应该被 ack：{}", fate(fa))
        }
        NeverDied { body, reason, died_as } => {
            let had = if died_as.is_empty() {
                "它从未死亡".to_string()
            } else {
                format!(
                    "它只以 {} 死亡过",
                    died_as.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", ")
                )
            };
            format!("消息 '{body}' 从未以 reason {} 死亡：{had}", reason.as_str())
        }
        NeverDelivered { body, fate: fa } => {
            format!("消息 '{body}' 从未被投递给消费者：{}", fate(fa))
        }
        Deliveries { body, reached, count, queue, wanted } => {
            format!(
                "消息 '{body}' 从 {queue} 投递了 {count} 次后{}，而目标是 {wanted} 次",
                ending(reached)
            )
        }
        Retries { body, reached, count, queue, wanted } => {
            format!(
                "消息 '{body}' 从 {queue} 重试了 {count} 次后{}，而目标是 {wanted} 次",
                ending(reached)
            )
        }
        Spacing { body, waits: w, wanted, tolerance_ms } if w.is_empty() => {
            format!(
                "消息 '{body}' 重试前从未等待，而目标是 {}（允许误差 ± {tolerance_ms} ms）",
                waits(wanted)
            )
        }
        Spacing { body, waits: w, wanted, tolerance_ms } => {
            format!("消息 '{body}' 每次重试前分别等待了 {}，而目标是 {}（允许误差 ± {tolerance_ms} ms）", waits(w), waits(wanted))
        }
        MessageFate { body, fate: fa } => format!("消息 '{body}'：{}", fate(fa)),
        Unreadable(e) => format!("无法读取场景：{}", error_in(zh, e)),
        DoesNotRun(e) => format!("场景无法运行：{}", error_in(zh, e)),
        Stalled => "运行提前停止了：消息在没有任何延迟的情况下无限循环".into(),
        BrokerLog(line) => format!("broker 日志：{line}"),
    }
}
