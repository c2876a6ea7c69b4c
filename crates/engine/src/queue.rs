//! One queue's message store: priority levels, requeue positions and head-of-queue expiry.

use std::collections::VecDeque;

use super::event::{Name, Names};
use super::headers::FieldTable;
use super::message::Message;
use super::settings::{Effective, QueueKind};
use super::time::SimTime;

/// Which TTL set a message's deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TtlSource {
    /// The queue's `x-message-ttl` (or policy `message-ttl`).
    Queue,
    /// The message's `expiration` property.
    Message,
}

/// A message waiting in a queue (or held by a client, unacknowledged).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub msg: Message,
    /// Enqueue order within the queue (a classic requeue goes back to this position).
    pub seq: u64,
    /// When its TTL runs out (it only expires at the head of the queue).
    pub expires_at: Option<SimTime>,
    pub ttl_source: TtlSource,
    /// Quorum queues: how often it came back (nack/reject with requeue, channel closed).
    pub delivery_count: u64,
    pub redelivered: bool,
    /// The priority level it waits at.
    pub level: u8,
}

/// A returned message a quorum queue holds back before it can be delivered again (4.3
/// delayed retry).
#[derive(Debug, Clone, PartialEq)]
pub struct Delayed {
    /// When it becomes available again.
    pub ready_at: SimTime,
    pub entry: Entry,
}

/// A dead letter a quorum queue keeps until it can be forwarded (at-least-once).
#[derive(Debug, Clone, PartialEq)]
pub struct Held {
    pub msg: Message,
    /// The copy that died (the message's id before it became a dead letter).
    pub died: super::message::MsgId,
    pub reason: super::dead_letter::Reason,
    /// A forward was tried already (later tries wait for the redelivery timer).
    pub attempted: bool,
    /// The routing keys (and BCC keys) it had in the source queue: every forward routes with
    /// the queue's dead-letter settings as they are then, falling back to these keys.
    pub original_keys: Names,
    pub original_bcc: Names,
}

#[derive(Debug, Clone, PartialEq, Default)]
struct Level {
    /// Returned messages (quorum queues deliver these before the rest).
    returns: VecDeque<Entry>,
    main: VecDeque<Entry>,
}

impl Level {
    #[inline(always)]
    fn front(&self) -> Option<&Entry> {
        if self.returns.is_empty() {
            self.main.front()
        } else {
            self.returns.front()
        }
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<Entry> {
        if self.returns.is_empty() {
            self.main.pop_front()
        } else {
            self.returns.pop_front()
        }
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.returns.len() + self.main.len()
    }
}

/// A queue: its declaration, effective settings and contents.
#[derive(Debug, Clone, PartialEq)]
pub struct Queue {
    pub name: Name,
    pub kind: QueueKind,
    pub durable: bool,
    pub arguments: FieldTable,
    pub effective: Effective,
    levels: Vec<Level>,
    ready_bytes: u64,
    ready_len: u64,
    /// At-least-once dead letters waiting for a route.
    pub held: VecDeque<Held>,
    /// Returned messages held back by delayed retry, by (ready time, enqueue order).
    pub delayed: Vec<Delayed>,
    /// Push consumers, in subscription order.
    pub consumers: Vec<u64>,
    /// Round-robin position among consumers.
    pub next_consumer: usize,
    /// Deliveries not yet acknowledged.
    pub unacked: u64,
    /// The expiry timer already scheduled (to avoid duplicates).
    pub expiry_timer_at: Option<SimTime>,
    /// Bumped whenever the queue is used, invalidating older `x-expires` timers.
    pub use_generation: u64,
    /// Quorum reject-publish: refusing publishes until the queue drains to 80 %.
    pub blocked: bool,
    /// When held dead letters will be tried again.
    pub redeliver_at: Option<SimTime>,
    /// The "Cannot forward" warning was logged.
    pub cannot_forward_logged: bool,
    next_seq: u64,
}

impl Queue {
    /// An empty queue. `max_priority` (from `x-max-priority`) sets the number of levels.
    pub fn new(
        name: Name,
        kind: QueueKind,
        durable: bool,
        arguments: FieldTable,
        effective: Effective,
        max_priority: Option<u8>,
    ) -> Queue {
        let levels = max_priority.map(|p| p as usize + 1).unwrap_or(1);
        Queue {
            name,
            kind,
            durable,
            arguments,
            effective,
            levels: vec![Level::default(); levels],
            ready_bytes: 0,
            ready_len: 0,
            held: VecDeque::new(),
            delayed: Vec::new(),
            consumers: Vec::new(),
            next_consumer: 0,
            unacked: 0,
            expiry_timer_at: None,
            use_generation: 0,
            blocked: false,
            redeliver_at: None,
            cannot_forward_logged: false,
            next_seq: 0,
        }
    }

    /// Gives back the room of a drained burst (see [`super::spare`]).
    pub(crate) fn release_spare(&mut self) {
        for l in &mut self.levels {
            super::spare::release_deque(&mut l.returns);
            super::spare::release_deque(&mut l.main);
        }
        super::spare::release_deque(&mut self.held);
    }

    /// Ready messages (what `queue.declare` and `basic.get` report).
    pub fn ready_len(&self) -> u64 {
        self.ready_len
    }

    /// Body bytes of ready messages.
    pub fn ready_bytes(&self) -> u64 {
        self.ready_bytes
    }

    /// The highest priority level (0 for a queue without priorities).
    pub fn max_level(&self) -> u8 {
        (self.levels.len() - 1) as u8
    }

    /// The level a message of this priority waits at.
    pub fn level_for(&self, priority: Option<u8>) -> u8 {
        priority.unwrap_or(0).min(self.max_level())
    }

