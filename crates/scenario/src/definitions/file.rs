//! RabbitMQ definitions files in, an engine and each queue's effective settings out.
//!
//! Reads both forms a broker writes: `rabbitmqctl export_definitions` (queues carry `type`,
//! operator policies are `parameters` of component `operator_policy`) and the HTTP API's
//! `/api/definitions` (`arguments["x-queue-type"]`). Whatever is not simulated is listed in
//! [`Definitions::warnings`], never dropped silently; a malformed file is a [`ScenarioError`]
//! naming the JSON path. Pure: no IO, no clock.

use serde_json::{Map, Value};

use super::warnings::{Refusal, Warning};
use crate::engine::headers::{FieldTable, FieldValue};
use crate::engine::profile::Profile;
use crate::engine::Engine;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::topology_def::Topology;
pub use crate::scenario::model::topology_def::{
    binding_subject, BindingDef, ExchangeDef, PolicyDef, QueueDef,
};

/// The topology of one virtual host, and what was read but is not simulated. Derefs to its
/// [`Topology`], so `d.queues` reads the file's queues.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Definitions {
    pub rabbitmq_version: Option<String>,
    pub topology: Topology,
    pub warnings: Vec<Warning>,
}

impl std::ops::Deref for Definitions {
    type Target = Topology;
    fn deref(&self) -> &Topology {
        &self.topology
    }
}

impl std::ops::DerefMut for Definitions {
    fn deref_mut(&mut self) -> &mut Topology {
        &mut self.topology
    }
}

/// Queue arguments the engine simulates.
pub const SIMULATED_QUEUE_ARGS: [&str; 14] = [
    "x-message-ttl",
    "x-expires",
    "x-dead-letter-exchange",
    "x-dead-letter-routing-key",
    "x-max-length",
    "x-max-length-bytes",
    "x-overflow",
    "x-max-priority",
    "x-queue-type",
    "x-delivery-limit",
    "x-dead-letter-strategy",
    "x-delayed-retry-type",
    "x-delayed-retry-min",
    "x-delayed-retry-max",
];

/// Policy keys the engine simulates.
pub const SIMULATED_POLICY_KEYS: [&str; 9] = [
    "dead-letter-exchange",
    "dead-letter-routing-key",
    "message-ttl",
    "expires",
    "max-length",
    "max-length-bytes",
    "overflow",
    "delivery-limit",
    "dead-letter-strategy",
];

/// Keys an operator policy may hold (the broker refuses any other).
pub const OPERATOR_POLICY_KEYS: [&str; 7] = [
    "expires",
    "message-ttl",
    "max-length",
    "max-length-bytes",
    "max-in-memory-length",
    "max-in-memory-bytes",
    "delivery-limit",
];

/// Top-level keys that are read, or known and reported as not simulated.
const TOPOLOGY_KEYS: [&str; 6] =
    ["exchanges", "queues", "bindings", "policies", "operator_policies", "parameters"];
const VERSION_KEYS: [&str; 4] =
    ["rabbit_version", "rabbitmq_version", "product_name", "product_version"];
const ACCESS_KEYS: [&str; 6] = [
    "users",
    "vhosts",
    "permissions",
    "topic_permissions",
    "global_parameters",
    "explicit_default_vhost",
];

fn items<'a>(top: &Obj<'a>, key: &str) -> Result<Vec<Obj<'a>>, ScenarioError> {
    match top.map.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(a)) => {
            a.iter().enumerate().map(|(i, v)| Obj::new(v, format!("$.{key}[{i}]"))).collect()
        }
        Some(_) => Err(ScenarioError::field(format!("$.{key}"), Problem::NotList)),
    }
}

/// The vhost an item belongs to (`/` when the file is one vhost's export without the field).
fn vhost_of(o: &Obj) -> Result<String, ScenarioError> {
    Ok(o.str_or("vhost", "/")?.to_string())
}

/// A policy definition: an object, or the list of `[key, value]` pairs 3.x exports for
/// operator policies.
fn definition_table(v: Option<&Value>, path: &str) -> Result<FieldTable, ScenarioError> {
    let bad = ScenarioError::field;
    let header = |e: crate::engine::headers::HeaderError| bad(e.path, Problem::Header(e.problem));
    match v {
        None => Err(bad(path.to_string(), Problem::MissingPolicyKeys)),
        Some(Value::Object(_)) => {
            FieldTable::from_json(v.unwrap_or(&Value::Null), path).map_err(header)
        }
        Some(Value::Array(pairs)) => {
            let mut m = Map::new();
            for (i, p) in pairs.iter().enumerate() {
                match p.as_array().map(Vec::as_slice) {
                    Some([Value::String(k), val]) => {
                        m.insert(k.clone(), val.clone());
                    }
                    _ => return Err(bad(format!("{path}[{i}]"), Problem::NotPair)),
                }
            }
            FieldTable::from_json(&Value::Object(m), path).map_err(header)
        }
        Some(_) => Err(bad(path.to_string(), Problem::NotPolicyKeys)),
    }
}

