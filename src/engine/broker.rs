//! The engine facade: state, the clock, the log, and topology commands (declare, bind, policy).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::consumer::{Channel, Consumer};
use super::event::{Cause, CauseRef, DropRule, Event, EventKind, Name};
use super::headers::{FieldTable, FieldValue};
use super::message::{Message, MsgId};
use super::profile::Profile;
use super::queue::Queue;
use super::rng::SimRng;
use super::route_cache::RouteCache;
use super::scheduler::{Scheduler, TimerKind};
use super::settings::{self, Overflow, Policy, QueueKind};
use super::table::ByName;
use super::time::SimTime;
use super::topology::{self, AmqpError, Binding, Destination, Exchange, ExchangeKind};

/// Unix seconds at virtual time zero (x-death `time` values count from here).
pub const DEFAULT_EPOCH_S: u64 = 1_767_225_600;

/// What `step_until` achieved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepOutcome {
    /// Everything due was processed and the clock stands at the requested time.
    Reached,
    /// The step budget ran out first (a zero-delay loop); the clock stopped early.
    BudgetExhausted,
}

/// A publish scheduled by a scenario's publisher actor.
#[derive(Debug, Clone, PartialEq)]
pub struct PublisherSpec {
    pub exchange: String,
    pub routing_key: String,
    pub body: String,
    pub props: super::message::Properties,
    pub every_ms: u64,
    pub remaining: u64,
}

/// The broker on a virtual clock. [`Engine::snapshot`] saves its state for time travel.
#[derive(Debug, Clone)]
pub struct Engine {
    pub(crate) profile: &'static Profile,
    pub(crate) now: SimTime,
    pub(crate) epoch_s: u64,
    pub(crate) rng: SimRng,
    pub(crate) exchanges: ByName<Exchange>,
    pub(crate) queues: ByName<Queue>,
    /// Queue names in declaration order.
    pub(crate) queue_order: Vec<Name>,
    pub(crate) policies: Vec<Policy>,
    pub(crate) channels: BTreeMap<u32, Channel>,
    pub(crate) consumers: BTreeMap<u64, Consumer>,
    pub(crate) publishers: Vec<PublisherSpec>,
    pub(crate) timers: Scheduler,
    pub(crate) events: Vec<Event>,
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
}

