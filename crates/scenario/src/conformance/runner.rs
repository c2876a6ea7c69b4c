//! Replays a scenario in the conformance step format and produces the broker's result format.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;

use serde_json::{json, Value};

use super::result::{apply_time_placeholders, message_json};
use crate::engine::consumer::Delivery;
use crate::engine::headers::FieldValue;
use crate::engine::profile::Profile;
use crate::engine::publish::{Publish, Published};
use crate::engine::time::SimTime;
use crate::engine::topology::AmqpError;
use crate::engine::{Engine, StepOutcome};
use crate::scenario::clients::ScriptedClients;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::redrive::origin;
use crate::scenario::model::step::{parse_steps, Settle, Step};
use crate::scenario::model::step_reply::StepReply;
use crate::scenario::model::step_runner::{declared_queues, run_steps, Replayed, StepRunner};

use super::plan::Planned;

use crate::engine::budget::REPLAY_TIMERS;
use crate::engine::Client;

fn ok() -> StepReply {
    StepReply::Done
}

fn amqp_error(e: AmqpError) -> StepReply {
    StepReply::Refused(e)
}

fn returned(v: Value) -> StepReply {
    StepReply::Returned(v)
}

/// The simulated broker as a client sees it: the engine, the scenario's scripted clients, the
/// client channel, delivery labels and a step budget so a zero-delay loop cannot hang a run.
/// Every playground runs its timeline on one, and every conformance replay its steps.
#[derive(Debug, Clone)]
pub struct SimulatedBroker {
    pub engine: Engine,
    /// The scenario's scripted clients, woken on the engine's clock.
    pub clients: ScriptedClients,
    channel: u32,
    labels: BTreeMap<String, (u32, u64)>,
    budget: u64,
    /// A scenario's timeline, each item woken at its moment (`plan.rs`).
    pub(super) timeline: Arc<Vec<(SimTime, Planned)>>,
}

impl SimulatedBroker {
    /// The broker `engine`, on client channel 1, with scripted clients seeded by `seed`.
    pub fn new(engine: Engine, seed: u64) -> SimulatedBroker {
        SimulatedBroker {
            engine,
            clients: ScriptedClients::new(seed),
            channel: 1,
            labels: BTreeMap::new(),
            budget: REPLAY_TIMERS,
            timeline: Arc::default(),
        }
    }

    /// A copy around `engine` instead of its own (for snapshots).
    pub(crate) fn with_engine(&self, engine: Engine) -> SimulatedBroker {
        SimulatedBroker {
            engine,
            clients: self.clients.clone(),
            channel: self.channel,
            labels: self.labels.clone(),
            budget: self.budget,
            timeline: self.timeline.clone(),
        }
    }

    /// Fires the next timer, the broker's, a client's or the timeline's (false: nothing is
    /// scheduled).
    pub fn step(&mut self) -> bool {
        Client::step(self)
    }

    /// Fires what is due up to `t`, clients and timeline included, then sets the clock to `t`.
    pub fn step_until(&mut self, t: SimTime) -> StepOutcome {
        Client::step_until_bounded(self, t, crate::engine::budget::STEP_UNTIL_TIMERS)
    }

    /// Fires what is due up to `t` (at most `max_steps` timers), clients and timeline included.
    pub fn step_until_bounded(&mut self, t: SimTime, max_steps: u64) -> StepOutcome {
        Client::step_until_bounded(self, t, max_steps)
    }

    /// Runs one step now and returns what it did.
    pub fn run_step(&mut self, step: &Step) -> StepReply {
        self.run(step)
    }

    fn settle(&mut self) {
        let now = self.engine.now();
        self.advance(now);
    }

    /// Moves the clock to `t`; a zero-delay loop stops after the step budget instead of hanging.
    fn advance(&mut self, t: SimTime) {
        if self.step_until_bounded(t, self.budget) == StepOutcome::BudgetExhausted {
            self.budget = 0;
        }
    }