fn policy_from(
    o: &Obj,
    name: String,
    operator: bool,
    warnings: &mut Vec<Warning>,
) -> Result<PolicyDef, ScenarioError> {
    let definition = definition_table(o.map.get("definition"), &format!("{}.definition", o.path))?;
    let apply_to = o.str_or("apply-to", "all")?.to_string();
    let priority = match o.map.get("priority") {
        Some(Value::Number(n)) if n.is_f64() => n.as_f64().unwrap_or(0.0) as i64,
        _ => o.i64_or("priority", 0)?,
    };
    for (k, _) in &definition.0 {
        if operator && !OPERATOR_POLICY_KEYS.contains(&&**k) {
            warnings.push(Warning::OperatorPolicyKey {
                policy: name.clone(),
                key: k.to_string(),
                accepted: OPERATOR_POLICY_KEYS.join(", "),
            });
        } else if !SIMULATED_POLICY_KEYS.contains(&&**k) {
            warnings.push(Warning::PolicyKey {
                policy: name.clone(),
                operator,
                key: k.to_string(),
            });
        }
    }
    Ok(PolicyDef {
        name,
        pattern: o.str("pattern")?.to_string(),
        apply_to,
        priority,
        definition,
        operator,
    })
}

/// Parses a definitions file (either form).
pub fn parse_definitions(text: &str) -> Result<Definitions, ScenarioError> {
    definitions_from_value(&parse(text)?)
}

