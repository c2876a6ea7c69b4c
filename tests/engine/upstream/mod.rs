//! RabbitMQ's own dead-lettering test suites, case by case, under the `rabbitmq-4` profile:
//! `deps/rabbit/test/dead_lettering_SUITE.erl` (every case, run for each group it belongs to)
//! and the single-node cases of `deps/rabbit/test/rabbit_fifo_dlx_integration_SUITE.erl`,
//! plus the other modern-broker facts the suite summary lists.
//!
//! The broker's asynchronous waits (`wait_for_messages`, `eventually`) become steps of the
//! virtual clock until the expected state is reached (or a generous limit runs out); the
//! `counted(...)` metrics become counts over the event log, bucketed by dead-letter strategy
//! the way the broker's global counters are.

use dlx_lab::engine::*;
use serde_json::{json, Value};

/// The channel the suite's single AMQP channel maps to.
const CH: u32 = 1;

// ---------------------------------------------------------------------------------------------
// Groups and fixtures
// ---------------------------------------------------------------------------------------------

/// The suite's groups: `classic_queue/at_most_once`, `quorum_queue/at_most_once`,
/// `quorum_queue/at_least_once`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Classic,
    QuorumAtMostOnce,
    QuorumAtLeastOnce,
}

/// The `dead_letter_strategy` label of the broker's dead-letter counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strategy {
    Disabled,
    AtMostOnce,
    AtLeastOnce,
}

use Group::*;

/// Groups running the whole `DeadLetterTests` list.
const ALL: [Group; 3] = [Classic, QuorumAtMostOnce, QuorumAtLeastOnce];
/// Groups without at-least-once (cases incompatible with drop-head, or tested elsewhere).
const AT_MOST_ONCE: [Group; 2] = [Classic, QuorumAtMostOnce];

impl Group {
    fn name(self) -> &'static str {
        match self {
            Classic => "classic_queue_at_most_once",
            QuorumAtMostOnce => "quorum_queue_at_most_once",
            QuorumAtLeastOnce => "quorum_queue_at_least_once",
        }
    }

    /// `?config(queue_args, Config)` for the group.
    fn args(self) -> Value {
        match self {
            Classic => json!({"x-queue-type": "classic"}),
            QuorumAtMostOnce => {
                json!({"x-queue-type": "quorum", "x-dead-letter-strategy": "at-most-once"})
            }
            QuorumAtLeastOnce => json!({
                "x-queue-type": "quorum",
                "x-dead-letter-strategy": "at-least-once",
                "x-overflow": "reject-publish"
            }),
        }
    }

    /// `?config(queue_durable, Config)`.
    fn durable(self) -> bool {
        self != Classic
    }

    fn strategy(self) -> Strategy {
        match self {
            QuorumAtLeastOnce => Strategy::AtLeastOnce,
            _ => Strategy::AtMostOnce,
        }
    }
}

/// One test case's broker and names (`init_per_testcase`).
struct Case {
    e: Engine,
    g: Group,
    /// `queue_name`
    q: String,
    /// `queue_name_dlx`
    dlq: String,
    /// `queue_name_dlx_2`
    dlq2: String,
    /// `dlx_exchange`
    dlx: String,
    /// `policy`
    policy: String,
}

fn case(g: Group, name: &str) -> Case {
    eprintln!("group {}", g.name());
    let p = format!("{}_{name}", g.name());
    Case {
        e: Engine::new(&RABBITMQ_4),
        g,
        q: p.clone(),
        dlq: format!("{p}_2"),
        dlq2: format!("{p}_3"),
        dlx: format!("{p}_dlx_exchange"),
        policy: format!("{p}_policy"),
    }
}

/// A field table from JSON objects merged left to right.
fn table(parts: &[Value]) -> FieldTable {
    let mut m = serde_json::Map::new();
    for p in parts {
        for (k, v) in p.as_object().expect("an object") {
            m.insert(k.clone(), v.clone());
        }
    }
    FieldTable::from_json(&Value::Object(m), "args").expect("valid table")
}

impl Case {
    /// `declare_dead_letter_queues/5`: the DLX, the source queue (DLX + routing key to the
    /// DLQ, the group's arguments, `extra`) and the DLQ bound with its own name.
    fn declare_dead_letter_queues(&mut self, extra: Value) {
        let (q, dlq, dlx) = (self.q.clone(), self.dlq.clone(), self.dlx.clone());
        self.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
        let args = table(&[
            json!({"x-dead-letter-exchange": dlx, "x-dead-letter-routing-key": dlq}),
            self.g.args(),
            extra,
        ]);
        self.e.declare_queue(&q, self.g.durable(), args).unwrap();
        self.e.declare_queue(&dlq, self.g.durable(), FieldTable::new()).unwrap();
        self.e.bind_queue(&dlq, &dlx, &dlq, FieldTable::new()).unwrap();
        settle(&mut self.e);
    }

