//! Judges a result against another by the rules of the recordings' `compare.py`: per step only
//! what the op is about (a confirm, a message and count, a length…), error codes not texts,
//! object key order ignored, array order kept, and `final_queues` whole.

use serde_json::{json, Value};

/// The fields compare.py looks at for one step.
pub fn step_view(step: &Value) -> Value {
    let op = step.get("op").cloned().unwrap_or(Value::Null);
    if let Some(err) = step.get("error") {
        let code = match err {
            Value::Object(m) => m.get("code").cloned().unwrap_or(Value::Null),
            _ => json!("runner"),
        };
        return json!({"op": op, "error_code": code});
    }
    let get = |k: &str| step.get(k).cloned().unwrap_or(Value::Null);
    match op.as_str().unwrap_or("") {
        "publish" => json!({"op": op, "confirm": get("confirm"), "ok": get("ok")}),
        "get" => {
            json!({"op": op, "message": get("message"), "message_count_after": get("message_count_after")})
        }
        "retry_ladder_step" => {
            json!({"op": op, "message": get("message"), "count": get("count"), "routing_key": get("routing_key"), "confirm": get("confirm")})
        }
        "queue_length" => json!({"op": op, "length": get("length")}),
        "wait_until_length" => json!({"op": op, "reached": get("reached")}),
        "log_check" => {
            json!({"op": op, "matched": step.get("matching_lines").and_then(Value::as_array).map(|a| !a.is_empty()).unwrap_or(false)})
        }
        _ => json!({"op": op, "ok": get("ok")}),
    }
}

/// Differences between an expected and an actual result, one entry each (empty: they agree).
pub fn diff(expected: &Value, actual: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let empty = Vec::new();
    let es = expected["steps"].as_array().unwrap_or(&empty);
    let acts = actual["steps"].as_array().unwrap_or(&empty);
    if es.len() != acts.len() {
        out.push(format!("steps: expected {}, got {}", es.len(), acts.len()));
    }
    for (i, (e, a)) in es.iter().zip(acts).enumerate() {
        let (ev, av) = (step_view(e), step_view(a));
        if ev != av {
            out.push(format!("step {i} ({}): expected {ev}\n    got {av}", e["op"]));
        }
    }
    let (eq, aq) = (&expected["final_queues"], &actual["final_queues"]);
    let mut names: Vec<String> =
        eq.as_object().into_iter().chain(aq.as_object()).flat_map(|m| m.keys().cloned()).collect();
    names.sort();
    names.dedup();
    for q in names {
        if eq.get(&q) != aq.get(&q) {
            out.push(format!(
                "final_queues[{q}]: expected {}\n    got {}",
                eq.get(&q).unwrap_or(&Value::Null),
                aq.get(&q).unwrap_or(&Value::Null)
            ));
        }
    }
    out
}
