//! The figures of a run at any moment, read forward: the figures at `t` are those at an
//! earlier moment plus only the events between, so playing a run reads each event once
//! instead of the whole trace again on every frame. A move back starts again from the last
//! checkpoint before the moment asked for. Gives exactly what [`Metrics::until`] gives.

use super::metrics::{Fate, Metrics};
use super::trace::{Effect, Refusal, Role, RowStatus, SysEvent, SysEventKind, Trace};
use super::workload::{OperatorKind, Workload};

/// A message's standing as its events so far leave it.
#[derive(Debug, Clone, Copy)]
struct Standing {
    fate: Fate,
    /// Whether the last handling succeeded.
    handled: bool,
    /// How many times its effect was applied.
    applied: u32,
    /// Its first success that was taken (not refused by the event after it).
    done_at_us: Option<u64>,
    /// A success whose next event is not read yet (taken unless that one refuses it).
    pending_us: Option<u64>,
}

const FRESH: Standing = Standing {
    fate: Fate::InFlight,
    handled: false,
    applied: 0,
    done_at_us: None,
    pending_us: None,
};

/// Everything read up to `pos` (the number of events read).
#[derive(Debug, Clone)]
struct State {
    pos: usize,
    attempts: u64,
    duplicates: u64,
    /// Messages by fate, in [`fate_index`] order.
    by_fate: [usize; 5],
    messages: Vec<Standing>,
}

fn fate_index(f: Fate) -> usize {
    match f {
        Fate::Completed => 0,
        Fate::DeadLettered => 1,
        Fate::Skipped => 2,
        Fate::Lost => 3,
        Fate::InFlight => 4,
    }
}

/// The fate a message's next event leaves it in (the rules of [`Metrics::until`]).
pub(crate) fn next_fate(fate: Fate, handled: &mut bool, e: &SysEvent, role: Role) -> Fate {
    match &e.kind {
        SysEventKind::Succeeded { .. } => *handled = true,
        SysEventKind::Refused { why: Refusal::LockExpired } => *handled = false,
        SysEventKind::Failed { .. } if role != Role::DeadLetter => *handled = false,
        _ => {}
    }
    match &e.kind {
        // An attempt that outlived the message's stay (on SQS, retention ended or the
        // message went to the DLQ while a consumer still worked on an earlier receive)
        // ends on a copy that is no longer there: the message stays where it went.
        SysEventKind::Succeeded { .. } | SysEventKind::Failed { .. }
            if matches!(fate, Fate::Lost | Fate::DeadLettered) =>
        {
            fate
        }
        // Handled; but a later move to the dead-letter place (an SQS message whose delete
        // came with a stale receipt handle) or a loss still decides where it ends.
        SysEventKind::Succeeded { .. } => Fate::Completed,
        SysEventKind::Lost { .. } => Fate::Lost,
        SysEventKind::DeadLettered { .. } => Fate::DeadLettered,
        SysEventKind::Status { status: RowStatus::Failed } => Fate::DeadLettered,
        SysEventKind::Status { status: RowStatus::Skipped } => Fate::Skipped,
        SysEventKind::Status { status: RowStatus::Completed } => Fate::Completed,
        SysEventKind::Operator { action: OperatorKind::Skip, .. } => Fate::Skipped,
        SysEventKind::Operator { action: OperatorKind::Edit, .. } => fate,
        // A row keeps the message's standing: PENDING after a DLT is still a dead letter
        // (waiting for the operator); PENDING after a failed attempt is still retrying.
        SysEventKind::Status { status: RowStatus::Pending | RowStatus::Processing } => fate,
        SysEventKind::Moved { .. } if role == Role::Table => fate,
        // A record's headers, or its dead-letter handler failing, leave it where it is.
        SysEventKind::Headers { .. } => fate,
        SysEventKind::Failed { .. } if role == Role::DeadLetter => fate,
        SysEventKind::Moved { .. } if role == Role::DeadLetter => Fate::DeadLettered,
        // A result BullMQ would not take (the lock was lost): not handled after all.
        SysEventKind::Refused { why: Refusal::LockExpired } => Fate::InFlight,
        SysEventKind::Refused { .. } => fate,
        // Received again after it was handled (a duplicate delivery): still handled.
        _ if *handled && fate == Fate::Completed => fate,
        _ => Fate::InFlight,
    }
}

/// The role of the place an event happened in, read only for the events whose fate needs it.
pub(crate) fn event_role(trace: &Trace, e: &SysEvent) -> Role {
    match e.kind {
        SysEventKind::Failed { .. } | SysEventKind::Moved { .. } => trace.role(&e.place),
        _ => Role::Main,
    }
}

impl State {
    fn new(messages: usize) -> State {
        let mut by_fate = [0; 5];
        by_fate[fate_index(Fate::InFlight)] = messages;
        State { pos: 0, attempts: 0, duplicates: 0, by_fate, messages: vec![FRESH; messages] }
    }

