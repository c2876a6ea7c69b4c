//! The discrete-event queue: timers ordered by (time, sequence) so equal times stay FIFO.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::dead_letter::Reason;
use super::event::Name;
use super::message::Message;
use super::time::SimTime;

/// A dead-lettered copy on its way to the dead-letter exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadLetterJob {
    pub msg: Message,
    pub source: Name,
    pub reason: Reason,
}

/// What a timer does when it fires.
#[derive(Debug, Clone, PartialEq)]
pub enum TimerKind {
    /// Check a queue's head for an expired message.
    Expiry { queue: Name },
    /// `x-expires`: delete the queue if it is still unused (same generation).
    QueueExpires { queue: Name, generation: u64 },
    /// Route a dead letter through its dead-letter exchange.
    DeadLetter(Box<DeadLetterJob>),
    /// Try to forward a quorum queue's held dead letters (`retry`: the ones tried before too).
    ForwardHeld { queue: Name, retry: bool },
    /// A scripted consumer has finished working on a delivery.
    ConsumerDone { consumer: u64, channel: u32, tag: u64 },
    /// A scripted publisher publishes its next message.
    PublisherTick { publisher: usize },
}

/// One scheduled timer.
#[derive(Debug, Clone, PartialEq)]
pub struct Timer {
    pub at: SimTime,
    pub seq: u64,
    pub kind: TimerKind,
}

impl Eq for Timer {}

impl Ord for Timer {
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap is a max-heap: reverse so the earliest (time, seq) pops first.
        (other.at, other.seq).cmp(&(self.at, self.seq))
    }
}

impl PartialOrd for Timer {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The timer heap.
#[derive(Debug, Clone, Default)]
pub struct Scheduler {
    heap: BinaryHeap<Timer>,
    next_seq: u64,
}

impl Scheduler {
    /// Schedules `kind` at `at`; later calls with the same time fire later.
    pub fn push(&mut self, at: SimTime, kind: TimerKind) {
        self.next_seq += 1;
        self.heap.push(Timer { at, seq: self.next_seq, kind });
    }

    /// When the earliest timer fires.
    pub fn peek_at(&self) -> Option<SimTime> {
        self.heap.peek().map(|t| t.at)
    }

    /// Takes the earliest timer.
    pub fn pop(&mut self) -> Option<Timer> {
        self.heap.pop()
    }

    /// Every pending timer (unordered), for accounting.
    pub fn iter(&self) -> impl Iterator<Item = &Timer> {
        self.heap.iter()
    }

    /// Number of pending timers.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True when nothing is scheduled.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_times_stay_fifo() {
        let mut s = Scheduler::default();
        s.push(SimTime(5), TimerKind::PublisherTick { publisher: 1 });
        s.push(SimTime(3), TimerKind::PublisherTick { publisher: 2 });
        s.push(SimTime(5), TimerKind::PublisherTick { publisher: 3 });
        let order: Vec<_> = std::iter::from_fn(|| s.pop())
            .map(|t| match t.kind {
                TimerKind::PublisherTick { publisher } => publisher,
                _ => 0,
            })
            .collect();
        assert_eq!(order, vec![2, 1, 3]);
    }
}
