//! Runs a conformance scenario on a real broker over AMQP 0-9-1 (the `lapin` client) and writes
//! the result in the recordings' format, doing what the conformance README says each op does:
//! one connection, labelled deliveries, publisher confirms, policies through the management
//! API, header field types as the broker sent them, `<TIME>` placeholders, and every declared
//! queue drained at the end. The scenario's queues, exchanges and policies are removed before
//! and after the run.

use std::time::{Duration, Instant};

use dlx_lab::engine::headers::{FieldTable, FieldValue};
use dlx_lab::engine::message::Properties;
use dlx_lab::scenario::error::Problem;
use dlx_lab::scenario::json::Obj;
use dlx_lab::scenario::result::{apply_time_placeholders, properties_json};
use dlx_lab::scenario::ScenarioError;
use lapin::options::*;
use lapin::types::{AMQPValue, FieldArray, FieldTable as LTable, LongString, ShortString};
use lapin::{
    BasicProperties, Channel, Confirmation, Connection, ConnectionProperties, ExchangeKind,
};

use serde_json::{json, Map, Value};

use super::http::{segment, Api};

/// Where the broker is.
pub struct Options {
    pub amqp: String,
    pub api: Api,
    /// The broker's log file, for `log_check` (found under /var/log/rabbitmq when not given).
    pub log: Option<std::path::PathBuf>,
}

/// Why a live run stopped.
pub enum Failure {
    /// The scenario is unusable.
    Input(ScenarioError),
    /// The broker could not be reached or failed outside any step.
    Broker(String),
}

impl From<ScenarioError> for Failure {
    fn from(e: ScenarioError) -> Failure {
        Failure::Input(e)
    }
}

impl Options {
    /// Reads `amqp://user:pass@host:port/vhost`; the management API defaults to the same host,
    /// port 15672 and the same credentials.
    pub fn new(amqp: &str, http: Option<&str>, log: Option<&str>) -> Result<Options, String> {
        let rest = amqp
            .strip_prefix("amqp://")
            .ok_or_else(|| format!("--amqp must be an amqp:// URL, not '{amqp}'"))?;
        let authority = rest.split('/').next().unwrap_or("");
        let (creds, hostport) = authority.rsplit_once('@').unwrap_or(("guest:guest", authority));
        let (user, password) = creds.split_once(':').unwrap_or((creds, ""));
        let host =
            hostport.split(':').next().filter(|h| !h.is_empty()).unwrap_or("127.0.0.1").to_string();
        let (api_host, api_port) = match http {
            None => (host.clone(), 15672),
            Some(h) => {
                let hp = h.trim_start_matches("http://").trim_end_matches('/');
                let (hh, pp) = hp.split_once(':').unwrap_or((hp, "15672"));
                (hh.to_string(), pp.parse().map_err(|_| format!("--http: bad port in '{h}'"))?)
            }
        };
        let mut url = amqp.to_string();
        if url.ends_with('/') {
            url.push_str("%2f");
        }
        Ok(Options {
            amqp: url,
            api: Api {
                host: api_host,
                port: api_port,
                user: user.to_string(),
                password: password.to_string(),
            },
            log: log.map(Into::into),
        })
    }
}

fn to_amqp(v: &FieldValue) -> AMQPValue {
    match v {
        FieldValue::LongStr(s) => AMQPValue::LongString(LongString::from(s.to_string())),
        FieldValue::Long(n) => AMQPValue::LongLongInt(*n),
        FieldValue::Int(n) => AMQPValue::LongInt(*n),
        FieldValue::Bool(b) => AMQPValue::Boolean(*b),
        FieldValue::Timestamp(t) => AMQPValue::Timestamp(*t),
        FieldValue::Double(x) => AMQPValue::Double(*x),
        FieldValue::Array(a) => {
            AMQPValue::FieldArray(FieldArray::from(a.iter().map(to_amqp).collect::<Vec<_>>()))
        }
        FieldValue::Table(t) => AMQPValue::FieldTable(to_table(t)),
        FieldValue::Void => AMQPValue::Void,
    }
}

fn to_table(t: &FieldTable) -> LTable {
    let mut out = LTable::default();
    for (k, v) in &t.0 {
        out.insert(ShortString::from(k.to_string()), to_amqp(v));
    }
    out
}

