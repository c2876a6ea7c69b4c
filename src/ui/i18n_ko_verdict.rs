//! Korean text of the workshop's verdicts ([`Finding`]): what a goal check found, what failed
//! and what happened instead.
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
    seconds(t).replace(" s", "초")
}

fn waits(ms: &[u64]) -> String {
    ms.iter().map(|w| secs(SimTime::from_ms(*w))).collect::<Vec<_>>().join(", ")
}

fn name(m: &MessageName) -> String {
    match m {
        MessageName::Body(b) => format!("'{b}' 메시지"),
        MessageName::Published { exchange, routing_key } if exchange.is_empty() => {
            format!("기본 exchange로 라우팅 키 '{routing_key}'를 달고 발행된 메시지")
        }
        MessageName::Published { exchange, routing_key } => {
            format!("exchange '{exchange}'로 라우팅 키 '{routing_key}'를 달고 발행된 메시지")
        }
        MessageName::Unknown => "어떤 메시지".into(),
    }
}

fn discarded(d: &Discarded) -> String {
    let death = d
        .died
        .as_ref()
        .map(|(q, r)| format!("{q}에서 죽었고({}), ", r.as_str()))
        .unwrap_or_default();
    match &d.rule {
        DropRule::Unroutable { exchange } => format!("exchange '{exchange}'가 어느 큐로도 라우팅하지 못했습니다"),
        DropRule::NoDeadLetterExchange => {
            let q = d.died.as_ref().map(|(q, _)| q.as_str()).unwrap_or("그 큐");
            format!("{death}{q}에 x-dead-letter-exchange가 없어서 버려졌습니다")
        }
        DropRule::DeadLetterExchangeMissing { exchange } => format!("{death}dead-letter exchange '{exchange}'가 존재하지 않아서 버려졌습니다"),
        DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
            format!("{death}dead-letter exchange '{exchange}'에 라우팅 키 {}에 맞는 바인딩이 없어서 버려졌습니다", routing_keys.join(", "))
        }
        DropRule::Cycle { path, .. } => format!("{death}dead-letter 순환({})으로 버려졌습니다", path.join(" → ")),
        DropRule::TargetRefused { queue } => format!("큐 {queue}가 받기를 거부했습니다 (x-overflow reject-publish)"),
        DropRule::QueueGone { queue } => format!("큐 {queue}가 메시지를 담은 채 purge, 삭제 또는 만료되었습니다"),
        DropRule::StrategySwitched { queue } => format!("{queue}가 at-least-once dead-lettering을 그만두면서 들고 있던 dead letter를 지웠습니다"),
    }
}

fn fate(f: &Fate) -> String {
    if f.0.is_empty() {
        return "어디에도 없습니다".into();
    }
    let parts: Vec<String> = f
        .0
        .iter()
        .map(|p| match p {
            FatePart::In(queues) => format!("지금 {}에 있습니다", queues.join(", ")),
            FatePart::Acked { queue, at } => format!("{}에 {queue}에서 ack 되었습니다", secs(*at)),
            FatePart::Dropped { how, at } => format!("{}에 {}", secs(*at), discarded(how)),
        })
        .collect();
    parts.join("; ")
}

fn moment(m: Moment) -> String {
    match m {
        Moment::At(t) => format!("{}에", secs(t)),
        Moment::End => "실행이 끝났을 때".into(),
    }
}

fn count(c: &Count) -> String {
    let mut parts = Vec::new();
    if let Some(e) = c.equals {
        parts.push(format!("정확히 {e}"));
    }
    if let Some(a) = c.at_least {
        parts.push(format!("{a} 이상"));
    }
    if let Some(a) = c.at_most {
        parts.push(format!("{a} 이하"));
    }
    parts.join(" ")
}

fn wanted(c: &Option<Count>) -> String {
    c.as_ref().map(|c| format!(" (목표: {})", count(c))).unwrap_or_default()
}

fn filter(f: &EventFilter) -> String {
    let mut s = String::new();
    if let Some(q) = &f.queue {
        s += &format!("{q}의 ");
    }
    if let Some(r) = f.reason {
        s += &format!("reason이 {}인 ", r.reason().as_str());
    }
    if let Some(r) = f.rule {
        s += &format!("{} 규칙에 따른 ", r.as_str());
    }
    if let Some(a) = f.ack {
        s += if a { "ack인 " } else { "nack인 " };
    }
    format!("{s}'{}' 이벤트", f.kind.as_str())
}

fn ending(reached: &Option<String>) -> String {
    match reached {
        Some(q) => format!("{q}에 도착했습니다"),
        None => "처리되었습니다".into(),
    }
}

