//! One step of a scenario, typed: the conformance format's `{"op": …}` objects read once, at
//! load, with errors that name the JSON path. The simulated broker
//! ([`crate::scenario::conformance::SimulatedBroker`]), scenario timelines, tours and the
//! live-broker runner all dispatch on [`Step`], so the format is read in one place.

use super::error::{Problem, ScenarioError};
use super::json::Obj;
use crate::engine::headers::FieldTable;
use crate::engine::publish::Publish;
use serde_json::Value;

/// How a labelled delivery is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settle {
    Ack,
    Nack,
    Reject,
}

/// One step of a scenario, as the conformance format spells it (`op` names the variant).
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// `declare_exchange`: `name`, `type` (direct), `durable` (true), `auto_delete` (false),
    /// `arguments`.
    DeclareExchange {
        name: String,
        kind: String,
        durable: bool,
        auto_delete: bool,
        arguments: FieldTable,
    },
    /// `declare_queue`: `name`, `durable` (true), `arguments`.
    DeclareQueue { name: String, durable: bool, arguments: FieldTable },
    /// `bind`: a queue to an exchange.
    Bind { queue: String, exchange: String, routing_key: String, arguments: FieldTable },
    /// `bind_exchange`: an exchange to an exchange.
    BindExchange { destination: String, source: String, routing_key: String, arguments: FieldTable },
    /// `set_policy` / `set_operator_policy`.
    SetPolicy {
        name: String,
        pattern: String,
        definition: FieldTable,
        priority: i64,
        apply_to: String,
        operator: bool,
    },
    /// `clear_policy`.
    ClearPolicy { name: String },
    /// `publish`, with a publisher confirm unless `confirm` is false.
    Publish { publish: Box<Publish>, confirm: bool },
    /// `get`: basic.get, the delivery labelled `as` for a later settle.
    Get { queue: String, auto_ack: bool, label: String },
    /// `ack` / `nack` / `reject` of a labelled delivery.
    Settle { how: Settle, delivery: String, multiple: bool, requeue: bool },
    /// `close_channel`: the client channel closes (its deliveries go back) and a new one opens.
    CloseChannel,
    /// `wait`: the clock moves on.
    Wait { ms: u64 },
    /// `queue_length`: ready messages and consumers.
    QueueLength { queue: String },
    /// `wait_until_length`: the clock moves until the queue holds `at_least`, or the timeout.
    WaitUntilLength { queue: String, at_least: u64, timeout_ms: u64 },
    /// `delete_exchange`.
    DeleteExchange { name: String },
    /// `delete_queue`.
    DeleteQueue { queue: String },
    /// `purge_queue`.
    PurgeQueue { queue: String },
    /// `republish_from`: take the head of `queue` and publish it again (a client's redrive),
    /// to `exchange` with `routing_key`, or with `"to": "origin"` (`to_origin`) back where it
    /// first died (see [`super::redrive::origin`]).
    RepublishFrom { queue: String, exchange: String, routing_key: String, to_origin: bool },
    /// `retry_ladder_step`: a retry router choosing the next wait queue from `x-death`.
    RetryLadderStep {
        queue: String,
        keys: Vec<String>,
        count_queue: String,
        count_reason: String,
        exchange: String,
    },
    /// `log_check`: the broker log lines containing a text.
    LogCheck { contains: String },
}

