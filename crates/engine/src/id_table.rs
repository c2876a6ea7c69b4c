//! Process-wide numbering of interned values: each gets a `u32` id on interning, and the id
//! reads back without a lock (the compact event log stores ids, not pointers).
//!
//! The table is append-only and grows in segments of doubling size (1, 2, 4, … slots), each
//! allocated once and never moved, so a read is two atomic loads. Ids are handed out under
//! the interning table's own lock, in interning order; nothing orders by them.

use std::sync::{Mutex, OnceLock};

/// Segments: ids up to 2^32 − 2.
const SEGMENTS: usize = 32;

/// An append-only `id → value` table.
pub struct IdTable<T: 'static> {
    segments: [OnceLock<Box<[OnceLock<T>]>>; SEGMENTS],
    len: Mutex<u32>,
}

/// The segment holding `id` and the slot in it.
fn place(id: u32) -> (usize, usize) {
    let n = u64::from(id) + 1;
    let segment = 63 - n.leading_zeros() as usize;
    (segment, (n - (1u64 << segment)) as usize)
}

impl<T: Copy + Send + Sync + 'static> IdTable<T> {
    /// An empty table (for a `static`).
    pub const fn new() -> IdTable<T> {
        IdTable { segments: [const { OnceLock::new() }; SEGMENTS], len: Mutex::new(0) }
    }

    /// Numbers the value `make` builds from its id, and returns it. Call it under the lock
    /// that makes the value unique, so a value is numbered once.
    pub fn push_with(&self, make: impl FnOnce(u32) -> T) -> T {
        let mut len = self.len.lock().unwrap_or_else(|e| e.into_inner());
        let id = *len;
        let value = make(id);
        let (segment, slot) = place(id);
        let slots = self.segments[segment]
            .get_or_init(|| (0..1usize << segment).map(|_| OnceLock::new()).collect());
        // The slot is fresh: ids are handed out once, under `len`'s lock.
        let _ = slots[slot].set(value);
        *len = id.checked_add(1).expect("more than 4 billion interned values");
        value
    }

    /// The value numbered `id`.
    ///
    /// # Panics
    /// When `id` was never handed out by [`IdTable::push`] (ids come only from it).
    #[inline(always)]
    pub fn get(&self, id: u32) -> T {
        let (segment, slot) = place(id);
        *self.segments[segment]
            .get()
            .and_then(|s| s[slot].get())
            .expect("an id handed out by this table")
    }
}

impl<T: Copy + Send + Sync + 'static> Default for IdTable<T> {
    fn default() -> Self {
        IdTable::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_across_segments() {
        let t: IdTable<u64> = IdTable::new();
        for v in 0..5000u64 {
            assert_eq!(t.push_with(|id| u64::from(id) * 3), v * 3);
        }
        for v in 0..5000u64 {
            assert_eq!(t.get(v as u32), v * 3);
        }
        assert_eq!(place(0), (0, 0));
        assert_eq!(place(1), (1, 0));
        assert_eq!(place(2), (1, 1));
        assert_eq!(place(3), (2, 0));
        assert_eq!(place(u32::MAX - 1), (31, (1 << 31) - 1));
    }
}
