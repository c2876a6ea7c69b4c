//! The discrete-event queue: one generic [`Agenda`] of items ordered by (time, sequence) on
//! the virtual clock, so equal times stay FIFO (as nexosim's scheduler orders its events). The
//! engine's timers are an `Agenda<TimerKind>` ([`Scheduler`]); the other systems
//! (`systems::Agenda`) schedule their own happenings on the same type.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use super::dead_letter::Reason;
use super::event::Name;
use super::message::Message;
use super::time::SimTime;
use super::wake::Wake;

/// A dead-lettered copy on its way to the dead-letter exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadLetterJob {
    pub msg: Message,
    /// The copy that died (the message's id before it became a dead letter).
    pub died: super::message::MsgId,
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
    /// Route the dead letter with this copy id through its dead-letter exchange (the engine
    /// keeps the letters on their way, in the order they were sent).
    DeadLetter { msg: super::message::MsgId },
    /// Release a quorum queue's held-back returns whose delay is over.
    DelayedReady { queue: Name },
    /// Try to forward a quorum queue's held dead letters (`retry`: the ones tried before too).
    ForwardHeld { queue: Name, retry: bool },
    /// A client asked to be woken (the engine hands it back from `step`; see [`Wake`]).
    Wake(Wake),
}

/// One scheduled item: its time, its sequence number (the order of scheduling), and what it
/// is (for the engine, a [`TimerKind`]).
#[derive(Debug, Clone)]
pub struct Timer<K = TimerKind> {
    pub at: SimTime,
    pub seq: u64,
    pub kind: K,
}

/// Two timers are the same when they are due at the same (time, sequence): within one agenda
/// the sequence numbers are unique.
impl<K> PartialEq for Timer<K> {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}

impl<K> Eq for Timer<K> {}

impl<K> Ord for Timer<K> {
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap is a max-heap: reverse so the earliest (time, seq) pops first.
        (other.at, other.seq).cmp(&(self.at, self.seq))
    }
}

impl<K> PartialOrd for Timer<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A place in an agenda's order of scheduling, reserved before the item that takes it is
/// known ([`Agenda::reserve`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place(u64);

/// The items: a heap for later times, and a FIFO for the items due at the instant being
/// processed (most engine timers are: zero-delay consumers, dead letters, publishers). `pop`
/// takes the earlier, by (time, sequence), of the two fronts, so the order is exactly the
/// heap's alone:
///
/// - every item in `due_now` is at `current` (a push goes there only when `at == current`,
///   and `current` only changes while `due_now` is empty);
/// - `due_now` is in push order, so in sequence order: its front is its least (time, sequence);
/// - hence the lesser of the two fronts is the least pending item.
#[derive(Debug, Clone)]
pub struct Agenda<K> {
    heap: BinaryHeap<Timer<K>>,
    /// Items at `current`, in sequence order.
    due_now: VecDeque<Timer<K>>,
    /// The time of the last item popped (while `due_now` was empty after it).
    current: SimTime,
    next_seq: u64,
}

/// The engine's timers.
pub type Scheduler = Agenda<TimerKind>;

impl<K> Default for Agenda<K> {
    fn default() -> Self {
        Agenda {
            heap: BinaryHeap::new(),
            due_now: VecDeque::new(),
            current: SimTime::default(),
            next_seq: 0,
        }
    }
}

impl<K> Agenda<K> {
    /// Schedules `kind` at `at`; later calls with the same time fire later.
    pub fn push(&mut self, at: SimTime, kind: K) {
        self.next_seq += 1;
        let timer = Timer { at, seq: self.next_seq, kind };
        if at == self.current {
            self.due_now.push_back(timer);
        } else {
            self.heap.push(timer);
        }
    }

    /// Reserves a place in the order of scheduling now, for an item scheduled later with
    /// [`Agenda::push_in_place`]: at its time it comes after the items scheduled before this
    /// call and before those scheduled after it. Each place is for one item.
    pub fn reserve(&mut self) -> Place {
        self.next_seq += 1;
        Place(self.next_seq)
    }

