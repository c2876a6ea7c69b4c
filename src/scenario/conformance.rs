//! Replays a scenario in the conformance step format and produces the broker's result format.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::error::{Problem, ScenarioError};
use super::json::{parse, Obj};
use super::result::{apply_time_placeholders, message_json};
use crate::engine::headers::FieldValue;
use crate::engine::profile::Profile;
use crate::engine::publish::Publish;
use crate::engine::time::SimTime;
use crate::engine::topology::AmqpError;
use crate::engine::{Engine, StepOutcome};

/// Timers one replay may fire in all before it is cut short (a zero-delay loop never ends).
pub const REPLAY_STEP_BUDGET: u64 = 2_000_000;

fn ok() -> Value {
    json!({"ok": true})
}

fn amqp_error(e: AmqpError) -> Value {
    json!({"error": {"code": e.code, "text": e.text}})
}

/// Runs conformance-format steps against an engine: delivery labels, the client channel, and
/// a step budget so a zero-delay loop cannot hang a replay. Scenario timelines reuse it.
#[derive(Debug, Clone)]
pub struct Runner {
    pub engine: Engine,
    channel: u32,
    labels: BTreeMap<String, (u32, u64)>,
    budget: u64,
}

impl Runner {
    /// A runner over `engine`, on client channel 1.
    pub fn new(engine: Engine) -> Runner {
        Runner { engine, channel: 1, labels: BTreeMap::new(), budget: REPLAY_STEP_BUDGET }
    }

    /// A copy of the runner around `engine` instead of its own (for snapshots).
    pub(crate) fn with_engine(&self, engine: Engine) -> Runner {
        Runner { engine, channel: self.channel, labels: self.labels.clone(), budget: self.budget }
    }

    /// Runs one step object (`{"op": …}`) now and returns its result JSON.
    pub fn run_step(&mut self, o: &Obj) -> Result<Value, ScenarioError> {
        self.step(o)
    }

    fn settle(&mut self) {
        let now = self.engine.now();
        self.advance(now);
    }

    /// Moves the clock to `t`; a zero-delay loop stops after the step budget instead of hanging.
    fn advance(&mut self, t: SimTime) {
        if self.engine.step_until_bounded(t, self.budget) == StepOutcome::BudgetExhausted {
            self.budget = 0;
        }
    }

    fn label(&self, o: &Obj) -> Result<Result<(u32, u64), Value>, ScenarioError> {
        let name = o.str("delivery")?;
        Ok(self
            .labels
            .get(name)
            .copied()
            .ok_or_else(|| json!({"error": format!("unknown delivery label {name}")})))
    }