    /// A fresh enqueue sequence number.
    pub fn take_seq(&mut self) -> u64 {
        self.next_seq += 1;
        self.next_seq
    }

    /// Adds a message at the tail of its level.
    pub fn push(&mut self, entry: Entry) {
        self.ready_len += 1;
        self.ready_bytes += entry.msg.size_bytes();
        let level = entry.level.min(self.max_level()) as usize;
        self.levels[level].main.push_back(entry);
    }

    /// Gives a delivered message back: quorum queues deliver it next; classic queues put it
    /// back at its original position.
    pub fn requeue(&mut self, mut entry: Entry) {
        self.ready_len += 1;
        self.ready_bytes += entry.msg.size_bytes();
        entry.level = entry.level.min(self.max_level());
        let level = &mut self.levels[entry.level as usize];
        if self.kind == QueueKind::Quorum {
            level.returns.push_back(entry);
        } else {
            let at = level.main.partition_point(|e| e.seq < entry.seq);
            level.main.insert(at, entry);
        }
    }

    #[inline(always)]
    fn top_level(&self) -> Option<usize> {
        // A loop, not `rev().find(…)`: see `ByName::position`.
        let levels = self.levels.as_slice();
        let mut l = levels.len();
        while l > 0 {
            l -= 1;
            if levels[l].len() > 0 {
                return Some(l);
            }
        }
        None
    }

    /// The message that would be delivered next.
    #[inline(always)]
    pub fn front(&self) -> Option<&Entry> {
        match self.top_level() {
            Some(l) => self.levels.as_slice()[l].front(),
            None => None,
        }
    }

    /// Takes the message that would be delivered next.
    pub fn pop_front(&mut self) -> Option<Entry> {
        let l = self.top_level()?;
        let e = self.levels[l].pop()?;
        self.ready_len -= 1;
        self.ready_bytes -= e.msg.size_bytes();
        Some(e)
    }

    /// Takes every message whose TTL has passed, going level by level from the highest
    /// priority and stopping at the first head that has not expired (head-of-queue expiry).
    pub fn take_expired(&mut self, now: SimTime) -> Vec<Entry> {
        let mut out = Vec::new();
        for l in (0..self.levels.len()).rev() {
            loop {
                match self.levels[l].front() {
                    None => break,
                    Some(e) if e.expires_at.map(|t| t <= now).unwrap_or(false) => {
                        let e = self.levels[l].pop().expect("front exists");
                        self.ready_len -= 1;
                        self.ready_bytes -= e.msg.size_bytes();
                        out.push(e);
                    }
                    Some(_) => return out,
                }
            }
        }
        out
    }

    /// When the next head-of-queue expiry is due.
    #[inline(always)]
    pub fn next_expiry(&self) -> Option<SimTime> {
        match self.front() {
            Some(e) => e.expires_at,
            None => None,
        }
    }

    /// Removes every ready message, and every held-back return.
    pub fn purge(&mut self) -> Vec<Entry> {
        let mut out = Vec::with_capacity(self.ready_len as usize);
        while let Some(e) = self.pop_front() {
            out.push(e);
        }
        // Held-back returns go too (the broker purges its delayed messages with the rest).
        out.extend(self.delayed.drain(..).map(|d| d.entry));
        out
    }

    /// Ready messages in delivery order (for views and drains; does not change the queue).
    pub fn iter_ready(&self) -> impl Iterator<Item = &Entry> {
        self.levels.iter().rev().flat_map(|l| l.returns.iter().chain(l.main.iter()))
    }

    /// Body bytes of the dead letters it holds.
    pub fn held_bytes(&self) -> u64 {
        self.held.iter().map(|h| h.msg.size_bytes()).sum()
    }

    /// True when its dead letters are kept until forwarded: a quorum queue with
    /// `dead-letter-strategy: at-least-once` and `overflow: reject-publish` (any other overflow
    /// falls back to at-most-once).
    pub fn dead_letters_at_least_once(&self) -> bool {
        self.kind == QueueKind::Quorum
            && self.effective.at_least_once.as_ref().map(|a| a.value).unwrap_or(false)
            && self.effective.overflow_mode() == super::settings::Overflow::RejectPublish
    }

    /// Holds a returned message back until `ready_at`.
    pub fn delay(&mut self, entry: Entry, ready_at: SimTime) {
        let at =
            self.delayed.partition_point(|d| (d.ready_at, d.entry.seq) <= (ready_at, entry.seq));
        self.delayed.insert(at, Delayed { ready_at, entry });
    }

    /// When the next held-back message becomes available.
    pub fn next_delayed_at(&self) -> Option<SimTime> {
        self.delayed.first().map(|d| d.ready_at)
    }

    /// Takes the held-back messages whose time has come, earliest first.
    pub fn take_ready_delayed(&mut self, now: SimTime) -> Vec<Entry> {
        let n = self.delayed.partition_point(|d| d.ready_at <= now);
        self.delayed.drain(..n).map(|d| d.entry).collect()
    }

    /// True when `ready + held + delayed` (plus `extra` messages of `extra_bytes`) is over a
    /// length limit (held-back messages count toward it, as in the broker).
    pub fn over_limit(&self, extra: u64, extra_bytes: u64) -> bool {
        let held = (self.held.len() + self.delayed.len()) as u64;
        let over_len = self
            .effective
            .max_length
            .as_ref()
            .map(|m| self.ready_len + held + extra > m.value)
            .unwrap_or(false);
        // Held bytes are summed only for a queue with a byte limit.
        over_len
            || self.effective.max_length_bytes.as_ref().is_some_and(|m| {
                let held_bytes = self.held_bytes()
                    + self.delayed.iter().map(|d| d.entry.msg.size_bytes()).sum::<u64>();
                self.ready_bytes + held_bytes + extra_bytes > m.value
            })
    }
}