    /// Schedules `kind` at `at` in a place [`Agenda::reserve`] handed out.
    pub fn push_in_place(&mut self, at: SimTime, place: Place, kind: K) {
        let timer = Timer { at, seq: place.0, kind };
        // `due_now` stays in sequence order: an earlier place at the current instant waits in
        // the heap, and `pop` still takes the lesser front.
        if at == self.current && self.due_now.back().is_none_or(|last| last.seq < place.0) {
            self.due_now.push_back(timer);
        } else {
            self.heap.push(timer);
        }
    }

    /// When the earliest item is due.
    #[inline(always)]
    pub fn peek_at(&self) -> Option<SimTime> {
        match (self.due_now.front(), self.heap.peek()) {
            (Some(a), Some(b)) => Some(a.at.min(b.at)),
            (a, b) => a.or(b).map(|t| t.at),
        }
    }

    /// Takes the earliest item.
    pub fn pop(&mut self) -> Option<Timer<K>> {
        let from_heap = match (self.due_now.front(), self.heap.peek()) {
            (Some(a), Some(b)) => (b.at, b.seq) < (a.at, a.seq),
            (None, _) => true,
            (Some(_), None) => false,
        };
        let timer = if from_heap { self.heap.pop() } else { self.due_now.pop_front() }?;
        // Moving `current` with items still due at the old instant would break the FIFO's
        // invariant (an item popped from the heap can be earlier than `current` if one was
        // scheduled in the past); keeping it only sends later pushes to the heap.
        if self.due_now.is_empty() {
            self.current = timer.at;
        }
        Some(timer)
    }

    /// Gives back the room of a drained burst (see [`super::spare`]).
    pub fn release_spare(&mut self) {
        super::spare::release_heap(&mut self.heap);
        super::spare::release_deque(&mut self.due_now);
    }

    /// Every pending item (unordered), for accounting.
    pub fn iter(&self) -> impl Iterator<Item = &Timer<K>> {
        self.heap.iter().chain(self.due_now.iter())
    }

    /// Number of pending items.
    pub fn len(&self) -> usize {
        self.heap.len() + self.due_now.len()
    }

