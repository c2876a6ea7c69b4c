//! The engine facade: its state, the log, and what the rest of the engine builds on.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use super::consumer::{Channel, Consumer};
use super::death_memo::DeathMemo;
use super::event::{Cause, CauseRef, DropRule, Event, EventKind, Name};
use super::event_log::{self, EventLog};
use super::message::{Message, MsgId};
use super::profile::Profile;
use super::queue::Queue;
use super::route_cache::RouteCache;
use super::scheduler::Scheduler;
use super::settings::Policy;
use super::table::ByName;
use super::time::SimTime;
use super::topology::{self, Exchange};

/// Unix seconds at virtual time zero (x-death `time` values count from here).
pub const DEFAULT_EPOCH_S: u64 = 1_767_225_600;

/// What `step_until` achieved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepOutcome {
    /// Everything due was processed and the clock stands at the requested time.
    Reached,
    /// The step budget ran out first (a zero-delay loop); the clock stopped early.
    BudgetExhausted,
    /// A client's wake-up fell due: the clock stands at it until the client has acted
    /// ([`Engine::take_wake`]); call again to go on.
    Woken,
}

/// The broker on a virtual clock. [`Engine::snapshot`] saves its state for time travel.
#[derive(Debug, Clone)]
pub struct Engine {
    pub(crate) profile: &'static Profile,
    pub(crate) now: SimTime,
    pub(crate) epoch_s: u64,
    pub(crate) exchanges: ByName<Exchange>,
    pub(crate) queues: ByName<Queue>,
    /// Queue names in declaration order.
    pub(crate) queue_order: Vec<Name>,
    pub(crate) policies: Vec<Policy>,
    pub(crate) channels: BTreeMap<u32, Channel>,
    pub(crate) consumers: BTreeMap<u64, Consumer>,
    pub(crate) timers: Scheduler,
    /// Dead letters on their way to their dead-letter exchange, in the order they were sent
    /// (each has a [`TimerKind::DeadLetter`] timer; they fire in this order).
    pub(crate) in_transit: VecDeque<super::scheduler::DeadLetterJob>,
    /// Client wake-ups fired and not yet taken ([`Engine::take_wake`]).
    pub(crate) woken: VecDeque<super::wake::Wake>,
    pub(crate) events: EventLog,
    pub(crate) log: Vec<String>,
    pub(crate) logged_once: BTreeSet<String>,
    pub(crate) next_msg_id: MsgId,
    pub(crate) next_lineage: u64,
    pub(crate) next_consumer: u64,
    pub(crate) command: u64,
    /// Message copies created and finished (acked, dropped, dead-lettered on).
    pub(crate) copies_born: u64,
    pub(crate) copies_gone: u64,
    /// With [`Engine::keep_message_copies`]: every copy as it entered a queue, by id (the
    /// inspector shows a message's headers at each hop). Off by default: it costs memory.
    pub(crate) kept: Option<BTreeMap<MsgId, Arc<Message>>>,
    /// Routes already worked out for this topology.
    pub(crate) routes: RouteCache,
    /// Setting causes already interned, by (key, source): found by pointer.
    pub(crate) setting_causes: Vec<(&'static str, Name, CauseRef)>,
    /// Recent deaths, so copies that die the same way share their new headers.
    pub(crate) deaths: DeathMemo,
}

impl Engine {
    /// A broker with only the predeclared exchanges, under `profile`. It makes no random
    /// choices: the same commands give the same log.
    pub fn new(profile: &'static Profile) -> Engine {
        Engine {
            profile,
            now: SimTime::ZERO,
            epoch_s: DEFAULT_EPOCH_S,
            exchanges: {
                let mut t = ByName::new();
                for x in topology::predeclared() {
                    t.insert(Name::new(&x.name), x);
                }
                t
            },
            queues: ByName::new(),
            queue_order: Vec::new(),
            policies: Vec::new(),
            channels: BTreeMap::new(),
            consumers: BTreeMap::new(),
            timers: Scheduler::default(),
            in_transit: VecDeque::new(),
            woken: VecDeque::new(),
            events: EventLog::new(),
            log: Vec::new(),
            logged_once: BTreeSet::new(),
            next_msg_id: 0,
            next_lineage: 0,
            next_consumer: 0,
            command: 0,
            copies_born: 0,
            copies_gone: 0,
            kept: None,
            routes: RouteCache::default(),
            setting_causes: Vec::new(),
            deaths: DeathMemo::default(),
        }
    }

    /// The shared `Cause::Setting` for `key` set from `source` (interned once per engine run;
    /// the dead letters of a storm all share a handful).
    pub(crate) fn setting_cause(&mut self, key: &'static str, source: Name) -> CauseRef {
        let found = self
            .setting_causes
            .iter()
            .find(|(k, s, _)| std::ptr::eq(*k, key) && *s == source)
            .map(|(_, _, c)| *c);
        found.unwrap_or_else(|| {
            let c = Cause::Setting { key, source }.interned();
            self.setting_causes.push((key, source, c));
            c
        })
    }

    /// The semantics profile in force.
    pub fn profile(&self) -> &'static Profile {
        self.profile
    }