    fn step(&mut self, o: &Obj) -> Result<Value, ScenarioError> {
        let e = &mut self.engine;
        let op = o.str("op")?;
        let out = match op {
            "declare_exchange" => {
                let r = e.declare_exchange(
                    o.str("name")?,
                    o.str_or("type", "direct")?,
                    o.bool_or("durable", true)?,
                    o.bool_or("auto_delete", false)?,
                    o.table("arguments")?,
                );
                r.map(|_| ok()).unwrap_or_else(amqp_error)
            }
            "declare_queue" => {
                let r = e.declare_queue(
                    o.str("name")?,
                    o.bool_or("durable", true)?,
                    o.table("arguments")?,
                );
                r.map(|_| ok()).unwrap_or_else(amqp_error)
            }
            "bind" => e
                .bind_queue(
                    o.str("queue")?,
                    o.str("exchange")?,
                    o.str_or("routing_key", "")?,
                    o.table("arguments")?,
                )
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            "bind_exchange" => e
                .bind_exchange(
                    o.str("destination")?,
                    o.str("source")?,
                    o.str_or("routing_key", "")?,
                    o.table("arguments")?,
                )
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            "set_policy" | "set_operator_policy" => e
                .set_policy(
                    o.str("name")?,
                    o.str("pattern")?,
                    o.table("definition")?,
                    o.i64_or("priority", 0)?,
                    o.str_or("apply_to", "all")?,
                    op == "set_operator_policy",
                )
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            "clear_policy" => {
                e.clear_policy(o.str("name")?, false).map(|_| ok()).unwrap_or_else(amqp_error)
            }
            "publish" => {
                let p = Publish {
                    exchange: o.str_or("exchange", "")?.to_string(),
                    routing_key: o.str_or("routing_key", "")?.to_string(),
                    body: o.str_or("body", "")?.to_string(),
                    props: o.properties("properties")?,
                    mandatory: o.bool_or("mandatory", false)?,
                };
                let confirm = o.bool_or("confirm", true)?;
                match e.publish(p) {
                    Err(err) => amqp_error(err),
                    Ok(r) if confirm => {
                        json!({"confirm": if r.confirm_ack { "ack" } else { "nack" }})
                    }
                    Ok(_) => ok(),
                }
            }
            "get" => {
                let label = o.str_or("as", "")?.to_string();
                match e.basic_get(self.channel, o.str("queue")?, o.bool_or("auto_ack", false)?) {
                    Err(err) => amqp_error(err),
                    Ok(None) => json!({"message": null}),
                    Ok(Some(d)) => {
                        if !label.is_empty() {
                            self.labels.insert(label, (d.channel, d.tag));
                        }
                        json!({"message": message_json(&d), "message_count_after": d.message_count})
                    }
                }
            }
            "ack" | "nack" | "reject" => {
                let (channel, tag) = match self.label(o)? {
                    Ok(x) => x,
                    Err(v) => return Ok(v),
                };
                let multiple = o.bool_or("multiple", false)?;
                let requeue = o.bool_or("requeue", true)?;
                let e = &mut self.engine;
                let r = match op {
                    "ack" => e.ack(channel, tag, multiple),
                    "nack" => e.nack(channel, tag, multiple, requeue),
                    _ => e.reject(channel, tag, requeue),
                };
                r.map(|_| ok()).unwrap_or_else(amqp_error)
            }
            "close_channel" => {
                e.close_channel(self.channel);
                self.channel += 1;
                ok()
            }
            "wait" => {
                let ms = o.u64("ms")?;
                let t = self.engine.now().plus_ms(ms);
                self.advance(t);
                ok()
            }
            "queue_length" => match e.queue(o.str("queue")?) {
                None => json!({"length": "not_found"}),
                Some(q) => {
                    json!({"length": {"messages": q.ready_len(), "consumers": q.consumers.len()}})
                }
            },
            "wait_until_length" => {
                let queue = o.str("queue")?.to_string();
                let at_least = o.u64("at_least")?;
                let deadline = self.engine.now().plus_ms(o.u64_or("timeout_ms", 0)?);
                let mut steps = 0u64;
                let reached = loop {
                    let len = self.engine.queue(&queue).map(|q| q.ready_len()).unwrap_or(0);
                    if len >= at_least {
                        break true;
                    }
                    match self.engine.next_event_at() {
                        Some(t) if t <= deadline && steps < self.budget => {
                            self.engine.step();
                            steps += 1;
                        }
                        _ => {
                            self.advance(deadline);
                            break false;
                        }
                    }
                };
                json!({"reached": reached})
            }
            "delete_exchange" => {
                e.delete_exchange(o.str("name")?).map(|_| ok()).unwrap_or_else(amqp_error)
            }
            "delete_queue" => e
                .delete_queue(o.str("queue")?)
                .map(|n| json!({"ok": true, "message_count": n}))
                .unwrap_or_else(amqp_error),
            "purge_queue" => e
                .purge_queue(o.str("queue")?)
                .map(|n| json!({"ok": true, "message_count": n}))
                .unwrap_or_else(amqp_error),
            "republish_from" => match e.basic_get(self.channel, o.str("queue")?, true) {
                Err(err) => amqp_error(err),
                Ok(None) => json!({"republished": null}),
                Ok(Some(d)) => {
                    let shown = message_json(&d);
                    let mut props = (*d.msg.props).clone();
                    props.headers.remove("x-delivery-count");
                    let p = Publish {
                        exchange: o.str_or("exchange", "")?.to_string(),
                        routing_key: o.str_or("routing_key", "")?.to_string(),
                        body: d.msg.body.to_string(),
                        props,
                        mandatory: false,
                    };
                    match self.engine.publish(p) {
                        Err(err) => amqp_error(err),
                        Ok(_) => json!({"republished": shown}),
                    }
                }
            },
            "retry_ladder_step" => self.retry_ladder_step(o)?,
            "log_check" => {
                let needle = o.str("contains")?;
                let lines: Vec<&String> =
                    e.log_lines().iter().filter(|l| l.contains(needle)).collect();
                json!({"matching_lines": lines})
            }
            other => {
                return Err(ScenarioError::field(
                    format!("{}.op", o.path),
                    Problem::UnknownOp { op: other.to_string() },
                ))
            }
        };
        Ok(out)
    }

