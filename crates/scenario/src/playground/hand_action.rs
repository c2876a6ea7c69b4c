//! Actions taken by hand at a moment of the run (publish, replay one message from a queue,
//! purge, set or clear a policy), written into the scenario's timeline so that a link or a
//! reload replays them; tried first on a copy of the run, so the broker's refusal is shown
//! rather than written.

use serde_json::{json, Map, Value};

use crate::engine::event::{DropRule, Event, EventKind};
use crate::engine::headers::FieldTable;
use crate::engine::message::Properties;
use crate::engine::publish::Publish;
use crate::engine::Engine;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::redrive::origin;
use crate::scenario::model::step::Step;
use crate::scenario::model::step_reply::StepReply;

/// One action by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandAction {
    /// Publish one message (`expiration_ms`: the per-message TTL, if any).
    Publish { exchange: String, routing_key: String, expiration_ms: Option<u64> },
    /// Take the message at the head of `queue` and publish it again (what an operator does to
    /// replay a dead letter once the cause is fixed): back where it first died (`to_origin`,
    /// as a real redrive does), or to `exchange` with `routing_key`.
    Replay { queue: String, exchange: String, routing_key: String, to_origin: bool },
    /// Remove every ready message from `queue`.
    Purge { queue: String },
    /// Set (or replace) a policy: it applies at once to the queues its pattern matches.
    SetPolicy { name: String, pattern: String, definition: Value },
    /// Remove a policy.
    ClearPolicy { name: String },
}

impl HandAction {
    /// The timeline item (a conformance-format step with `at_ms`).
    pub fn step(&self, at_ms: u64) -> Value {
        match self {
            HandAction::Publish { exchange, routing_key, expiration_ms } => {
                let mut props = Map::new();
                if let Some(ms) = expiration_ms {
                    props.insert("expiration".into(), Value::from(ms.to_string()));
                }
                json!({"at_ms": at_ms, "op": "publish", "exchange": exchange, "routing_key": routing_key,
                       "body": format!("published by hand at {at_ms} ms"), "properties": props})
            }
            HandAction::Replay { queue, to_origin: true, .. } => {
                json!({"at_ms": at_ms, "op": "republish_from", "queue": queue, "to": "origin"})
            }
            HandAction::Replay { queue, exchange, routing_key, .. } => {
                json!({"at_ms": at_ms, "op": "republish_from", "queue": queue, "exchange": exchange, "routing_key": routing_key})
            }
            HandAction::Purge { queue } => {
                json!({"at_ms": at_ms, "op": "purge_queue", "queue": queue})
            }
            HandAction::SetPolicy { name, pattern, definition } => {
                json!({"at_ms": at_ms, "op": "set_policy", "name": name, "pattern": pattern,
                "definition": definition, "priority": 0, "apply_to": "queues"})
            }
            HandAction::ClearPolicy { name } => {
                json!({"at_ms": at_ms, "op": "clear_policy", "name": name})
            }
        }
    }
}

impl HandAction {
    /// The step this action runs now, typed (what [`crate::scenario::Run::apply`] takes). A
    /// policy definition that is not an AMQP table is refused with its field.
    pub fn to_step(&self, at_ms: u64) -> Result<Step, ScenarioError> {
        Ok(match self {
            HandAction::Publish { exchange, routing_key, expiration_ms } => Step::Publish {
                publish: Box::new(Publish {
                    exchange: exchange.clone(),
                    routing_key: routing_key.clone(),
                    body: format!("published by hand at {at_ms} ms"),
                    props: Properties {
                        expiration: expiration_ms.map(|ms| ms.to_string()),
                        ..Properties::default()
                    },
                    mandatory: false,
                }),
                confirm: true,
            },
            HandAction::Replay { queue, exchange, routing_key, to_origin } => Step::RepublishFrom {
                queue: queue.clone(),
                exchange: exchange.clone(),
                routing_key: routing_key.clone(),
                to_origin: *to_origin,
            },
            HandAction::Purge { queue } => Step::PurgeQueue { queue: queue.clone() },
            HandAction::SetPolicy { name, pattern, definition } => Step::SetPolicy {
                name: name.clone(),
                pattern: pattern.clone(),
                definition: FieldTable::from_json(definition, "definition")
                    .map_err(|e| ScenarioError::field(e.path, Problem::Header(e.problem)))?,
                priority: 0,
                apply_to: "queues".into(),
                operator: false,
            },
            HandAction::ClearPolicy { name } => Step::ClearPolicy { name: name.clone() },
        })
    }
}