    /// True when nothing is scheduled.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty() && self.due_now.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tick(n: usize) -> TimerKind {
        TimerKind::Wake(Wake::Client { token: n as u64 })
    }

    #[test]
    fn equal_times_stay_fifo() {
        let mut s = Scheduler::default();
        s.push(SimTime(5), tick(1));
        s.push(SimTime(3), tick(2));
        s.push(SimTime(5), tick(3));
        let order: Vec<_> = std::iter::from_fn(|| s.pop())
            .map(|t| match t.kind {
                TimerKind::Wake(Wake::Client { token }) => token as usize,
                _ => 0,
            })
            .collect();
        assert_eq!(order, vec![2, 1, 3]);
    }

    /// The next number of a xorshift sequence: a fixed, varied mix of pushes and pops.
    fn xorshift(mut x: u64) -> u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }

    fn order(s: &mut Scheduler, mut push_after: impl FnMut(&mut Scheduler, usize)) -> Vec<usize> {
        let mut out = Vec::new();
        while let Some(t) = s.pop() {
            if let TimerKind::Wake(Wake::Client { token }) = t.kind {
                out.push(token as usize);
            }
            push_after(s, out.len());
        }
        out
    }

    #[test]
    fn timers_due_now_merge_with_the_heap_in_order() {
        let mut s = Scheduler::default();
        s.push(SimTime(0), tick(1));
        s.push(SimTime(4), tick(2));
        assert!(s.pop().is_some());
        s.push(SimTime(0), tick(3));
        s.push(SimTime(4), tick(4));
        s.push(SimTime(0), tick(5));
        let got = order(&mut s, |s, n| {
            if n == 3 {
                // Now at 4: this one is due now and comes after the two already at 4.
                s.push(SimTime(4), tick(6));
            }
        });
        assert_eq!(got, vec![3, 5, 2, 4, 6]);
        assert!(s.is_empty());
    }

    #[test]
    fn a_timer_in_the_past_keeps_the_order() {
        let mut s = Scheduler::default();
        s.push(SimTime(10), tick(1));
        assert!(s.pop().is_some());
        s.push(SimTime(10), tick(2));
        s.push(SimTime(3), tick(3));
        s.push(SimTime(10), tick(4));
        let got = order(&mut s, |s, n| {
            if n == 1 {
                // Popped the past timer (at 3) with timers at 10 still due: pushes at 3 and
                // 10 must still come out by (time, sequence).
                s.push(SimTime(3), tick(5));
                s.push(SimTime(10), tick(6));
            }
        });
        assert_eq!(got, vec![3, 5, 2, 4, 6]);
    }

    #[test]
    fn the_same_order_as_a_plain_heap() {
        // A pseudo-random mix of pushes (now, later, past) and pops against the heap alone.
        let mut s = Scheduler::default();
        let mut plain: BinaryHeap<Timer> = BinaryHeap::new();
        let mut seq = 0u64;
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut now = 0u64;
        for i in 0..20_000usize {
            x = xorshift(x);
            if x % 3 == 0 {
                let (a, b) = (s.pop(), plain.pop());
                assert_eq!(a.as_ref().map(|t| (t.at, t.seq)), b.as_ref().map(|t| (t.at, t.seq)));
                if let Some(t) = a {
                    now = t.at.0;
                }
            } else {
                let at = match x % 7 {
                    0 => now.saturating_sub(x % 5),
                    1 | 2 => now + x % 9,
                    _ => now,
                };
                s.push(SimTime(at), tick(i));
                seq += 1;
                plain.push(Timer { at: SimTime(at), seq, kind: tick(i) });
            }
            assert_eq!(s.peek_at(), plain.peek().map(|t| t.at));
            assert_eq!(s.len(), plain.len());
        }
        while let Some(b) = plain.pop() {
            let a = s.pop().expect("same length");
            assert_eq!((a.at, a.seq), (b.at, b.seq));
        }
        assert!(s.is_empty());
    }

    #[test]
    fn a_reserved_place_keeps_the_order_of_its_reservation() {
        // At 4, with two items due now: a place reserved before the second comes out before
        // it, though its item is pushed after both.
        let mut s = Scheduler::default();
        s.push(SimTime(4), tick(1));
        assert!(s.pop().is_some());
        s.push(SimTime(4), tick(2));
        let place = s.reserve();
        s.push(SimTime(4), tick(3));
        s.push_in_place(SimTime(4), place, tick(4));
        assert_eq!(order(&mut s, |_, _| {}), vec![2, 4, 3]);
    }

    #[test]
    fn reserved_places_give_the_same_order_as_a_plain_heap() {
        // Pushes, pops and places reserved then filled some steps later, against the heap alone.
        let mut s = Scheduler::default();
        let mut plain: BinaryHeap<Timer> = BinaryHeap::new();
        let mut seq = 0u64;
        let mut reserved: Vec<(Place, u64)> = Vec::new();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut now = 0u64;
        for i in 0..20_000usize {
            x = xorshift(x);
            let at = if x % 4 == 0 { now + x % 9 } else { now };
            match x % 5 {
                0 | 1 => {
                    let (a, b) = (s.pop(), plain.pop());
                    assert_eq!(
                        a.as_ref().map(|t| (t.at, t.seq)),
                        b.as_ref().map(|t| (t.at, t.seq))
                    );
                    if let Some(t) = a {
                        now = t.at.0;
                    }
                }
                2 => {
                    seq += 1;
                    reserved.push((s.reserve(), seq));
                }
                3 if !reserved.is_empty() => {
                    let (place, place_seq) = reserved.remove((x as usize / 5) % reserved.len());
                    s.push_in_place(SimTime(at), place, tick(i));
                    plain.push(Timer { at: SimTime(at), seq: place_seq, kind: tick(i) });
                }
                _ => {
                    s.push(SimTime(at), tick(i));
                    seq += 1;
                    plain.push(Timer { at: SimTime(at), seq, kind: tick(i) });
                }
            }
            assert_eq!(s.peek_at(), plain.peek().map(|t| t.at));
        }
        while let Some(b) = plain.pop() {
            let a = s.pop().expect("same length");
            assert_eq!((a.at, a.seq), (b.at, b.seq));
        }
        assert!(s.is_empty());
    }
}
