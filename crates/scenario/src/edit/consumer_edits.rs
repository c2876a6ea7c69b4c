//! The edits of a consumer: its behaviour's kind and fields (how long it works, whether it
//! requeues, a retry router's attempts and keys), and its prefetch. The behaviour is then read
//! as a load reads it, so a field the kind does not take, or a kind missing a field it needs,
//! is named.

use serde_json::{Map, Value};

use super::{list, EditError};
use crate::scenario::model::behaviour::behaviour;

/// Behaviour kinds a form offers.
pub const KINDS: [&str; 7] =
    ["ack", "reject", "fail_then_succeed", "fail_percent", "retry_router", "crash_after", "manual"];

/// Behaviour fields that hold a whole number.
const NUMBERS: [&str; 6] =
    ["work_ms", "failures", "percent", "max_attempts", "deliveries", "prefetch"];
/// Behaviour fields that hold a name or a key.
const WORDS: [&str; 3] = ["parking_exchange", "parking_routing_key", "retry_exchange"];

/// Sets `field` of the consumer at `index` from a form's `text` (empty: removed).
pub fn set_consumer(
    root: &mut Map<String, Value>,
    index: usize,
    field: &str,
    text: &str,
) -> Result<(), EditError> {
    let consumer = list(root, "consumers")?
        .get_mut(index)
        .and_then(Value::as_object_mut)
        .ok_or_else(|| EditError::Unknown { what: "consumer", name: index.to_string() })?;
    let text = text.trim();
    let value = match field {
        "kind" if KINDS.contains(&text) => Some(Value::from(text)),
        "kind" => {
            return Err(EditError::NotAChoice {
                field: field.into(),
                text: text.into(),
                choices: KINDS.join(", "),
            })
        }
        "requeue" => match text {
            "" => None,
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => {
                return Err(EditError::NotAChoice {
                    field: field.into(),
                    text: text.into(),
                    choices: "true, false".into(),
                })
            }
        },
        "retry_keys" => {
            let keys: Vec<Value> =
                text.split(',').map(str::trim).filter(|k| !k.is_empty()).map(Value::from).collect();
            (!keys.is_empty()).then_some(Value::Array(keys))
        }
        f if NUMBERS.contains(&f) => match text {
            "" => None,
            t => Some(Value::from(
                t.parse::<u64>()
                    .map_err(|_| EditError::NotANumber { field: field.into(), text: t.into() })?,
            )),
        },
        f if WORDS.contains(&f) => (!text.is_empty()).then(|| Value::from(text)),
        _ => return Err(EditError::Unknown { what: "field", name: field.into() }),
    };
    if field == "prefetch" {
        match value {
            Some(v) => consumer.insert("prefetch".into(), v),
            None => consumer.remove("prefetch"),
        };
        return Ok(());
    }
    let b = consumer
        .entry("behaviour")
        .or_insert_with(|| serde_json::json!({"kind": "ack"}))
        .as_object_mut()
        .ok_or(EditError::NotAnObject)?;
    match value {
        Some(v) => b.insert(field.to_string(), v),
        None => b.remove(field),
    };
    let b = Value::Object(b.clone());
    behaviour(&b, "behaviour").map_err(|e| EditError::Scenario { reason: e.to_string() })?;
    Ok(())
}