    fn run(&mut self, step: &Step) -> StepReply {
        let e = &mut self.engine;
        match step {
            Step::DeclareExchange { name, kind, durable, auto_delete, arguments } => e
                .declare_exchange(name, kind, *durable, *auto_delete, arguments.clone())
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            Step::DeclareQueue { name, durable, arguments } => e
                .declare_queue(name, *durable, arguments.clone())
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            Step::Bind { queue, exchange, routing_key, arguments } => e
                .bind_queue(queue, exchange, routing_key, arguments.clone())
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            Step::BindExchange { destination, source, routing_key, arguments } => e
                .bind_exchange(destination, source, routing_key, arguments.clone())
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            Step::SetPolicy { name, pattern, definition, priority, apply_to, operator } => e
                .set_policy(name, pattern, definition.clone(), *priority, apply_to, *operator)
                .map(|_| ok())
                .unwrap_or_else(amqp_error),
            Step::ClearPolicy { name } => {
                e.clear_policy(name, false).map(|_| ok()).unwrap_or_else(amqp_error)
            }
            Step::Publish { publish, confirm } => match e.publish((**publish).clone()) {
                Err(err) => amqp_error(err),
                Ok(r) if *confirm => {
                    returned(json!({"confirm": if r.confirm_ack { "ack" } else { "nack" }}))
                }
                Ok(_) => ok(),
            },
            Step::Get { queue, auto_ack, label } => {
                match e.basic_get(self.channel, queue, *auto_ack) {
                    Err(err) => amqp_error(err),
                    Ok(None) => returned(json!({"message": null})),
                    Ok(Some(d)) => {
                        if !label.is_empty() {
                            self.labels.insert(label.clone(), (d.channel, d.tag));
                        }
                        returned(
                            json!({"message": message_json(&d), "message_count_after": d.message_count}),
                        )
                    }
                }
            }
            Step::Settle { how, delivery, multiple, requeue } => {
                let Some(&(channel, tag)) = self.labels.get(delivery) else {
                    return StepReply::UnknownLabel(delivery.clone());
                };
                let r = match how {
                    Settle::Ack => e.ack(channel, tag, *multiple),
                    Settle::Nack => e.nack(channel, tag, *multiple, *requeue),
                    Settle::Reject => e.reject(channel, tag, *requeue),
                };
                r.map(|_| ok()).unwrap_or_else(amqp_error)
            }
            Step::CloseChannel => {
                e.close_channel(self.channel);
                self.channel += 1;
                ok()
            }
            Step::Wait { ms } => {
                let t = self.engine.now().plus_ms(*ms);
                self.advance(t);
                ok()
            }
            Step::QueueLength { queue } => match e.queue(queue) {
                None => returned(json!({"length": "not_found"})),
                Some(q) => returned(
                    json!({"length": {"messages": q.ready_len(), "consumers": q.consumers.len()}}),
                ),
            },
            Step::WaitUntilLength { queue, at_least, timeout_ms } => {
                let deadline = self.engine.now().plus_ms(*timeout_ms);
                let mut steps = 0u64;
                let reached = loop {
                    let len = self.engine.queue(queue).map(|q| q.ready_len()).unwrap_or(0);
                    if len >= *at_least {
                        break true;
                    }
                    match self.engine.next_event_at() {
                        Some(t) if t <= deadline && steps < self.budget => {
                            self.step();
                            steps += 1;
                        }
                        _ => {
                            self.advance(deadline);
                            break false;
                        }
                    }
                };
                returned(json!({"reached": reached}))
            }
            Step::DeleteExchange { name } => {
                e.delete_exchange(name).map(|_| ok()).unwrap_or_else(amqp_error)
            }
            Step::DeleteQueue { queue } => {
                e.delete_queue(queue).map(StepReply::Removed).unwrap_or_else(amqp_error)
            }
            Step::PurgeQueue { queue } => {
                e.purge_queue(queue).map(StepReply::Removed).unwrap_or_else(amqp_error)
            }
            Step::RepublishFrom { queue, to_origin: true, .. } => self.redrive_to_origin(queue),
            Step::RepublishFrom { queue, exchange, routing_key, .. } => {
                match e.basic_get(self.channel, queue, true) {
                    Err(err) => amqp_error(err),
                    Ok(None) => returned(json!({"republished": null})),
                    Ok(Some(d)) => match self.republish(&d, exchange, routing_key) {
                        Err(err) => amqp_error(err),
                        Ok(_) => returned(json!({"republished": message_json(&d)})),
                    },
                }
            }
            Step::RetryLadderStep { queue, keys, count_queue, count_reason, exchange } => {
                self.retry_ladder_step(queue, keys, count_queue, count_reason, exchange)
            }
            Step::LogCheck { contains } => {
                let lines: Vec<&String> =
                    e.log_lines().iter().filter(|l| l.contains(contains.as_str())).collect();
                returned(json!({"matching_lines": lines}))
            }
        }
    }

