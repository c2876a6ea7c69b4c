//! The edits of the clients: a publisher's exchange, routing key, body, count, pace, start,
//! per-message TTL (`expiration`) and headers; adding and removing publishers and consumers.

use serde_json::{json, Map, Value};

use super::consumer_edits::KINDS;
use super::topology_edits::pairs;
use super::{list, name_of, EditError};

/// Publisher fields that hold a whole number.
const NUMBERS: [&str; 3] = ["count", "every_ms", "start_ms"];

/// Adds a publisher of `count` messages, one every `every_ms`, with a per-message TTL when
/// `expiration_ms` is not empty.
pub fn add_publisher(
    root: &mut Map<String, Value>,
    exchange: &str,
    routing_key: &str,
    count: &str,
    every_ms: &str,
) -> Result<(), EditError> {
    let mut p = Map::new();
    p.insert("exchange".into(), Value::from(exchange.trim()));
    p.insert("routing_key".into(), Value::from(routing_key));
    p.insert("count".into(), Value::from(number("count", count)?.unwrap_or(1)));
    p.insert("every_ms".into(), Value::from(number("every_ms", every_ms)?.unwrap_or(1000)));
    list(root, "publishers")?.push(Value::Object(p));
    Ok(())
}

/// Adds a consumer of `queue` with the behaviour `kind` (its defaults).
pub fn add_consumer(
    root: &mut Map<String, Value>,
    queue: &str,
    kind: &str,
) -> Result<(), EditError> {
    let queue = name_of("queue", queue)?;
    if !KINDS.contains(&kind) {
        return Err(EditError::NotAChoice {
            field: "kind".into(),
            text: kind.into(),
            choices: KINDS.join(", "),
        });
    }
    let known = list(root, "queues")?
        .iter()
        .any(|q| q.get("name").and_then(Value::as_str) == Some(queue.as_str()));
    if !known {
        return Err(EditError::Unknown { what: "queue", name: queue });
    }
    let behaviour = match kind {
        "fail_then_succeed" => json!({"kind": kind, "failures": 1}),
        "fail_percent" => json!({"kind": kind, "percent": 50}),
        "crash_after" => json!({"kind": kind, "deliveries": 1}),
        "retry_router" => json!({"kind": kind, "max_attempts": 3, "parking_exchange": ""}),
        _ => json!({"kind": kind}),
    };
    list(root, "consumers")?.push(json!({"queue": queue, "prefetch": 1, "behaviour": behaviour}));
    Ok(())
}

/// Removes the item at `index` of the list `key` (`publishers`, `consumers`).
pub fn remove_at(root: &mut Map<String, Value>, key: &str, index: usize) -> Result<(), EditError> {
    let items = list(root, key)?;
    if index >= items.len() {
        return Err(EditError::Unknown { what: "client", name: index.to_string() });
    }
    items.remove(index);
    Ok(())
}

/// Sets `field` of the publisher at `index` from a form's `text`.
pub fn set_publisher(
    root: &mut Map<String, Value>,
    index: usize,
    field: &str,
    text: &str,
) -> Result<(), EditError> {
    let p = list(root, "publishers")?
        .get_mut(index)
        .and_then(Value::as_object_mut)
        .ok_or_else(|| EditError::Unknown { what: "publisher", name: index.to_string() })?;
    match field {
        "exchange" | "routing_key" | "body" => {
            p.insert(field.into(), Value::from(text));
        }
        f if NUMBERS.contains(&f) => match number(f, text)? {
            Some(n) => {
                p.insert(f.into(), Value::from(n));
            }
            None => {
                p.remove(f);
            }
        },
        // A per-message TTL: the `expiration` property, milliseconds as a string.
        "expiration" => {
            let props = props(p)?;
            match number("expiration", text)? {
                Some(n) => props.insert("expiration".into(), Value::from(n.to_string())),
                None => props.remove("expiration"),
            };
        }
        // Headers as `name=value` pairs separated by commas.
        "headers" => {
            let headers = pairs("headers", text)?;
            let props = props(p)?;
            if headers.is_empty() {
                props.remove("headers");
            } else {
                props.insert("headers".into(), Value::Object(headers));
            }
        }
        _ => return Err(EditError::Unknown { what: "field", name: field.into() }),
    }
    Ok(())
}

/// A publisher's `properties` object (made when missing).
fn props(p: &mut Map<String, Value>) -> Result<&mut Map<String, Value>, EditError> {
    p.entry("properties")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or(EditError::NotAnObject)
}

/// A whole number from a form (`None` when empty).
fn number(field: &str, text: &str) -> Result<Option<u64>, EditError> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse::<u64>()
            .map(Some)
            .map_err(|_| EditError::NotANumber { field: field.into(), text: t.into() }),
    }
}

/// A form's text for a publisher field.
pub fn publisher_text(p: &Value, field: &str) -> String {
    let v = match field {
        "expiration" => &p["properties"]["expiration"],
        "headers" => {
            return p["properties"]["headers"]
                .as_object()
                .map(|h| {
                    h.iter()
                        .map(|(k, v)| {
                            format!("{k}={}", v.as_str().map_or(v.to_string(), str::to_string))
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default()
        }
        f => &p[f],
    };
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
