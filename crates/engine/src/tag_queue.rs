//! Values by delivery tag, for a channel's unacknowledged deliveries: tags are handed out in
//! increasing order and mostly settled in that order, so they wait in a line instead of a
//! tree, and settling the oldest one moves nothing.

use std::collections::VecDeque;
use std::fmt;

/// Values by increasing `u64` tag. Settling the first takes it off the front; settling one
/// further in leaves a gap, and gaps are swept out once they make up half the line. Reads by
/// tag are a binary search; iteration is in tag order, as in a sorted map.
#[derive(Clone)]
pub struct TagQueue<V> {
    slots: VecDeque<(u64, Option<V>)>,
    /// Slots holding a value.
    live: usize,
}

/// Gaps always tolerated before a sweep (a few late settlements cost nothing).
const GAPS_KEPT: usize = 16;

impl<V> Default for TagQueue<V> {
    fn default() -> Self {
        TagQueue { slots: VecDeque::new(), live: 0 }
    }
}

impl<V> TagQueue<V> {
    /// An empty line.
    pub fn new() -> TagQueue<V> {
        TagQueue::default()
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.live
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Where `tag`'s slot is (or would go).
    #[inline(always)]
    fn find(&self, tag: u64) -> Result<usize, usize> {
        match self.slots.front() {
            Some((first, _)) if *first == tag => Ok(0),
            _ => self.slots.binary_search_by_key(&tag, |(t, _)| *t),
        }
    }

    /// Puts `value` under `tag` (after the others when the tag is the highest, as new tags
    /// are), returning the value it replaces.
    pub fn insert(&mut self, tag: u64, value: V) -> Option<V> {
        match self.slots.back() {
            Some((last, _)) if *last >= tag => match self.find(tag) {
                Ok(i) => {
                    let old = self.slots[i].1.replace(value);
                    if old.is_none() {
                        self.live += 1;
                    }
                    old
                }
                Err(i) => {
                    self.slots.insert(i, (tag, Some(value)));
                    self.live += 1;
                    None
                }
            },
            _ => {
                self.slots.push_back((tag, Some(value)));
                self.live += 1;
                None
            }
        }
    }

    /// The value under `tag`.
    pub fn get(&self, tag: &u64) -> Option<&V> {
        self.find(*tag).ok().and_then(|i| self.slots[i].1.as_ref())
    }

    /// Takes the value under `tag` out.
    pub fn remove(&mut self, tag: &u64) -> Option<V> {
        let i = self.find(*tag).ok()?;
        let value = self.slots[i].1.take()?;
        self.live -= 1;
        while matches!(self.slots.front(), Some((_, None))) {
            self.slots.pop_front();
        }
        while matches!(self.slots.back(), Some((_, None))) {
            self.slots.pop_back();
        }
        if self.slots.len() > 2 * self.live + GAPS_KEPT {
            self.slots.retain(|(_, v)| v.is_some());
        }
        Some(value)
    }

    /// Gives back the room of a drained burst (see [`super::spare`]).
    pub fn release_spare(&mut self) {
        super::spare::release_deque(&mut self.slots);
    }

    /// Tags and values, in tag order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (u64, &V)> + '_ {
        self.slots.iter().filter_map(|(t, v)| v.as_ref().map(|v| (*t, v)))
    }

    /// The values, in tag order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + '_ {
        self.slots.iter().filter_map(|(_, v)| v.as_ref())
    }

    /// The values to change in place, in tag order.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + '_ {
        self.slots.iter_mut().filter_map(|(_, v)| v.as_mut())
    }
}

impl<V> IntoIterator for TagQueue<V> {
    type Item = (u64, V);
    type IntoIter = std::iter::FilterMap<
        std::collections::vec_deque::IntoIter<(u64, Option<V>)>,
        fn((u64, Option<V>)) -> Option<(u64, V)>,
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.slots.into_iter().filter_map(|(t, v)| v.map(|v| (t, v)))
    }
}

/// Equal when they hold the same values under the same tags (gaps do not count).
impl<V: PartialEq> PartialEq for TagQueue<V> {
    fn eq(&self, other: &Self) -> bool {
        self.live == other.live && self.iter().eq(other.iter())
    }
}

/// Shown as a map from tag to value, as a sorted map would be.
impl<V: fmt::Debug> fmt::Debug for TagQueue<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn it_reads_and_settles_as_a_sorted_map_does_in_any_order() {
        let mut q: TagQueue<u64> = TagQueue::new();
        let mut m: BTreeMap<u64, u64> = BTreeMap::new();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next_tag = 0u64;
        for step in 0..50_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match x % 5 {
                // New deliveries get the next tag.
                0 | 1 => {
                    next_tag += 1 + x % 3;
                    assert_eq!(q.insert(next_tag, step), m.insert(next_tag, step));
                }
                // Settle the oldest, as a consumer working in order does.
                2 => {
                    let first = m.keys().next().copied().unwrap_or(0);
                    assert_eq!(q.remove(&first), m.remove(&first));
                }
                // Settle any tag, known or not.
                3 => {
                    let tag = if next_tag == 0 { 0 } else { x % (next_tag + 2) };
                    assert_eq!(q.remove(&tag), m.remove(&tag));
                }
                // An older tag again: it goes in its place.
                _ => {
                    let tag = x % (next_tag + 1);
                    assert_eq!(q.insert(tag, step), m.insert(tag, step));
                }
            }
            assert_eq!(q.len(), m.len());
            if step % 997 == 0 {
                assert!(q.iter().eq(m.iter().map(|(t, v)| (*t, v))));
                let probe = x % (next_tag + 1);
                assert_eq!(q.get(&probe), m.get(&probe));
                assert!(q.slots.len() <= 2 * q.live + GAPS_KEPT + 1);
            }
        }
        for v in q.values_mut() {
            *v += 1;
        }
        assert_eq!(
            format!("{q:?}"),
            format!("{:?}", m.iter().map(|(t, v)| (*t, v + 1)).collect::<BTreeMap<_, _>>())
        );
        let all: Vec<(u64, u64)> = q.into_iter().collect();
        assert_eq!(all, m.into_iter().map(|(t, v)| (t, v + 1)).collect::<Vec<_>>());
    }
}
