//! A (time, sequence) queue of pending happenings: the earliest time first, equal times in
//! the order they were scheduled.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

struct Entry<T> {
    at_us: u64,
    seq: u64,
    item: T,
}

impl<T> PartialEq for Entry<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.at_us, self.seq) == (other.at_us, other.seq)
    }
}

impl<T> Eq for Entry<T> {}

impl<T> Ord for Entry<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap is a max-heap: reverse so the least (time, sequence) pops first.
        (other.at_us, other.seq).cmp(&(self.at_us, self.seq))
    }
}

impl<T> PartialOrd for Entry<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Pending happenings of type `T`, popped in (time, sequence) order.
pub struct Agenda<T> {
    heap: BinaryHeap<Entry<T>>,
    next_seq: u64,
}

impl<T> Default for Agenda<T> {
    fn default() -> Self {
        Agenda { heap: BinaryHeap::new(), next_seq: 0 }
    }
}

impl<T> Agenda<T> {
    /// An empty agenda.
    pub fn new() -> Self {
        Self::default()
    }

    /// Schedules `item` at `at_us`; after every item already scheduled for the same time.
    pub fn push(&mut self, at_us: u64, item: T) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.heap.push(Entry { at_us, seq, item });
    }

    /// When the next item is due, if any.
    pub fn next_at_us(&self) -> Option<u64> {
        self.heap.peek().map(|e| e.at_us)
    }

    /// Takes the next item if it is due at or before `until_us`.
    pub fn pop_due(&mut self, until_us: u64) -> Option<(u64, T)> {
        if self.heap.peek()?.at_us > until_us {
            return None;
        }
        self.heap.pop().map(|e| (e.at_us, e.item))
    }

    /// How many items are pending.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_times_stay_in_schedule_order() {
        let mut a = Agenda::new();
        a.push(5, "b1");
        a.push(1, "a");
        a.push(5, "b2");
        a.push(5, "b3");
        assert_eq!(a.next_at_us(), Some(1));
        let mut out = vec![];
        while let Some((_, x)) = a.pop_due(u64::MAX) {
            out.push(x);
        }
        assert_eq!(out, vec!["a", "b1", "b2", "b3"]);
    }

    #[test]
    fn nothing_pops_before_its_time() {
        let mut a = Agenda::new();
        a.push(10, 1);
        assert!(a.pop_due(9).is_none());
        assert_eq!(a.pop_due(10), Some((10, 1)));
        assert!(a.is_empty());
    }
}
