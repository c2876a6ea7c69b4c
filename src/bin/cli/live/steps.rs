//! One scenario step on the broker: what each op of the conformance README does over AMQP or
//! the management API, and the JSON it yields.

use std::time::{Duration, Instant};

use dlx_lab::engine::headers::FieldValue;
use dlx_lab::scenario::error::Problem;
use dlx_lab::scenario::json::Obj;
use dlx_lab::scenario::ScenarioError;
use lapin::options::*;
use lapin::ExchangeKind;
use serde_json::{json, Value};

use super::values::{from_props, message_json, to_props, to_table};
use super::{policy_path, Failure, Options, Session};

pub(super) async fn run_step(
    s: &mut Session,
    o: &Obj<'_>,
    op: &str,
    opts: &Options,
    log: Option<&std::path::Path>,
    log_start: u64,
) -> Result<Value, Failure> {
    let ok = || json!({"ok": true});
    let r: Result<Value, lapin::Error> = match op {
        "declare_exchange" => {
            let kind = match o.str_or("type", "direct")? {
                "direct" => ExchangeKind::Direct,
                "fanout" => ExchangeKind::Fanout,
                "topic" => ExchangeKind::Topic,
                "headers" => ExchangeKind::Headers,
                other => ExchangeKind::Custom(other.to_string()),
            };
            let options = ExchangeDeclareOptions {
                durable: o.bool_or("durable", true)?,
                auto_delete: o.bool_or("auto_delete", false)?,
                ..Default::default()
            };
            s.ch.exchange_declare(
                o.str("name")?.into(),
                kind,
                options,
                to_table(&o.table("arguments")?),
            )
            .await
            .map(|_| ok())
        }
        "declare_queue" => {
            let options =
                QueueDeclareOptions { durable: o.bool_or("durable", true)?, ..Default::default() };
            s.ch.queue_declare(o.str("name")?.into(), options, to_table(&o.table("arguments")?))
                .await
                .map(|_| ok())
        }
        "bind" => {
            s.ch.queue_bind(
                o.str("queue")?.into(),
                o.str("exchange")?.into(),
                o.str_or("routing_key", "")?.into(),
                QueueBindOptions::default(),
                to_table(&o.table("arguments")?),
            )
            .await
            .map(|_| ok())
        }
        "bind_exchange" => {
            s.ch.exchange_bind(
                o.str("destination")?.into(),
                o.str("source")?.into(),
                o.str_or("routing_key", "")?.into(),
                ExchangeBindOptions::default(),
                to_table(&o.table("arguments")?),
            )
            .await
            .map(|_| ok())
        }
        "set_policy" | "set_operator_policy" | "clear_policy" => {
            let operator = op == "set_operator_policy";
            let path = policy_path(operator, o.str("name")?);
            let reply = if op == "clear_policy" {
                opts.api.request("DELETE", &path, None)
            } else {
                let body = json!({
                    "pattern": o.str("pattern")?,
                    "definition": o.table("definition")?.to_json(),
                    "priority": o.i64_or("priority", 0)?,
                    "apply-to": o.str_or("apply_to", "all")?,
                });
                opts.api.request("PUT", &path, Some(&body.to_string()))
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
        "publish" => {
            let props = to_props(&o.properties("properties")?);
            let confirm = o.bool_or("confirm", true)?;
            let body = o.str_or("body", "")?.as_bytes().to_vec();
            s.publish(
                o.str_or("exchange", "")?,
                o.str_or("routing_key", "")?,
                &body,
                props,
                o.bool_or("mandatory", false)?,
            )
            .await
            .map(|c| if confirm { json!({"confirm": c}) } else { ok() })
        }
        "get" => {
            let queue = o.str("queue")?.to_string();
            let label = o.str_or("as", "")?.to_string();
            match s
                .ch
                .basic_get(
                    queue.as_str().into(),
                    BasicGetOptions { no_ack: o.bool_or("auto_ack", false)? },
                )
                .await
            {
                Ok(None) => Ok(json!({"message": null})),
                Ok(Some(g)) => {
                    if !label.is_empty() {
                        s.labels.insert(label, (s.generation, g.delivery.delivery_tag));
                    }
                    Ok(
                        json!({"message": message_json(&queue, &g.delivery), "message_count_after": g.message_count}),
                    )
                }
                Err(e) => Err(e),
            }
        }
        "ack" | "nack" | "reject" => {
            let label = o.str("delivery")?;
            match s.labels.get(label).copied() {
                Some((generation, tag)) if generation == s.generation => {
                    let multiple = o.bool_or("multiple", false)?;
                    let requeue = o.bool_or("requeue", true)?;
                    let r = match op {
                        "ack" => s.ch.basic_ack(tag, BasicAckOptions { multiple }).await,
                        "nack" => {
                            s.ch.basic_nack(tag, BasicNackOptions { multiple, requeue }).await
                        }
                        _ => s.ch.basic_reject(tag, BasicRejectOptions { requeue }).await,
                    };
                    r.map(|_| ok())
                }
                Some(_) => {
                    Ok(json!({"error": format!("delivery {label} belongs to a closed channel")}))
                }
                None => Ok(json!({"error": format!("unknown delivery label {label}")})),
            }
        }
        "close_channel" => {
            let _ = s.ch.close(200, "closing the consumer channel".into()).await;
            s.fresh_channel().await?;
            Ok(ok())
        }
        "wait" => {
            std::thread::sleep(Duration::from_millis(o.u64("ms")?));
            Ok(ok())
        }
        "queue_length" => match s.ready(o.str("queue")?).await {
            Ok((m, c)) => Ok(json!({"length": {"messages": m, "consumers": c}})),
            Err(_) => {
                s.fresh_channel().await?;
                Ok(json!({"length": "not_found"}))
            }
        },
        "wait_until_length" => {
            let queue = o.str("queue")?.to_string();
            let at_least = o.u64("at_least")?;
            let deadline = Instant::now() + Duration::from_millis(o.u64_or("timeout_ms", 0)?);
            let reached = loop {
                match s.ready(&queue).await {
                    Ok((m, _)) if m as u64 >= at_least => break true,
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
        "delete_exchange" => {
            s.ch.exchange_delete(o.str("name")?.into(), ExchangeDeleteOptions::default())
                .await
                .map(|_| ok())
        }
        "delete_queue" => {
            s.ch.queue_delete(o.str("queue")?.into(), QueueDeleteOptions::default())
                .await
                .map(|n| json!({"ok": true, "message_count": n}))
        }
        "purge_queue" => {
            s.ch.queue_purge(o.str("queue")?.into(), QueuePurgeOptions::default())
                .await
                .map(|n| json!({"ok": true, "message_count": n}))
        }
        "republish_from" => {
            let queue = o.str("queue")?.to_string();
            match s.ch.basic_get(queue.as_str().into(), BasicGetOptions { no_ack: true }).await {
                Ok(None) => Ok(json!({"republished": null})),
                Ok(Some(g)) => {
                    let shown = message_json(&queue, &g.delivery);
                    let d = g.delivery;
                    s.publish(
                        o.str_or("exchange", "")?,
                        o.str_or("routing_key", "")?,
                        &d.data,
                        d.properties.clone(),
                        false,
                    )
                    .await
                    .map(|_| json!({"republished": shown}))
                }
                Err(e) => Err(e),
            }
        }
        "retry_ladder_step" => retry_ladder_step(s, o).await?,
        "log_check" => {
            let needle = o.str("contains")?;
            // The broker writes its log a moment after the event.
            std::thread::sleep(Duration::from_millis(300));
            let lines: Vec<String> = log
                .and_then(|p| std::fs::read(p).ok())
                .map(|bytes| {
                    let from = (log_start as usize).min(bytes.len());
                    String::from_utf8_lossy(&bytes[from..])
                        .lines()
                        .filter(|l| l.contains(needle))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            Ok(json!({"matching_lines": lines}))
        }
        other => {
            return Err(ScenarioError::field(
                format!("{}.op", o.path),
                Problem::UnknownOp { op: other.to_string() },
            )
            .into())
        }
    };
    s.outcome(r).await
}

async fn retry_ladder_step(
    s: &mut Session,
    o: &Obj<'_>,
) -> Result<Result<Value, lapin::Error>, Failure> {
    let keys = o.strings("keys")?;
    if keys.is_empty() {
        return Err(ScenarioError::field(format!("{}.keys", o.path), Problem::NoRoutingKeys).into());
    }
    let (count_queue, count_reason) = (o.str("count_queue")?, o.str("count_reason")?);
    let queue = o.str("queue")?.to_string();
    let exchange = o.str_or("exchange", "")?.to_string();
    let g = match s.ch.basic_get(queue.as_str().into(), BasicGetOptions { no_ack: false }).await {
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
    let shown = message_json(&queue, &g.delivery);
    let confirm = match s
        .publish(&exchange, &key, &g.delivery.data, g.delivery.properties.clone(), false)
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
