//! Moving time: `step()` fires the next timer, `step_until(t)` everything due up to `t`
//! (handing a client's wake-up back to it as soon as one falls due).

use super::broker::{Engine, StepOutcome};
use super::event::Cause;
use super::scheduler::TimerKind;
use super::time::SimTime;

use super::budget::STEP_UNTIL_TIMERS;

impl Engine {
    /// When the next timer fires, if any.
    pub fn next_event_at(&self) -> Option<SimTime> {
        self.timers.peek_at()
    }

    /// Fires the next timer (moving the clock to it). Returns false when nothing is scheduled.
    pub fn step(&mut self) -> bool {
        let Some(timer) = self.timers.pop() else { return false };
        if timer.at > self.now {
            self.now = timer.at;
        }
        match timer.kind {
            TimerKind::Expiry { queue } => self.on_expiry_timer(&queue, timer.at),
            TimerKind::QueueExpires { queue, generation } => {
                let expire = self
                    .queues
                    .get(&queue)
                    .map(|q| q.use_generation == generation && q.consumers.is_empty())
                    .unwrap_or(false);
                if expire {
                    let n = self.remove_queue(&queue);
                    self.emit(
                        None,
                        super::event::EventKind::QueueExpired { queue, messages: n },
                        Cause::Setting { key: "x-expires", source: "argument or policy".into() }
                            .interned(),
                    );
                }
            }
            TimerKind::DeadLetter { msg } => {
                // Letters leave in the order they were sent: the one due is at the front.
                let at = match self.in_transit.front() {
                    Some(job) if job.msg.id == msg => Some(0),
                    _ => self.in_transit.iter().position(|job| job.msg.id == msg),
                };
                if let Some(job) = at.and_then(|i| self.in_transit.remove(i)) {
                    self.on_dead_letter(job);
                }
            }
            TimerKind::ForwardHeld { queue, retry } => self.on_forward_held(&queue, retry),
            TimerKind::DelayedReady { queue } => self.on_delayed_ready(&queue),
            TimerKind::Wake(wake) => self.woken.push_back(wake),
        }
        true
    }

    /// At rest (a run reached the time asked for): queues, lines and timers give back the
    /// room a drained burst left them (see [`super::spare`]). Giving it back while the burst
    /// drains would only take it again for the next one.
    fn release_spare(&mut self) {
        for q in self.queues.values_mut() {
            q.release_spare();
        }
        for ch in self.channels.values_mut() {
            ch.unacked.release_spare();
        }
        super::spare::release_deque(&mut self.in_transit);
        super::spare::release_deque(&mut self.woken);
        self.timers.release_spare();
    }

    /// Fires every timer due at or before `t`, then sets the clock to `t`; stops early at a
    /// client's wake-up ([`StepOutcome::Woken`]), which the client takes and acts on first.
    pub fn step_until(&mut self, t: SimTime) -> StepOutcome {
        self.step_until_bounded(t, STEP_UNTIL_TIMERS)
    }

    /// Like [`Engine::step_until`], firing at most `max_steps` timers; if they run out, the
    /// clock stays at the last timer fired.
    pub fn step_until_bounded(&mut self, t: SimTime, max_steps: u64) -> StepOutcome {
        let mut steps_left = max_steps;
        self.step_within(t, &mut steps_left)
    }

    /// The one loop that moves time: fires every timer due at or before `t` in (time,
    /// sequence) order, taking one from `steps_left` for each, then sets the clock to `t`. It
    /// stops early when `steps_left` is spent ([`StepOutcome::BudgetExhausted`], the clock at
    /// the last timer fired) or at a client's wake-up ([`StepOutcome::Woken`]): the client acts
    /// on it and calls again with what is left of the budget (see [`super::wake::Client`]).
    pub fn step_within(&mut self, t: SimTime, steps_left: &mut u64) -> StepOutcome {
        while let Some(at) = self.timers.peek_at() {
            if at > t {
                break;
            }
            if *steps_left == 0 {
                return StepOutcome::BudgetExhausted;
            }
            self.step();
            *steps_left -= 1;
            if !self.woken.is_empty() {
                // A client must act before anything later happens: hand it back.
                return StepOutcome::Woken;
            }
        }
        if t > self.now {
            self.now = t;
        }
        self.release_spare();
        StepOutcome::Reached
    }
}