fn from_amqp(v: &AMQPValue) -> FieldValue {
    match v {
        AMQPValue::Boolean(b) => FieldValue::Bool(*b),
        AMQPValue::ShortShortInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::ShortShortUInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::ShortInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::ShortUInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::LongInt(n) => FieldValue::Int(*n),
        AMQPValue::LongUInt(n) => FieldValue::Long(*n as i64),
        AMQPValue::LongLongInt(n) => FieldValue::Long(*n),
        AMQPValue::Float(x) => FieldValue::Double(*x as f64),
        AMQPValue::Double(x) => FieldValue::Double(*x),
        AMQPValue::DecimalValue(d) => {
            FieldValue::Double(d.value as f64 / 10f64.powi(d.scale as i32))
        }
        AMQPValue::ShortString(s) => FieldValue::LongStr(s.as_str().into()),
        AMQPValue::LongString(s) => {
            FieldValue::LongStr(String::from_utf8_lossy(s.as_bytes()).as_ref().into())
        }
        AMQPValue::ByteArray(b) => {
            FieldValue::LongStr(String::from_utf8_lossy(b.as_slice()).as_ref().into())
        }
        AMQPValue::FieldArray(a) => FieldValue::Array(a.as_slice().iter().map(from_amqp).collect()),
        AMQPValue::Timestamp(t) => FieldValue::Timestamp(*t),
        AMQPValue::FieldTable(t) => FieldValue::Table(from_table(t)),
        AMQPValue::Void => FieldValue::Void,
    }
}

// `.into()`: the engine's table key type is an owned string type built from a `String`.
#[allow(clippy::useless_conversion)]
fn from_table(t: &LTable) -> FieldTable {
    FieldTable(
        t.inner().iter().map(|(k, v)| (k.as_str().to_string().into(), from_amqp(v))).collect(),
    )
}

fn short<T: AsRef<str>>(x: &Option<T>) -> Option<ShortString> {
    x.as_ref().map(|v| ShortString::from(v.as_ref()))
}

fn owned<T: From<String>>(x: &Option<ShortString>) -> Option<T> {
    x.as_ref().map(|v| T::from(v.as_str().to_string()))
}

fn to_props(p: &Properties) -> BasicProperties {
    let mut b = BasicProperties::default();
    if let Some(v) = short(&p.content_type) {
        b = b.with_content_type(v);
    }
    if let Some(v) = short(&p.content_encoding) {
        b = b.with_content_encoding(v);
    }
    if !p.headers.is_empty() {
        b = b.with_headers(to_table(&p.headers));
    }
    if let Some(v) = p.delivery_mode {
        b = b.with_delivery_mode(v);
    }
    if let Some(v) = p.priority {
        b = b.with_priority(v);
    }
    if let Some(v) = short(&p.correlation_id) {
        b = b.with_correlation_id(v);
    }
    if let Some(v) = short(&p.reply_to) {
        b = b.with_reply_to(v);
    }
    if let Some(v) = short(&p.expiration) {
        b = b.with_expiration(v);
    }
    if let Some(v) = short(&p.message_id) {
        b = b.with_message_id(v);
    }
    if let Some(v) = p.timestamp {
        b = b.with_timestamp(v);
    }
    if let Some(v) = short(&p.kind) {
        b = b.with_type(v);
    }
    if let Some(v) = short(&p.user_id) {
        b = b.with_user_id(v);
    }
    if let Some(v) = short(&p.app_id) {
        b = b.with_app_id(v);
    }
    if let Some(v) = short(&p.cluster_id) {
        b = b.with_cluster_id(v);
    }
    b
}

fn from_props(b: &BasicProperties) -> Properties {
    Properties {
        content_type: owned(b.content_type()),
        content_encoding: owned(b.content_encoding()),
        headers: b.headers().as_ref().map(from_table).unwrap_or_default(),
        delivery_mode: *b.delivery_mode(),
        priority: *b.priority(),
        correlation_id: owned(b.correlation_id()),
        reply_to: owned(b.reply_to()),
        expiration: owned(b.expiration()),
        message_id: owned(b.message_id()),
        timestamp: *b.timestamp(),
        kind: owned(b.kind()),
        user_id: owned(b.user_id()),
        app_id: owned(b.app_id()),
        cluster_id: owned(b.cluster_id()),
    }
}

