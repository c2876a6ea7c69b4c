//! Short polling (`WaitTimeSeconds` 0): a consumer that finds the queue empty pauses
//! `poll_interval_ms` and asks again, so a message that becomes visible meanwhile waits for
//! its next poll (Developer Guide, "Amazon SQS short and long polling"; the sampling of a
//! subset of servers, which can miss messages that are there, is not modelled). Its polls fall
//! on a grid from the empty receive that started the pause; the model plans only the polls
//! that can find something, not the empty ones in between.

use super::{At, Happening, Sqs};
use crate::engine::SimTime;

impl Sqs {
    /// Whether consumer `c` is pausing between short polls.
    pub(super) fn sleeping(&self, c: usize) -> bool {
        self.asleep_since_us[c].is_some()
    }

    /// Consumer `c`'s receive found nothing: a short-polling one starts its pause.
    pub(super) fn empty_receive(&mut self, c: usize) {
        if self.config.wait_time_ms == 0 && !self.sleeping(c) {
            self.asleep_since_us[c] = Some(self.core.now.as_us());
        }
    }

    /// The first poll of `c`'s grid at or after `t_us`.
    fn next_tick_us(&self, c: usize, t_us: u64) -> Option<u64> {
        let origin = self.asleep_since_us[c]?;
        let every = self.config.poll_interval_ms.saturating_mul(1000).max(1);
        let k = t_us.saturating_sub(origin).div_ceil(every).max(1);
        Some(origin.saturating_add(k.saturating_mul(every)))
    }

    /// Plans, for every sleeping consumer, its first poll at or after the moment the next
    /// message can be received (none while the queue holds nothing).
    pub(super) fn plan_ticks(&mut self) {
        if self.config.wait_time_ms != 0 {
            return;
        }
        let now = self.core.now.as_us();
        let Some(soonest) = self
            .source
            .iter()
            .filter(|&&m| self.at[m] == At::Source)
            .map(|&m| self.visible_at_us[m].max(now))
            .min()
        else {
            return;
        };
        for c in 0..self.busy.len() {
            let Some(at_us) = self.next_tick_us(c, soonest) else { continue };
            if self.tick_at_us[c].is_none_or(|t| at_us < t) {
                self.tick_at_us[c] = Some(at_us);
                self.core.at(SimTime(at_us), Happening::Tick { consumer: c, at_us });
            }
        }
    }

    /// A planned poll: the consumer asks; with nothing to receive it pauses again.
    pub(super) fn tick(&mut self, c: usize, at_us: u64) {
        if self.tick_at_us[c] != Some(at_us) || self.busy[c] {
            return;
        }
        self.tick_at_us[c] = None;
        self.asleep_since_us[c] = None;
        if !self.receive_for(c) {
            self.asleep_since_us[c] = Some(at_us);
        }
        self.plan_ticks();
    }
}