    fn retry_ladder_step(&mut self, o: &Obj) -> Result<Value, ScenarioError> {
        let keys = o.strings("keys")?;
        if keys.is_empty() {
            return Err(ScenarioError::field(format!("{}.keys", o.path), Problem::NoRoutingKeys));
        }
        let count_queue = o.str("count_queue")?;
        let count_reason = o.str("count_reason")?;
        let exchange = o.str_or("exchange", "")?.to_string();
        let d = match self.engine.basic_get(self.channel, o.str("queue")?, false) {
            Err(err) => return Ok(amqp_error(err)),
            Ok(None) => return Ok(json!({"message": null})),
            Ok(Some(d)) => d,
        };
        let n = match d.msg.props.headers.get("x-death") {
            Some(FieldValue::Array(entries)) => entries
                .iter()
                .find_map(|v| match v {
                    FieldValue::Table(t)
                        if t.get("queue").and_then(FieldValue::as_str) == Some(count_queue)
                            && t.get("reason").and_then(FieldValue::as_str)
                                == Some(count_reason) =>
                    {
                        Some(t.get("count").and_then(FieldValue::as_i64).unwrap_or(0))
                    }
                    _ => None,
                })
                .unwrap_or(0),
            _ => 0,
        };
        let idx = (n.max(1) as usize).min(keys.len()) - 1;
        let key = keys[idx].clone();
        let mut props = (*d.msg.props).clone();
        props.headers.remove("x-delivery-count");
        let p = Publish {
            exchange,
            routing_key: key.clone(),
            body: d.msg.body.to_string(),
            props,
            mandatory: false,
        };
        let confirm = match self.engine.publish(p) {
            Err(err) => return Ok(amqp_error(err)),
            Ok(r) => {
                if r.confirm_ack {
                    "ack"
                } else {
                    "nack"
                }
            }
        };
        let _ = self.engine.ack(d.channel, d.tag, false);
        Ok(json!({"message": message_json(&d), "count": n, "routing_key": key, "confirm": confirm}))
    }
}

/// Replays a parsed scenario under `profile` and returns the result JSON.
pub fn replay(scenario: &Value, profile: &'static Profile) -> Result<Value, ScenarioError> {
    let top = Obj::new(scenario, "$")?;
    let name = top.str_or("name", "scenario")?.to_string();
    let ordinal = top.str_or("time_mode", "placeholder")? == "ordinal";
    let Some(steps) = top.map.get("steps").and_then(Value::as_array) else {
        return Err(ScenarioError::field("$.steps", Problem::MissingSteps));
    };
    let mut runner = Runner::new(Engine::new(profile, top.u64_or("seed", 1)?));
    let mut declared: Vec<String> = Vec::new();
    let mut results = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        let o = Obj::new(step, format!("$.steps[{i}]"))?;
        if o.str("op")? == "declare_queue" {
            let q = o.str("name")?.to_string();
            if !declared.contains(&q) {
                declared.push(q);
            }
        }
        runner.settle();
        let mut r = runner.step(&o)?;
        runner.settle();
        let mut m = Map::new();
        m.insert("step".into(), json!(i));
        m.insert("op".into(), json!(o.str("op")?));
        if let Value::Object(fields) = &mut r {
            m.append(fields);
        }
        results.push(Value::Object(m));
    }
    let mut finals = Map::new();
    for q in &declared {
        if runner.engine.queue(q).is_none() {
            finals.insert(q.clone(), json!("not_found"));
            continue;
        }
        let mut msgs = Vec::new();
        while let Ok(Some(d)) = runner.engine.basic_get(runner.channel, q, true) {
            msgs.push(message_json(&d));
        }
        finals.insert(q.clone(), Value::Array(msgs));
    }
    let mut result = json!({
        "scenario": name,
        "rabbitmq_version": profile.version,
        "profile": profile.name,
        "steps": results,
        "final_queues": finals,
    });
    apply_time_placeholders(&mut result, ordinal);
    Ok(result)
}

/// Parses and replays scenario text.
pub fn replay_str(text: &str, profile: &'static Profile) -> Result<Value, ScenarioError> {
    replay(&parse(text)?, profile)
}
