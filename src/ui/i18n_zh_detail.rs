//! Simplified Chinese text of what the definitions checks report: warnings ([`Warning`]) and
//! lints ([`LintReason`]). (Scenario validation errors are data: `crate::i18n::problem`.)
//!
//! Broker terms stay as the broker spells them (x-dead-letter-exchange, x-message-ttl,
//! reject-publish, at-least-once, JSON field names). Every `match` is exhaustive, so a new
//! message kind fails the build until it is written here.

use crate::scenario::lint::LintReason;
use crate::scenario::warnings::{Subject, Warning};

use super::i18n::{source_kind, SourceKind};

fn policy(operator: bool) -> &'static str {
    if operator {
        "运维策略"
    } else {
        "策略"
    }
}

fn subject(s: &Subject) -> String {
    match s {
        Subject::Exchange(n) => format!("交换机 '{n}'"),
        Subject::Queue(n) => format!("队列 '{n}'"),
        Subject::Binding { source, destination, routing_key } => {
            format!("绑定 {source} -> {destination}（'{routing_key}'）")
        }
        Subject::Policy { name, operator } => format!("{} '{name}'", policy(*operator)),
    }
}

fn source(s: &str) -> String {
    match source_kind(s) {
        SourceKind::Argument => "队列参数".into(),
        SourceKind::Policy(p) => format!("策略 {p}"),
        SourceKind::OperatorPolicy(p) => format!("运维策略 {p}"),
        SourceKind::Default => "默认值".into(),
        SourceKind::ArgumentOrPolicy => "队列参数或策略".into(),
        SourceKind::Other(s) => s.into(),
    }
}

/// Something a definitions file holds that is not simulated.
pub fn warning(w: &Warning) -> String {
    use Warning::*;
    match w {
        Access { key, count } => {
            format!("'{key}'（{count} 项）不做模拟：用户、虚拟主机和权限不影响死信")
        }
        UnknownKey { key } => format!("未知的顶层键 '{key}'，不做模拟"),
        ExchangeType { exchange, kind } => {
            format!("交换机 '{exchange}'：类型 '{kind}' 不做模拟，它以及从它出发的绑定都被略去")
        }
        ExchangeAutoDelete { exchange } => {
            format!("交换机 '{exchange}'：auto_delete 不做模拟（交换机会一直保留）")
        }
        ExchangeInternal { exchange } => {
            format!("交换机 '{exchange}'：internal 不做模拟（在这里客户端可以直接向它发布）")
        }
        ExchangeArgument { exchange, argument } => {
            format!("交换机 '{exchange}'：参数 '{argument}' 不做模拟")
        }
        QueueAutoDelete { queue } => {
            format!("队列 '{queue}'：auto_delete 不做模拟（没有消费者时队列也会保留）")
        }
        QueueExclusive { queue } => format!("队列 '{queue}'：exclusive 不做模拟"),
        QueueArgument { queue, argument } => {
            format!("队列 '{queue}'：参数 '{argument}' 不做模拟（导出时保留）")
        }
        OperatorPolicyKey { policy, key, accepted } => format!(
            "运维策略 '{policy}'：broker 不接受运维策略中的键 '{key}'（可用的键：{accepted}）"
        ),
        PolicyKey { policy: name, operator, key } => format!(
            "{} '{name}'：键 '{key}' 不做模拟（导出时保留；策略适用于哪些队列类型仍由它决定）",
            policy(*operator)
        ),
        Parameter { name, component } => format!("组件 '{component}' 的参数 '{name}' 不做模拟"),
        OtherVhost { vhost, count, simulated } => {
            format!("虚拟主机 '{vhost}' 的 {count} 项被略去：只模拟一个虚拟主机（'{simulated}'）")
        }
        BindingLeftOut { source, destination, routing_key } => {
            format!("绑定 {source} -> {destination}（'{routing_key}'）随其交换机一起被略去")
        }
        Refused(r) => format!("{} 被略去：broker 拒绝了它：{}", subject(&r.subject), r.error),
    }
}

/// Why a lint fires.
pub fn lint(r: &LintReason) -> String {
    use LintReason::*;
    match r {
        Refused(r) => format!("broker 拒绝这个声明：{}：{}", subject(&r.subject), r.error),
        DlrkWithoutDlx { key, source: s } => format!(
            "设置了死信路由键 '{key}'（来自{}），却没有死信交换机：什么都不会成为死信（若作为队列参数设置，broker 会以 406 拒绝）",
            source(s)
        ),
        DlxMissing { exchange, source: s } => format!(
            "死信交换机 '{exchange}'（来自{}）不存在：broker 会悄无声息地丢弃每一条死信（没有报错，也没有日志）",
            source(s)
        ),
        DlxNoBinding { exchange } => format!("死信交换机 '{exchange}' 没有任何绑定：每一条死信都会被悄悄丢弃"),
        DlxUnroutable { exchange, keys, keys_kept } => format!(
            "死信交换机 '{exchange}' 的绑定都匹配不上死信携带的路由键（{keys}）：它们会被悄悄丢弃{}",
            if *keys_kept { "；没有设置死信路由键时，死信保留发布时的路由键" } else { "" }
        ),
        AtLeastOnceWithoutRejectPublish { overflow } => format!(
            "dead-letter-strategy at-least-once 需要 overflow reject-publish；在 {overflow} 下 broker 会退回 at-most-once（日志中记录 'Falling back'）"
        ),
        QuorumNoDeliveryLimit => "在 3.x 上，仲裁队列除非显式设置，否则没有投递上限：一条总被重新入队的消息（毒消息）会被无限次重新投递；请设置 x-delivery-limit 参数或 delivery-limit 策略（4.x 默认为 20）".into(),
        StrategyNotQuorum => "x-dead-letter-strategy 只对仲裁队列生效；这个队列按 at-most-once 投递死信".into(),
        TtlBehindHead => "没有队列 TTL：如果发布者给消息设置了单条 TTL（expiration），消息只有到达队首才会过期，所以短命的消息会排在长命消息后面，晚些才成为死信；做延迟请给每个队列设置一个 TTL（x-message-ttl）".into(),
        PolicyNotApplicable { operator, policy: name, keys, queue_type } => format!(
            "{} '{name}' 匹配这个队列的名称，但包含 {queue_type} 队列不支持的 {keys}，因此 broker 不会把它的任何设置应用到这个队列",
            policy(*operator)
        ),
        PolicyTie { operator, policies, priority } => format!(
            "{} {policies} 都以优先级 {priority} 匹配：只有一个会生效，而 broker 没有规定是哪一个；请给它们设置不同的优先级",
            policy(*operator)
        ),
        DeadLetterCycle { path } => format!(
            "死信沿 {path} 循环，途中没有消费者拒绝它们（每次都是 TTL 或 max-length）：broker 检测到循环后会悄悄丢弃消息（只有一行日志：'Dead-letter queues cycle detected'）；只要循环中任何一处有一次拒绝（reject），消息就会继续存活"
        ),
    }
}
