//! A stress scenario for measuring frame time: 20 queues behind one fanout exchange, a steady
//! stream of publishes, slow consumers and a TTL, so about a thousand messages move at once.

use serde_json::{json, Value};

/// The stress scenario as JSON.
pub fn stress_scenario() -> Value {
    let queues: Vec<Value> = (0..20)
        .map(|i| json!({"name": format!("work.{i:02}"), "arguments": {"x-dead-letter-exchange": "dlx", "x-message-ttl": 400 + 10 * i}}))
        .chain(std::iter::once(json!({"name": "dlq", "arguments": {}})))
        .collect();
    let mut bindings: Vec<Value> = (0..20)
        .map(|i| json!({"exchange": "in", "queue": format!("work.{i:02}"), "routing_key": ""}))
        .collect();
    bindings.push(json!({"exchange": "dlx", "queue": "dlq", "routing_key": ""}));
    let consumers: Vec<Value> = (0..20)
        .map(|i| json!({"queue": format!("work.{i:02}"), "prefetch": 5, "behaviour": {"kind": "fail_percent", "percent": 30, "work_ms": 120}, "start_ms": 0}))
        .chain(std::iter::once(json!({"queue": "dlq", "prefetch": 50, "behaviour": {"kind": "ack", "work_ms": 10}})))
        .collect();
    json!({
        "version": 1, "id": "stress", "title": "Stress", "description": "", "teaches": "",
        "profile": "rabbitmq-4", "seed": 1, "duration_ms": 20000,
        "exchanges": [{"name": "in", "type": "fanout"}, {"name": "dlx", "type": "fanout"}],
        "queues": queues, "bindings": bindings,
        "publishers": [{"exchange": "in", "routing_key": "", "every_ms": 10, "count": 2000, "start_ms": 0}],
        "consumers": consumers
    })
}
