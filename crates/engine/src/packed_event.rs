//! One event in 44 bytes: what the log stores. Names, lists and message ids become `u32`
//! ids, the kind a tag with up to five numbers; [`Packed::event`] reads it back as the
//! [`Event`] the rest of the program sees.

use super::dead_letter::Reason;
use super::event::{Cause, DropRule, Event, EventKind};
use super::message::MsgId;
use super::name::{Name, Names};
use super::time::SimTime;

/// An event as the log stores it (4-byte aligned, so no padding after the time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packed {
    /// The time in µs, low and high halves.
    at_us: [u32; 2],
    /// The copy's id plus one, 0 for none (a publish has id 0: it is not a copy yet).
    msg: u32,
    /// The lineage plus one, 0 for none.
    lineage: u32,
    /// [`CauseCode`]: the kind of cause in the top two bits, its number below.
    cause: u32,
    kind: u8,
    /// A small field of the kind (a reason, a flag, a drop rule).
    flag: u8,
    a: [u32; 5],
}

/// Where a packed cause's number points.
const CAUSE_CLIENT: u32 = 0;
const CAUSE_EXPIRATION: u32 = 1 << 30;
const CAUSE_TABLE: u32 = 2 << 30;
const CAUSE_MASK: u32 = (1 << 30) - 1;

/// What a log keeps beside its packed events: the causes other than client commands, and log
/// lines (both few).
#[derive(Debug, Clone, Default)]
pub struct Dictionary {
    causes: Vec<Cause>,
    last_cause: usize,
    pub(crate) lines: Vec<String>,
}

impl Dictionary {
    fn cause_code(&mut self, cause: &Cause) -> u32 {
        match *cause {
            Cause::Client { command } => {
                CAUSE_CLIENT | (small(command, "client command numbers") & CAUSE_MASK)
            }
            Cause::MessageExpiration => CAUSE_EXPIRATION,
            _ => {
                // Consecutive events mostly share a cause; otherwise the table is short.
                let i = if self.causes.get(self.last_cause).is_some_and(|c| same_cause(c, cause)) {
                    self.last_cause
                } else if let Some(i) = self.causes.iter().rposition(|c| same_cause(c, cause)) {
                    i
                } else {
                    self.causes.push(*cause);
                    self.causes.len() - 1
                };
                self.last_cause = i;
                CAUSE_TABLE | i as u32
            }
        }
    }

    fn cause(&self, code: u32) -> Cause {
        let n = code & CAUSE_MASK;
        match code & !CAUSE_MASK {
            CAUSE_CLIENT => Cause::Client { command: u64::from(n) },
            CAUSE_EXPIRATION => Cause::MessageExpiration,
            _ => self.causes[n as usize],
        }
    }
}

/// True when two causes are equal, settled by pointer when their names are the same `&str`
/// (the usual case: causes come from a few literals).
#[inline(always)]
fn same_cause(a: &Cause, b: &Cause) -> bool {
    match (a, b) {
        (Cause::Rule { rule: x }, Cause::Rule { rule: y }) => std::ptr::eq(*x, *y) || x == y,
        (Cause::Setting { key: x, source: s }, Cause::Setting { key: y, source: t }) => {
            s == t && (std::ptr::eq(*x, *y) || x == y)
        }
        (Cause::Client { command: x }, Cause::Client { command: y }) => x == y,
        (Cause::MessageExpiration, Cause::MessageExpiration) => true,
        _ => false,
    }
}

/// `n` as a `u32` (below its maximum, so one more fits too): every count the log stores
/// fits long before a run could hold that many events.
#[inline(always)]
fn small(n: u64, what: &str) -> u32 {
    u32::try_from(n)
        .ok()
        .filter(|&n| n < u32::MAX)
        .unwrap_or_else(|| panic!("{what} past 4 billion"))
}

#[inline(always)]
fn split(n: u64) -> [u32; 2] {
    [n as u32, (n >> 32) as u32]
}

#[inline(always)]
fn join(lo: u32, hi: u32) -> u64 {
    u64::from(lo) | (u64::from(hi) << 32)
}

fn reason_code(r: Reason) -> u8 {
    match r {
        Reason::Rejected => 0,
        Reason::Expired => 1,
        Reason::Maxlen => 2,
        Reason::DeliveryLimit => 3,
    }
}

fn reason(code: u8) -> Reason {
    match code {
        0 => Reason::Rejected,
        1 => Reason::Expired,
        2 => Reason::Maxlen,
        _ => Reason::DeliveryLimit,
    }
}

