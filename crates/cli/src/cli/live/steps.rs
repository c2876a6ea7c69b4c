//! One scenario step on the broker: what each op of the conformance README does over AMQP or
//! the management API, and the JSON it yields.

use std::time::{Duration, Instant};

use crate::engine::headers::FieldValue;
use crate::scenario::model::redrive::origin;
use crate::scenario::model::step::{Settle, Step};
use lapin::options::*;
use lapin::ExchangeKind;
use serde_json::{json, Value};

use super::values::{from_props, message_json, to_props, to_table};
use super::{policy_path, Failure, Options, Session};

pub(super) async fn run_step(
    s: &mut Session,
    step: &Step,
    opts: &Options,
    log: Option<&std::path::Path>,
    log_start: u64,
) -> Result<Value, Failure> {
    let ok = || json!({"ok": true});
    let r: Result<Value, lapin::Error> = match step {
        Step::DeclareExchange { name, kind, durable, auto_delete, arguments } => {
            let kind = match kind.as_str() {
                "direct" => ExchangeKind::Direct,
                "fanout" => ExchangeKind::Fanout,
                "topic" => ExchangeKind::Topic,
                "headers" => ExchangeKind::Headers,
                other => ExchangeKind::Custom(other.to_string()),
            };
            let options = ExchangeDeclareOptions {
                durable: *durable,
                auto_delete: *auto_delete,
                ..Default::default()
            };
            s.ch.exchange_declare(name.as_str().into(), kind, options, to_table(arguments))
                .await
                .map(|_| ok())
        }
        Step::DeclareQueue { name, durable, arguments } => {
            let options = QueueDeclareOptions { durable: *durable, ..Default::default() };
            s.ch.queue_declare(name.as_str().into(), options, to_table(arguments))
                .await
                .map(|_| ok())
        }
        Step::Bind { queue, exchange, routing_key, arguments } => {
            s.ch.queue_bind(
                queue.as_str().into(),
                exchange.as_str().into(),
                routing_key.as_str().into(),
                QueueBindOptions::default(),
                to_table(arguments),
            )
            .await
            .map(|_| ok())
        }
        Step::BindExchange { destination, source, routing_key, arguments } => {
            s.ch.exchange_bind(
                destination.as_str().into(),
                source.as_str().into(),
                routing_key.as_str().into(),
                ExchangeBindOptions::default(),
                to_table(arguments),
            )
            .await
            .map(|_| ok())
        }
        Step::SetPolicy { .. } | Step::ClearPolicy { .. } => {
            let reply = match step {
                Step::SetPolicy { name, pattern, definition, priority, apply_to, operator } => {
                    let body = json!({
                        "pattern": pattern,
                        "definition": definition.to_json(),
                        "priority": priority,
                        "apply-to": apply_to,
                    });
                    opts.api.request("PUT", &policy_path(*operator, name), Some(&body.to_string()))
                }
                Step::ClearPolicy { name } => {
                    opts.api.request("DELETE", &policy_path(false, name), None)
                }
                _ => unreachable!("only policy steps reach here"),
            };
            let (status, body) = reply.map_err(Failure::Broker)?;
            // The broker applies a policy to matching queues just after it answers.
            std::thread::sleep(Duration::from_millis(100));
            Ok(if (200..300).contains(&status) {
                ok()
            } else {
                json!({"error": {"code": status, "text": body}})
            })
        }
        Step::Publish { publish, confirm } => {
            let props = to_props(&publish.props);
            s.publish(
                &publish.exchange,
                &publish.routing_key,
                publish.body.as_bytes(),
                props,
                publish.mandatory,
            )
            .await
            .map(|c| if *confirm { json!({"confirm": c}) } else { ok() })
        }
        Step::Get { queue, auto_ack, label } => {
            match s.ch.basic_get(queue.as_str().into(), BasicGetOptions { no_ack: *auto_ack }).await
            {
                Ok(None) => Ok(json!({"message": null})),
                Ok(Some(g)) => {
                    if !label.is_empty() {
                        s.labels.insert(label.clone(), (s.generation, g.delivery.delivery_tag));
                    }
                    Ok(
                        json!({"message": message_json(queue, &g.delivery), "message_count_after": g.message_count}),
                    )
                }
                Err(e) => Err(e),
            }
        }
        Step::Settle { how, delivery, multiple, requeue } => {
            match s.labels.get(delivery).copied() {
                Some((generation, tag)) if generation == s.generation => {
                    let (multiple, requeue) = (*multiple, *requeue);
                    let r = match how {
                        Settle::Ack => s.ch.basic_ack(tag, BasicAckOptions { multiple }).await,
                        Settle::Nack => {
                            s.ch.basic_nack(tag, BasicNackOptions { multiple, requeue }).await
                        }
                        Settle::Reject => {
                            s.ch.basic_reject(tag, BasicRejectOptions { requeue }).await
                        }
                    };
                    r.map(|_| ok())
                }
                Some(_) => {
                    Ok(json!({"error": format!("delivery {delivery} belongs to a closed channel")}))
                }
                None => Ok(json!({"error": format!("unknown delivery label {delivery}")})),
            }
        }
        Step::CloseChannel => {
            let _ = s.ch.close(200, "closing the consumer channel".into()).await;
            s.fresh_channel().await?;
            Ok(ok())
        }
        Step::Wait { ms } => {
            std::thread::sleep(Duration::from_millis(*ms));
            Ok(ok())
        }
        Step::QueueLength { queue } => match s.ready(queue).await {
            Ok((m, c)) => Ok(json!({"length": {"messages": m, "consumers": c}})),
            Err(_) => {
                s.fresh_channel().await?;
                Ok(json!({"length": "not_found"}))
            }
        },
        Step::WaitUntilLength { queue, at_least, timeout_ms } => {
            let deadline = Instant::now() + Duration::from_millis(*timeout_ms);
            let reached = loop {
                match s.ready(queue).await {
                    Ok((m, _)) if m as u64 >= *at_least => break true,
                    Ok(_) => {}
                    Err(_) => s.fresh_channel().await?,
                }
                if Instant::now() >= deadline {
                    break false;
                }
                std::thread::sleep(Duration::from_millis(20));
            };
            Ok(json!({"reached": reached}))
        }
        Step::DeleteExchange { name } => {
            s.ch.exchange_delete(name.as_str().into(), ExchangeDeleteOptions::default())
                .await
                .map(|_| ok())
        }
        Step::DeleteQueue { queue } => {
            s.ch.queue_delete(queue.as_str().into(), QueueDeleteOptions::default())
                .await
                .map(|n| json!({"ok": true, "message_count": n}))
        }
        Step::PurgeQueue { queue } => {
            s.ch.queue_purge(queue.as_str().into(), QueuePurgeOptions::default())
                .await
                .map(|n| json!({"ok": true, "message_count": n}))
        }
        Step::RepublishFrom { queue, to_origin: true, .. } => redrive_to_origin(s, queue).await?,
        Step::RepublishFrom { queue, exchange, routing_key, .. } => {
            match s.ch.basic_get(queue.as_str().into(), BasicGetOptions { no_ack: true }).await {
                Ok(None) => Ok(json!({"republished": null})),
                Ok(Some(g)) => {
                    let shown = message_json(queue, &g.delivery);
                    let d = g.delivery;
                    s.publish(exchange, routing_key, &d.data, d.properties.clone(), false)
                        .await
                        .map(|_| json!({"republished": shown}))
                }
                Err(e) => Err(e),
            }
        }
        Step::RetryLadderStep { queue, keys, count_queue, count_reason, exchange } => {
            retry_ladder_step(s, queue, keys, count_queue, count_reason, exchange).await?
        }
        Step::LogCheck { contains } => {
            // The broker writes its log a moment after the event.
            std::thread::sleep(Duration::from_millis(300));
            let lines: Vec<String> = log
                .and_then(|p| std::fs::read(p).ok())
                .map(|bytes| {
                    let from = (log_start as usize).min(bytes.len());
                    String::from_utf8_lossy(&bytes[from..])
                        .lines()
                        .filter(|l| l.contains(contains.as_str()))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            Ok(json!({"matching_lines": lines}))
        }
    };
    s.outcome(r).await
}

async fn retry_ladder_step(
    s: &mut Session,
    queue: &str,
    keys: &[String],
    count_queue: &str,
    count_reason: &str,
    exchange: &str,
) -> Result<Result<Value, lapin::Error>, Failure> {
    let g = match s.ch.basic_get(queue.into(), BasicGetOptions { no_ack: false }).await {
        Err(e) => return Ok(Err(e)),
        Ok(None) => return Ok(Ok(json!({"message": null}))),
        Ok(Some(g)) => g,
    };
    let props = from_props(&g.delivery.properties);
    let n = match props.headers.get("x-death") {
        Some(FieldValue::Array(entries)) => entries
            .iter()
            .find_map(|v| match v {
                FieldValue::Table(t)
                    if t.get("queue").and_then(FieldValue::as_str) == Some(count_queue)
                        && t.get("reason").and_then(FieldValue::as_str) == Some(count_reason) =>
                {
                    Some(t.get("count").and_then(FieldValue::as_i64).unwrap_or(0))
                }
                _ => None,
            })
            .unwrap_or(0),
        _ => 0,
    };
    let key = keys[(n.max(1) as usize).min(keys.len()) - 1].clone();
    let shown = message_json(queue, &g.delivery);
    let confirm = match s
        .publish(exchange, &key, &g.delivery.data, g.delivery.properties.clone(), false)
        .await
    {
        Ok(c) => c,
        Err(e) => return Ok(Err(e)),
    };
    if let Err(e) = s.ch.basic_ack(g.delivery.delivery_tag, BasicAckOptions::default()).await {
        return Ok(Err(e));
    }
    Ok(Ok(json!({"message": shown, "count": n, "routing_key": key, "confirm": confirm})))
}

/// Takes the head of `queue` and publishes it back where it first died (as the engine runner
/// does); a message that never died is put back and the step says why.
async fn redrive_to_origin(
    s: &mut Session,
    queue: &str,
) -> Result<Result<Value, lapin::Error>, Failure> {
    let g = match s.ch.basic_get(queue.into(), BasicGetOptions { no_ack: false }).await {
        Err(e) => return Ok(Err(e)),
        Ok(None) => return Ok(Ok(json!({"republished": null}))),
        Ok(Some(g)) => g,
    };
    let tag = g.delivery.delivery_tag;
    let Some((exchange, routing_key)) = origin(&from_props(&g.delivery.properties).headers) else {
        if let Err(e) = s.ch.basic_reject(tag, BasicRejectOptions { requeue: true }).await {
            return Ok(Err(e));
        }
        return Ok(Ok(
            json!({"error": {"code": "client", "text": format!("the message at the head of {queue} has no x-first-death-exchange: it was never dead-lettered, so it has no origin to go back to")}}),
        ));
    };
    let shown = message_json(queue, &g.delivery);
    if let Err(e) = s
        .publish(&exchange, &routing_key, &g.delivery.data, g.delivery.properties.clone(), false)
        .await
    {
        return Ok(Err(e));
    }
    if let Err(e) = s.ch.basic_ack(tag, BasicAckOptions::default()).await {
        return Ok(Err(e));
    }
    Ok(Ok(json!({"republished": shown, "to": {"exchange": exchange, "routing_key": routing_key}})))
}