    /// Reads one more event.
    fn read(&mut self, trace: &Trace, e: &SysEvent) {
        self.pos += 1;
        if let SysEventKind::Received { .. } = e.kind {
            self.attempts += 1;
        }
        let Some(m) = self.messages.get_mut(e.msg as usize) else { return };
        if m.done_at_us.is_none() {
            if let Some(at_us) = m.pending_us.take() {
                if e.kind != (SysEventKind::Refused { why: Refusal::LockExpired }) {
                    m.done_at_us = Some(at_us);
                }
            }
            if m.done_at_us.is_none() && matches!(e.kind, SysEventKind::Succeeded { .. }) {
                m.pending_us = Some(e.at_us);
            }
        }
        let applied = match e.kind {
            SysEventKind::Failed { effect_applied, .. } => effect_applied,
            SysEventKind::Succeeded { effect, .. } => effect != Effect::AlreadyDone,
            _ => false,
        };
        if applied {
            if m.applied > 0 {
                self.duplicates += 1;
            }
            m.applied += 1;
        }
        let before = m.fate;
        m.fate = next_fate(before, &mut m.handled, e, event_role(trace, e));
        if m.fate != before {
            self.by_fate[fate_index(before)] -= 1;
            self.by_fate[fate_index(m.fate)] += 1;
        }
    }
}

/// Reads one run's figures at moment after moment; made for one trace and its workload (make
/// a new one when the run changes).
#[derive(Debug, Clone)]
pub struct FiguresReader {
    state: State,
    /// The state after every `every` events, as far as they have been read.
    checkpoints: Vec<State>,
    every: usize,
    /// Whether the trace is in time order (otherwise every reading is a whole one).
    in_order: bool,
    /// The messages with a key, grouped by key, each group by publish time.
    keyed: Vec<Vec<usize>>,
    /// The last figures read, and how many events they were read from.
    last: Option<(usize, Metrics)>,
}

impl FiguresReader {
    /// A reader of `trace`, a run of `workload`, at its start.
    pub fn new(workload: &Workload, trace: &Trace) -> FiguresReader {
        let n = workload.messages.len();
        let in_order = trace.events.windows(2).all(|w| w[0].at_us <= w[1].at_us);
        let state = State::new(n);
        // A checkpoint costs a copy of every message's standing: space them so that copying
        // stays a small part of reading (and the copies a small part of the trace's size).
        let every = (n * 4).max(4096);
        let mut by_key: std::collections::BTreeMap<&str, Vec<usize>> = Default::default();
        for (i, m) in workload.messages.iter().enumerate() {
            if let Some(k) = &m.key {
                by_key.entry(k.as_str()).or_default().push(i);
            }
        }
        let ws = &workload.messages;
        let keyed = by_key
            .into_values()
            .map(|mut g| {
                g.sort_by_key(|&i| (ws[i].publish_at_ms, i));
                g
            })
            .collect();
        FiguresReader {
            checkpoints: vec![state.clone()],
            state,
            every,
            in_order,
            keyed,
            last: None,
        }
    }

    /// The figures as they stood at `until_us`: what [`Metrics::until`] gives for the same
    /// workload, trace and moment.
    pub fn at(&mut self, workload: &Workload, trace: &Trace, until_us: u64) -> Metrics {
        if !self.in_order {
            return Metrics::until(workload, trace, until_us);
        }
        let to = trace.events.partition_point(|e| e.at_us <= until_us);
        if let Some((pos, m)) = &self.last {
            if *pos == to {
                return m.clone();
            }
        }
        if to < self.state.pos {
            let k = (to / self.every).min(self.checkpoints.len() - 1);
            self.state = self.checkpoints[k].clone();
        }
        while self.state.pos < to {
            let e = &trace.events[self.state.pos];
            self.state.read(trace, e);
            if self.state.pos % self.every == 0
                && self.checkpoints.len() == self.state.pos / self.every
            {
                self.checkpoints.push(self.state.clone());
            }
        }
        let m = self.figures(workload);
        self.last = Some((to, m.clone()));
        m
    }

    /// The figures of the events read so far.
    fn figures(&self, workload: &Workload) -> Metrics {
        let s = &self.state;
        let done_at_us: Vec<Option<u64>> =
            s.messages.iter().map(|m| m.done_at_us.or(m.pending_us)).collect();
        let completed = |i: usize| s.messages[i].fate == Fate::Completed;
        let mut reordered = 0;
        for group in &self.keyed {
            // From the last published back, keeping the earliest completion seen so far.
            let mut earliest_later: Option<u64> = None;
            for &i in group.iter().rev() {
                if let (Some(done), Some(later)) = (done_at_us[i], earliest_later) {
                    if completed(i) && later < done {
                        reordered += 1;
                    }
                }
                if let Some(done) = done_at_us[i] {
                    earliest_later = Some(earliest_later.map_or(done, |l| l.min(done)));
                }
            }
        }
        let mut latencies: Vec<u64> = done_at_us
            .iter()
            .zip(&workload.messages)
            .enumerate()
            .filter(|(i, _)| completed(*i))
            .filter_map(|(_, (done, w))| {
                done.map(|d| d.saturating_sub(w.publish_at_ms.saturating_mul(1000)) / 1000)
            })
            .collect();
        latencies.sort_unstable();
        let pick =
            |q: usize| (!latencies.is_empty()).then(|| latencies[(latencies.len() - 1) * q / 100]);
        Metrics {
            messages: s.messages.len(),
            attempts: s.attempts,
            completed: s.by_fate[0],
            dead_lettered: s.by_fate[1],
            skipped: s.by_fate[2],
            lost: s.by_fate[3],
            in_flight: s.by_fate[4],
            duplicates: s.duplicates,
            reordered,
            latency_p50_ms: pick(50),
            latency_p95_ms: pick(95),
            latency_max_ms: latencies.last().copied(),
        }
    }
}