    /// The DLX (direct), the source queue with `dl_args` and the group's arguments, and an
    /// empty DLQ, unbound: where the routing cases start.
    fn declare_with_dlx(&mut self, dl_args: Value) {
        let (q, dlq, dlx) = (self.q.clone(), self.dlq.clone(), self.dlx.clone());
        self.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
        self.declare(&q, table(&[dl_args, self.g.args()]));
        self.declare(&dlq, FieldTable::new());
    }

    /// Declares `name` with the group's durability and `args` (the group's arguments are not
    /// added: pass them when the case does).
    fn declare(&mut self, name: &str, args: FieldTable) {
        self.e.declare_queue(name, self.g.durable(), args).unwrap();
        settle(&mut self.e);
    }

    fn set_policy(&mut self, pattern: &str, def: Value) {
        let p = self.policy.clone();
        self.e.set_policy(&p, pattern, table(&[def]), 0, "queues", false).unwrap();
        settle(&mut self.e);
    }

    /// `counted(Metric, Config)` for the group's strategy.
    fn counted(&self, reason: Reason) -> usize {
        counted(&self.e, reason, self.g.strategy())
    }
}

// ---------------------------------------------------------------------------------------------
// Client helpers (the suite's publish/consume/wait_for_messages)
// ---------------------------------------------------------------------------------------------

/// Processes everything due now (dead letters travel on timers at the current instant).
fn settle(e: &mut Engine) {
    let now = e.now();
    assert_eq!(e.step_until(now), StepOutcome::Reached);
}

fn advance(e: &mut Engine, ms: u64) {
    let t = e.now().plus_ms(ms);
    assert_eq!(e.step_until(t), StepOutcome::Reached);
}

fn publish_props(
    e: &mut Engine,
    exchange: &str,
    rk: &str,
    body: &str,
    props: Properties,
) -> Published {
    let p = e
        .publish(Publish {
            exchange: exchange.into(),
            routing_key: rk.into(),
            body: body.into(),
            props,
            mandatory: false,
        })
        .unwrap();
    settle(e);
    p
}

/// `publish/3`: each body to `q` through the default exchange.
fn publish(e: &mut Engine, q: &str, bodies: &[&str]) {
    for b in bodies {
        publish_props(e, "", q, b, Properties::default());
    }
}

/// `publish/4`: with headers.
fn publish_headers(e: &mut Engine, q: &str, bodies: &[&str], headers: Value) {
    for b in bodies {
        let props =
            Properties { headers: table(std::slice::from_ref(&headers)), ..Default::default() };
        publish_props(e, "", q, b, props);
    }
}

fn publish_expiring(e: &mut Engine, q: &str, body: &str, expiration: &str) -> Published {
    let props = Properties { expiration: Some(expiration.into()), ..Default::default() };
    publish_props(e, "", q, body, props)
}

/// `basic.get` without auto-ack.
fn get(e: &mut Engine, q: &str) -> Option<Delivery> {
    let d = e.basic_get(CH, q, false).unwrap();
    settle(e);
    d
}

/// `consume/3`: one `basic.get` per expected body, in order; returns the delivery tags.
fn consume(e: &mut Engine, q: &str, bodies: &[&str]) -> Vec<u64> {
    bodies
        .iter()
        .map(|b| {
            let d = get(e, q).unwrap_or_else(|| panic!("basic.get {q}: empty, expected {b:?}"));
            assert_eq!(&*d.msg.body, *b, "basic.get {q}: wrong message");
            d.tag
        })
        .collect()
}

/// `consume_empty/2`.
fn consume_empty(e: &mut Engine, q: &str) {
    if let Some(d) = get(e, q) {
        panic!("basic.get {q}: expected empty, got {:?}", &*d.msg.body);
    }
}

fn nack(e: &mut Engine, tag: u64, multiple: bool, requeue: bool) {
    e.nack(CH, tag, multiple, requeue).unwrap();
    settle(e);
}

/// The suites' opening move: `msg1` published to `q`, consumed, and nacked without requeue.
fn nack_one(e: &mut Engine, q: &str) {
    publish(e, q, &["msg1"]);
    wait_for_messages(e, q, (1, 1, 0));
    let t = consume(e, q, &["msg1"]);
    nack(e, t[0], false, false);
}

fn reject(e: &mut Engine, tag: u64, requeue: bool) {
    e.reject(CH, tag, requeue).unwrap();
    settle(e);
}

/// (messages, ready, unacknowledged) as `rabbitmqctl list_queues` reports them: a quorum
/// queue's messages include the dead letters it still holds (at-least-once).
fn counts(e: &Engine, q: &str) -> (u64, u64, u64) {
    let q = e.queue(q).unwrap_or_else(|| panic!("no queue {q}"));
    // Held dead letters and held-back returns count in the queue's total, not as ready.
    let held = (q.held.len() + q.delayed.len()) as u64;
    (q.ready_len() + q.unacked + held, q.ready_len(), q.unacked)
}

