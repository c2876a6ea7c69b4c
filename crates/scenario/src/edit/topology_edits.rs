//! The edits of the topology: exchanges, queues and their arguments, bindings and policies,
//! each checked as `exchange.declare`, `queue.declare` and `queue.bind` would check it.

use serde_json::{json, Map, Value};

use super::queue_args::{read_arg, spec, ArgSpec};
use super::{list, name_of, named, Edit, EditError};
use crate::engine::topology::check_queue_args;
use crate::engine::{FieldTable, Profile, RABBITMQ_4};

/// The exchange types a form offers.
pub const EXCHANGE_TYPES: [&str; 4] = ["direct", "fanout", "topic", "headers"];

/// Policy keys a form offers, each read like the queue argument it stands for.
pub const POLICY_KEYS: [(&str, &str); 8] = [
    ("dead-letter-exchange", "x-dead-letter-exchange"),
    ("dead-letter-routing-key", "x-dead-letter-routing-key"),
    ("message-ttl", "x-message-ttl"),
    ("expires", "x-expires"),
    ("max-length", "x-max-length"),
    ("max-length-bytes", "x-max-length-bytes"),
    ("overflow", "x-overflow"),
    ("delivery-limit", "x-delivery-limit"),
];

/// Makes a topology edit in the scenario's object.
pub fn apply_topology(root: &mut Map<String, Value>, edit: &Edit) -> Result<(), EditError> {
    let profile = profile_of(root);
    match edit {
        Edit::AddExchange { name, kind } => {
            let name = name_of("name", name)?;
            if !EXCHANGE_TYPES.contains(&kind.as_str()) {
                return Err(EditError::NotAChoice {
                    field: "type".into(),
                    text: kind.clone(),
                    choices: EXCHANGE_TYPES.join(", "),
                });
            }
            let exchanges = list(root, "exchanges")?;
            if name.starts_with("amq.") || exchanges.iter().any(|x| named(x) == name) {
                return Err(EditError::Exists { what: "exchange", name });
            }
            exchanges.push(json!({"name": name, "type": kind}));
        }
        Edit::AddQueue { name, arguments } => {
            let name = name_of("name", name)?;
            if list(root, "queues")?.iter().any(|q| named(q) == name) {
                return Err(EditError::Exists { what: "queue", name });
            }
            let mut args = Map::new();
            for (key, text) in arguments {
                let s = spec(key).ok_or_else(|| unknown_arg(key))?;
                if let Some(v) = read_arg(s, text)? {
                    args.insert(key.clone(), v);
                }
            }
            check_args(&name, true, &args, profile)?;
            list(root, "queues")?.push(json!({"name": name, "arguments": args}));
        }
        Edit::SetQueueArgument { queue, key, text } => {
            let s = spec(key).ok_or_else(|| unknown_arg(key))?;
            let value = read_arg(s, text)?;
            let q = list(root, "queues")?
                .iter_mut()
                .find(|q| named(q) == queue)
                .ok_or_else(|| EditError::Unknown { what: "queue", name: queue.clone() })?;
            let durable = q.get("durable").and_then(Value::as_bool).unwrap_or(true);
            let obj = q.as_object_mut().ok_or(EditError::NotAnObject)?;
            let args = obj
                .entry("arguments")
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .ok_or(EditError::NotAnObject)?;
            match value {
                Some(v) => args.insert(key.clone(), v),
                None => args.remove(key),
            };
            let args = args.clone();
            check_args(queue, durable, &args, profile)?;
        }
        Edit::AddBinding { exchange, queue, routing_key, arguments } => {
            let exchange = name_of("exchange", exchange)?;
            let queue = name_of("queue", queue)?;
            let known =
                |l: &str, n: &str, root: &mut Map<String, Value>| -> Result<bool, EditError> {
                    Ok(list(root, l)?.iter().any(|x| named(x) == n))
                };
            if !known("exchanges", &exchange, root)? {
                return Err(EditError::Unknown { what: "exchange", name: exchange });
            }
            if !known("queues", &queue, root)? {
                return Err(EditError::Unknown { what: "queue", name: queue });
            }
            let mut binding =
                json!({"exchange": exchange, "queue": queue, "routing_key": routing_key});
            let args = pairs("arguments", arguments)?;
            if !args.is_empty() {
                binding["arguments"] = Value::Object(args);
            }
            let bindings = list(root, "bindings")?;
            if bindings.contains(&binding) {
                return Err(EditError::Exists {
                    what: "binding",
                    name: format!("{exchange} → {queue}"),
                });
            }
            bindings.push(binding);
        }
        Edit::SetBindingKey { index, routing_key } => {
            let b = list(root, "bindings")?
                .get_mut(*index)
                .and_then(Value::as_object_mut)
                .ok_or_else(|| EditError::Unknown { what: "binding", name: index.to_string() })?;
            b.insert("routing_key".into(), Value::from(routing_key.as_str()));
        }
        Edit::RemoveBinding { index } => {
            let bindings = list(root, "bindings")?;
            if *index >= bindings.len() {
                return Err(EditError::Unknown { what: "binding", name: index.to_string() });
            }
            bindings.remove(*index);
        }
        Edit::RemoveQueue { name } => {
            let queues = list(root, "queues")?;
            let before = queues.len();
            queues.retain(|q| named(q) != name);
            if queues.len() == before {
                return Err(EditError::Unknown { what: "queue", name: name.clone() });
            }
            let of = |v: &Value| v.get("queue").and_then(Value::as_str) == Some(name.as_str());
            list(root, "bindings")?.retain(|b| !of(b));
            list(root, "consumers")?.retain(|c| !of(c));
        }
        Edit::RemoveExchange { name } => {
            let exchanges = list(root, "exchanges")?;
            let before = exchanges.len();
            exchanges.retain(|x| named(x) != name);
            if exchanges.len() == before {
                return Err(EditError::Unknown { what: "exchange", name: name.clone() });
            }
            let of = |v: &Value| v.get("exchange").and_then(Value::as_str) == Some(name.as_str());
            list(root, "bindings")?.retain(|b| !of(b));
        }
        Edit::RemovePolicy { name } => {
            let policies = list(root, "policies")?;
            let before = policies.len();
            policies.retain(|p| named(p) != name);
            if policies.len() == before {
                return Err(EditError::Unknown { what: "policy", name: name.clone() });
            }
        }
        Edit::AddPolicy { name, pattern, apply_to, priority, definition } => {
            let name = name_of("name", name)?;
            let pattern = name_of("pattern", pattern)?;
            if !["queues", "exchanges", "all"].contains(&apply_to.as_str()) {
                return Err(EditError::NotAChoice {
                    field: "apply_to".into(),
                    text: apply_to.clone(),
                    choices: "queues, exchanges, all".into(),
                });
            }
            let priority: i64 = match priority.trim() {
                "" => 0,
                p => p.parse().map_err(|_| EditError::NotANumber {
                    field: "priority".into(),
                    text: p.into(),
                })?,
            };
            let mut def = Map::new();
            for (key, text) in definition {
                let arg = POLICY_KEYS
                    .iter()
                    .find(|(k, _)| k == key)
                    .and_then(|(_, a)| spec(a))
                    .ok_or_else(|| unknown_arg(key))?;
                let named_spec = ArgSpec { key: policy_key(key), ..*arg };
                if let Some(v) = read_arg(&named_spec, text)? {
                    def.insert(key.clone(), v);
                }
            }
            if def.is_empty() {
                return Err(EditError::Empty { field: "definition".into() });
            }
            let policies = list(root, "policies")?;
            if policies.iter().any(|p| named(p) == name) {
                return Err(EditError::Exists { what: "policy", name });
            }
            policies.push(json!({"name": name, "pattern": pattern, "apply_to": apply_to,
                "priority": priority, "definition": def}));
        }
        // The clients' edits are made in consumer_edits and publisher_edits.
        _ => return Err(EditError::Unknown { what: "edit", name: format!("{edit:?}") }),
    }
    Ok(())
}

