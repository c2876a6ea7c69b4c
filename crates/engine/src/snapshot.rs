//! Time travel: compact snapshots of the engine's state, and a store that spaces them by cost.
//!
//! The event log, the broker's log lines and the kept message copies only ever grow, so a
//! [`Snapshot`] holds none of them: it records their lengths, and [`Engine::restore`] cuts the
//! live ones back. What it does hold is the state that changes — queues, channels, timers,
//! counters — which is small next to a long log.
//!
//! [`Snapshots`] decides when to take one and which to keep: one every `spacing` events, and
//! when their total estimated size passes a budget, every other one is dropped and the spacing
//! doubles. Memory stays under the budget, and a seek replays at most about `spacing` events
//! after restoring the nearest earlier snapshot.

use super::broker::Engine;
use super::consumer::Unacked;
use super::event_log::EventLog;
use super::headers::{FieldTable, FieldValue};
use super::message::{Message, Properties};
use super::name::Name;
use super::queue::{Entry, Queue};
use super::scheduler::{DeadLetterJob, Timer};
use super::time::SimTime;

/// The engine's state at one moment, without the append-only logs.
#[derive(Debug, Clone)]
pub struct Snapshot {
    state: Box<Engine>,
    events: usize,
    log_lines: usize,
    keeps_copies: bool,
    bytes: usize,
}

impl Snapshot {
    /// When it was taken (virtual time).
    pub fn at(&self) -> SimTime {
        self.state.now
    }

    /// How many events the log held when it was taken.
    pub fn events(&self) -> usize {
        self.events
    }

    /// An estimate of the memory it holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

impl Engine {
    /// An estimate of the memory the state holds (not the log), in bytes: it visits every
    /// message copy held, so callers measure now and then, not at every step.
    pub fn state_bytes(&self) -> usize {
        state_bytes(self)
    }

    /// Saves the state (not the log) for a later [`Engine::restore`].
    pub fn snapshot(&self) -> Snapshot {
        let state = Engine {
            profile: self.profile,
            now: self.now,
            epoch_s: self.epoch_s,
            exchanges: self.exchanges.clone(),
            queues: self.queues.clone(),
            queue_order: self.queue_order.clone(),
            policies: self.policies.clone(),
            channels: self.channels.clone(),
            consumers: self.consumers.clone(),
            timers: self.timers.clone(),
            in_transit: self.in_transit.clone(),
            woken: self.woken.clone(),
            events: EventLog::new(),
            log: Vec::new(),
            logged_once: self.logged_once.clone(),
            next_msg_id: self.next_msg_id,
            next_lineage: self.next_lineage,
            next_consumer: self.next_consumer,
            command: self.command,
            copies_born: self.copies_born,
            copies_gone: self.copies_gone,
            kept: None,
            routes: self.routes.clone(),
            setting_causes: self.setting_causes.clone(),
            deaths: self.deaths.clone(),
        };
        Snapshot {
            bytes: state_bytes(&state),
            state: Box::new(state),
            events: self.events.len(),
            log_lines: self.log.len(),
            keeps_copies: self.kept.is_some(),
        }
    }

    /// Goes back to `snap`, taken earlier on this engine's run: the state is the snapshot's,
    /// and the logs are cut back to where they were (what happened since is forgotten).
    pub fn restore(&mut self, snap: &Snapshot) {
        let mut events = std::mem::take(&mut self.events);
        events.truncate(snap.events);
        let mut log = std::mem::take(&mut self.log);
        log.truncate(snap.log_lines);
        let kept = self.kept.take();
        *self = (*snap.state).clone();
        self.events = events;
        self.log = log;
        if snap.keeps_copies {
            // Every copy is kept in the step its id is given, so ids after the snapshot's last
            // one are exactly the copies kept since.
            let mut kept = kept.unwrap_or_default();
            kept.split_off(&(self.next_msg_id + 1));
            self.kept = Some(kept);
        }
    }
}

/// Heap bytes of a field value beyond its own slot.
fn value_bytes(v: &FieldValue) -> usize {
    match v {
        FieldValue::LongStr(s) => s.capacity(),
        FieldValue::Array(items) => {
            items.capacity() * std::mem::size_of::<FieldValue>()
                + items.iter().map(value_bytes).sum::<usize>()
        }
        FieldValue::Table(t) => table_bytes(t),
        _ => 0,
    }
}

/// Heap bytes of a field table.
fn table_bytes(t: &FieldTable) -> usize {
    t.0.capacity() * std::mem::size_of::<(Name, FieldValue)>()
        + t.0.iter().map(|(_, v)| value_bytes(v)).sum::<usize>()
}

/// Heap bytes of a message copy: its properties and headers (counted for each copy, though
/// copies may share them), not its body (always shared) or names (interned).
fn message_bytes(m: &Message) -> usize {
    let p = &m.props;
    let strings = [
        &p.content_type,
        &p.content_encoding,
        &p.correlation_id,
        &p.reply_to,
        &p.expiration,
        &p.message_id,
        &p.kind,
        &p.user_id,
        &p.app_id,
        &p.cluster_id,
    ];
    std::mem::size_of::<Properties>()
        + m.body.len()
        + table_bytes(&p.headers)
        + strings.iter().map(|s| s.as_ref().map(String::capacity).unwrap_or(0)).sum::<usize>()
}

/// A rough size of the state: the message copies it holds dominate.
fn state_bytes(e: &Engine) -> usize {
    let entry = std::mem::size_of::<Entry>();
    let in_queues: usize = e
        .queues
        .values()
        .map(|q| {
            let ready: usize = q.iter_ready().map(|x| entry + message_bytes(&x.msg)).sum();
            let held: usize = q.held.iter().map(|h| entry + message_bytes(&h.msg)).sum();
            let delayed: usize =
                q.delayed.iter().map(|d| entry + message_bytes(&d.entry.msg)).sum();
            std::mem::size_of::<Queue>() + ready + held + delayed
        })
        .sum();
    let unacked = std::mem::size_of::<Unacked>() + 32;
    let in_channels: usize = e
        .channels
        .values()
        .flat_map(|c| c.unacked.values())
        .map(|u| unacked + message_bytes(&u.entry.msg))
        .sum();
    let timers: usize = e.timers.len() * std::mem::size_of::<Timer>()
        + e.in_transit
            .iter()
            .map(|job| std::mem::size_of::<DeadLetterJob>() + message_bytes(&job.msg))
            .sum::<usize>();
    std::mem::size_of::<Engine>() + in_queues + in_channels + timers
}

/// Snapshots of one run with a memory budget, each with what the caller needs besides the
/// engine (`T`: a runner's position in its timeline, for instance).
#[derive(Debug, Clone)]
pub struct Snapshots<T> {
    kept: Vec<(Snapshot, T)>,
    /// Positions in `kept` that thinning never drops (a fork point: what the user did there
    /// cannot be replayed from an earlier snapshot).
    pinned: Vec<usize>,
    spacing: usize,
    budget_bytes: usize,
}

impl<T: Clone> Snapshots<T> {
    /// A store taking one snapshot every `spacing` events, within `budget_bytes`.
    pub fn new(spacing: usize, budget_bytes: usize) -> Snapshots<T> {
        Snapshots { kept: Vec::new(), pinned: Vec::new(), spacing: spacing.max(1), budget_bytes }
    }

