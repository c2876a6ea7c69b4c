//! Wake-up tokens that carry a client's own data: each token names a slot holding what the
//! client does when woken, and slots are reused once taken (a client may set one per delivery,
//! on a hot path).

/// What a client will do on its pending wake-ups, by token. Tokens start at `base`, so a
/// client can keep other tokens below it for wake-ups of its own kinds.
#[derive(Debug, Clone, PartialEq)]
pub struct WakeSlots<T> {
    base: u64,
    slots: Vec<Option<T>>,
    free: Vec<usize>,
}

impl<T> WakeSlots<T> {
    /// No pending wake-ups; tokens from `base` up.
    pub fn new(base: u64) -> WakeSlots<T> {
        WakeSlots { base, slots: Vec::new(), free: Vec::new() }
    }

    /// Keeps `item` and returns the token of its wake-up.
    pub fn hold(&mut self, item: T) -> u64 {
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot] = Some(item);
                slot
            }
            None => {
                self.slots.push(Some(item));
                self.slots.len() - 1
            }
        };
        self.base + slot as u64
    }

    /// True when `token` is one of these slots' (held or not).
    pub fn owns(&self, token: u64) -> bool {
        token >= self.base
    }

    /// The item `token` holds, taken out (`None`: not a token of these slots, or taken already).
    pub fn take(&mut self, token: u64) -> Option<T> {
        let slot = usize::try_from(token.checked_sub(self.base)?).ok()?;
        let item = self.slots.get_mut(slot)?.take()?;
        self.free.push(slot);
        Some(item)
    }

    /// How many wake-ups are pending.
    pub fn len(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// True when none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_gives_back_its_item_once_and_its_slot_is_reused() {
        let mut s = WakeSlots::new(100);
        let a = s.hold("a");
        let b = s.hold("b");
        assert_eq!((a, b), (100, 101));
        assert_eq!(s.take(a), Some("a"));
        assert_eq!(s.take(a), None, "taken once");
        assert_eq!(s.take(99), None, "below the base: not ours");
        assert_eq!(s.take(500), None, "never handed out");
        assert_eq!(s.hold("c"), 100, "the free slot again");
        assert_eq!(s.len(), 2);
        assert_eq!(s.take(b), Some("b"));
        assert!(s.owns(b) && !s.owns(99));
    }
}
