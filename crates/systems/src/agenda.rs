//! A (time, sequence) queue of pending happenings: the earliest time first, equal times in
//! the order they were scheduled.

use crate::engine::scheduler::Agenda as TimeAgenda;
use crate::engine::SimTime;

/// Pending happenings of type `T`, popped in (time, sequence) order: the engine's own agenda
/// on the virtual clock, read and written in µs.
pub struct Agenda<T> {
    inner: TimeAgenda<T>,
}

impl<T> Default for Agenda<T> {
    fn default() -> Self {
        Agenda { inner: TimeAgenda::default() }
    }
}

impl<T> Agenda<T> {
    /// An empty agenda.
    pub fn new() -> Self {
        Self::default()
    }

    /// Schedules `item` at `at_us`; after every item already scheduled for the same time.
    pub fn push(&mut self, at_us: u64, item: T) {
        self.inner.push(SimTime(at_us), item);
    }

    /// When the next item is due, if any.
    pub fn next_at_us(&self) -> Option<u64> {
        self.inner.peek_at().map(|t| t.0)
    }

    /// Takes the next item if it is due at or before `until_us`.
    pub fn pop_due(&mut self, until_us: u64) -> Option<(u64, T)> {
        if self.inner.peek_at()?.0 > until_us {
            return None;
        }
        self.inner.pop().map(|t| (t.at.0, t.kind))
    }

    /// How many items are pending.
    pub fn len(&self) -> usize {
        self.inner.len()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
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
