//! Topology commands: declare, bind, unbind, delete and purge, and policies with the
//! effective settings they change.

use super::broker::Engine;
use super::event::{Cause, DropRule, EventKind, Name};
use super::headers::{FieldTable, FieldValue};
use super::queue::Queue;
use super::scheduler::TimerKind;
use super::settings::{self, Overflow, Policy, QueueKind};
use super::topology::{self, AmqpError, Binding, Destination, Exchange, ExchangeKind};

/// The longest policy pattern the simulator takes, in bytes.
pub const MAX_PATTERN_BYTES: usize = 4096;
/// The most memory a policy pattern may compile to: a pattern's match time grows with it, and
/// every policy is matched against every queue's and exchange's name.
pub const MAX_PATTERN_COMPILED_BYTES: usize = 64 * 1024;

/// One policy for [`Engine::set_policies`].
pub struct PolicySpec<'a> {
    pub name: &'a str,
    pub pattern: &'a str,
    pub definition: FieldTable,
    pub priority: i64,
    pub apply_to: &'a str,
    pub operator: bool,
}

impl Engine {
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
            self.timers.push(now, TimerKind::ForwardHeld { queue: *name, retry: true });
        } else if was_at_least_once {
            let bytes = q.held_bytes();
            let gone: Vec<_> = q.held.drain(..).collect();
            q.redeliver_at = None;
            let cause = &Cause::Rule { rule: "dead_letter_strategy_switched" };
            for h in &gone {
                self.drop_copy(&h.msg, DropRule::StrategySwitched { queue: *name }, cause);
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
        let cause = &self.begin_command();
        if name.starts_with("amq.") {
            return Err(AmqpError::access_refused(format!(
                "queue name '{name}' contains reserved prefix 'amq.*'"
            )));
        }
        if let Some(q) = self.queues.get(name) {
            topology::check_equivalent(name, &q.arguments, q.durable, &arguments, durable)?;
            let key: Name = q.name;
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
        let q = Queue::new(key, kind, durable, arguments, Default::default(), max_priority);
        self.queues.insert(key, q);
        self.queue_order.push(key);
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
            self.timers.push(at, TimerKind::QueueExpires { queue: *name, generation });
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
        let p = PolicySpec { name, pattern, definition, priority, apply_to, operator };
        self.set_policies([p]).pop().unwrap_or(Ok(()))
    }

    /// Sets several policies, as [`Engine::set_policy`] one after another would, but
    /// recomputes each queue's settings once, after the last: a definitions file or a
    /// scenario's policies load in time linear in policies × queues, not quadratic in policies.
    /// Returns each policy's result, in order.
    pub fn set_policies<'a>(
        &mut self,
        policies: impl IntoIterator<Item = PolicySpec<'a>>,
    ) -> Vec<Result<(), AmqpError>> {
        let results: Vec<_> = policies
            .into_iter()
            .map(|p| {
                self.begin_command();
                self.put_policy(p)
            })
            .collect();
        if results.iter().any(Result::is_ok) {
            self.refresh_all();
        }
        results
    }

    /// Checks a policy and puts it in place of one of the same name, without recomputing
    /// any queue's settings.
    fn put_policy(&mut self, spec: PolicySpec) -> Result<(), AmqpError> {
        let PolicySpec { name, pattern, definition, priority, apply_to, operator } = spec;
        if pattern.len() > MAX_PATTERN_BYTES {
            return Err(AmqpError::precondition(format!(
                "policy '{name}': pattern is longer than {MAX_PATTERN_BYTES} characters"
            )));
        }
        let regex = regex_lite::RegexBuilder::new(pattern)
            .size_limit(MAX_PATTERN_COMPILED_BYTES)
            .build()
            .map_err(|e| {
                let why = if e.to_string().contains("size limit") {
                    format!("it compiles to more than {} KB (the simulator's limit); use fewer or smaller repetitions such as {{1,20000}}", MAX_PATTERN_COMPILED_BYTES / 1024)
                } else {
                    e.to_string()
                };
                AmqpError::precondition(format!(
                    "policy '{name}': pattern {pattern:?} is not a valid regular expression: {why}"
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
        let cause = &self.begin_command();
        let Some(q) = self.queues.get_mut(name) else {
            return Err(AmqpError::not_found(format!("no queue '{name}' in vhost '/'")));
        };
        let key = q.name;
        let gone = q.purge();
        let n = gone.len() as u64;
        self.copies_gone += n;
        self.emit(None, EventKind::QueuePurged { queue: key, messages: n }, cause);
        Ok(n)
    }

    /// `queue.delete`: the queue and its messages go (nothing is dead-lettered). Returns how
    /// many ready messages it held.
    pub fn delete_queue(&mut self, name: &str) -> Result<u64, AmqpError> {
        let cause = &self.begin_command();
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
}
