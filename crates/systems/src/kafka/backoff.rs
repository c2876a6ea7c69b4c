//! The back-off values Spring Kafka computes once, when it creates the retry topics: one per
//! retry (`attempts - 1`), from the `@Backoff` / `@BackOff` settings, as Spring Kafka 3.3 does
//! with Spring Retry 2.0 and as Spring Kafka 4.0 does with Spring Framework 7's `BackOff`.
//!
//! Spring Kafka runs the policy through a sleeper that only records what it would sleep
//! (spring-kafka 3.3.16 `BackOffValuesGenerator.java:80-89`; 4.0.7 `:59-63`): the values
//! become the retry topics' delays and names, so even a random back-off is drawn once per
//! topic, not per record. Here the draws come from the workload's seed.

use crate::engine::rng::SimRng;

use super::{KafkaConfig, SpringKafka};

/// Spring Retry's cap when `maxDelay` is not above `delay`:
/// `ExponentialBackOffPolicy.DEFAULT_MAX_INTERVAL` (spring-retry 2.0.12
/// `ExponentialBackOffPolicy.java:62`).
pub const DEFAULT_MAX_INTERVAL_MS: u64 = 30_000;

/// What the back-off settings make, for the settings' check and the docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// `FixedBackOffPolicy` (3.3) or `FixedBackOff` (4.0).
    Fixed,
    /// `ExponentialBackOffPolicy` (3.3) or `ExponentialBackOff` (4.0).
    Exponential,
    /// `ExponentialRandomBackOffPolicy` (3.3, `@Backoff(random = true)`).
    ExponentialRandom,
    /// `UniformRandomBackOffPolicy` (3.3: no multiplier, `maxDelay > delay`).
    UniformRandom,
}

impl KafkaConfig {
    /// The policy the annotation's settings select.
    ///
    /// 3.3: spring-kafka 3.3.16 `RetryableTopicAnnotationProcessor.java:206-230`: a multiplier
    /// above 0 is exponential (random with `random`), else `maxDelay > delay` is uniform
    /// random, else fixed. 4.0: spring-kafka 4.0.7 `BackOffFactory.java:75-91`: fixed when
    /// `maxDelay`, `multiplier` and `jitter` are all 0, else Spring Framework's
    /// `ExponentialBackOff` (a missing multiplier is 1).
    pub fn policy(&self) -> Policy {
        match self.spring_kafka {
            SpringKafka::V3_3 if self.multiplier > 0.0 && self.random => Policy::ExponentialRandom,
            SpringKafka::V3_3 if self.multiplier > 0.0 => Policy::Exponential,
            SpringKafka::V3_3 if self.max_delay_ms > self.delay_ms => Policy::UniformRandom,
            SpringKafka::V3_3 => Policy::Fixed,
            SpringKafka::V4_0
                if self.max_delay_ms == 0 && self.multiplier == 0.0 && self.jitter_ms == 0 =>
            {
                Policy::Fixed
            }
            SpringKafka::V4_0 => Policy::Exponential,
        }
    }

    /// The delay of each retry, in ms: `attempts - 1` values, the first the wait after the
    /// first failure. `seed` draws the random policies' values.
    pub fn backoff_values_ms(&self, seed: u64) -> Vec<u64> {
        let count = self.attempts.clamp(1, 50) as usize - 1;
        let mut rng = SimRng::new(seed ^ 0x6b61_666b_615f_626f);
        match self.spring_kafka {
            SpringKafka::V3_3 => self.spring_retry_values(count, &mut rng),
            SpringKafka::V4_0 => self.framework_values(count, &mut rng),
        }
    }