impl Packed {
    /// Packs an event (its `seq` is its place in the log, not stored).
    pub fn new(e: &Event, dict: &mut Dictionary) -> Packed {
        let (kind, flag, a) = kind_code(&e.kind, dict);
        Packed {
            at_us: split(e.at_us.as_us()),
            msg: e.msg.map_or(0, |m| small(m, "message copies") + 1),
            lineage: e.lineage.map_or(0, |l| small(l, "publishes") + 1),
            cause: dict.cause_code(&e.cause),
            kind,
            flag,
            a,
        }
    }

    /// When it happened.
    #[inline(always)]
    pub fn at_us(&self) -> u64 {
        join(self.at_us[0], self.at_us[1])
    }

    /// The event it stands for, at position `seq` of a log with dictionary `dict`.
    pub fn event(&self, seq: u64, dict: &Dictionary) -> Event {
        Event {
            seq,
            at_us: SimTime(self.at_us()),
            msg: self.msg.checked_sub(1).map(MsgId::from),
            lineage: self.lineage.checked_sub(1).map(u64::from),
            kind: self.kind(dict),
            cause: dict.cause(self.cause),
        }
    }

    fn kind(&self, dict: &Dictionary) -> EventKind {
        let a = self.a;
        let name = |i: usize| Name::from_id(a[i]);
        let names = |i: usize| Names::from_id(a[i]);
        let queue = name(0);
        match self.kind {
            0 => EventKind::Published { exchange: name(0), routing_key: name(1) },
            1 => EventKind::Enqueued { queue, from: a[1].checked_sub(1).map(MsgId::from) },
            2 => EventKind::Delivered {
                queue,
                channel: a[1],
                tag: join(a[2], a[3]),
                redelivered: self.flag != 0,
            },
            3 => EventKind::Acked { queue },
            4 => EventKind::Requeued { queue },
            5 => EventKind::RetryDelayed { queue, until_us: SimTime(join(a[1], a[2])) },
            6 => EventKind::Died { queue, reason: reason(self.flag) },
            7 => EventKind::DeadLettered {
                queue,
                from: MsgId::from(a[1]),
                exchange: name(2),
                routing_keys: names(3),
                targets: names(4),
            },
            8 => EventKind::HeldForDeadLetter { queue, from: MsgId::from(a[1]) },
            9 => EventKind::Dropped(match self.flag {
                0 => DropRule::Unroutable { exchange: name(0) },
                1 => DropRule::NoDeadLetterExchange,
                2 => DropRule::DeadLetterExchangeMissing { exchange: name(0) },
                3 => DropRule::NoDeadLetterRoute {
                    exchange: name(0),
                    routing_keys: names(1),
                    fanout: a[2] != 0,
                },
                4 => DropRule::Cycle { queue, path: names(1) },
                5 => DropRule::TargetRefused { queue },
                6 => DropRule::QueueGone { queue },
                _ => DropRule::StrategySwitched { queue },
            }),
            10 => EventKind::Confirmed { ack: self.flag != 0 },
            11 => EventKind::Returned { exchange: name(0), routing_key: name(1) },
            12 => EventKind::QueueExpired { queue, messages: join(a[1], a[2]) },
            13 => EventKind::QueuePurged { queue, messages: join(a[1], a[2]) },
            14 => EventKind::QueueDeleted { queue, messages: join(a[1], a[2]) },
            _ => EventKind::Log { line: dict.lines[a[0] as usize].clone() },
        }
    }
}

