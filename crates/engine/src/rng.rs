//! A small seeded random generator (splitmix64) that gives the same numbers on every target.

use serde::{Deserialize, Serialize};

/// Splitmix64: portable, 64-bit state, identical output natively and in wasm32.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimRng {
    state: u64,
}

impl SimRng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> SimRng {
        SimRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), without modulo bias worth noticing for teaching.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// True with probability `percent`/100.
    pub fn chance_percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent.min(100) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = SimRng::new(42);
        let mut b = SimRng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        // A fixed value guards against an accidental algorithm change (it would change every replay).
        assert_eq!(SimRng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut r = SimRng::new(7);
        assert!((0..1000).all(|_| r.below(10) < 10));
    }
}
