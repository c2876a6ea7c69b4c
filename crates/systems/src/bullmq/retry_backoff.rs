//! How long a failed job waits before its next attempt: BullMQ's built-in `fixed` and
//! `exponential` back-off, each with an optional `jitter`, and a custom `backoffStrategy`
//! given as a ladder of delays, where -1 stops the retries.
//!
//! Sources, in the pinned bullmq 6.2.0 package (scripts/bullmq/node_modules/bullmq/dist/cjs):
//! `classes/backoffs.js` l. 25-35 (fixed: `delay`, or with jitter
//! `floor(random × delay × jitter + delay × (1 − jitter))`), l. 36-47 (exponential:
//! `round(2^(attemptsMade − 1) × delay)`, jittered the same way), l. 49-59 (a type that is not
//! built in uses the Worker's `settings.backoffStrategy`); `classes/job.js` l. 448-458 (the
//! strategy gets `attemptsMade + 1`; -1 means "do not retry": the job fails now).

use serde::{Deserialize, Serialize};

use crate::engine::rng::SimRng;

/// The back-off function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backoff {
    /// The same delay before every retry.
    Fixed,
    /// `2^(attemptsMade − 1) × delay`: delay, 2 × delay, 4 × delay, …
    Exponential,
    /// The Worker's `settings.backoffStrategy`, here a ladder: the n-th retry waits
    /// `custom_delays_ms[n − 1]` (the last step repeats); -1 ends the retries.
    Custom,
}

/// What the back-off says after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Retry after this many µs.
    RetryAfterUs(u64),
    /// The strategy returned -1: no more retries.
    Stop,
}

/// The delay before the retry that follows `attempts_made` failed attempts (counted from 1),
/// in ms before the cap, for the built-in types; `None` for a custom one.
fn built_in_ms(backoff: Backoff, delay_ms: u64, attempts_made: u32) -> Option<u64> {
    match backoff {
        Backoff::Fixed => Some(delay_ms),
        Backoff::Exponential => {
            let factor =
                1u64.checked_shl(attempts_made.saturating_sub(1).min(40)).unwrap_or(u64::MAX);
            Some(delay_ms.saturating_mul(factor))
        }
        Backoff::Custom => None,
    }
}

/// The next wait, with `jitter` (0 to 1) drawn from `rng`, capped at `max_ms`.
pub fn next_wait(
    backoff: Backoff,
    delay_ms: u64,
    jitter: f64,
    custom_delays_ms: &[i64],
    attempts_made: u32,
    max_ms: u64,
    rng: &mut SimRng,
) -> Next {
    let ms = match built_in_ms(backoff, delay_ms, attempts_made) {
        Some(max) if jitter > 0.0 => {
            // Math.random() in [0, 1), as a 53-bit fraction of the seeded generator.
            let r = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let m = max as f64;
            (r * m * jitter + m * (1.0 - jitter)).floor() as u64
        }
        Some(max) => max,
        None => {
            let n = (attempts_made as usize).saturating_sub(1);
            match custom_delays_ms.get(n).or(custom_delays_ms.last()).copied() {
                Some(-1) | None => return Next::Stop,
                Some(ms) => ms.max(0) as u64,
            }
        }
    };
    Next::RetryAfterUs(ms.min(max_ms).saturating_mul(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jitter_stays_between_the_floor_and_the_full_delay() {
        let mut rng = SimRng::new(7);
        for _ in 0..1000 {
            let Next::RetryAfterUs(us) =
                next_wait(Backoff::Exponential, 1000, 0.5, &[], 3, u64::MAX, &mut rng)
            else {
                panic!("a built-in back-off always retries")
            };
            assert!((2_000_000..4_000_000).contains(&us), "{us}");
        }
    }

    #[test]
    fn a_custom_ladder_repeats_its_last_step_and_stops_at_minus_one() {
        let mut rng = SimRng::new(0);
        let ladder = [300, 900];
        let wait = |n, l: &[i64], rng: &mut SimRng| {
            next_wait(Backoff::Custom, 0, 0.0, l, n, u64::MAX, rng)
        };
        assert_eq!(wait(1, &ladder, &mut rng), Next::RetryAfterUs(300_000));
        assert_eq!(wait(5, &ladder, &mut rng), Next::RetryAfterUs(900_000));
        assert_eq!(wait(2, &[300, -1], &mut rng), Next::Stop);
        assert_eq!(wait(1, &[], &mut rng), Next::Stop);
    }
}
