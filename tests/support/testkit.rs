//! Shared by native and wasm tests: a retry-storm topology and a digest of the event log.

use std::ops::{Deref, DerefMut};

use dlx_lab::engine::{Engine, FieldTable, Profile, SimTime, StepOutcome, RABBITMQ_4};
use dlx_lab::scenario::clients::publisher::PublisherSpec;
use dlx_lab::scenario::clients::scripted_consumer::Behaviour;
use dlx_lab::scenario::clients::ScriptedClients;
use serde_json::json;

/// A broker with its scripted clients: reads as the engine, steps both.
#[derive(Debug, Clone)]
pub struct Storm {
    pub engine: Engine,
    pub clients: ScriptedClients,
}

impl Storm {
    fn new(profile: &'static Profile, seed: u64) -> Storm {
        Storm { engine: Engine::new(profile), clients: ScriptedClients::new(seed) }
    }

    /// Fires the next timer, the broker's or a client's.
    pub fn step(&mut self) -> bool {
        self.clients.step(&mut self.engine)
    }

    /// Fires everything due up to `t`.
    pub fn step_until(&mut self, t: SimTime) -> StepOutcome {
        self.clients.step_until(&mut self.engine, t)
    }

    /// Fires what is due up to `t`, at most `max_steps` timers.
    pub fn step_until_bounded(&mut self, t: SimTime, max_steps: u64) -> StepOutcome {
        self.clients.step_until_bounded(&mut self.engine, t, max_steps)
    }

    fn consume(&mut self, queue: &str, prefetch: u32, behaviour: Behaviour) {
        self.clients.consume(&mut self.engine, 1, queue, prefetch, false, behaviour).unwrap();
    }

    fn add_publisher(&mut self, spec: PublisherSpec) {
        self.clients.add_publisher(&mut self.engine, spec);
    }
}

impl Deref for Storm {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        &self.engine
    }
}

impl DerefMut for Storm {
    fn deref_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

/// The digest of `retry_storm(&RABBITMQ_4, 7, 200)` run to 60 s. Native and wasm must agree.
pub const GOLDEN_STORM_DIGEST: u64 = 0x281c_50dc_5865_6634;

fn table(v: serde_json::Value) -> FieldTable {
    FieldTable::from_json(&v, "args").expect("valid test arguments")
}

/// The topology both storms share: `work` (fed by `work.x`, dead-lettering to `work.dlx`), the
/// wait queue `work.wait` behind `work.dlx` with `wait_args`, and `parking` behind the fanout
/// `parking.x`; no clients yet.
fn work_and_parking(profile: &'static Profile, seed: u64, wait_args: serde_json::Value) -> Storm {
    let mut e = Storm::new(profile, seed);
    e.declare_exchange("work.x", "direct", true, false, FieldTable::new()).unwrap();
    e.declare_exchange("work.dlx", "direct", true, false, FieldTable::new()).unwrap();
    e.declare_exchange("parking.x", "fanout", true, false, FieldTable::new()).unwrap();
    e.declare_queue("work", true, table(json!({"x-dead-letter-exchange": "work.dlx"}))).unwrap();
    e.declare_queue("work.wait", true, table(wait_args)).unwrap();
    e.declare_queue("parking", true, FieldTable::new()).unwrap();
    e.bind_queue("work", "work.x", "task", FieldTable::new()).unwrap();
    e.bind_queue("work.wait", "work.dlx", "task", FieldTable::new()).unwrap();
    e.bind_queue("parking", "parking.x", "", FieldTable::new()).unwrap();
    e
}

/// A retry ladder: `work` is consumed by a consumer that fails 30 % of deliveries (seeded);
/// rejected messages wait 1 s in `work.wait` (TTL) and come back; after three deaths in `work`
/// a router would park them — here the wait queue's max-length sends overflow to `parking`.
pub fn retry_storm(profile: &'static Profile, seed: u64, messages: u64) -> Storm {
    let mut e = work_and_parking(
        profile,
        seed,
        json!({"x-dead-letter-exchange": "work.x", "x-message-ttl": 1000, "x-max-length": 1000, "x-dead-letter-routing-key": "task"}),
    );
    e.consume("work", 10, Behaviour::FailPercent { percent: 30, work_ms: 5, requeue: false });
    e.add_publisher(PublisherSpec {
        exchange: "work.x".into(),
        routing_key: "task".into(),
        body: "job-{n}".into(),
        props: Default::default(),
        every_ms: 1,
        remaining: messages,
    });
    e
}

/// FNV-1a over the debug form of every event: any change in order, time or content shows.
pub fn digest_engine(e: &Engine) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for ev in e.events() {
        for b in format!("{ev:?}").bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The benchmark's storm: `messages` jobs, each rejected three times through a 1 s TTL wait
/// queue by a retry router, then parked.
pub fn parking_storm(messages: u64) -> Storm {
    let mut e = work_and_parking(
        &RABBITMQ_4,
        1,
        json!({"x-dead-letter-exchange": "work.x", "x-message-ttl": 1000}),
    );
    let router = Behaviour::RetryRouter {
        max_attempts: 3,
        parking_exchange: "parking.x".into(),
        parking_routing_key: String::new(),
        retry_exchange: String::new(),
        retry_keys: Vec::new(),
        work_ms: 0,
    };
    e.consume("work", 0, router);
    e.add_publisher(PublisherSpec {
        exchange: "work.x".into(),
        routing_key: "task".into(),
        body: "job-{n}".into(),
        props: Default::default(),
        every_ms: 0,
        remaining: messages,
    });
    e
}
