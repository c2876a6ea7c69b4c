//! Dead-lettering: a message dies, its dead-lettered copy routes through the dead-letter
//! exchange (at-most-once), or a quorum queue holds it until the route works (at-least-once).

use super::broker::Engine;
use super::dead_letter::{self, Reason};
use super::event::{Cause, DropRule, EventKind, Name, Names};
use super::flow::Admit;
use super::message::Message;
use super::queue::{Entry, Held};
use super::scheduler::{DeadLetterJob, TimerKind};
use super::settings::{Overflow, QueueKind};

/// A dead-letter target dropped because it closes a fully automatic cycle, with the queues of
/// that cycle.
type CycleDrop = (Name, Vec<String>);

impl Engine {
    /// A message died in `queue`: record it and send a dead-lettered copy on (or drop it).
    pub(crate) fn dead_letter(
        &mut self,
        queue: &Name,
        entry: Entry,
        reason: Reason,
        cause: &Cause,
    ) {
        let msg = entry.msg;
        self.emit(Some(&msg), EventKind::Died { queue: *queue, reason }, cause);
        let profile = self.profile;
        let Some(q) = self.queues.get(queue) else {
            self.drop_copy(&msg, DropRule::QueueGone { queue: *queue }, cause);
            return;
        };
        let Some(dlx) = q.effective.dead_letter_exchange.as_ref() else {
            self.drop_copy(&msg, DropRule::NoDeadLetterExchange, cause);
            return;
        };
        let at_least_once = q.dead_letters_at_least_once();
        // Only an at-least-once queue keeps the original keys (to route with them later).
        let original = if at_least_once { Some((msg.routing_keys, msg.bcc)) } else { None };
        let mut dl = msg;
        let time_s = self.now_unix_s();
        let log = self.deaths.record(&mut dl, reason, *queue, time_s, profile);
        dl.exchange = dlx.value;
        let dlrk = q.effective.dead_letter_routing_key.as_ref().map(|d| d.value);
        let replace_keys = dlrk.is_some();
        if let Some(rk) = dlrk {
            dl.routing_keys = Names::one(rk);
        }
        for line in log {
            self.log_line(line, &Cause::Rule { rule: "invalid_x_death" });
        }
        if replace_keys {
            dl.bcc = Names::empty();
            if !profile.keep_cc_with_dl_routing_key && dl.props.headers.get("CC").is_some() {
                dl.props_mut().headers.remove("CC");
            }
        }
        let died = dl.id;
        dl.id = self.new_msg_id();
        dl.born_at = self.now;
        if at_least_once {
            self.emit(
                Some(&dl),
                EventKind::HeldForDeadLetter { queue: *queue, from: died },
                Cause::Setting { key: "x-dead-letter-strategy", source: "at-least-once".into() }
                    .interned(),
            );
            if let Some(q) = self.queues.get_mut(queue) {
                let (original_keys, original_bcc) = original.unwrap_or_default();
                q.held.push_back(Held {
                    msg: dl,
                    died,
                    reason,
                    attempted: false,
                    original_keys,
                    original_bcc,
                });
            }
            let now = self.now;
            self.timers.push(now, TimerKind::ForwardHeld { queue: *queue, retry: false });
        } else {
            let now = self.now;
            self.timers.push(now, TimerKind::DeadLetter { msg: dl.id });
            self.in_transit.push_back(DeadLetterJob { msg: dl, died, source: *queue, reason });
        }
    }