impl Engine {
    /// A broker with only the predeclared exchanges, under `profile`, with random choices
    /// (scripted failure rates) fixed by `seed`.
    pub fn new(profile: &'static Profile, seed: u64) -> Engine {
        Engine {
            profile,
            now: SimTime::ZERO,
            epoch_s: DEFAULT_EPOCH_S,
            rng: SimRng::new(seed),
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
            publishers: Vec::new(),
            timers: Scheduler::default(),
            events: Vec::new(),
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
        }
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
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Events from position `cursor` on (pass the previous length to read only new ones).
    pub fn events_since(&self, cursor: usize) -> &[Event] {
        &self.events[cursor.min(self.events.len())..]
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

    /// Unix seconds now (what x-death `time` records).
    pub fn now_unix_s(&self) -> u64 {
        self.epoch_s + self.now.as_us() / 1_000_000
    }

    /// Sets the Unix time that virtual time zero stands for.
    pub fn set_epoch_s(&mut self, epoch_s: u64) {
        self.epoch_s = epoch_s;
    }

    pub(crate) fn new_msg_id(&mut self) -> MsgId {
        self.next_msg_id += 1;
        self.next_msg_id
    }

    pub(crate) fn begin_command(&mut self) -> CauseRef {
        self.command += 1;
        Cause::Client { command: self.command }.interned()
    }

    pub(crate) fn emit(&mut self, msg: Option<&Message>, kind: EventKind, cause: CauseRef) {
        let seq = self.events.len() as u64;
        self.events.push(Event {
            seq,
            at_us: self.now,
            msg: msg.map(|m| m.id),
            lineage: msg.map(|m| m.lineage),
            kind,
            cause,
        });
    }

    /// Records a copy's loss with the rule behind it.
    pub(crate) fn drop_copy(&mut self, msg: &Message, rule: DropRule, cause: CauseRef) {
        self.copies_gone += 1;
        self.emit(Some(msg), EventKind::Dropped(rule), cause);
    }

    pub(crate) fn log_line(&mut self, line: String, cause: CauseRef) {
        self.log.push(line.clone());
        self.emit(None, EventKind::Log { line }, cause);
    }

    /// Logs `line` only the first time `key` is seen.
    pub(crate) fn log_once(&mut self, key: String, lines: Vec<String>, cause: CauseRef) {
        if self.logged_once.insert(key) {
            for l in lines {
                self.log_line(l, cause);
            }
        }
    }

    fn policy_for_queue(&self, name: &str, kind: QueueKind, operator: bool) -> Option<&Policy> {
        settings::pick(&self.policies, operator, |p| p.matches_queue(name, kind))
    }

    /// Recomputes one queue's effective settings from its arguments and policies.
    pub(crate) fn refresh_queue(&mut self, name: &Name) {
        let Some(q) = self.queues.get(name) else { return };
        let policy = self.policy_for_queue(name, q.kind, false).cloned();
        let op = self.policy_for_queue(name, q.kind, true).cloned();
        let eff =
            settings::effective(q.kind, &q.arguments, policy.as_ref(), op.as_ref(), self.profile);
        let fallback = q.kind == QueueKind::Quorum
            && eff.at_least_once.as_ref().map(|a| a.value).unwrap_or(false)
            && eff.overflow_mode() != Overflow::RejectPublish;
        let was_at_least_once = q.dead_letters_at_least_once();
        let changed = q.effective != eff;
        if let Some(q) = self.queues.get_mut(name) {
            q.effective = eff;
        }
        if changed {
            self.held_after_settings_change(name, was_at_least_once);
        }
        if fallback {
            let overflow = self.queues[name].effective.overflow_mode().as_str();
            let line = format!(
                "[warning] Falling back to dead-letter-strategy at-most-once for queue '{name}' in vhost '/' because configured dead-letter-strategy at-least-once is incompatible with effective overflow strategy {overflow}. To enable dead-letter-strategy at-least-once, set overflow strategy to reject-publish."
            );
            let cause = &Cause::Rule { rule: "at_least_once_needs_reject_publish" };
            self.log_line(line, cause);
        }
    }

    /// The dead letters an at-least-once quorum queue holds follow a change of its settings:
    /// they are forwarded again at once with the new settings, or deleted when the queue no
    /// longer dead-letters at-least-once (rabbit_fifo_dlx `update_config`).
    fn held_after_settings_change(&mut self, name: &Name, was_at_least_once: bool) {
        let now = self.now;
        let Some(q) = self.queues.get_mut(name) else { return };
        if q.held.is_empty() {
            return;
        }
        if q.dead_letters_at_least_once() {
            self.timers.push(now, TimerKind::ForwardHeld { queue: name.clone(), retry: true });
        } else if was_at_least_once {
            let bytes = q.held_bytes();
            let gone: Vec<_> = q.held.drain(..).collect();
            q.redeliver_at = None;
            let cause = &Cause::Rule { rule: "dead_letter_strategy_switched" };
            for h in &gone {
                self.drop_copy(&h.msg, DropRule::StrategySwitched { queue: name.clone() }, cause);
            }
            let line = format!(
                "[info] Deleted {} dead-lettered messages (with total messages size of {bytes} bytes) in queue '{name}' in vhost '/'",
                gone.len()
            );
            self.log_line(line, cause);
            self.maybe_unblock(name);
        }
    }

    /// `exchange.declare`.
    pub fn declare_exchange(
        &mut self,
        name: &str,
        kind: &str,
        durable: bool,
        auto_delete: bool,
        arguments: FieldTable,
    ) -> Result<(), AmqpError> {
        self.begin_command();
        let Some(k) = ExchangeKind::parse(kind) else {
            return Err(AmqpError {
                code: 503,
                text: format!("COMMAND_INVALID - unknown exchange type '{kind}' (use direct, fanout, topic or headers)"),
            });
        };
        if let Some(existing) = self.exchanges.get(name) {
            if existing.kind != k {
                return Err(AmqpError::precondition(format!(
                    "inequivalent arg 'type' for exchange '{name}' in vhost '/': received '{kind}' but current is '{}'",
                    existing.kind.as_str()
                )));
            }
            return Ok(());
        }
        if name.is_empty() || name.starts_with("amq.") {
            return Err(AmqpError::access_refused(format!(
                "exchange name '{name}' contains reserved prefix 'amq.*'"
            )));
        }
        if let Some(v) = arguments.get("alternate-exchange") {
            if v.as_str().is_none() {
                return Err(AmqpError::precondition(format!(
                    "invalid arg 'alternate-exchange' for exchange '{name}' in vhost '/': must be a string"
                )));
            }
        }
        self.routes.clear();
        self.exchanges
            .insert(Name::new(name), Exchange::new(name, k, durable, auto_delete, arguments));
        Ok(())
    }

    /// `exchange.delete` (bindings to and from it go too).
    pub fn delete_exchange(&mut self, name: &str) -> Result<(), AmqpError> {
        self.begin_command();
        if name.is_empty() || name.starts_with("amq.") {
            return Err(AmqpError::access_refused(format!(
                "operation not permitted on the default exchange or '{name}'"
            )));
        }
        self.routes.clear();
        if self.exchanges.remove(name).is_none() {
            return Err(AmqpError::not_found(format!("no exchange '{name}' in vhost '/'")));
        }
        for x in self.exchanges.values_mut() {
            x.bindings.retain(|b| b.destination != Destination::Exchange(name.to_string()));
        }
        Ok(())
    }

    /// `queue.declare`: creates the queue or checks an existing one is equivalent. Returns
    /// (ready messages, consumers).
    pub fn declare_queue(
        &mut self,
        name: &str,
        durable: bool,
        arguments: FieldTable,
    ) -> Result<(u64, u64), AmqpError> {
        let cause = self.begin_command();
        if name.starts_with("amq.") {
            return Err(AmqpError::access_refused(format!(
                "queue name '{name}' contains reserved prefix 'amq.*'"
            )));
        }
        if let Some(q) = self.queues.get(name) {
            topology::check_equivalent(name, &q.arguments, q.durable, &arguments, durable)?;
            let key: Name = q.name.clone();
            let out = (q.ready_len(), q.consumers.len() as u64);
            self.touch_queue(&key);
            return Ok(out);
        }
        let (kind, warnings) = topology::check_queue_args(name, durable, &arguments, self.profile)?;
        for w in warnings {
            self.log_line(w, cause);
        }
        let max_priority = match kind {
            QueueKind::Classic => {
                arguments.get("x-max-priority").and_then(FieldValue::as_i64).map(|p| p as u8)
            }
            // 4.x quorum queues have two priority levels: normal (0-4) and high (5+).
            QueueKind::Quorum
                if arguments.get("x-max-priority").is_some() || self.profile.quorum_priorities =>
            {
                None
            }
            _ => None,
        };
        let key = Name::new(name);
        self.routes.clear();
        let q = Queue::new(key.clone(), kind, durable, arguments, Default::default(), max_priority);
        self.queues.insert(key.clone(), q);
        self.queue_order.push(key.clone());
        self.refresh_queue(&key);
        self.touch_queue(&key);
        Ok((0, 0))
    }

    /// Marks a queue as used now (restarts its `x-expires` countdown).
    pub(crate) fn touch_queue(&mut self, name: &Name) {
        let Some(q) = self.queues.get_mut(name) else { return };
        q.use_generation += 1;
        if let Some(exp) = q.effective.expires_ms.as_ref().map(|e| e.value) {
            let generation = q.use_generation;
            let at = self.now.plus_ms(exp);
            self.timers.push(at, TimerKind::QueueExpires { queue: name.clone(), generation });
        }
    }

    /// `queue.bind`.
    pub fn bind_queue(
        &mut self,
        queue: &str,
        exchange: &str,
        routing_key: &str,
        arguments: FieldTable,
    ) -> Result<(), AmqpError> {
        self.begin_command();
        if !self.queues.contains_key(queue) {
            return Err(AmqpError::not_found(format!("no queue '{queue}' in vhost '/'")));
        }
        self.add_binding(exchange, Destination::Queue(queue.to_string()), routing_key, arguments)
    }

    /// `exchange.bind`: messages reaching `source` also go through `destination`.
    pub fn bind_exchange(
        &mut self,
        destination: &str,
        source: &str,
        routing_key: &str,
        arguments: FieldTable,
    ) -> Result<(), AmqpError> {
        self.begin_command();
        if !self.exchanges.contains_key(destination) {
            return Err(AmqpError::not_found(format!("no exchange '{destination}' in vhost '/'")));
        }
        self.add_binding(
            source,
            Destination::Exchange(destination.to_string()),
            routing_key,
            arguments,
        )
    }

    fn add_binding(
        &mut self,
        source: &str,
        destination: Destination,
        routing_key: &str,
        arguments: FieldTable,
    ) -> Result<(), AmqpError> {
        if source.is_empty() {
            return Err(AmqpError::access_refused(
                "operation not permitted on the default exchange".into(),
            ));
        }
        let with_x = self.profile.headers_match_with_x;
        self.routes.clear();
        let Some(x) = self.exchanges.get_mut(source) else {
            return Err(AmqpError::not_found(format!("no exchange '{source}' in vhost '/'")));
        };
        if x.kind == ExchangeKind::Headers {
            if let Some(m) = arguments.get("x-match") {
                let ok = match m.as_str() {
                    Some("all") | Some("any") => true,
                    Some("all-with-x") | Some("any-with-x") => with_x,
                    _ => false,
                };
                if !ok {
                    return Err(AmqpError::precondition(format!(
                        "Invalid x-match field value {}",
                        m.to_json()
                    )));
                }
            }
        }
        let b = Binding {
            source: source.to_string(),
            destination,
            routing_key: routing_key.to_string(),
            arguments,
        };
        if !x.bindings.iter().any(|o| {
            o.destination == b.destination
                && o.routing_key == b.routing_key
                && o.arguments == b.arguments
        }) {
            x.bindings.push(b);
        }
        Ok(())
    }

    /// `queue.unbind` / `exchange.unbind`.
    pub fn unbind(
        &mut self,
        source: &str,
        destination: &Destination,
        routing_key: &str,
    ) -> Result<(), AmqpError> {
        self.begin_command();
        self.routes.clear();
        let Some(x) = self.exchanges.get_mut(source) else {
            return Err(AmqpError::not_found(format!("no exchange '{source}' in vhost '/'")));
        };
        x.bindings.retain(|b| !(&b.destination == destination && b.routing_key == routing_key));
        Ok(())
    }

    /// Sets (or replaces) a policy. `operator` makes it an operator policy.
    pub fn set_policy(
        &mut self,
        name: &str,
        pattern: &str,
        definition: FieldTable,
        priority: i64,
        apply_to: &str,
        operator: bool,
    ) -> Result<(), AmqpError> {
        self.begin_command();
        if pattern.len() > 4096 {
            return Err(AmqpError::precondition(format!(
                "policy '{name}': pattern is longer than 4096 characters"
            )));
        }
        let regex = regex_lite::Regex::new(pattern).map_err(|e| {
            AmqpError::precondition(format!(
                "policy '{name}': pattern {pattern:?} is not a valid regular expression: {e}"
            ))
        })?;
        if !matches!(
            apply_to,
            "queues" | "exchanges" | "all" | "classic_queues" | "quorum_queues" | "streams"
        ) {
            return Err(AmqpError::precondition(format!(
                "policy '{name}': apply-to '{apply_to}' is not one of queues, exchanges, all, classic_queues, quorum_queues, streams"
            )));
        }
        let p = Policy {
            name: name.to_string(),
            pattern: pattern.to_string(),
            regex,
            apply_to: apply_to.to_string(),
            priority,
            definition,
            operator,
        };
        match self.policies.iter_mut().find(|o| o.name == name && o.operator == operator) {
            Some(slot) => *slot = p,
            None => self.policies.push(p),
        }
        self.refresh_all();
        Ok(())
    }

    /// Removes a policy.
    pub fn clear_policy(&mut self, name: &str, operator: bool) -> Result<(), AmqpError> {
        self.begin_command();
        let before = self.policies.len();
        self.policies.retain(|p| !(p.name == name && p.operator == operator));
        if self.policies.len() == before {
            return Err(AmqpError::not_found(format!("no policy '{name}' in vhost '/'")));
        }
        self.refresh_all();
        Ok(())
    }

    fn refresh_all(&mut self) {
        let names: Vec<Name> = self.queue_order.clone();
        for n in &names {
            self.refresh_queue(n);
            self.enforce_limits(n, &Cause::Rule { rule: "policy_changed" });
            self.schedule_expiry(n);
        }
    }

    /// `queue.purge`: removes ready messages (nothing is dead-lettered). Returns how many.
    pub fn purge_queue(&mut self, name: &str) -> Result<u64, AmqpError> {
        let cause = self.begin_command();
        let Some(q) = self.queues.get_mut(name) else {
            return Err(AmqpError::not_found(format!("no queue '{name}' in vhost '/'")));
        };
        let key = q.name.clone();
        let gone = q.purge();
        let n = gone.len() as u64;
        self.copies_gone += n;
        self.emit(None, EventKind::QueuePurged { queue: key, messages: n }, cause);
        Ok(n)
    }

    /// `queue.delete`: the queue and its messages go (nothing is dead-lettered). Returns how
    /// many ready messages it held.
    pub fn delete_queue(&mut self, name: &str) -> Result<u64, AmqpError> {
        let cause = self.begin_command();
        if !self.queues.contains_key(name) {
            return Err(AmqpError::not_found(format!("no queue '{name}' in vhost '/'")));
        }
        let n = self.remove_queue(name);
        self.emit(None, EventKind::QueueDeleted { queue: Name::new(name), messages: n }, cause);
        Ok(n)
    }

    /// Removes a queue, its bindings and consumers; returns its ready count.
    pub(crate) fn remove_queue(&mut self, name: &str) -> u64 {
        let Some(q) = self.queues.remove(name) else { return 0 };
        self.routes.clear();
        self.queue_order.retain(|n| &**n != name);
        let n = q.ready_len();
        self.copies_gone += n + (q.held.len() + q.delayed.len()) as u64;
        for x in self.exchanges.values_mut() {
            x.bindings.retain(|b| b.destination != Destination::Queue(name.to_string()));
        }
        self.consumers.retain(|_, c| &*c.queue != name);
        for ch in self.channels.values_mut() {
            for u in ch.unacked.values_mut().filter(|u| &*u.queue == name) {
                u.orphaned = true;
            }
        }
        n
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
        let in_transit =
            self.timers.iter().filter(|t| matches!(t.kind, TimerKind::DeadLetter(_))).count()
                as u64;
        in_queues + unacked + in_transit
    }

    /// Copies created minus copies finished, by the engine's own bookkeeping; equals
    /// [`Engine::census`] when no copy is lost or duplicated.
    pub fn live_copies(&self) -> i64 {
        self.copies_born as i64 - self.copies_gone as i64
    }
}
