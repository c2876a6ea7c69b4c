//! A table keyed by interned name: found by pointer among a few entries, listed in name order.
//!
//! Brokers in a lesson hold a handful of queues and exchanges. Looking one up by its [`Name`]
//! compares pointers, one word per entry, where an ordered map compares texts; lookups by
//! `&str` (commands typed by a person) compare texts. Entries stay sorted by name, so listing
//! them gives the order an ordered map would.

use std::ops::Index;

use super::name::Name;

/// What a table can be searched by: an interned name (by pointer) or a text.
pub trait Key {
    /// True when `name` is this key.
    fn is(&self, name: &Name) -> bool;
}

impl Key for Name {
    #[inline(always)]
    fn is(&self, name: &Name) -> bool {
        self == name
    }
}

impl Key for str {
    #[inline(always)]
    fn is(&self, name: &Name) -> bool {
        name.as_str() == self
    }
}

impl Key for String {
    #[inline(always)]
    fn is(&self, name: &Name) -> bool {
        name.as_str() == self.as_str()
    }
}

/// Values by name, in name order.
#[derive(Debug, Clone, PartialEq)]
pub struct ByName<V> {
    entries: Vec<(Name, V)>,
}

impl<V> Default for ByName<V> {
    fn default() -> Self {
        ByName { entries: Vec::new() }
    }
}

impl<V> ByName<V> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    // The lookups below are plain loops over the slice rather than iterator adapters: the
    // browser build is optimised for size, which calls an adapter's closure instead of
    // inlining it, and these run for every message a queue takes or gives.
    #[inline(always)]
    fn position<K: Key + ?Sized>(&self, key: &K) -> Option<usize> {
        let entries = self.entries.as_slice();
        let mut i = 0;
        while i < entries.len() {
            if key.is(&entries[i].0) {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The value under `key`.
    #[inline(always)]
    pub fn get<K: Key + ?Sized>(&self, key: &K) -> Option<&V> {
        let i = self.position(key)?;
        Some(&self.entries.as_slice()[i].1)
    }

    /// The value under `key`, to change.
    #[inline(always)]
    pub fn get_mut<K: Key + ?Sized>(&mut self, key: &K) -> Option<&mut V> {
        let i = self.position(key)?;
        Some(&mut self.entries.as_mut_slice()[i].1)
    }

    /// The stored name and value under `key`.
    pub fn get_key_value<K: Key + ?Sized>(&self, key: &K) -> Option<(&Name, &V)> {
        self.entries.iter().find(|(n, _)| key.is(n)).map(|(n, v)| (n, v))
    }

    /// True when `key` is in the table.
    #[inline(always)]
    pub fn contains_key<K: Key + ?Sized>(&self, key: &K) -> bool {
        self.position(key).is_some()
    }

    /// Sets `name` to `value`, returning the value it replaces.
    pub fn insert(&mut self, name: Name, value: V) -> Option<V> {
        match self.position(&name) {
            Some(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            None => {
                let at = self.entries.partition_point(|(n, _)| *n < name);
                self.entries.insert(at, (name, value));
                None
            }
        }
    }

    /// Takes the value under `key` out.
    pub fn remove<K: Key + ?Sized>(&mut self, key: &K) -> Option<V> {
        let i = self.position(key)?;
        Some(self.entries.remove(i).1)
    }

    /// Keeps only the entries `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(&Name, &mut V) -> bool) {
        self.entries.retain_mut(|(n, v)| keep(n, v));
    }

    /// Values in name order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// Values in name order, to change.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Names and values in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&Name, &V)> {
        self.entries.iter().map(|(n, v)| (n, v))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<V> Index<&Name> for ByName<V> {
    type Output = V;
    fn index(&self, name: &Name) -> &V {
        self.get(name).expect("no entry with that name")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_by_name_or_text_and_listed_in_name_order() {
        let mut t = ByName::new();
        for (n, v) in [("b", 2), ("c", 3), ("a", 1)] {
            assert_eq!(t.insert(Name::new(n), v), None);
        }
        assert_eq!(t.insert(Name::new("b"), 20), Some(2));
        assert_eq!(t.values().copied().collect::<Vec<_>>(), vec![1, 20, 3]);
        assert_eq!(t.get("c"), Some(&3));
        assert_eq!(t.get(&Name::new("a")), Some(&1));
        assert_eq!(t.remove("a"), Some(1));
        assert!(!t.contains_key("a"));
        assert_eq!(t.len(), 2);
    }
}