    /// Routes a dead letter through its exchange: the target queues, and the targets dropped
    /// because they close a fully automatic cycle.
    fn route_dead_letter(
        &mut self,
        msg: &Message,
        reason: Reason,
    ) -> Result<(Names, Vec<CycleDrop>), DropRule> {
        if !self.exchanges.contains_key(&msg.exchange) {
            return Err(DropRule::DeadLetterExchangeMissing { exchange: msg.exchange });
        }
        let routed = self.route_names(msg.exchange, msg.routing_keys, &msg.props.headers);
        let mut cycles = Vec::new();
        let headers = &msg.props.headers;
        let targets = if reason != Reason::Rejected
            && routed.iter().any(|name| dead_letter::is_cycle(name, headers))
        {
            let mut kept = Vec::new();
            for name in routed.iter() {
                if !dead_letter::is_cycle(name, headers) {
                    kept.push(*name);
                    continue;
                }
                let mut path = vec![name.to_string()];
                path.extend(dead_letter::death_queue_names(headers));
                cycles.push((*name, path));
            }
            Names::new(&kept)
        } else {
            routed
        };
        if targets.is_empty() && cycles.is_empty() {
            let fanout = self
                .exchanges
                .get(&msg.exchange)
                .is_some_and(|x| x.kind == super::topology::ExchangeKind::Fanout);
            return Err(DropRule::NoDeadLetterRoute {
                exchange: msg.exchange,
                routing_keys: msg.routing_keys,
                fanout,
            });
        }
        Ok((targets, cycles))
    }

    fn log_cycle(&mut self, path: &[String]) {
        let shown: Vec<String> = path.iter().map(|q| format!("<<\"{q}\">>")).collect();
        let line = format!(
            "[warning] Message dropped. Dead-letter queues cycle detected: [{}]",
            shown.join(",")
        );
        self.log_once(
            format!("cycle:{}", path.join("\u{1}")),
            vec![line, "[warning] This cycle will NOT be reported again.".into()],
            &Cause::Rule { rule: "dead_letter_cycle" },
        );
    }

    /// An at-most-once dead letter arrives at its exchange.
    pub(crate) fn on_dead_letter(&mut self, job: DeadLetterJob) {
        let DeadLetterJob { msg, died, source, reason } = job;
        let cause = self.setting_cause("x-dead-letter-exchange", source);
        match self.route_dead_letter(&msg, reason) {
            Err(rule) => self.drop_copy(&msg, rule, cause),
            Ok((targets, cycles)) => {
                self.emit(
                    Some(&msg),
                    EventKind::DeadLettered {
                        queue: source,
                        from: died,
                        exchange: msg.exchange,
                        routing_keys: msg.routing_keys,
                        targets,
                    },
                    cause,
                );
                for (q, path) in cycles {
                    self.log_cycle(&path);
                    self.emit(
                        Some(&msg),
                        EventKind::Dropped(DropRule::Cycle {
                            queue: q,
                            path: path.iter().collect(),
                        }),
                        &Cause::Rule { rule: "dead_letter_cycle" },
                    );
                }
                self.copies_gone += 1;
                let from = msg.id;
                self.enqueue_copies(targets, msg, cause, Some(from));
            }
        }
    }

