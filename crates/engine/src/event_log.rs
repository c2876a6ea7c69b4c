//! The event log as it is stored: packed events ([`Packed`], 44 bytes) in chunks of 4096,
//! so it grows without copying or doubling, and a copy of the log shares its full chunks
//! (the views keep the whole run while the run itself seeks back and forth).
//!
//! Reading gives [`Event`] values, decoded on the way out.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use serde::{Serialize, Serializer};

use super::event::Event;
use super::packed_event::{Dictionary, Packed};

/// Events per chunk (a power of two).
const CHUNK: usize = 4096;

/// An append-only log of events, cut back only by [`EventLog::truncate`].
#[derive(Clone, Default)]
pub struct EventLog {
    /// Full chunks, shared between copies of the log.
    sealed: Vec<Arc<Vec<Packed>>>,
    tail: Vec<Packed>,
    dict: Dictionary,
}

impl EventLog {
    /// An empty log.
    pub fn new() -> EventLog {
        EventLog::default()
    }

    /// How many events it holds.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.sealed.len() * CHUNK + self.tail.len()
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends `e` (its `seq` must be [`EventLog::len`]).
    pub fn push(&mut self, e: &Event) {
        debug_assert_eq!(e.seq, self.len() as u64);
        let p = Packed::new(e, &mut self.dict);
        if self.tail.len() == CHUNK {
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
            self.sealed.push(Arc::new(full));
        }
        self.tail.push(p);
    }

    /// Keeps the first `n` events.
    pub fn truncate(&mut self, n: usize) {
        if n >= self.len() {
            return;
        }
        let (chunk, within) = (n / CHUNK, n % CHUNK);
        if chunk < self.sealed.len() {
            let mut tail = Vec::with_capacity(CHUNK);
            tail.extend_from_slice(&self.sealed[chunk][..within]);
            self.sealed.truncate(chunk);
            self.tail = tail;
        } else {
            self.tail.truncate(within);
        }
    }

    #[inline(always)]
    fn packed(&self, i: usize) -> Option<&Packed> {
        let chunk = i / CHUNK;
        match self.sealed.get(chunk) {
            Some(c) => c.get(i % CHUNK),
            None => self.tail.get(i - self.sealed.len() * CHUNK),
        }
    }

    /// The event at position `i`.
    pub fn get(&self, i: usize) -> Option<Event> {
        self.packed(i).map(|p| p.event(i as u64, &self.dict))
    }

    /// The time of the event at position `i` (without reading the rest of it).
    pub fn at_us(&self, i: usize) -> Option<u64> {
        self.packed(i).map(Packed::at_us)
    }

    /// The first event.
    pub fn first(&self) -> Option<Event> {
        self.get(0)
    }

    /// The last event.
    pub fn last(&self) -> Option<Event> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Every event, in order.
    pub fn iter(&self) -> Iter<'_> {
        self.range(0..self.len())
    }

    /// The events at positions `r` (clamped to the log).
    pub fn range(&self, r: Range<usize>) -> Iter<'_> {
        let end = r.end.min(self.len());
        Iter { log: self, front: r.start.min(end), back: end }
    }

    /// The events from position `from` on.
    pub fn since(&self, from: usize) -> Iter<'_> {
        self.range(from..self.len())
    }

    /// How many events happened at or before `t_us` (times never go back).
    pub fn count_until(&self, t_us: u64) -> usize {
        self.partition_point_at(|at| at <= t_us)
    }

    /// The first position whose time fails `pred` (which holds for a prefix of the log).
    pub fn partition_point_at(&self, pred: impl Fn(u64) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.packed(mid).is_some_and(|p| pred(p.at_us())) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The events as a vector.
    pub fn to_vec(&self) -> Vec<Event> {
        self.iter().collect()
    }

    /// The memory it holds, in bytes (its chunks, shared ones included, and dictionary).
    pub fn bytes(&self) -> usize {
        (self.sealed.len() * CHUNK + self.tail.capacity()) * std::mem::size_of::<Packed>()
    }
}

/// Events of a log, decoded one by one.
#[derive(Clone)]
pub struct Iter<'a> {
    log: &'a EventLog,
    front: usize,
    back: usize,
}

impl Iterator for Iter<'_> {
    type Item = Event;
    #[inline(always)]
    fn next(&mut self) -> Option<Event> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.log.get(self.front - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
    fn nth(&mut self, n: usize) -> Option<Event> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Event> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.log.get(self.back)
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a EventLog {
    type Item = Event;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl PartialEq for EventLog {
    fn eq(&self, other: &EventLog) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl PartialEq<[Event]> for EventLog {
    fn eq(&self, other: &[Event]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == *b)
    }
}

impl PartialEq<Vec<Event>> for EventLog {
    fn eq(&self, other: &Vec<Event>) -> bool {
        *self == other[..]
    }
}

impl fmt::Debug for EventLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for EventLog {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl FromIterator<Event> for EventLog {
    fn from_iter<I: IntoIterator<Item = Event>>(iter: I) -> EventLog {
        let mut log = EventLog::new();
        for (i, mut e) in iter.into_iter().enumerate() {
            e.seq = i as u64;
            log.push(&e);
        }
        log
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Cause, EventKind};
    use crate::name::Name;
    use crate::time::SimTime;

    fn event(i: usize) -> Event {
        Event {
            seq: i as u64,
            at_us: SimTime(i as u64 / 3),
            msg: Some(i as u64 + 1),
            lineage: Some(i as u64 / 2),
            kind: EventKind::Acked { queue: Name::new(if i % 2 == 0 { "a" } else { "b" }) },
            cause: Cause::Client { command: i as u64 },
        }
    }

    #[test]
    fn it_grows_in_chunks_cuts_back_and_shares_with_its_copies() {
        let n = CHUNK * 3 + 17;
        let all: Vec<Event> = (0..n).map(event).collect();
        let mut log: EventLog = all.iter().cloned().collect();
        assert_eq!(log, all);
        assert_eq!(log.last(), all.last().cloned());
        assert_eq!(
            log.range(5..9).rev().collect::<Vec<_>>(),
            all[5..9].iter().rev().cloned().collect::<Vec<_>>()
        );
        assert_eq!(log.count_until(10), 33);
        let copy = log.clone();
        assert!(Arc::ptr_eq(&copy.sealed[0], &log.sealed[0]));
        // Cut inside a full chunk, then grow again: the copy keeps the old events.
        log.truncate(CHUNK + 5);
        assert_eq!(log, all[..CHUNK + 5]);
        for i in CHUNK + 5..n {
            log.push(&event(i));
        }
        assert_eq!(log, all);
        assert_eq!(copy, all);
        log.truncate(3);
        assert_eq!(log.to_vec(), all[..3]);
    }
}