/// `name=value` pairs separated by commas, as a JSON object of strings (empty text: none).
pub fn pairs(field: &str, text: &str) -> Result<Map<String, Value>, EditError> {
    let mut out = Map::new();
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').ok_or_else(|| EditError::NotAChoice {
            field: field.into(),
            text: pair.into(),
            choices: "name=value".into(),
        })?;
        out.insert(name_of(field, k)?, Value::from(v.trim()));
    }
    Ok(out)
}

/// A policy key as a `'static` field name (the keys are the constants above).
fn policy_key(key: &str) -> &'static str {
    POLICY_KEYS.iter().find(|(k, _)| *k == key).map_or("definition", |(k, _)| k)
}

fn unknown_arg(key: &str) -> EditError {
    EditError::Unknown { what: "argument", name: key.to_string() }
}

/// The profile the scenario names (the default one when it names none it knows).
fn profile_of(root: &Map<String, Value>) -> &'static Profile {
    root.get("profile")
        .and_then(Value::as_str)
        .and_then(|p| Profile::by_name(p).ok())
        .unwrap_or(&RABBITMQ_4)
}

/// Checks a queue's arguments as `queue.declare` does, naming the argument it refuses.
fn check_args(
    name: &str,
    durable: bool,
    args: &Map<String, Value>,
    profile: &Profile,
) -> Result<(), EditError> {
    let table = FieldTable::from_json_map(args, "arguments", 0)
        .map_err(|e| EditError::Broker { field: "arguments".into(), reason: e.to_string() })?;
    check_queue_args(name, durable, &table, profile).map(|_| ()).map_err(|e| {
        let reason = e.to_string();
        // The broker's text names the argument: `invalid arg 'x-…' for queue …`.
        let field = reason
            .split('\'')
            .nth(1)
            .filter(|k| k.starts_with("x-"))
            .unwrap_or("arguments")
            .to_string();
        EditError::Broker { field, reason }
    })
}