    /// The virtual clock.
    pub fn now(&self) -> SimTime {
        self.now
    }

    /// The whole event log.
    pub fn events(&self) -> &EventLog {
        &self.events
    }

    /// Events from position `cursor` on (pass the previous length to read only new ones).
    pub fn events_since(&self, cursor: usize) -> event_log::Iter<'_> {
        self.events.since(cursor)
    }

    /// The broker's log lines (warnings), in order.
    pub fn log_lines(&self) -> &[String] {
        &self.log
    }

    /// A queue by name.
    pub fn queue(&self, name: &str) -> Option<&Queue> {
        self.queues.get(name)
    }

    /// Queues in declaration order.
    pub fn queues(&self) -> impl Iterator<Item = &Queue> {
        self.queue_order.iter().filter_map(|n| self.queues.get(n))
    }

    /// Exchanges by name (the default exchange is `""`).
    pub fn exchanges(&self) -> impl Iterator<Item = &Exchange> {
        self.exchanges.values()
    }

    /// Policies in the order they were set.
    pub fn policies(&self) -> &[Policy] {
        &self.policies
    }

    /// Push consumers by id.
    pub fn consumers(&self) -> impl Iterator<Item = &Consumer> {
        self.consumers.values()
    }

    /// Keeps (or stops keeping) a copy of every message as it enters a queue, so
    /// [`Engine::message_copy`] can show its headers at every hop.
    pub fn keep_message_copies(&mut self, keep: bool) {
        if keep && self.kept.is_none() {
            self.kept = Some(BTreeMap::new());
        } else if !keep {
            self.kept = None;
        }
    }

    /// A message copy as it entered its queue (needs [`Engine::keep_message_copies`]).
    pub fn message_copy(&self, id: MsgId) -> Option<&Message> {
        self.kept.as_ref()?.get(&id).map(|m| &**m)
    }

    /// Every kept message copy by id (with [`Engine::keep_message_copies`]).
    pub fn message_copies(&self) -> Option<&BTreeMap<MsgId, Arc<Message>>> {
        self.kept.as_ref()
    }

    /// Unix seconds now (what x-death `time` records).
    pub fn now_unix_s(&self) -> u64 {
        self.epoch_s + self.now.as_us() / 1_000_000
    }

    /// The Unix time (seconds) virtual time zero stands for.
    pub fn epoch_s(&self) -> u64 {
        self.epoch_s
    }

    /// Sets the Unix time that virtual time zero stands for.
    pub fn set_epoch_s(&mut self, epoch_s: u64) {
        self.epoch_s = epoch_s;
    }

    pub(crate) fn new_msg_id(&mut self) -> MsgId {
        self.next_msg_id += 1;
        self.next_msg_id
    }

    pub(crate) fn begin_command(&mut self) -> Cause {
        self.command += 1;
        Cause::Client { command: self.command }
    }

    pub(crate) fn emit(&mut self, msg: Option<&Message>, kind: EventKind, cause: &Cause) {
        let seq = self.events.len() as u64;
        self.events.push(&Event {
            seq,
            at_us: self.now,
            msg: msg.map(|m| m.id),
            lineage: msg.map(|m| m.lineage),
            kind,
            cause: *cause,
        });
    }

    /// Records a copy's loss with the rule behind it.
    pub(crate) fn drop_copy(&mut self, msg: &Message, rule: DropRule, cause: &Cause) {
        self.copies_gone += 1;
        self.emit(Some(msg), EventKind::Dropped(rule), cause);
    }

    /// Appends a line to the broker's log ([`Engine::log_lines`]) and a `Log` event with its
    /// cause: how a caller driving the engine (a scenario's step runner) reports an error of
    /// its own in the same log the broker's warnings go to.
    pub fn log_line(&mut self, line: String, cause: &Cause) {
        self.log.push(line.clone());
        self.emit(None, EventKind::Log { line }, cause);
    }

    /// Logs `line` only the first time `key` is seen.
    pub(crate) fn log_once(&mut self, key: String, lines: Vec<String>, cause: &Cause) {
        if self.logged_once.insert(key) {
            for l in lines {
                self.log_line(l, cause);
            }
        }
    }

    pub(crate) fn new_consumer_id(&mut self) -> u64 {
        self.next_consumer += 1;
        self.next_consumer
    }

    /// Copies of messages that exist right now (ready, held, unacked, or on their way to a
    /// dead-letter exchange), counted by looking everywhere.
    pub fn census(&self) -> u64 {
        let in_queues: u64 = self
            .queues
            .values()
            .map(|q| q.ready_len() + (q.held.len() + q.delayed.len()) as u64)
            .sum();
        let unacked: u64 = self.channels.values().map(|c| c.unacked.len() as u64).sum();
        let in_transit = self.in_transit.len() as u64;
        in_queues + unacked + in_transit
    }

    /// Copies created minus copies finished, by the engine's own bookkeeping; equals
    /// [`Engine::census`] when no copy is lost or duplicated.
    pub fn live_copies(&self) -> i64 {
        self.copies_born as i64 - self.copies_gone as i64
    }
}