/// The scenario with `act` added to its timeline at `at_ms`, after anything already there at
/// that moment. `None` when the scenario is not an object or its timeline is not a list.
pub fn with_hand_action(scenario: &Value, at_ms: u64, act: &HandAction) -> Option<Value> {
    let mut v = scenario.clone();
    let timeline = v.as_object_mut()?.entry("timeline").or_insert_with(|| Value::Array(Vec::new()));
    if timeline.is_null() {
        *timeline = Value::Array(Vec::new());
    }
    let items = timeline.as_array_mut()?;
    // Kept in time order, so the JSON reads as the run plays it.
    let at = items
        .iter()
        .position(|i| i.get("at_ms").and_then(Value::as_u64).unwrap_or(0) > at_ms)
        .unwrap_or(items.len());
    items.insert(at, act.step(at_ms));
    Some(v)
}

/// Why an action cannot be taken (each names the field to fix).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandActionError {
    /// `exchange`: no exchange has this name.
    UnknownExchange(String),
    /// `queue`: no queue has this name.
    UnknownQueue(String),
    /// `expiration`: not a whole number of milliseconds.
    BadExpiration(String),
    /// `definition`: not a JSON object.
    BadDefinition(String),
    /// The broker refused the action (its code and text).
    Refused(String),
    /// `queue`: nothing waits in it now, so there is nothing to replay.
    EmptyQueue(String),
    /// `queue`: its head was never dead-lettered, so it has no origin to go back to.
    NoOrigin(String),
}

impl std::fmt::Display for HandActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandActionError::UnknownExchange(n) => write!(f, "exchange: no exchange is named '{n}'"),
            HandActionError::UnknownQueue(n) => write!(f, "queue: no queue is named '{n}'"),
            HandActionError::BadExpiration(v) => {
                write!(f, "expiration: '{v}' is not a whole number of milliseconds")
            }
            HandActionError::BadDefinition(v) => write!(
                f,
                "definition: '{v}' is not a JSON object such as {{\"message-ttl\": 5000}}"
            ),
            HandActionError::Refused(e) => write!(f, "the broker refused it: {e}"),
            HandActionError::EmptyQueue(q) => write!(f, "queue: '{q}' is empty now: nothing to replay"),
            HandActionError::NoOrigin(q) => write!(
                f,
                "queue: the message at the head of '{q}' was never dead-lettered (no x-first-death-exchange), so it has no origin: choose an exchange"
            ),
        }
    }
}

/// Reads an expiration field: empty for none, else whole milliseconds.
pub fn expiration(text: &str) -> Result<Option<u64>, HandActionError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u64>().map(Some).map_err(|_| HandActionError::BadExpiration(t.to_string()))
}

impl HandAction {
    /// Checks the names against the topology as it is now (the default exchange `""` always
    /// exists).
    pub fn check(&self, exchanges: &[String], queues: &[String]) -> Result<(), HandActionError> {
        let exchange_ok = |x: &str| x.is_empty() || exchanges.iter().any(|e| e == x);
        let queue_ok = |q: &str| queues.iter().any(|n| n == q);
        match self {
            HandAction::Publish { exchange, .. } if !exchange_ok(exchange) => {
                Err(HandActionError::UnknownExchange(exchange.clone()))
            }
            HandAction::Replay { queue, .. } | HandAction::Purge { queue } if !queue_ok(queue) => {
                Err(HandActionError::UnknownQueue(queue.clone()))
            }
            HandAction::Replay { exchange, to_origin: false, .. } if !exchange_ok(exchange) => {
                Err(HandActionError::UnknownExchange(exchange.clone()))
            }
            _ => Ok(()),
        }
    }
}

/// Reads a policy definition field: a JSON object.
pub fn definition(text: &str) -> Result<Value, HandActionError> {
    match serde_json::from_str::<Value>(text.trim()) {
        Ok(v @ Value::Object(_)) => Ok(v),
        _ => Err(HandActionError::BadDefinition(text.trim().to_string())),
    }
}

/// The broker's refusal of a step, if it refused it.
pub fn refusal(reply: &StepReply) -> Option<HandActionError> {
    reply.refusal().map(HandActionError::Refused)
}

impl HandAction {
    /// Checks a replay against the queue as it is now: something must wait at its head, and
    /// to go back to its origin that message must have died before.
    pub fn check_head(&self, engine: &Engine) -> Result<(), HandActionError> {
        let HandAction::Replay { queue, to_origin, .. } = self else { return Ok(()) };
        let head = engine.queue(queue).and_then(|q| q.iter_ready().next());
        match head {
            None => Err(HandActionError::EmptyQueue(queue.clone())),
            Some(e) if *to_origin && origin(&e.msg.props.headers).is_none() => {
                Err(HandActionError::NoOrigin(queue.clone()))
            }
            Some(_) => Ok(()),
        }
    }
}

/// The exchange that routed a message published by the action to no queue (so it was lost),
/// read from the events the action made.
pub fn lost_at(events: impl IntoIterator<Item = Event>) -> Option<String> {
    events.into_iter().find_map(|e| match &e.kind {
        EventKind::Dropped(DropRule::Unroutable { exchange }) => Some(exchange.to_string()),
        _ => None,
    })
}