    /// Tries to forward a quorum queue's held dead letters (new ones, or all on a retry).
    pub(crate) fn on_forward_held(&mut self, queue: &Name, retry: bool) {
        let redeliver_ms = self.profile.dlx_redeliver_ms;
        let Some(q) = self.queues.get_mut(queue) else { return };
        if retry {
            q.redeliver_at = None;
        }
        let pending: Vec<Held> = q.held.drain(..).collect();
        let mut kept = Vec::new();
        let cause =
            Cause::Setting { key: "x-dead-letter-strategy", source: "at-least-once".into() }
                .interned();
        for mut h in pending {
            if h.attempted && !retry {
                kept.push(h);
                continue;
            }
            h.attempted = true;
            if let Some(q) = self.queues.get(queue) {
                // The dead-letter worker routes with the queue's settings as they are now.
                if let Some(dlx) = &q.effective.dead_letter_exchange {
                    h.msg.exchange = dlx.value;
                }
                match &q.effective.dead_letter_routing_key {
                    Some(rk) => {
                        h.msg.routing_keys = Names::one(rk.value);
                        h.msg.bcc = Names::empty();
                    }
                    None => {
                        h.msg.routing_keys = h.original_keys;
                        h.msg.bcc = h.original_bcc;
                    }
                }
            }
            let routed = self.route_dead_letter(&h.msg, h.reason);
            let ok = match &routed {
                Ok((targets, cycles)) => {
                    !targets.is_empty()
                        && cycles.is_empty()
                        && targets.iter().all(|t| {
                            self.queues
                                .get(t)
                                .map(|tq| !self.would_refuse(tq, &h.msg))
                                .unwrap_or(false)
                        })
                }
                Err(_) => false,
            };
            if !ok {
                kept.push(h);
                continue;
            }
            let (targets, _) = routed.expect("checked ok");
            self.emit(
                Some(&h.msg),
                EventKind::DeadLettered {
                    queue: *queue,
                    from: h.died,
                    exchange: h.msg.exchange,
                    routing_keys: h.msg.routing_keys,
                    targets,
                },
                cause,
            );
            self.copies_gone += 1;
            let from = h.msg.id;
            self.enqueue_copies(targets, h.msg, cause, Some(from));
        }
        let stuck = !kept.is_empty();
        let now = self.now;
        let Some(q) = self.queues.get_mut(queue) else { return };
        q.held.extend(kept);
        let dlx = q.effective.dead_letter_exchange.as_ref().map(|d| d.value).unwrap_or_default();
        let dlrk = q.effective.dead_letter_routing_key.as_ref().map(|d| d.value);
        if stuck && q.redeliver_at.is_none() {
            let at = now.plus_ms(redeliver_ms);
            q.redeliver_at = Some(at);
            self.timers.push(at, TimerKind::ForwardHeld { queue: *queue, retry: true });
        }
        if stuck {
            let rk = dlrk.map(|r| format!("'{r}'")).unwrap_or_else(|| "'undefined'".into());
            let line = format!(
                "[warning] Cannot forward any dead-letter messages from source quorum queue '{queue}' in vhost '/' with configured dead-letter-exchange exchange '{dlx}' in vhost '/' and configured dead-letter-routing-key {rk}. This can happen either if the dead-letter routing topology is misconfigured (for example no queue bound to dead-letter-exchange or wrong dead-letter-routing-key configured) or if non-mirrored classic queues are bound whose host node is down. Fix this issue to prevent dead-lettered messages from piling up in the source quorum queue. This message will not be logged again."
            );
            self.log_once(
                format!("cannot-forward:{queue}"),
                vec![line],
                &Cause::Rule { rule: "at_least_once_unroutable" },
            );
        }
        self.maybe_unblock(queue);
    }

    /// Puts a new copy of `msg` into each of `targets`, in order: the last one takes the
    /// message itself, the others get clones. False when a target refused its copy.
    pub(crate) fn enqueue_copies(
        &mut self,
        targets: Names,
        msg: Message,
        cause: &Cause,
        from: Option<u64>,
    ) -> bool {
        let Some((last, others)) = targets.as_slice().split_last() else { return true };
        let mut accepted = true;
        for t in others {
            let mut copy = msg.clone();
            copy.id = self.new_msg_id();
            self.copies_born += 1;
            accepted &= self.enqueue(t, copy, cause, from) == Admit::Accepted;
        }
        let mut msg = msg;
        msg.id = self.new_msg_id();
        self.copies_born += 1;
        accepted & (self.enqueue(last, msg, cause, from) == Admit::Accepted)
    }

    /// True when `q` would refuse `msg` right now (reject-publish while full).
    fn would_refuse(&self, q: &super::queue::Queue, msg: &Message) -> bool {
        match (q.kind, q.effective.overflow_mode()) {
            (QueueKind::Classic, Overflow::RejectPublish | Overflow::RejectPublishDlx) => {
                q.over_limit(1, msg.size_bytes())
            }
            (QueueKind::Quorum, Overflow::RejectPublish) => q.blocked,
            _ => false,
        }
    }
}
