//! Giving back room a queue no longer needs: a FIFO or heap that held a burst and has since
//! emptied to a quarter of its room keeps room for twice what it holds (never less than a
//! small floor). The engine asks for this when a run comes to rest.

use std::collections::{BinaryHeap, VecDeque};

/// Room (in items) that is always kept: small queues never give memory back.
const KEEP_ITEMS: usize = 1024;

/// The room to shrink to when a container holding `len` items has room for `capacity`, or
/// `None` to keep it: shrinking only once it is at most a quarter full (to twice its length)
/// keeps the copying to a fixed share of the pushes and pops, however often it is asked.
#[inline(always)]
fn shrunk_room(len: usize, capacity: usize) -> Option<usize> {
    (capacity > KEEP_ITEMS && len <= capacity / 4).then(|| (len * 2).max(KEEP_ITEMS))
}

/// Gives back most of a FIFO's unused room once it has drained to a quarter of it.
#[inline(always)]
pub(crate) fn release_deque<T>(d: &mut VecDeque<T>) {
    if let Some(room) = shrunk_room(d.len(), d.capacity()) {
        d.shrink_to(room);
    }
}

/// Gives back most of a heap's unused room once it has drained to a quarter of it.
#[inline(always)]
pub(crate) fn release_heap<T: Ord>(h: &mut BinaryHeap<T>) {
    if let Some(room) = shrunk_room(h.len(), h.capacity()) {
        h.shrink_to(room);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drained_burst_gives_its_room_back_and_small_queues_keep_theirs() {
        let mut d: VecDeque<u64> = (0..100_000).collect();
        let mut popped = 0;
        while let Some(x) = d.pop_front() {
            assert_eq!(x, popped, "order is kept while shrinking");
            popped += 1;
            release_deque(&mut d);
            assert!(d.capacity() <= (4 * d.len()).max(2 * KEEP_ITEMS) + KEEP_ITEMS);
        }
        assert!(d.capacity() <= 2 * KEEP_ITEMS);
        let mut small: VecDeque<u64> = VecDeque::with_capacity(KEEP_ITEMS);
        small.push_back(1);
        small.pop_front();
        release_deque(&mut small);
        assert!(small.capacity() >= KEEP_ITEMS);
        let mut h: BinaryHeap<u64> = (0..10_000).collect();
        let mut last = u64::MAX;
        while let Some(x) = h.pop() {
            assert!(x < last, "heap order is kept while shrinking");
            last = x;
            release_heap(&mut h);
        }
        assert!(h.capacity() <= 2 * KEEP_ITEMS);
    }
}