    /// Spring Retry 2.0.12, as Spring Kafka 3.3 configures it from `@Backoff`.
    fn spring_retry_values(&self, count: usize, rng: &mut SimRng) -> Vec<u64> {
        // `setInitialInterval`, `setBackOffPeriod`, `setMinBackOffPeriod`: below 1 is 1
        // (ExponentialBackOffPolicy.java:133-138, FixedBackOffPolicy.java:69-71,
        // UniformRandomBackOffPolicy.java:79-81).
        let delay = self.delay_ms.max(1);
        match self.policy() {
            Policy::Fixed => vec![delay; count],
            Policy::UniformRandom => {
                // UniformRandomBackOffPolicy.java:134-145: min + nextInt(max - min).
                let max = self.max_delay_ms.max(1);
                (0..count)
                    .map(|_| delay + if max <= delay { 0 } else { rng.below(max - delay) })
                    .collect()
            }
            policy => {
                // RetryableTopicAnnotationProcessor.java:214-217: the multiplier as given
                // (setMultiplier makes 1 of anything not above 1, ExponentialBackOffPolicy.java
                // :145-150), maxInterval only when maxDelay > delay, else the 30 s default.
                let multiplier = self.multiplier.max(1.0);
                let max = if self.max_delay_ms > self.delay_ms {
                    self.max_delay_ms
                } else {
                    DEFAULT_MAX_INTERVAL_MS
                };
                let mut interval = delay;
                (0..count)
                    .map(|_| {
                        // ExponentialBackOffPolicy.java:290-304 (getSleepAndIncrement): sleep the
                        // interval, capped; only an uncapped interval grows, truncated each step.
                        let mut sleep = interval;
                        if sleep > max {
                            sleep = max;
                        } else {
                            interval = (interval as f64 * multiplier) as u64;
                        }
                        if policy == Policy::ExponentialRandom {
                            // ExponentialRandomBackOffPolicy.java:77-84: × (1 + r × (m − 1)),
                            // truncated, capped again (r is `nextFloat`, 24 random bits).
                            let r = (rng.next_u64() >> 40) as f32 / (1u32 << 24) as f32;
                            let factor = 1.0 + r as f64 * (multiplier - 1.0);
                            sleep = ((sleep as f64 * factor) as u64).min(max);
                        }
                        sleep
                    })
                    .collect()
            }
        }
    }

    /// Spring Framework 7.0.9's `FixedBackOff` / `ExponentialBackOff`, as Spring Kafka 4.0
    /// builds them from `@BackOff` (no 30 s default: `RetryPolicy.Builder.DEFAULT_MAX_DELAY`
    /// is `Long.MAX_VALUE`, RetryPolicy.java:175, set at :494).
    fn framework_values(&self, count: usize, rng: &mut SimRng) -> Vec<u64> {
        let initial = self.delay_ms;
        if self.policy() == Policy::Fixed {
            return vec![initial; count];
        }
        let multiplier = if self.multiplier == 0.0 { 1.0 } else { self.multiplier };
        let max = if self.max_delay_ms == 0 { u64::MAX } else { self.max_delay_ms };
        let mut current: Option<u64> = None;
        (0..count)
            .map(|_| {
                // ExponentialBackOff.java:298-312 (computeNextInterval): the first is the
                // initial interval; then capped or × multiplier (truncated), capped.
                let next = match current {
                    None => initial,
                    Some(c) if c >= max => max,
                    Some(c) => ((c as f64 * multiplier) as u64).min(max),
                };
                current = Some(next);
                self.jitter(next, initial, max, rng).min(max)
            })
            .collect()
    }

    /// ExponentialBackOff.java:314-326 (applyJitter): a uniform draw in
    /// `[max(i − j', initial), min(i + j', max))`, where `j'` is the jitter scaled by
    /// `interval / initial` (integer division).
    fn jitter(&self, interval: u64, initial: u64, max: u64, rng: &mut SimRng) -> u64 {
        if self.jitter_ms == 0 {
            return interval;
        }
        let scale = interval.checked_div(initial).unwrap_or(1);
        let applicable = self.jitter_ms.saturating_mul(scale);
        let low = interval.saturating_sub(applicable).max(initial) as i128;
        let high = interval.saturating_add(applicable).min(max) as i128;
        let r = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (low + (r * (high - low) as f64) as i128).max(0) as u64
    }
}
