//! Definitions files to playground scenarios and back: the topology of a parsed
//! [`Definitions`] as a scenario (format v1, no actors), and a scenario's topology as
//! [`Definitions`] for export. Pure: no IO, no clock.

use serde_json::{json, Value};

use super::definitions::{
    binding_subject, BindingDef, Definitions, ExchangeDef, PolicyDef, QueueDef,
};
use super::error::ScenarioError;
use super::json::Obj;
use super::warnings::{Refusal, Subject, Warning};
use crate::engine::profile::Profile;
use crate::engine::Engine;

/// A scenario made from a definitions file, and what was read but is not simulated.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// Scenario JSON (format v1): exchanges, queues, bindings and policies; no actors.
    pub json: Value,
    /// The profile the file's broker version selects.
    pub profile: &'static Profile,
    /// The file's warnings, then every declaration the broker would refuse (left out).
    pub warnings: Vec<Warning>,
}

/// `rabbitmq-3.10` for a 3.x file, else `rabbitmq-4` (what `dlx-lab definitions` picks).
pub fn profile_for(d: &Definitions) -> &'static Profile {
    let name = match d.rabbitmq_version.as_deref() {
        Some(v) if v.starts_with("3.") => "rabbitmq-3.10",
        _ => "rabbitmq-4",
    };
    Profile::by_name(name).unwrap_or_default()
}

fn simulated(kind: &str) -> bool {
    matches!(kind, "direct" | "fanout" | "topic" | "headers")
}

/// The topology of `d` as a scenario titled `title`. Declarations go through a scratch engine
/// in the order [`super::run::Run::new`] uses, so the scenario always runs: whatever the
/// broker would refuse is left out and listed in the warnings.
pub fn scenario_from_definitions(d: &Definitions, title: &str) -> Imported {
    let profile = profile_for(d);
    let mut e = Engine::new(profile, 1);
    let mut warnings = d.warnings.clone();
    let (mut xs, mut qs, mut bs, mut ps) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for x in d
        .exchanges
        .iter()
        .filter(|x| simulated(&x.kind) && !x.name.is_empty() && !x.name.starts_with("amq."))
    {
        match e.declare_exchange(&x.name, &x.kind, x.durable, x.auto_delete, x.arguments.clone()) {
            Ok(_) => xs.push(json!({"name": x.name, "type": x.kind, "durable": x.durable, "auto_delete": x.auto_delete, "arguments": x.arguments.to_json()})),
            Err(err) => warnings.push(Warning::Refused(Refusal { subject: Subject::Exchange(x.name.clone()), error: err.to_string() })),
        }
    }
    for q in &d.queues {
        match e.declare_queue(&q.name, q.durable, q.arguments.clone()) {
            Ok(_) => qs.push(
                json!({"name": q.name, "durable": q.durable, "arguments": q.arguments.to_json()}),
            ),
            Err(err) => warnings.push(Warning::Refused(Refusal {
                subject: Subject::Queue(q.name.clone()),
                error: err.to_string(),
            })),
        }
    }
    for b in &d.bindings {
        if !d
            .exchanges
            .iter()
            .find(|x| x.name == b.source)
            .map(|x| simulated(&x.kind))
            .unwrap_or(true)
        {
            continue;
        }
        let (r, dest) = if b.to_exchange {
            (
                e.bind_exchange(&b.destination, &b.source, &b.routing_key, b.arguments.clone()),
                "to_exchange",
            )
        } else {
            (e.bind_queue(&b.destination, &b.source, &b.routing_key, b.arguments.clone()), "queue")
        };
        match r {
            Ok(_) => bs.push(json!({"exchange": b.source, dest: b.destination, "routing_key": b.routing_key, "arguments": b.arguments.to_json()})),
            Err(err) => warnings.push(Warning::Refused(Refusal { subject: binding_subject(b), error: err.to_string() })),
        }
    }
    for p in &d.policies {
        match e.set_policy(&p.name, &p.pattern, p.definition.clone(), p.priority, &p.apply_to, p.operator) {
            Ok(_) => ps.push(json!({"name": p.name, "pattern": p.pattern, "definition": p.definition.to_json(), "priority": p.priority,
                                    "apply_to": p.apply_to, "operator": p.operator})),
            Err(err) => warnings.push(Warning::Refused(Refusal { subject: Subject::Policy { name: p.name.clone(), operator: p.operator }, error: err.to_string() })),
        }
    }
    let json = json!({
        "version": 1, "id": "imported-definitions", "title": title, "profile": profile.name, "seed": 1, "duration_ms": 60_000,
        "exchanges": xs, "queues": qs, "bindings": bs, "policies": ps,
        "publishers": [], "consumers": [], "timeline": [],
    });
    Imported { json, profile, warnings }
}

/// The topology of a scenario (its exchanges, queues, bindings and policies) as definitions,
/// for export and lints. The broker version follows the scenario's profile.
pub fn definitions_from_scenario(json: &Value) -> Result<Definitions, ScenarioError> {
    let o = Obj::new(json, "$")?;
    let version = match o.str_or("profile", "rabbitmq-4")? {
        "rabbitmq-3.10" => "3.10.8",
        _ => "4.0.5",
    };
    let mut d =
        Definitions { rabbitmq_version: Some(version.to_string()), ..Definitions::default() };
    let list = |key: &str| -> Result<Vec<Obj>, ScenarioError> {
        json.get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(i, v)| Obj::new(v, format!("$.{key}[{i}]")))
            .collect()
    };
    for x in list("exchanges")? {
        d.exchanges.push(ExchangeDef {
            name: x.str("name")?.to_string(),
            kind: x.str_or("type", "direct")?.to_string(),
            durable: x.bool_or("durable", true)?,
            auto_delete: x.bool_or("auto_delete", false)?,
            internal: false,
            arguments: x.table("arguments")?,
        });
    }
    for q in list("queues")? {
        d.queues.push(QueueDef {
            name: q.str("name")?.to_string(),
            durable: q.bool_or("durable", true)?,
            auto_delete: false,
            arguments: q.table("arguments")?,
        });
    }
    for b in list("bindings")? {
        let to_exchange = b.map.get("to_exchange").is_some();
        d.bindings.push(BindingDef {
            source: b.str("exchange")?.to_string(),
            destination: if to_exchange { b.str("to_exchange")? } else { b.str("queue")? }
                .to_string(),
            to_exchange,
            routing_key: b.str_or("routing_key", "")?.to_string(),
            arguments: b.table("arguments")?,
        });
    }
    for p in list("policies")? {
        d.policies.push(PolicyDef {
            name: p.str("name")?.to_string(),
            pattern: p.str("pattern")?.to_string(),
            apply_to: p.str_or("apply_to", "queues")?.to_string(),
            priority: p.i64_or("priority", 0)?,
            definition: p.table("definition")?,
            operator: p.bool_or("operator", false)?,
        });
    }
    Ok(d)
}