/// Lets virtual time pass until `check` holds (at most `limit_ms`); panics with `what`.
fn eventually(e: &mut Engine, limit_ms: u64, what: &str, mut check: impl FnMut(&Engine) -> bool) {
    let end = e.now().plus_ms(limit_ms);
    loop {
        settle(e);
        if check(e) {
            return;
        }
        assert!(e.now() < end, "never happened within {limit_ms} ms: {what}");
        advance(e, 50);
    }
}

/// `wait_for_messages(Config, [[Q, Total, Ready, Unacked]])`.
fn wait_for_messages(e: &mut Engine, q: &str, want: (u64, u64, u64)) {
    let end = e.now().plus_ms(400_000);
    loop {
        settle(e);
        let have = counts(e, q);
        if have == want {
            return;
        }
        assert!(
            e.now() < end,
            "{q}: (messages, ready, unacked) stayed {have:?}, expected {want:?}"
        );
        advance(e, 50);
    }
}

/// How the broker's global counters classify a death: `disabled` when it was dropped for lack
/// of a (existing) dead-letter exchange, `at_least_once` when the source queue kept it, else
/// `at_most_once`.
fn death_strategy(events: &EventLog, i: usize) -> Strategy {
    let lineage = events.get(i).and_then(|e| e.lineage);
    for ev in events.since(i + 1) {
        if ev.lineage != lineage {
            continue;
        }
        match &ev.kind {
            EventKind::HeldForDeadLetter { .. } => return Strategy::AtLeastOnce,
            EventKind::Dropped(DropRule::NoDeadLetterExchange)
            | EventKind::Dropped(DropRule::DeadLetterExchangeMissing { .. }) => {
                return Strategy::Disabled
            }
            EventKind::DeadLettered { .. } | EventKind::Dropped(_) => return Strategy::AtMostOnce,
            _ => {}
        }
    }
    Strategy::AtMostOnce
}

/// `messages_dead_lettered_<reason>_total` for one strategy.
fn counted(e: &Engine, reason: Reason, strategy: Strategy) -> usize {
    let events = e.events();
    (0..events.len())
        .filter(|&i| matches!(events.get(i).map(|e| e.kind), Some(EventKind::Died { reason: r, .. }) if r == reason))
        .filter(|&i| death_strategy(events, i) == strategy)
        .count()
}

/// `messages_dead_lettered_confirmed_total`: at-least-once dead letters the target queues took.
fn confirmed(e: &Engine) -> usize {
    e.events()
        .iter()
        .filter(|ev| {
            matches!(&ev.kind, EventKind::DeadLettered { .. })
                && matches!(&ev.cause, Cause::Setting { key: "x-dead-letter-strategy", .. })
        })
        .count()
}

fn cycle_drops(e: &Engine) -> usize {
    e.events()
        .iter()
        .filter(|ev| matches!(ev.kind, EventKind::Dropped(DropRule::Cycle { .. })))
        .count()
}

/// Unsettled push deliveries on `ch` with a tag above `after`: (tag, queue, body).
fn deliveries_after(e: &Engine, ch: u32, after: u64) -> Vec<(u64, String, String)> {
    let mut v: Vec<_> = e
        .unacked(ch)
        .into_iter()
        .filter(|(t, _)| *t > after)
        .map(|(t, u)| (t, u.queue.to_string(), u.entry.msg.body.to_string()))
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Header helpers
// ---------------------------------------------------------------------------------------------

fn header<'a>(m: &'a Message, key: &str) -> Option<&'a FieldValue> {
    m.props.headers.get(key)
}

/// The `x-death` tables, in order (panics unless it is an array of tables).
fn deaths(m: &Message) -> Vec<FieldTable> {
    match header(m, "x-death") {
        Some(FieldValue::Array(items)) => items
            .iter()
            .map(|v| match v {
                FieldValue::Table(t) => t.clone(),
                other => panic!("x-death entry is not a table: {other:?}"),
            })
            .collect(),
        other => panic!("x-death is not an array: {other:?}"),
    }
}

fn longstr(s: &str) -> FieldValue {
    FieldValue::LongStr(s.into())
}

fn str_array(items: &[&str]) -> FieldValue {
    FieldValue::Array(items.iter().map(|s| longstr(s)).collect())
}

fn assert_longstr(t: &FieldTable, key: &str, want: &str) {
    assert_eq!(t.get(key), Some(&longstr(want)), "{key} in {}", t.to_json());
}

fn assert_header(m: &Message, key: &str, want: &str) {
    assert_eq!(
        header(m, key),
        Some(&longstr(want)),
        "header {key} in {}",
        m.props.headers.to_json()
    );
}

fn timestamp(t: &FieldTable) -> u64 {
    match t.get("time") {
        Some(FieldValue::Timestamp(s)) => *s,
        other => panic!("time is not a timestamp: {other:?}"),
    }
}

mod at_least_once;
mod cycles;
mod headers;
mod metrics;
mod modern_facts;
mod policies;
mod reject_nack;
mod routing;
mod stream;
mod ttl_length;