/// A verdict text.
pub fn finding(f: &Finding) -> String {
    use Finding::*;
    let ko = &super::i18n_ko::Ko;
    match f {
        GoalMet { parts } => format!("목표 달성: {parts}개 항목이 모두 맞습니다."),
        AnyHolds => "대안 중 하나가 맞습니다".into(),
        NoneHolds(inner) => format!("대안 중 맞는 것이 하나도 없습니다: {}", inner.iter().map(finding).collect::<Vec<_>>().join("; 또는 ")),
        Combined => "all이나 any로 묶은 goal은 한 항목으로 검사할 수 없습니다".into(),
        NothingLost => "잃어버린 메시지가 없습니다".into(),
        SomeLost => "메시지 하나를 잃었습니다".into(),
        Lost { count: 1, who, at, how } => format!("메시지 하나를 잃었습니다: {}, {}: {}", name(who), secs(*at), discarded(how)),
        Lost { count, who, at, how } => format!("메시지 {count}개를 잃었습니다. 첫 번째: {}, {}: {}", name(who), secs(*at), discarded(how)),
        NothingDropped { rule } => format!("{} 규칙으로 버려진 메시지가 없습니다", rule.as_str()),
        DroppedBy { rule } => format!("{} 규칙으로 버려진 메시지가 있습니다", rule.as_str()),
        DroppedAt { rule, who, at, how } => format!("{}가 {}에 {} 규칙으로 사라졌습니다: {}", name(who), secs(*at), rule.as_str(), discarded(how)),
        SeekFailed { at, error } => format!("{} 시점으로 갈 수 없습니다: {}", secs(*at), error_in(ko, error)),
        NoQueue { queue, when } => format!("{} 큐 {queue}가 없습니다", moment(*when)),
        Depth { queue, ready, when, wanted: w } => format!("{} {queue}에 대기(ready) 메시지가 {ready}개 있습니다{}", moment(*when), wanted(w)),
        Events { count, filter: fl, wanted: w } => format!("로그에 {}가 {count}개 있습니다{}", filter(fl), wanted(w)),
        NeverQueued { body } => format!("'{body}' 메시지가 어느 큐에도 들어가지 않았습니다 (발행은 되었는지, 라우팅은 되었는지 확인하세요)"),
        NotEndedIn { body, queue, fate: fa } => format!("'{body}' 메시지가 마지막에 {queue}에 있지 않습니다: {}", fate(fa)),
        NeverAcked { body, fate: fa } => format!("'{body}' 메시지가 한 번도 ack 되지 않았습니다: {}", fate(fa)),
        AckedAnyway { body, fate: fa } => format!("'{body}' 메시지가 ack 되었습니다. ack 되면 안 됩니다: {}", fate(fa)),
        NeverDied { body, reason, died_as } => {
            let had = if died_as.is_empty() {
                "한 번도 죽지 않았습니다".to_string()
            } else {
                format!("죽은 이유는 {}뿐입니다", died_as.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", "))
            };
            format!("'{body}' 메시지가 reason {}로 죽은 적이 없습니다: {had}", reason.as_str())
        }
        NeverDelivered { body, fate: fa } => format!("'{body}' 메시지가 컨슈머에게 한 번도 전달되지 않았습니다: {}", fate(fa)),
        Deliveries { body, reached, count, queue, wanted } => {
            format!("'{body}' 메시지는 {queue}에서 {count}번 전달된 뒤 {} (목표: {wanted}번)", ending(reached))
        }
        Retries { body, reached, count, queue, wanted } => {
            format!("'{body}' 메시지는 {queue}에서 {count}번 재시도된 뒤 {} (목표: {wanted}번)", ending(reached))
        }
        Spacing { body, waits: w, wanted, tolerance_ms } if w.is_empty() => {
            format!("'{body}' 메시지는 재시도 전에 한 번도 기다리지 않았습니다 (목표: {}, 허용 오차 ± {tolerance_ms} ms)", waits(wanted))
        }
        Spacing { body, waits: w, wanted, tolerance_ms } => {
            format!("'{body}' 메시지가 재시도 전에 기다린 시간은 {}입니다 (목표: {}, 허용 오차 ± {tolerance_ms} ms)", waits(w), waits(wanted))
        }
        MessageFate { body, fate: fa } => format!("'{body}' 메시지: {}", fate(fa)),
        Unreadable(e) => format!("시나리오를 읽을 수 없습니다: {}", error_in(ko, e)),
        DoesNotRun(e) => format!("시나리오를 실행할 수 없습니다: {}", error_in(ko, e)),
        Stalled => "실행이 일찍 멈췄습니다: 메시지가 지연 없이 끝없이 돌고 있습니다".into(),
        BrokerLog(line) => format!("브로커 로그: {line}"),
    }
}
