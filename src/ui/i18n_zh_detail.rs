//! Simplified Chinese text of what the checks report: scenario validation errors
//! ([`Problem`], JSON syntax), definitions-file warnings ([`Warning`]) and lints
//! ([`LintReason`]).
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
            format!("未知的取值 `{value}`（可用的取值：{expected}）")
        }
        DecodeKind::UnknownField { value, expected } => {
            format!("未知的字段 `{value}`（可用的字段：{expected}）")
        }
        DecodeKind::MissingField { name } => format!("缺少必需的字段 `{name}`"),
        DecodeKind::InvalidType { found, expected } => {
            format!("类型不对（需要：{expected}，实际是：{found}）")
        }
        DecodeKind::Other => format!("无法读取该值：{}", d.text),
    }
}

/// What is wrong with a field.
pub fn problem(p: &Problem) -> String {
    use Problem::*;
    match p {
        NotObject => "必须是一个对象（JSON object）".into(),
        NotString => "必须是字符串".into(),
        MissingString => "缺失（需要一个字符串）".into(),
        NotUnsigned { value } => format!("必须是 0 到 {} 之间的整数，而不是 {value}", u64::MAX),
        MissingNumber => "缺失（需要一个整数）".into(),
        NotInteger { value } => format!("必须是整数，而不是 {value}"),
        NotBool => "必须是 true 或 false".into(),
        NotStringList => "必须是字符串列表".into(),
        NotList => "必须是列表（JSON 数组）".into(),
        OutOfRange { max } => format!("必须是 0 到 {max} 之间的整数"),
        NotTimestamp => "必须是自 1970 年起的整数秒数".into(),
        Header(HeaderProblem::TooDeep) => format!("嵌套超过了 {MAX_NESTING} 层"),
        Header(HeaderProblem::BadTimestamp) => "timestamp 必须是非负的整数秒数".into(),
        Header(HeaderProblem::NotTable) => "必须是由头部名称和值组成的对象".into(),
        Missing => "缺失".into(),
        Empty => "不能为空".into(),
        Unreadable(d) => decode(d),
        UnknownKey { known } => format!("不是已知的字段（已知字段：{known}）"),
        Version { version, supported } => {
            format!("不支持版本 {version}（当前版本只能读取版本 {supported}）")
        }
        UnknownProfile { name } => {
            format!("未知的 profile '{name}'：请使用 rabbitmq-3.10 或 rabbitmq-4")
        }
        Duration { max } => format!("必须在 1 到 {max} 之间（一天）"),
        Behaviour(d) => format!("{}（kind 可用的取值：{BEHAVIOUR_KINDS}）", decode(d)),
        PrefetchTooBig => format!("不能超过 {}", u32::MAX),
        Refused { error } => format!("broker 拒绝了它：{error}"),
        RunTooBig { limit, at_ms } => format!(
            "运行到第 {} 秒时已超过 {limit} 个事件，这是演练场的上限。请缩短 duration_ms，或少发布一些消息（publisher 的 count 或 every_ms）。",
            seconds_number(*at_ms)
        ),
        NoSuch { what, id } => {
            let what = match what {
                Builtin::Preset => "场景",
                Builtin::Tour => "导览",
                Builtin::Exercise => "练习",
            };
            format!("没有名为 '{id}' 的{what}")
        }
        MissingSteps => "缺失（需要一个 steps 列表）".into(),
        UnknownOp { op } => format!("未知的 op '{op}'（op 列表见 conformance README）"),
        NoRoutingKeys => "至少要列出一个路由键".into(),
        NotTranslations => "必须是由译文组成的对象".into(),
        NotText => "必须是字符串或字符串列表".into(),
        NotTranslatable { texts } => format!("不是可翻译的文本（可翻译的文本：{texts}）"),
        NotLanguageMap => "必须是以语言（ko、zh-CN）为键的对象".into(),
        EnglishTranslation => "英文就是原文本身，不需要写成译文".into(),
        LanguageCode { code } => format!("语言代码请写作 {code}"),
        NotStepList => "必须是步骤（step）列表".into(),
        FocusOne => "node、lineage、event 三者必须恰好写一个".into(),
        NotNode { name } => format!("'{name}' 不是本场景中的队列或交换机"),
        NotQueue { name } => format!("'{name}' 不是本场景中的队列"),
        LineageZero => "发布序号从 1 开始计数".into(),
        NoEventKind => "必须写明事件类型".into(),
        AfterEnd { at_ms, end_ms } => format!("{at_ms} 在场景结束之后（结束于 {end_ms} ms）"),
        BeforePrevious { at_ms, previous_ms } => format!("{at_ms} 早于上一步（{previous_ms} ms）"),
        BadId => "只能使用小写字母、数字和短横线（它会出现在链接里）".into(),
        MissingStart => "缺失（需要起始场景）".into(),
        HintCount => "必须有一到三条提示".into(),
        SolutionShape => "必须且只能包含 patch（对起始场景的 JSON patch）或 scenario 之一".into(),
        NotPatchList => "必须是 patch 操作列表".into(),
        NotPointer => "必须是以 / 开头的 JSON pointer".into(),
        UnknownPatchOp { op } => format!("'{op}' 不是 {PATCH_OPS} 之一"),
        Patch { detail } => format!("solution patch 无法应用到起始场景：{detail}"),
        GoalNotObject => "必须是形如 {\"all\": [...]} 的对象".into(),
        GoalKeys { keys } => format!("必须恰好有一个键来指明检查项，而不是 [{keys}]"),
        GoalNoCheck => "必须指明一个检查项".into(),
        NotGoalList => "必须是 goal 列表".into(),
        SpacingCount { listed, retries } => {
            format!("列出了 {listed} 个等待时间，但 retries 是 {retries}")
        }
        DeliveriesRetries => "两者都写时，deliveries 必须等于 retries + 1".into(),
        LostFalse => "必须是 true 或 {\"except\": [drop 规则]}".into(),
        NeedsCount => "需要 equals、at_least 或 at_most 之一".into(),
        MissingPolicyKeys => "缺失（需要一个由策略键组成的对象）".into(),
        NotPair => "必须是 [键, 值] 对".into(),
        NotPolicyKeys => "必须是由策略键组成的对象".into(),
        TypeMismatch { declared, argument } => {
            format!("type 写的是 '{declared}'，但 arguments[\"x-queue-type\"] 写的是 '{argument}'")
        }
        DestinationType { value } => {
            format!("必须是 \"queue\" 或 \"exchange\"，而不是 \"{value}\"")
        }
    }
}