fn message_json(queue: &str, d: &lapin::message::Delivery) -> Value {
    json!({
        "queue": queue,
        "body": String::from_utf8_lossy(&d.data),
        "exchange": d.exchange.as_str(),
        "routing_key": d.routing_key.as_str(),
        "redelivered": d.redelivered,
        "properties": properties_json(&from_props(&d.properties)),
    })
}

/// The AMQP reply code of an error (channel errors close the channel).
fn error_json(e: &lapin::Error) -> Value {
    match e.kind() {
        lapin::ErrorKind::ProtocolError(amqp) => {
            json!({"error": {"code": amqp.get_id(), "text": amqp.get_message().as_str()}})
        }
        other => json!({"error": {"code": "client", "text": format!("{other:?}")}}),
    }
}

struct Session {
    conn: Connection,
    ch: Channel,
    /// Bumped whenever the channel is replaced; labels remember the generation.
    generation: u64,
    labels: std::collections::BTreeMap<String, (u64, u64)>,
}

impl Session {
    async fn fresh_channel(&mut self) -> Result<(), Failure> {
        let ch = self
            .conn
            .create_channel()
            .await
            .map_err(|e| Failure::Broker(format!("cannot open a channel: {e}")))?;
        ch.confirm_select(ConfirmSelectOptions::default())
            .await
            .map_err(|e| Failure::Broker(format!("confirm.select: {e}")))?;
        self.ch = ch;
        self.generation += 1;
        Ok(())
    }

    /// Turns a step's outcome into its result, reopening the channel after a channel error.
    async fn outcome(&mut self, r: Result<Value, lapin::Error>) -> Result<Value, Failure> {
        match r {
            Ok(v) => Ok(v),
            Err(e) => {
                let v = error_json(&e);
                if !self.ch.status().connected() {
                    self.fresh_channel().await?;
                }
                Ok(v)
            }
        }
    }

    async fn publish(
        &self,
        exchange: &str,
        key: &str,
        body: &[u8],
        props: BasicProperties,
        mandatory: bool,
    ) -> Result<&'static str, lapin::Error> {
        let c = self
            .ch
            .basic_publish(
                exchange.into(),
                key.into(),
                BasicPublishOptions { mandatory, ..Default::default() },
                body,
                props,
            )
            .await?
            .await?;
        Ok(match c {
            Confirmation::Nack(_) => "nack",
            _ => "ack",
        })
    }

    async fn ready(&self, queue: &str) -> Result<(u32, u32), lapin::Error> {
        let q = self
            .ch
            .queue_declare(
                queue.into(),
                QueueDeclareOptions { passive: true, ..Default::default() },
                LTable::default(),
            )
            .await?;
        Ok((q.message_count(), q.consumer_count()))
    }
}

fn log_file(opts: &Options) -> Option<std::path::PathBuf> {
    if let Some(p) = &opts.log {
        return Some(p.clone());
    }
    let mut logs: Vec<_> = std::fs::read_dir("/var/log/rabbitmq")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().map(|x| x == "log").unwrap_or(false)
                && !p.to_string_lossy().contains("upgrade")
        })
        .collect();
    logs.sort();
    logs.into_iter().next()
}

/// The broker's version, from the management API.
pub fn broker_version(api: &Api) -> Result<String, String> {
    let (status, body) = api.request("GET", "/api/overview", None)?;
    if status != 200 {
        return Err(format!("GET /api/overview answered {status}"));
    }
    let at = body.find("\"rabbitmq_version\":\"").ok_or("no rabbitmq_version in /api/overview")?
        + "\"rabbitmq_version\":\"".len();
    Ok(body[at..].split('"').next().unwrap_or("").to_string())
}

fn policy_path(operator: bool, name: &str) -> String {
    format!(
        "/api/{}/%2F/{}",
        if operator { "operator-policies" } else { "policies" },
        segment(name)
    )
}

/// Runs `scenario` on the broker and returns the result JSON.
pub fn run(scenario: &Value, opts: &Options) -> Result<Value, Failure> {
    futures_lite::future::block_on(run_async(scenario, opts))
}

