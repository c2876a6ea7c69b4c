//! Runs a conformance scenario on a real broker over AMQP 0-9-1 (the `lapin` client) and writes
//! the result in the recordings' format, doing what the conformance README says each op does:
//! one connection, labelled deliveries, publisher confirms, policies through the management
//! API, header field types as the broker sent them, `<TIME>` placeholders, and every declared
//! queue drained at the end. The scenario's queues, exchanges and policies are removed before
//! the run and after it, also when it fails, unless `--keep` asks to leave them; nothing else on
//! the broker is touched.

use crate::scenario::conformance::result::apply_time_placeholders;
use crate::scenario::model::error::Problem;
use crate::scenario::model::json::Obj;
use crate::scenario::model::step::{parse_steps, Step};
use crate::scenario::model::step_runner::{declared_queues, run_steps, Replayed, StepRunner};
use crate::scenario::ScenarioError;
use futures_lite::future::block_on;
use lapin::options::*;
use lapin::types::FieldTable as LTable;
use lapin::{BasicProperties, Channel, Confirmation, Connection, ConnectionProperties};
use serde_json::{json, Value};

use super::http::{segment, Api};
use values::{error_json, message_json};

mod steps;
mod values;

/// Where the broker is.
pub struct Options {
    pub amqp: String,
    pub api: Api,
    /// The broker's log file, for `log_check` (found under /var/log/rabbitmq when not given).
    pub log: Option<std::path::PathBuf>,
    /// Leave the scenario's queues, exchanges and policies on the broker after the run.
    pub keep: bool,
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
            keep: false,
        })
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
    let top = Obj::new(scenario, "$")?;
    let name = top.str_or("name", "scenario")?.to_string();
    let ordinal = top.str_or("time_mode", "placeholder")? == "ordinal";
    let Some(steps) = top.map.get("steps").and_then(Value::as_array) else {
        return Err(ScenarioError::field("$.steps", Problem::MissingSteps).into());
    };
    let version = broker_version(&opts.api).map_err(Failure::Broker)?;
    // Read every step before touching the broker: a bad file declares nothing.
    crate::scenario::model::limits::check_steps(steps)?;
    let steps = parse_steps(steps, "$.steps")?;
    // What the scenario creates, to clear before and after.
    let (mut exchanges, mut policies) = (Vec::new(), Vec::new());
    for step in &steps {
        match step {
            Step::DeclareExchange { name, .. } => exchanges.push(name.clone()),
            Step::SetPolicy { name, operator, .. } => policies.push((*operator, name.clone())),
            _ => {}
        }
    }
    exchanges.dedup();
    let declared = Declared { queues: declared_queues(&steps), exchanges, policies };
    let mut s = block_on(open_session(opts, &declared))?;
    // From here on the broker holds what the scenario declares: remove it whatever happens,
    // unless asked to keep it.
    let outcome = run_steps(&mut LiveRunner::new(&mut s, opts), &steps, &declared.queues);
    let (results, finals) = match block_on(close_session(s, opts, &declared, outcome)) {
        Ok(Replayed { steps, final_queues }) => (steps, final_queues),
        Err(e) => return Err(e),
    };
    let mut result = json!({"scenario": name, "rabbitmq_version": version, "steps": results, "final_queues": finals});
    apply_time_placeholders(&mut result, ordinal);
    Ok(result)
}

/// Connects, opens a confirming channel and clears what the scenario declares.
async fn open_session(opts: &Options, declared: &Declared) -> Result<Session, Failure> {
    let conn = connect(opts).await?;
    let ch = conn.create_channel().await.map_err(|e| Failure::Broker(e.to_string()))?;
    let mut s = Session { conn, ch, generation: 0, labels: Default::default() };
    s.fresh_channel().await?;
    clear(&s.conn, &opts.api, declared).await?;
    Ok(s)
}

/// Closes the session and (unless `--keep`) clears what the scenario declared, whatever the
/// run's `outcome`; the run's failure comes first.
async fn close_session(
    s: Session,
    opts: &Options,
    declared: &Declared,
    outcome: Result<Replayed, Failure>,
) -> Result<Replayed, Failure> {
    let _ = s.ch.close(200, "done".into()).await;
    let cleared = if opts.keep { Ok(()) } else { clear_after(&s.conn, opts, declared).await };
    let _ = s.conn.close(200, "done".into()).await;
    match (outcome, cleared) {
        (Ok(r), Ok(())) => Ok(r),
        (Ok(_), Err(c)) => Err(c),
        (Err(e), c) => {
            if let Err(Failure::Broker(c)) = c {
                eprintln!("dlx-lab: removing the scenario's queues, exchanges and policies: {c}");
            }
            Err(e)
        }
    }
}