/// The kind's tag, flag and numbers.
fn kind_code(kind: &EventKind, dict: &mut Dictionary) -> (u8, u8, [u32; 5]) {
    let id = |n: &Name| n.id();
    let msg = |m: MsgId| small(m, "message copies");
    let count = |n: u64| split(n);
    match kind {
        EventKind::Published { exchange, routing_key } => {
            (0, 0, [id(exchange), id(routing_key), 0, 0, 0])
        }
        EventKind::Enqueued { queue, from } => {
            (1, 0, [id(queue), from.map_or(0, |m| msg(m) + 1), 0, 0, 0])
        }
        EventKind::Delivered { queue, channel, tag, redelivered } => {
            let [lo, hi] = split(*tag);
            (2, u8::from(*redelivered), [id(queue), *channel, lo, hi, 0])
        }
        EventKind::Acked { queue } => (3, 0, [id(queue), 0, 0, 0, 0]),
        EventKind::Requeued { queue } => (4, 0, [id(queue), 0, 0, 0, 0]),
        EventKind::RetryDelayed { queue, until_us } => {
            let [lo, hi] = split(until_us.as_us());
            (5, 0, [id(queue), lo, hi, 0, 0])
        }
        EventKind::Died { queue, reason } => (6, reason_code(*reason), [id(queue), 0, 0, 0, 0]),
        EventKind::DeadLettered { queue, from, exchange, routing_keys, targets } => {
            (7, 0, [id(queue), msg(*from), id(exchange), routing_keys.id(), targets.id()])
        }
        EventKind::HeldForDeadLetter { queue, from } => (8, 0, [id(queue), msg(*from), 0, 0, 0]),
        EventKind::Dropped(rule) => {
            let (flag, a) = match rule {
                DropRule::Unroutable { exchange } => (0, [id(exchange), 0, 0, 0, 0]),
                DropRule::NoDeadLetterExchange => (1, [0; 5]),
                DropRule::DeadLetterExchangeMissing { exchange } => (2, [id(exchange), 0, 0, 0, 0]),
                DropRule::NoDeadLetterRoute { exchange, routing_keys, fanout } => {
                    (3, [id(exchange), routing_keys.id(), u32::from(*fanout), 0, 0])
                }
                DropRule::Cycle { queue, path } => (4, [id(queue), path.id(), 0, 0, 0]),
                DropRule::TargetRefused { queue } => (5, [id(queue), 0, 0, 0, 0]),
                DropRule::QueueGone { queue } => (6, [id(queue), 0, 0, 0, 0]),
                DropRule::StrategySwitched { queue } => (7, [id(queue), 0, 0, 0, 0]),
            };
            (9, flag, a)
        }
        EventKind::Confirmed { ack } => (10, u8::from(*ack), [0; 5]),
        EventKind::Returned { exchange, routing_key } => {
            (11, 0, [id(exchange), id(routing_key), 0, 0, 0])
        }
        EventKind::QueueExpired { queue, messages }
        | EventKind::QueuePurged { queue, messages }
        | EventKind::QueueDeleted { queue, messages } => {
            let tag = match kind {
                EventKind::QueueExpired { .. } => 12,
                EventKind::QueuePurged { .. } => 13,
                _ => 14,
            };
            let [lo, hi] = count(*messages);
            (tag, 0, [id(queue), lo, hi, 0, 0])
        }
        EventKind::Log { line } => {
            dict.lines.push(line.clone());
            (15, 0, [small(dict.lines.len() as u64 - 1, "log lines"), 0, 0, 0, 0])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_44_bytes_and_reads_back_as_itself() {
        assert_eq!(std::mem::size_of::<Packed>(), 44);
        let q = Name::new("work");
        let kinds = vec![
            EventKind::Published { exchange: Name::new("x"), routing_key: Name::new("k") },
            EventKind::Enqueued { queue: q, from: None },
            EventKind::Enqueued { queue: q, from: Some(7) },
            EventKind::Enqueued { queue: q, from: Some(0) },
            EventKind::Delivered { queue: q, channel: 3, tag: 1 << 40, redelivered: true },
            EventKind::RetryDelayed { queue: q, until_us: SimTime(u64::MAX) },
            EventKind::Died { queue: q, reason: Reason::DeliveryLimit },
            EventKind::DeadLettered {
                queue: q,
                from: 9,
                exchange: Name::new("dlx"),
                routing_keys: Names::one(Name::new("k")),
                targets: ["a", "b"].iter().collect(),
            },
            EventKind::Dropped(DropRule::NoDeadLetterRoute {
                exchange: Name::new("dlx"),
                routing_keys: Names::empty(),
                fanout: true,
            }),
            EventKind::Dropped(DropRule::Cycle { queue: q, path: Names::one(q) }),
            EventKind::Confirmed { ack: false },
            EventKind::QueuePurged { queue: q, messages: 5 },
            EventKind::Log { line: "a warning".into() },
        ];
        let causes = [
            Cause::Client { command: 12 },
            Cause::MessageExpiration,
            Cause::Rule { rule: "max_length" },
            Cause::Setting { key: "x-message-ttl", source: Name::new("policy p") },
        ];
        let mut dict = Dictionary::default();
        for (i, kind) in kinds.into_iter().enumerate() {
            let e = Event {
                seq: i as u64,
                at_us: SimTime(1 << 33 | i as u64),
                msg: (i % 2 == 0).then_some(i as u64),
                lineage: (i % 3 != 0).then_some(i as u64),
                kind,
                cause: causes[i % causes.len()],
            };
            let p = Packed::new(&e, &mut dict);
            assert_eq!(p.event(i as u64, &dict), e);
        }
    }
}
