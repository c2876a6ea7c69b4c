//! A (time, sequence) queue of pending happenings: the earliest time first, equal times in
//! the order they were scheduled.

use crate::engine::scheduler::Agenda as TimeAgenda;
use crate::engine::SimTime;

/// Pending happenings of type `T`, popped in (time, sequence) order: the engine's own agenda
/// on the virtual clock, with a pop bounded by a moment.
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

    /// Schedules `item` at `at`; after every item already scheduled for the same time.
    pub fn push(&mut self, at: SimTime, item: T) {
        self.inner.push(at, item);
    }

    /// When the next item is due, if any.
    pub fn next_at(&self) -> Option<SimTime> {
        self.inner.peek_at()
    }

    /// Takes the next item if it is due at or before `until`.
    pub fn pop_due(&mut self, until: SimTime) -> Option<(SimTime, T)> {
        if self.inner.peek_at()? > until {
            return None;
        }
        self.inner.pop().map(|t| (t.at, t.kind))
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
        a.push(SimTime(5), "b1");
        a.push(SimTime(1), "a");
        a.push(SimTime(5), "b2");
        a.push(SimTime(5), "b3");
        assert_eq!(a.next_at(), Some(SimTime(1)));
        let mut out = vec![];
        while let Some((_, x)) = a.pop_due(SimTime::MAX) {
            out.push(x);
        }
        assert_eq!(out, vec!["a", "b1", "b2", "b3"]);
    }

    #[test]
    fn nothing_pops_before_its_time() {
        let mut a = Agenda::new();
        a.push(SimTime(10), 1);
        assert!(a.pop_due(SimTime(9)).is_none());
        assert_eq!(a.pop_due(SimTime(10)), Some((SimTime(10), 1)));
        assert!(a.is_empty());
    }
}