/// The names a scenario declares: what is removed before and after its run.
struct Declared {
    queues: Vec<String>,
    exchanges: Vec<String>,
    /// (operator policy?, name)
    policies: Vec<(bool, String)>,
}

async fn connect(opts: &Options) -> Result<Connection, Failure> {
    Connection::connect_with_runtime(
        &opts.amqp,
        ConnectionProperties::default(),
        async_rs::Runtime::smol(),
    )
    .await
    .map_err(|e| Failure::Broker(format!("cannot connect: {e}")))
}

/// The steps run on the broker, one at a time: the session, and the broker's log for
/// `log_check` (read from where it stood when the run began).
struct LiveRunner<'a> {
    s: &'a mut Session,
    opts: &'a Options,
    log: Option<std::path::PathBuf>,
    log_start: u64,
}

impl<'a> LiveRunner<'a> {
    fn new(s: &'a mut Session, opts: &'a Options) -> LiveRunner<'a> {
        let log = log_file(opts);
        let log_start =
            log.as_ref().and_then(|p| std::fs::metadata(p).ok()).map(|m| m.len()).unwrap_or(0);
        LiveRunner { s, opts, log, log_start }
    }
}

impl StepRunner for LiveRunner<'_> {
    type Error = Failure;

    fn run_step(&mut self, step: &Step) -> Result<Value, Failure> {
        let (log, start) = (self.log.as_deref(), self.log_start);
        block_on(steps::run_step(self.s, step, self.opts, log, start))
    }

    fn drain(&mut self, queue: &str) -> Result<Value, Failure> {
        let s = &mut *self.s;
        block_on(async {
            if s.ready(queue).await.is_err() {
                s.fresh_channel().await?;
                return Ok(json!("not_found"));
            }
            let mut msgs = Vec::new();
            while let Ok(Some(g)) =
                s.ch.basic_get(queue.into(), BasicGetOptions { no_ack: true }).await
            {
                msgs.push(message_json(queue, &g.delivery));
            }
            Ok(Value::Array(msgs))
        })
    }
}

/// `clear` after the run, on a new connection when the run's one was lost.
async fn clear_after(
    conn: &Connection,
    opts: &Options,
    declared: &Declared,
) -> Result<(), Failure> {
    if conn.status().connected() {
        return clear(conn, &opts.api, declared).await;
    }
    let fresh = connect(opts).await?;
    let r = clear(&fresh, &opts.api, declared).await;
    let _ = fresh.close(200, "done".into()).await;
    r
}

/// Removes the scenario's policies, queues and exchanges (missing ones are fine). Tries every
/// one, then reports the first failure.
async fn clear(conn: &Connection, api: &Api, declared: &Declared) -> Result<(), Failure> {
    let mut first: Option<String> = None;
    for (operator, p) in &declared.policies {
        match api.request("DELETE", &policy_path(*operator, p), None) {
            Ok((200..=299 | 404, _)) => {}
            Ok((status, body)) => {
                first.get_or_insert(format!("deleting policy '{p}' answered {status}: {body}"));
            }
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    let open =
        || async { conn.create_channel().await.map_err(|e| format!("cannot open a channel: {e}")) };
    let mut ch = open().await.map_err(Failure::Broker)?;
    for q in &declared.queues {
        if let Err(e) = ch.queue_delete(q.as_str().into(), QueueDeleteOptions::default()).await {
            if !missing(&e) {
                first.get_or_insert(format!("deleting queue '{q}': {e}"));
            }
            if !ch.status().connected() {
                ch = open().await.map_err(Failure::Broker)?;
            }
        }
    }
    for x in &declared.exchanges {
        if let Err(e) =
            ch.exchange_delete(x.as_str().into(), ExchangeDeleteOptions::default()).await
        {
            if !missing(&e) {
                first.get_or_insert(format!("deleting exchange '{x}': {e}"));
            }
            if !ch.status().connected() {
                ch = open().await.map_err(Failure::Broker)?;
            }
        }
    }
    let _ = ch.close(200, "done".into()).await;
    first.map_or(Ok(()), |e| Err(Failure::Broker(e)))
}

/// A NOT_FOUND reply: what was to be deleted is not there.
fn missing(e: &lapin::Error) -> bool {
    matches!(e.kind(), lapin::ErrorKind::ProtocolError(amqp) if amqp.get_id() == 404)
}