    /// Publishes a message a client took, unchanged (the broker's delivery-only
    /// `x-delivery-count` left out), to `exchange` with `routing_key`.
    fn republish(
        &mut self,
        d: &Delivery,
        exchange: &str,
        routing_key: &str,
    ) -> Result<Published, AmqpError> {
        let mut props = (*d.msg.props).clone();
        props.headers.remove("x-delivery-count");
        self.engine.publish(Publish {
            exchange: exchange.to_string(),
            routing_key: routing_key.to_string(),
            body: d.msg.body.to_string(),
            props,
            mandatory: false,
        })
    }

    /// Takes the head of `queue` and publishes it back where it first died; a message that
    /// never died is put back (nothing to redrive) and the step says why.
    fn redrive_to_origin(&mut self, queue: &str) -> StepReply {
        let d = match self.engine.basic_get(self.channel, queue, false) {
            Err(err) => return amqp_error(err),
            Ok(None) => return returned(json!({"republished": null})),
            Ok(Some(d)) => d,
        };
        let Some((exchange, routing_key)) = origin(&d.msg.props.headers) else {
            let _ = self.engine.reject(d.channel, d.tag, true);
            return StepReply::Client(format!("the message at the head of {queue} has no x-first-death-exchange: it was never dead-lettered, so it has no origin to go back to"));
        };
        let shown = message_json(&d);
        match self.republish(&d, &exchange, &routing_key) {
            Err(err) => {
                let _ = self.engine.reject(d.channel, d.tag, true);
                amqp_error(err)
            }
            Ok(_) => {
                let _ = self.engine.ack(d.channel, d.tag, false);
                returned(
                    json!({"republished": shown, "to": {"exchange": exchange, "routing_key": routing_key}}),
                )
            }
        }
    }

    fn retry_ladder_step(
        &mut self,
        queue: &str,
        keys: &[String],
        count_queue: &str,
        count_reason: &str,
        exchange: &str,
    ) -> StepReply {
        let d = match self.engine.basic_get(self.channel, queue, false) {
            Err(err) => return amqp_error(err),
            Ok(None) => return returned(json!({"message": null})),
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
        let confirm = match self.republish(&d, exchange, &key) {
            Err(err) => return amqp_error(err),
            Ok(r) => {
                if r.confirm_ack {
                    "ack"
                } else {
                    "nack"
                }
            }
        };
        let _ = self.engine.ack(d.channel, d.tag, false);
        returned(
            json!({"message": message_json(&d), "count": n, "routing_key": key, "confirm": confirm}),
        )
    }
}

impl StepRunner for SimulatedBroker {
    type Error = Infallible;

    fn run_step(&mut self, step: &Step) -> Result<Value, Infallible> {
        Ok(self.run(step).to_json())
    }

    fn settle(&mut self) {
        SimulatedBroker::settle(self);
    }

    fn drain(&mut self, queue: &str) -> Result<Value, Infallible> {
        if self.engine.queue(queue).is_none() {
            return Ok(json!("not_found"));
        }
        let mut msgs = Vec::new();
        while let Ok(Some(d)) = self.engine.basic_get(self.channel, queue, true) {
            msgs.push(message_json(&d));
        }
        Ok(Value::Array(msgs))
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
    crate::scenario::model::limits::check_steps(steps)?;
    let steps = parse_steps(steps, "$.steps")?;
    let seed = top.u64_or("seed", 1)?;
    let mut runner = SimulatedBroker::new(Engine::new(profile), seed);
    let Ok(Replayed { steps: results, final_queues: finals }) =
        run_steps(&mut runner, &steps, &declared_queues(&steps));
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
