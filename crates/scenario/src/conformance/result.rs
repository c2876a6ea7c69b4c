//! The result JSON of a conformance replay: delivered messages and time placeholders.

use serde_json::{json, Map, Value};

use crate::engine::consumer::Delivery;
use crate::engine::message::Properties;

/// The `properties` object of a delivered message: every set property, `headers` and
/// `header_types` (timestamps still raw, as `{"$timestamp": s}`).
pub fn properties_json(p: &Properties) -> Value {
    let mut m = Map::new();
    let mut put = |k: &str, v: Option<Value>| {
        if let Some(v) = v {
            m.insert(k.to_string(), v);
        }
    };
    put("content_type", p.content_type.clone().map(Value::from));
    put("content_encoding", p.content_encoding.clone().map(Value::from));
    put("delivery_mode", p.delivery_mode.map(Value::from));
    put("priority", p.priority.map(Value::from));
    put("correlation_id", p.correlation_id.clone().map(Value::from));
    put("reply_to", p.reply_to.clone().map(Value::from));
    put("expiration", p.expiration.clone().map(Value::from));
    put("message_id", p.message_id.clone().map(Value::from));
    put("timestamp", p.timestamp.map(Value::from));
    put("type", p.kind.clone().map(Value::from));
    put("user_id", p.user_id.clone().map(Value::from));
    put("app_id", p.app_id.clone().map(Value::from));
    put("cluster_id", p.cluster_id.clone().map(Value::from));
    if !p.headers.is_empty() {
        m.insert("headers".into(), p.headers.to_json());
        m.insert("header_types".into(), p.headers.types_json());
    }
    Value::Object(m)
}

/// A delivered message in the result format.
pub fn message_json(d: &Delivery) -> Value {
    json!({
        "queue": &*d.queue,
        "body": &*d.msg.body,
        "exchange": d.msg.exchange,
        "routing_key": d.msg.delivery_key(),
        "redelivered": d.redelivered,
        "properties": properties_json(&d.msg.props),
    })
}

fn collect_timestamps(v: &Value, out: &mut Vec<u64>) {
    match v {
        Value::Object(m) => {
            if m.len() == 1 {
                if let Some(t) = m.get("$timestamp").and_then(Value::as_u64) {
                    out.push(t);
                    return;
                }
            }
            m.values().for_each(|x| collect_timestamps(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| collect_timestamps(x, out)),
        _ => {}
    }
}

fn replace_timestamps(v: &mut Value, name: &dyn Fn(u64) -> String) {
    match v {
        Value::Object(m) => {
            if m.len() == 1 {
                if let Some(t) = m.get("$timestamp").and_then(Value::as_u64) {
                    *v = Value::String(name(t));
                    return;
                }
            }
            m.values_mut().for_each(|x| replace_timestamps(x, name));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| replace_timestamps(x, name)),
        _ => {}
    }
}

/// Writes header timestamps as `"<TIME>"`, or in `ordinal` mode as `"<T0>"`, `"<T1>"`… by
/// ascending value across the whole result.
pub fn apply_time_placeholders(result: &mut Value, ordinal: bool) {
    if ordinal {
        let mut all = Vec::new();
        collect_timestamps(result, &mut all);
        all.sort_unstable();
        all.dedup();
        replace_timestamps(result, &|t| format!("<T{}>", all.binary_search(&t).unwrap_or(0)));
    } else {
        replace_timestamps(result, &|_| "<TIME>".to_string());
    }
}