    /// Saves `engine` now; a pinned snapshot (the first, a fork point) is never thinned out.
    pub fn take(&mut self, engine: &Engine, extra: T, pinned: bool) {
        if pinned || self.kept.is_empty() {
            self.pinned.push(self.kept.len());
        }
        self.kept.push((engine.snapshot(), extra));
        self.thin_out();
    }

    /// Saves `engine` if the log has grown by the spacing since the last snapshot.
    pub fn maybe_take(&mut self, engine: &Engine, extra: impl FnOnce() -> T) {
        let last = self.kept.last().map(|(s, _)| s.events).unwrap_or(0);
        if self.kept.is_empty() || engine.events().len() >= last + self.spacing {
            self.take(engine, extra(), false);
        }
    }

    /// Over budget: drops every other snapshot (never a pinned one) and doubles the spacing,
    /// until the rest fit or only pinned ones are left.
    fn thin_out(&mut self) {
        while self.bytes() > self.budget_bytes {
            let before = self.kept.len();
            let (mut i, mut kept_at, mut pinned) = (0usize, 0usize, Vec::new());
            let was_pinned = std::mem::take(&mut self.pinned);
            self.kept.retain(|_| {
                let keep = was_pinned.contains(&i) || i % 2 == 0;
                if keep {
                    if was_pinned.contains(&i) {
                        pinned.push(kept_at);
                    }
                    kept_at += 1;
                }
                i += 1;
                keep
            });
            self.pinned = pinned;
            if self.kept.len() == before {
                return;
            }
            self.spacing = self.spacing.saturating_mul(2);
        }
    }

    fn truncate(&mut self, len: usize) {
        self.kept.truncate(len);
        self.pinned.retain(|&p| p < len);
    }

    /// The latest snapshot taken at or before `t` (the first one if none is).
    pub fn latest_at(&self, t: SimTime) -> Option<&(Snapshot, T)> {
        let i = self.kept.iter().rposition(|(s, _)| s.at() <= t).unwrap_or(0);
        self.kept.get(i)
    }

    /// The latest snapshot taken with at most `events` events in the log.
    pub fn latest_within(&self, events: usize) -> Option<&(Snapshot, T)> {
        let i = self.kept.partition_point(|(s, _)| s.events <= events);
        self.kept.get(i.saturating_sub(1))
    }

    /// Forgets the snapshots taken after `t` (the run forks or goes back there).
    pub fn forget_after(&mut self, t: SimTime) {
        let keep = self.kept.partition_point(|(s, _)| s.at() <= t).max(1);
        self.truncate(keep);
    }

    /// Forgets the snapshots taken with more than `events` events in the log.
    pub fn forget_beyond(&mut self, events: usize) {
        let keep = self.kept.partition_point(|(s, _)| s.events <= events).max(1);
        self.truncate(keep);
    }

    /// How many are kept.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// True when none is kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// Events between two snapshots now.
    pub fn spacing(&self) -> usize {
        self.spacing
    }

    /// Their estimated total size, in bytes.
    pub fn bytes(&self) -> usize {
        self.kept.iter().map(|(s, _)| s.bytes).sum()
    }
}