/// What kind of JSON mistake it is (`problem` is serde_json's English, for the rare other kinds).
pub fn syntax(kind: SyntaxKind, problem: &str) -> String {
    match kind {
        SyntaxKind::Eof => "JSON 提前结束了（检查是否缺少右括号 } 或 ]）".into(),
        SyntaxKind::ExpectedValue => "这里应该是一个值（字符串要用双引号括起来）".into(),
        SyntaxKind::ExpectedCommaOrBrace => "这里应该是 `,` 或 `}`".into(),
        SyntaxKind::ExpectedCommaOrBracket => "这里应该是 `,` 或 `]`".into(),
        SyntaxKind::ExpectedColon => "键的后面应该是 `:`".into(),
        SyntaxKind::TrailingComma => "} 或 ] 前面多了一个逗号".into(),
        SyntaxKind::KeyNotString => "对象的键必须是用双引号括起来的字符串".into(),
        SyntaxKind::TrailingCharacters => "JSON 值结束后还有多余的字符".into(),
        SyntaxKind::BadNumber => "数字格式不对或太大".into(),
        SyntaxKind::BadString => "字符串里有不允许的字符或转义".into(),
        SyntaxKind::TooDeep => "嵌套太深".into(),
        SyntaxKind::Other => format!("无法读取 JSON：{problem}"),
    }
}

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
