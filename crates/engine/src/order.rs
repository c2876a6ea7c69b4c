//! Ordered maps and sets, and stable sorts, that share one sort routine for the whole program.
//!
//! `collect()` into a `BTreeMap`/`BTreeSet` and `sort_by` on a slice each compile a separate copy
//! of the standard sort for every element type (about 4 KB of WebAssembly each). These build the
//! same results by inserting in turn, or by sorting indexes through one routine.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// The map `pairs.collect()` would build (a later pair with an equal key wins).
pub fn map_of<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut m = BTreeMap::new();
    m.extend(pairs);
    m
}

/// The set `items.collect()` would build.
pub fn set_of<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut s = BTreeSet::new();
    s.extend(items);
    s
}

/// Sorts `v` stably by `cmp`, like `v.sort_by(cmp)`.
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    sort_indexes(&mut order, &|a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)));
}

/// Sorts `v` stably by a key, like `v.sort_by_key(key)`.
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// The one sort routine: indexes, compared through a trait object.
#[inline(never)]
fn sort_indexes(order: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| cmp(a, b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_results_as_the_standard_ones() {
        let pairs = vec![(3, "c"), (1, "a"), (3, "z"), (2, "b")];
        assert_eq!(map_of(pairs.clone()), pairs.iter().cloned().collect::<BTreeMap<_, _>>());
        assert_eq!(set_of([5, 1, 5, 2]), [5, 1, 5, 2].into_iter().collect::<BTreeSet<_>>());
        // Stable: equal keys keep their order.
        let mut v: Vec<(u8, char)> = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        let mut w = v.clone();
        sort_by_key(&mut v, |p| p.0);
        w.sort_by_key(|p| p.0);
        assert_eq!(v, w);
        let mut e: Vec<u8> = Vec::new();
        sort_by(&mut e, |a, b| a.cmp(b));
        assert!(e.is_empty());
    }
}
