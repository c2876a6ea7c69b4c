//! Moving time: `step()` fires the next timer, `step_until(t)` everything due up to `t`.

use super::broker::{Engine, StepOutcome};
use std::sync::Arc;

use super::event::Cause;
use super::name::Name;
use super::publish::Outgoing;
use super::scheduler::TimerKind;
use super::time::SimTime;

/// How many timers `step_until` fires before it gives up on a zero-delay loop.
pub const DEFAULT_STEP_BUDGET: u64 = 5_000_000;

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
            TimerKind::DeadLetter(job) => self.on_dead_letter(*job),
            TimerKind::ForwardHeld { queue, retry } => self.on_forward_held(&queue, retry),
            TimerKind::DelayedReady { queue } => self.on_delayed_ready(&queue),
            TimerKind::ConsumerDone { consumer, channel, tag } => {
                self.on_consumer_done(consumer, channel, tag)
            }
            TimerKind::PublisherTick { publisher } => self.on_publisher_tick(publisher),
        }
        true
    }

    /// Fires every timer due at or before `t`, then sets the clock to `t`.
    pub fn step_until(&mut self, t: SimTime) -> StepOutcome {
        self.step_until_bounded(t, DEFAULT_STEP_BUDGET)
    }

    /// Like [`Engine::step_until`], firing at most `max_steps` timers; if they run out, the
    /// clock stays at the last timer fired.
    pub fn step_until_bounded(&mut self, t: SimTime, max_steps: u64) -> StepOutcome {
        let mut steps = 0u64;
        while let Some(at) = self.timers.peek_at() {
            if at > t {
                break;
            }
            if steps >= max_steps {
                return StepOutcome::BudgetExhausted;
            }
            self.step();
            steps += 1;
        }
        if t > self.now {
            self.now = t;
        }
        StepOutcome::Reached
    }

    /// Adds a scripted publisher: `count` messages, one every `every_ms`, the first now.
    pub fn add_publisher(&mut self, spec: super::broker::PublisherSpec) -> usize {
        let id = self.publishers.len();
        let now = self.now;
        self.publishers.push(spec);
        self.timers.push(now, TimerKind::PublisherTick { publisher: id });
        id
    }

    fn on_publisher_tick(&mut self, publisher: usize) {
        let Some(p) = self.publishers.get_mut(publisher) else { return };
        if p.remaining == 0 {
            return;
        }
        p.remaining -= 1;
        let n = p.remaining;
        let publish = Outgoing {
            exchange: Name::new(&p.exchange),
            routing_key: Name::new(&p.routing_key),
            body: Arc::from(p.body.replace("{n}", &n.to_string())),
            props: Arc::new(p.props.clone()),
            mandatory: false,
        };
        let every = p.every_ms;
        let more = n > 0;
        let _ = self.publish_outgoing(publish, &Cause::Rule { rule: "publisher" });
        if more {
            let at = self.now.plus_ms(every);
            self.timers.push(at, TimerKind::PublisherTick { publisher });
        }
    }
}
