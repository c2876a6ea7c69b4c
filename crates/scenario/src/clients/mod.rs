//! A scenario's clients, outside the broker: scripted publishers and consumers that drive the
//! engine as applications would. They share the engine's one agenda (woken through
//! [`Wake`]), so a run is a single (time, sequence) order of broker and client happenings,
//! and [`ScriptedClients::step`] / [`ScriptedClients::step_until_bounded`] move the clock for
//! both (the engine's one loop, resumed after each wake-up: [`Client`]).

pub mod publisher;
pub mod scripted_consumer;

use std::collections::BTreeMap;

use crate::engine::budget::STEP_UNTIL_TIMERS;
use crate::engine::rng::SimRng;
use crate::engine::topology::AmqpError;
use crate::engine::{Client, Engine, SimTime, StepOutcome, Wake, WakeSlots};
use publisher::PublisherSpec;
use scripted_consumer::{Behaviour, ScriptedConsumer};

/// Wake-up tokens from this one up are consumers' work on a delivery (those below are the
/// publishers'; the timeline's are above both: `conformance::plan`).
const WORK_TOKEN: u64 = 1 << 62;

/// A delivery a consumer is working on, until its work time is over (the wake-up that ends
/// it carries a token from [`WORK_TOKEN`] up).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Work {
    consumer: u64,
    channel: u32,
    tag: u64,
}

/// The clients of one run: their own state (not the broker's), saved with it for time travel.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptedClients {
    consumers: BTreeMap<u64, ScriptedConsumer>,
    publishers: Vec<PublisherSpec>,
    /// Deliveries being worked on.
    working: WakeSlots<Work>,
    /// Seeded choices (a consumer failing a share of deliveries).
    rng: SimRng,
}

impl ScriptedClients {
    /// No clients yet; random choices fixed by `seed`.
    pub fn new(seed: u64) -> ScriptedClients {
        ScriptedClients {
            consumers: BTreeMap::new(),
            publishers: Vec::new(),
            working: WakeSlots::new(WORK_TOKEN),
            rng: SimRng::new(seed),
        }
    }

    /// `basic.consume` for a scripted consumer: the broker hands each delivery back, the
    /// consumer works on it for its work time (a wake-up of its own) and then settles as
    /// `behaviour` says. Returns the consumer's id.
    pub fn consume(
        &mut self,
        e: &mut Engine,
        channel: u32,
        queue: &str,
        prefetch: u32,
        auto_ack: bool,
        behaviour: Behaviour,
    ) -> Result<u64, AmqpError> {
        let id = e.consume(channel, queue, prefetch, auto_ack, behaviour.work_ms().is_some())?;
        self.consumers.insert(id, ScriptedConsumer::new(behaviour));
        Ok(id)
    }

    /// Starts a publisher: its first message goes out now (after what is already due now).
    pub fn add_publisher(&mut self, e: &mut Engine, spec: PublisherSpec) -> usize {
        let id = self.publishers.len();
        self.publishers.push(spec);
        e.schedule_wake(e.now(), id as u64);
        id
    }

    /// Acts on a wake-up the engine handed back.
    pub fn wake(&mut self, e: &mut Engine, wake: Wake) {
        match wake {
            Wake::Delivery { consumer, channel, tag, at, place } => {
                let Some(work_ms) = self.consumers.get(&consumer).and_then(|c| c.work_ms()) else {
                    return;
                };
                let token = self.working.hold(Work { consumer, channel, tag });
                // In the agenda's order at the delivery, as if the broker had set it then.
                e.schedule_wake_in_place(at.plus_ms(work_ms), place, token);
            }
            Wake::Client { token } if self.working.owns(token) => {
                let Some(Work { consumer, channel, tag }) = self.working.take(token) else {
                    return;
                };
                if let Some(c) = self.consumers.get_mut(&consumer) {
                    c.done(e, &mut self.rng, consumer, channel, tag);
                }
            }
            Wake::Client { token } => {
                let Some(p) = self.publishers.get_mut(token as usize) else { return };
                if let Some(at) = p.tick(e) {
                    e.schedule_wake(at, token);
                }
            }
        }
    }

    /// Fires the next timer (the broker's or a client's). Returns false when nothing is
    /// scheduled.
    pub fn step(&mut self, e: &mut Engine) -> bool {
        Driving { clients: self, engine: e }.step()
    }

    /// Fires every timer due at or before `t` (at most `max_steps`), then sets the clock to
    /// `t`; if the steps run out first (a zero-delay loop) the clock stays at the last one.
    pub fn step_until_bounded(
        &mut self,
        e: &mut Engine,
        t: SimTime,
        max_steps: u64,
    ) -> StepOutcome {
        Driving { clients: self, engine: e }.step_until_bounded(t, max_steps)
    }

    /// [`ScriptedClients::step_until_bounded`] with the engine's budget ([`STEP_UNTIL_TIMERS`]).
    pub fn step_until(&mut self, e: &mut Engine, t: SimTime) -> StepOutcome {
        self.step_until_bounded(e, t, STEP_UNTIL_TIMERS)
    }
}

/// The clients and the engine they drive, together for the engine's loop.
struct Driving<'a> {
    clients: &'a mut ScriptedClients,
    engine: &'a mut Engine,
}

impl Client for Driving<'_> {
    fn engine(&mut self) -> &mut Engine {
        self.engine
    }

    fn wake(&mut self, wake: Wake) {
        self.clients.wake(self.engine, wake);
    }
}
