//! Virtual time: instants and durations in integer microseconds, never read from a wall clock.

use serde::{Deserialize, Serialize};

/// An instant on the engine's virtual clock, in microseconds since the scenario began.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub struct SimTime(pub u64);

impl SimTime {
    /// The scenario's first instant.
    pub const ZERO: SimTime = SimTime(0);
    /// The last representable instant (used as "never").
    pub const MAX: SimTime = SimTime(u64::MAX);

    /// An instant `ms` milliseconds after the start.
    pub fn from_ms(ms: u64) -> SimTime {
        SimTime(ms.saturating_mul(1000))
    }

    /// Microseconds since the start.
    pub fn as_us(self) -> u64 {
        self.0
    }

    /// Whole milliseconds since the start.
    pub fn as_ms(self) -> u64 {
        self.0 / 1000
    }

    /// This instant plus `us` microseconds, saturating at [`SimTime::MAX`].
    pub fn plus_us(self, us: u64) -> SimTime {
        SimTime(self.0.saturating_add(us))
    }

    /// This instant plus `ms` milliseconds, saturating at [`SimTime::MAX`].
    pub fn plus_ms(self, ms: u64) -> SimTime {
        self.plus_us(ms.saturating_mul(1000))
    }
}

impl std::fmt::Display for SimTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.0 / 1000;
        let rest = self.0 % 1000;
        if rest == 0 {
            write!(f, "{ms} ms")
        } else {
            write!(f, "{ms}.{rest:03} ms")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_saturates() {
        assert_eq!(SimTime::from_ms(2).as_us(), 2000);
        assert_eq!(SimTime::MAX.plus_ms(5), SimTime::MAX);
        assert_eq!(SimTime::from_ms(u64::MAX), SimTime::MAX);
        assert_eq!(SimTime(1500).to_string(), "1.500 ms");
        assert_eq!(SimTime::from_ms(7).to_string(), "7 ms");
    }
}
