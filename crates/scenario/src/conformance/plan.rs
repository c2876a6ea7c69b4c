//! A scenario's timeline on the runner's clock: its publishers and consumers starting and its
//! steps, each a wake-up on the engine's one agenda. They are scheduled when the run is built,
//! so at one instant they keep the (time, sequence) order with the broker's own timers: a
//! timer scheduled before a step fires before it, one scheduled after it fires after it.

use crate::engine::event::Cause;
use crate::engine::{Client, SimTime, Wake};
use crate::scenario::clients::publisher::PublisherSpec;
use crate::scenario::clients::scripted_consumer::Behaviour;
use crate::scenario::model::step::Step;

use super::SimulatedBroker;

/// Wake-up tokens from this one up are the timeline's (those below are the clients' own).
const TIMELINE_TOKEN: u64 = 1 << 63;

/// The first channel of the scenario's consumers (the client's own is 1).
const FIRST_CONSUMER_CHANNEL: u32 = 1001;

/// What the timeline does at its moment.
#[derive(Debug, Clone)]
pub enum Planned {
    /// A scripted publisher starts: its first message goes out at once.
    Publisher(Box<PublisherSpec>),
    /// A scripted consumer starts consuming (`path`: where the scenario declares it).
    Consumer { path: String, queue: String, prefetch: u32, auto_ack: bool, behaviour: Behaviour },
    /// A step runs (`path`: where the scenario's timeline holds it).
    Step { path: String, step: Step },
}

impl SimulatedBroker {
    /// Schedules `planned` at `at`, after everything already scheduled for that moment.
    pub fn plan(&mut self, at: SimTime, planned: Planned) {
        let timeline = std::sync::Arc::make_mut(&mut self.timeline);
        let token = TIMELINE_TOKEN | timeline.len() as u64;
        timeline.push((at, planned));
        self.engine.schedule_wake(at, token);
    }

    /// The timeline, in the order it was planned, with each item's moment.
    pub fn timeline(&self) -> &[(SimTime, Planned)] {
        &self.timeline
    }

    /// Carries out the timeline's item `i` now; a refusal goes to the log, naming its path.
    fn run_planned(&mut self, i: usize) {
        let Some((_, planned)) = self.timeline.get(i) else { return };
        match planned.clone() {
            Planned::Publisher(spec) => {
                self.clients.add_publisher(&mut self.engine, *spec);
            }
            Planned::Consumer { path, queue, prefetch, auto_ack, behaviour } => {
                let channel = FIRST_CONSUMER_CHANNEL + i as u32;
                let e = &mut self.engine;
                if let Err(err) =
                    self.clients.consume(e, channel, &queue, prefetch, auto_ack, behaviour)
                {
                    e.log_line(
                        format!("[error] {path}: {err}"),
                        &Cause::Rule { rule: "scenario_consumer" },
                    );
                }
            }
            Planned::Step { path, step } => {
                if let Some(text) = self.run_step(&step).refusal() {
                    self.engine.log_line(
                        format!("[error] {path} ({}): {text}", step.op()),
                        &Cause::Rule { rule: "scenario_step" },
                    );
                }
            }
        }
    }
}

/// The runner drives the engine for its scripted clients and its timeline.
impl Client for SimulatedBroker {
    fn engine(&mut self) -> &mut crate::engine::Engine {
        &mut self.engine
    }

    fn wake(&mut self, wake: Wake) {
        match wake {
            Wake::Client { token } if token >= TIMELINE_TOKEN => {
                self.run_planned((token - TIMELINE_TOKEN) as usize)
            }
            wake => self.clients.wake(&mut self.engine, wake),
        }
    }
}