impl Step {
    /// Reads one step object; an unknown `op` or a bad field names its path.
    pub fn parse(o: &Obj) -> Result<Step, ScenarioError> {
        let s = |k: &str| o.str(k).map(str::to_string);
        let s_or = |k: &str, d: &str| o.str_or(k, d).map(str::to_string);
        let op = o.str("op")?;
        Ok(match op {
            "declare_exchange" => Step::DeclareExchange {
                name: s("name")?,
                kind: s_or("type", "direct")?,
                durable: o.bool_or("durable", true)?,
                auto_delete: o.bool_or("auto_delete", false)?,
                arguments: o.table("arguments")?,
            },
            "declare_queue" => Step::DeclareQueue {
                name: s("name")?,
                durable: o.bool_or("durable", true)?,
                arguments: o.table("arguments")?,
            },
            "bind" => Step::Bind {
                queue: s("queue")?,
                exchange: s("exchange")?,
                routing_key: s_or("routing_key", "")?,
                arguments: o.table("arguments")?,
            },
            "bind_exchange" => Step::BindExchange {
                destination: s("destination")?,
                source: s("source")?,
                routing_key: s_or("routing_key", "")?,
                arguments: o.table("arguments")?,
            },
            "set_policy" | "set_operator_policy" => Step::SetPolicy {
                name: s("name")?,
                pattern: s("pattern")?,
                definition: o.table("definition")?,
                priority: o.i64_or("priority", 0)?,
                apply_to: s_or("apply_to", "all")?,
                operator: op == "set_operator_policy",
            },
            "clear_policy" => Step::ClearPolicy { name: s("name")? },
            "publish" => Step::Publish {
                publish: Box::new(Publish {
                    exchange: s_or("exchange", "")?,
                    routing_key: s_or("routing_key", "")?,
                    body: s_or("body", "")?,
                    props: o.properties("properties")?,
                    mandatory: o.bool_or("mandatory", false)?,
                }),
                confirm: o.bool_or("confirm", true)?,
            },
            "get" => Step::Get {
                queue: s("queue")?,
                auto_ack: o.bool_or("auto_ack", false)?,
                label: s_or("as", "")?,
            },
            "ack" | "nack" | "reject" => Step::Settle {
                how: match op {
                    "ack" => Settle::Ack,
                    "nack" => Settle::Nack,
                    _ => Settle::Reject,
                },
                delivery: s("delivery")?,
                multiple: o.bool_or("multiple", false)?,
                requeue: o.bool_or("requeue", true)?,
            },
            "close_channel" => Step::CloseChannel,
            "wait" => Step::Wait { ms: o.u64("ms")? },
            "queue_length" => Step::QueueLength { queue: s("queue")? },
            "wait_until_length" => Step::WaitUntilLength {
                queue: s("queue")?,
                at_least: o.u64("at_least")?,
                timeout_ms: o.u64_or("timeout_ms", 0)?,
            },
            "delete_exchange" => Step::DeleteExchange { name: s("name")? },
            "delete_queue" => Step::DeleteQueue { queue: s("queue")? },
            "purge_queue" => Step::PurgeQueue { queue: s("queue")? },
            "republish_from" => Step::RepublishFrom {
                queue: s("queue")?,
                exchange: s_or("exchange", "")?,
                routing_key: s_or("routing_key", "")?,
                to_origin: match o.map.get("to") {
                    None | Some(Value::Null) => false,
                    Some(Value::String(t)) if t == "origin" => true,
                    Some(other) => {
                        return Err(ScenarioError::field(
                            format!("{}.to", o.path),
                            Problem::ReplayTarget { value: other.to_string() },
                        ))
                    }
                },
            },
            "retry_ladder_step" => {
                let keys = o.strings("keys")?;
                if keys.is_empty() {
                    return Err(ScenarioError::field(
                        format!("{}.keys", o.path),
                        Problem::NoRoutingKeys,
                    ));
                }
                Step::RetryLadderStep {
                    queue: s("queue")?,
                    keys,
                    count_queue: s("count_queue")?,
                    count_reason: s("count_reason")?,
                    exchange: s_or("exchange", "")?,
                }
            }
            "log_check" => Step::LogCheck { contains: s("contains")? },
            other => {
                return Err(ScenarioError::field(
                    format!("{}.op", o.path),
                    Problem::UnknownOp { op: other.to_string() },
                ))
            }
        })
    }

    /// The `op` that names this step in the format (and in result JSON).
    pub fn op(&self) -> &'static str {
        match self {
            Step::DeclareExchange { .. } => "declare_exchange",
            Step::DeclareQueue { .. } => "declare_queue",
            Step::Bind { .. } => "bind",
            Step::BindExchange { .. } => "bind_exchange",
            Step::SetPolicy { operator: false, .. } => "set_policy",
            Step::SetPolicy { operator: true, .. } => "set_operator_policy",
            Step::ClearPolicy { .. } => "clear_policy",
            Step::Publish { .. } => "publish",
            Step::Get { .. } => "get",
            Step::Settle { how: Settle::Ack, .. } => "ack",
            Step::Settle { how: Settle::Nack, .. } => "nack",
            Step::Settle { how: Settle::Reject, .. } => "reject",
            Step::CloseChannel => "close_channel",
            Step::Wait { .. } => "wait",
            Step::QueueLength { .. } => "queue_length",
            Step::WaitUntilLength { .. } => "wait_until_length",
            Step::DeleteExchange { .. } => "delete_exchange",
            Step::DeleteQueue { .. } => "delete_queue",
            Step::PurgeQueue { .. } => "purge_queue",
            Step::RepublishFrom { .. } => "republish_from",
            Step::RetryLadderStep { .. } => "retry_ladder_step",
            Step::LogCheck { .. } => "log_check",
        }
    }

    /// The exchange or queue this step declares, if it declares one.
    pub fn declares(&self) -> Option<&str> {
        match self {
            Step::DeclareExchange { name, .. } | Step::DeclareQueue { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// Reads a list of step objects at `path` (`$.steps`), each with its index in errors.
pub fn parse_steps(items: &[serde_json::Value], path: &str) -> Result<Vec<Step>, ScenarioError> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| Step::parse(&Obj::new(v, format!("{path}[{i}]"))?))
        .collect()
}