/// Reads parsed definitions JSON.
pub fn definitions_from_value(v: &Value) -> Result<Definitions, ScenarioError> {
    let top = Obj::new(v, "$")?;
    crate::scenario::model::limits::check_definitions(v)?;
    let mut d = Definitions::default();
    let mut w = Vec::new();
    for key in ["rabbitmq_version", "rabbit_version"] {
        if let Some(Value::String(s)) = top.map.get(key) {
            d.rabbitmq_version.get_or_insert_with(|| s.clone());
        }
    }
    for (k, val) in top.map {
        let count = val.as_array().map(|a| a.len()).unwrap_or(1);
        if ACCESS_KEYS.contains(&k.as_str()) {
            if count > 0 && !(k == "vhosts" && vhosts_only_default(val)) {
                w.push(Warning::Access { key: k.clone(), count });
            }
        } else if !TOPOLOGY_KEYS.contains(&k.as_str()) && !VERSION_KEYS.contains(&k.as_str()) {
            w.push(Warning::UnknownKey { key: k.clone() });
        }
    }
    // One vhost is simulated: `/` when the file has it (or no vhost fields), else the first seen.
    let mut all_vhosts: Vec<String> = Vec::new();
    for key in ["exchanges", "queues", "bindings", "policies", "operator_policies", "parameters"] {
        for o in items(&top, key)? {
            let vh = vhost_of(&o)?;
            if !all_vhosts.contains(&vh) {
                all_vhosts.push(vh);
            }
        }
    }
    let vhost = if all_vhosts.is_empty() || all_vhosts.iter().any(|v| v == "/") {
        "/".to_string()
    } else {
        all_vhosts[0].clone()
    };
    let mut skipped = std::collections::BTreeMap::<String, usize>::new();
    let mut keep = |o: &Obj| -> Result<bool, ScenarioError> {
        let vh = vhost_of(o)?;
        if vh != vhost {
            *skipped.entry(vh).or_default() += 1;
            return Ok(false);
        }
        Ok(true)
    };
    for o in items(&top, "exchanges")? {
        if !keep(&o)? {
            continue;
        }
        let x = ExchangeDef {
            name: o.str("name")?.to_string(),
            kind: o.str("type")?.to_string(),
            durable: o.bool_or("durable", true)?,
            auto_delete: o.bool_or("auto_delete", false)?,
            internal: o.bool_or("internal", false)?,
            arguments: o.table("arguments")?,
        };
        if !matches!(x.kind.as_str(), "direct" | "fanout" | "topic" | "headers") {
            w.push(Warning::ExchangeType { exchange: x.name.clone(), kind: x.kind.clone() });
        } else if x.auto_delete {
            w.push(Warning::ExchangeAutoDelete { exchange: x.name.clone() });
        }
        if x.internal {
            w.push(Warning::ExchangeInternal { exchange: x.name.clone() });
        }
        for (k, _) in &x.arguments.0 {
            if k != "alternate-exchange" {
                w.push(Warning::ExchangeArgument {
                    exchange: x.name.clone(),
                    argument: k.to_string(),
                });
            }
        }
        d.exchanges.push(x);
    }
    for o in items(&top, "queues")? {
        if !keep(&o)? {
            continue;
        }
        let name = o.str("name")?.to_string();
        let mut arguments = o.table("arguments")?;
        let by_arg = arguments.get("x-queue-type").and_then(FieldValue::as_str).map(str::to_string);
        match (o.map.get("type").and_then(Value::as_str), by_arg) {
            (Some(t), Some(a)) if t != a => {
                return Err(ScenarioError::field(
                    format!("{}.type", o.path),
                    Problem::TypeMismatch { declared: t.to_string(), argument: a },
                ))
            }
            (Some(t), None) if t != "classic" => {
                arguments.set("x-queue-type", FieldValue::LongStr(t.into()))
            }
            _ => {}
        }
        if o.map.get("type").is_some() {
            o.str("type")?;
        }
        let q = QueueDef {
            name,
            durable: o.bool_or("durable", true)?,
            auto_delete: o.bool_or("auto_delete", false)?,
            arguments,
        };
        if q.auto_delete {
            w.push(Warning::QueueAutoDelete { queue: q.name.clone() });
        }
        if o.bool_or("exclusive", false)? {
            w.push(Warning::QueueExclusive { queue: q.name.clone() });
        }
        for (k, _) in &q.arguments.0 {
            if !SIMULATED_QUEUE_ARGS.contains(&&**k) {
                w.push(Warning::QueueArgument { queue: q.name.clone(), argument: k.to_string() });
            }
        }
        d.queues.push(q);
    }
    for o in items(&top, "bindings")? {
        if !keep(&o)? {
            continue;
        }
        let to_exchange = match o.str_or("destination_type", "queue")? {
            "queue" => false,
            "exchange" => true,
            other => {
                return Err(ScenarioError::field(
                    format!("{}.destination_type", o.path),
                    Problem::DestinationType { value: other.to_string() },
                ))
            }
        };
        d.bindings.push(BindingDef {
            source: o.str("source")?.to_string(),
            destination: o.str("destination")?.to_string(),
            to_exchange,
            routing_key: o.str_or("routing_key", "")?.to_string(),
            arguments: o.table("arguments")?,
        });
    }
    for o in items(&top, "policies")? {
        if keep(&o)? {
            let name = o.str("name")?.to_string();
            d.policies.push(policy_from(&o, name, false, &mut w)?);
        }
    }
    for o in items(&top, "operator_policies")? {
        if keep(&o)? {
            let name = o.str("name")?.to_string();
            d.policies.push(policy_from(&o, name, true, &mut w)?);
        }
    }
    for o in items(&top, "parameters")? {
        if !keep(&o)? {
            continue;
        }
        let component = o.str("component")?;
        let name = o.str("name")?.to_string();
        if component == "operator_policy" {
            let value =
                Obj::new(o.map.get("value").unwrap_or(&Value::Null), format!("{}.value", o.path))?;
            d.policies.push(policy_from(&value, name, true, &mut w)?);
        } else {
            w.push(Warning::Parameter { name, component: component.to_string() });
        }
    }
    for (vh, n) in skipped {
        w.push(Warning::OtherVhost { vhost: vh, count: n, simulated: vhost.clone() });
    }
    for b in &d.bindings {
        if let Some(x) = d.exchanges.iter().find(|x| x.name == b.source) {
            if !matches!(x.kind.as_str(), "direct" | "fanout" | "topic" | "headers") {
                w.push(Warning::BindingLeftOut {
                    source: b.source.clone(),
                    destination: b.destination.clone(),
                    routing_key: b.routing_key.clone(),
                });
            }
        }
    }
    d.warnings = w;
    crate::scenario::model::limits::check_topology(&d.topology)?;
    Ok(d)
}

fn vhosts_only_default(v: &Value) -> bool {
    v.as_array()
        .map(|a| a.iter().all(|x| x.get("name").and_then(Value::as_str) == Some("/")))
        .unwrap_or(false)
}

/// An engine holding the topology, and the declarations the broker would refuse.
pub struct Built {
    pub engine: Engine,
    /// Every refused declaration, with the broker's code and text.
    pub refused: Vec<Refusal>,
}

/// Declares what is simulated ([`Topology::simulated`]) on a fresh engine under `profile`
/// (the order `rabbitmqctl import_definitions` applies them in does not change the effective
/// settings).
pub fn build(d: &Definitions, profile: &'static Profile) -> Built {
    let mut engine = Engine::new(profile);
    let topology = d.simulated();
    let refused = topology.apply(&mut engine).iter().map(|r| topology.refusal(r)).collect();
    Built { engine, refused }
}

pub use super::settings_report::{
    effective_settings, queue_report, report_json, QueueReport, SETTING_KEYS,
};
