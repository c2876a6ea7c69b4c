//! Reads a consumer's `behaviour` object (its `kind` and that kind's fields), naming the field
//! that is wrong.

use serde_json::Value;

use super::error::{Decode, Problem, ScenarioError};
use super::json::Obj;
use super::problem::{DecodeKind, BEHAVIOUR_KINDS};
use crate::scenario::clients::scripted_consumer::Behaviour;

/// A `behaviour` problem in serde's words (what the field reader cannot say itself).
fn decode(path: &str, kind: DecodeKind, text: String) -> ScenarioError {
    ScenarioError::field(path.to_string(), Problem::Behaviour(Decode { kind, text }))
}

/// Reads the behaviour at `path` (`{"kind": "reject", "requeue": true, …}`).
pub fn behaviour(v: &Value, path: &str) -> Result<Behaviour, ScenarioError> {
    let o = Obj::new(v, path)?;
    let kind = match o.map.get("kind") {
        Some(Value::String(k)) => k.as_str(),
        Some(_) => {
            return Err(decode(path, DecodeKind::Other, "the field `kind` must be a string".into()))
        }
        None => {
            return Err(decode(
                path,
                DecodeKind::MissingField { name: "kind".into() },
                "missing field `kind`".into(),
            ))
        }
    };
    let work_ms = o.u64_or("work_ms", 0)?;
    let requeue = o.bool_or("requeue", false)?;
    let count = |key: &str| -> Result<u32, ScenarioError> {
        let n = o.u64(key)?;
        u32::try_from(n).map_err(|_| {
            decode(
                &format!("{path}.{key}"),
                DecodeKind::InvalidValue { value: n.to_string(), expected: "u32".into() },
                format!("invalid value: integer `{n}`, expected u32"),
            )
        })
    };
    Ok(match kind {
        "manual" => Behaviour::Manual,
        "ack" => Behaviour::Ack { work_ms },
        "reject" => Behaviour::Reject { work_ms, requeue },
        "fail_then_succeed" => {
            Behaviour::FailThenSucceed { failures: count("failures")?, work_ms, requeue }
        }
        "fail_percent" => Behaviour::FailPercent { percent: count("percent")?, work_ms, requeue },
        "retry_router" => Behaviour::RetryRouter {
            max_attempts: count("max_attempts")?,
            parking_exchange: o.str("parking_exchange")?.to_string(),
            parking_routing_key: o.str_or("parking_routing_key", "")?.to_string(),
            retry_exchange: o.str_or("retry_exchange", "")?.to_string(),
            retry_keys: o.strings("retry_keys")?,
            work_ms,
        },
        "crash_after" => Behaviour::CrashAfter { deliveries: count("deliveries")?, work_ms },
        other => {
            let expected = BEHAVIOUR_KINDS
                .split(", ")
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ");
            let text = format!("unknown variant `{other}`, expected one of {expected}");
            return Err(decode(
                path,
                DecodeKind::UnknownVariant { value: other.to_string(), expected },
                text,
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_kind_reads_with_its_defaults() {
        let b = |v: Value| behaviour(&v, "$.b").unwrap();
        assert_eq!(b(json!({"kind": "manual"})), Behaviour::Manual);
        assert_eq!(
            b(json!({"kind": "reject", "requeue": true})),
            Behaviour::Reject { work_ms: 0, requeue: true }
        );
        assert_eq!(
            b(json!({"kind": "fail_then_succeed", "failures": 2, "work_ms": 5})),
            Behaviour::FailThenSucceed { failures: 2, work_ms: 5, requeue: false }
        );
        assert_eq!(
            b(
                json!({"kind": "retry_router", "max_attempts": 3, "parking_exchange": "park", "retry_keys": ["1s", "10s"]})
            ),
            Behaviour::RetryRouter {
                max_attempts: 3,
                parking_exchange: "park".into(),
                parking_routing_key: String::new(),
                retry_exchange: String::new(),
                retry_keys: vec!["1s".into(), "10s".into()],
                work_ms: 0
            }
        );
        assert_eq!(
            b(json!({"kind": "crash_after", "deliveries": 1})),
            Behaviour::CrashAfter { deliveries: 1, work_ms: 0 }
        );
    }

    #[test]
    fn mistakes_name_the_field() {
        let e = |v: Value| behaviour(&v, "$.b").unwrap_err().to_string();
        assert!(
            e(json!({"kind": "dance"}))
                .starts_with("$.b: unknown variant `dance`, expected one of `manual`, `ack`"),
            "{}",
            e(json!({"kind": "dance"}))
        );
        assert!(e(json!({"requeue": true})).contains("missing field `kind`"));
        assert!(e(json!({"kind": "fail_percent"})).starts_with("$.b.percent"));
        assert!(e(json!({"kind": "fail_percent", "percent": -3})).starts_with("$.b.percent"));
        assert!(e(json!({"kind": "crash_after", "deliveries": 5_000_000_000u64}))
            .starts_with("$.b.deliveries"));
        assert!(e(json!({"kind": "retry_router", "max_attempts": 1}))
            .starts_with("$.b.parking_exchange"));
        assert!(e(json!("reject")).starts_with("$.b"));
    }
}