async fn run_async(scenario: &Value, opts: &Options) -> Result<Value, Failure> {
    let top = Obj::new(scenario, "$")?;
    let name = top.str_or("name", "scenario")?.to_string();
    let ordinal = top.str_or("time_mode", "placeholder")? == "ordinal";
    let Some(steps) = top.map.get("steps").and_then(Value::as_array) else {
        return Err(ScenarioError::field("$.steps", Problem::MissingSteps).into());
    };
    let version = broker_version(&opts.api).map_err(Failure::Broker)?;
    // What the scenario creates, to clear before and after.
    let (mut queues, mut exchanges, mut policies) = (Vec::new(), Vec::new(), Vec::new());
    for (i, s) in steps.iter().enumerate() {
        let o = Obj::new(s, format!("$.steps[{i}]"))?;
        match o.str("op")? {
            "declare_queue" => queues.push(o.str("name")?.to_string()),
            "declare_exchange" => exchanges.push(o.str("name")?.to_string()),
            "set_policy" => policies.push((false, o.str("name")?.to_string())),
            "set_operator_policy" => policies.push((true, o.str("name")?.to_string())),
            _ => {}
        }
    }
    queues.dedup();
    let conn = Connection::connect_with_runtime(
        &opts.amqp,
        ConnectionProperties::default(),
        async_rs::Runtime::smol(),
    )
    .await
    .map_err(|e| Failure::Broker(format!("cannot connect: {e}")))?;
    let ch = conn.create_channel().await.map_err(|e| Failure::Broker(e.to_string()))?;
    let mut s = Session { conn, ch, generation: 0, labels: Default::default() };
    s.fresh_channel().await?;
    clear(&s.conn, &opts.api, &queues, &exchanges, &policies).await?;
    let log = log_file(opts);
    let log_start =
        log.as_ref().and_then(|p| std::fs::metadata(p).ok()).map(|m| m.len()).unwrap_or(0);
    let mut results = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        let o = Obj::new(step, format!("$.steps[{i}]"))?;
        let op = o.str("op")?.to_string();
        let mut r = run_step(&mut s, &o, &op, opts, log.as_deref(), log_start).await?;
        let mut m = Map::new();
        m.insert("step".into(), json!(i));
        m.insert("op".into(), json!(op));
        if let Value::Object(fields) = &mut r {
            m.append(fields);
        }
        results.push(Value::Object(m));
    }
    let mut finals = Map::new();
    for q in &queues {
        if s.ready(q).await.is_err() {
            s.fresh_channel().await?;
            finals.insert(q.clone(), json!("not_found"));
            continue;
        }
        let mut msgs = Vec::new();
        while let Ok(Some(g)) =
            s.ch.basic_get(q.as_str().into(), BasicGetOptions { no_ack: true }).await
        {
            msgs.push(message_json(q, &g.delivery));
        }
        finals.insert(q.clone(), Value::Array(msgs));
    }
    let _ = s.ch.close(200, "done".into()).await;
    clear(&s.conn, &opts.api, &queues, &exchanges, &policies).await?;
    let _ = s.conn.close(200, "done".into()).await;
    let mut result = json!({"scenario": name, "rabbitmq_version": version, "steps": results, "final_queues": finals});
    apply_time_placeholders(&mut result, ordinal);
    Ok(result)
}

/// Removes the scenario's policies, queues and exchanges (missing ones are fine).
async fn clear(
    conn: &Connection,
    api: &Api,
    queues: &[String],
    exchanges: &[String],
    policies: &[(bool, String)],
) -> Result<(), Failure> {
    for (operator, p) in policies {
        api.request("DELETE", &policy_path(*operator, p), None).map_err(Failure::Broker)?;
    }
    let open = || async {
        conn.create_channel()
            .await
            .map_err(|e| Failure::Broker(format!("cannot open a channel: {e}")))
    };
    let mut ch = open().await?;
    for q in queues {
        if ch.queue_delete(q.as_str().into(), QueueDeleteOptions::default()).await.is_err() {
            ch = open().await?;
        }
    }
    for x in exchanges {
        if ch.exchange_delete(x.as_str().into(), ExchangeDeleteOptions::default()).await.is_err() {
            ch = open().await?;
        }
    }
    let _ = ch.close(200, "done".into()).await;
    Ok(())
}

async fn run_step(
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
