//! Each queue's effective settings as a report: per setting, the value the broker applies
//! and where it came from (argument, policy, operator policy or default), as
//! `dlx-lab definitions` prints it and the import panel shows it.

use serde_json::{json, Map, Value};

use crate::engine::headers::FieldTable;
use crate::engine::settings::{Effective, QueueKind, Source, Sourced};
use crate::engine::Engine;
use crate::scenario::definitions::file::SIMULATED_POLICY_KEYS;
use crate::scenario::definitions::Definitions;

/// The keys the effective-settings report lists, in order: the policy keys the engine
/// simulates, then the queue's type.
pub const SETTING_KEYS: [&str; 10] = {
    let mut keys = ["queue-type"; 10];
    let mut i = 0;
    while i < SIMULATED_POLICY_KEYS.len() {
        keys[i] = SIMULATED_POLICY_KEYS[i];
        i += 1;
    }
    keys
};

/// One queue's effective settings: per key of [`SETTING_KEYS`], the value (`None`: not set)
/// and where it came from (`argument`, `policy:NAME`, `operator-policy:NAME`, `default`).
#[derive(Debug, Clone, PartialEq)]
pub struct QueueReport {
    pub name: String,
    pub settings: Vec<(&'static str, Option<(Value, String)>)>,
}

impl QueueReport {
    /// The value and source of one key.
    pub fn get(&self, key: &str) -> Option<&(Value, String)> {
        self.settings.iter().find(|(k, _)| *k == key).and_then(|(_, v)| v.as_ref())
    }
}

fn sourced<T>(s: &Option<Sourced<T>>, f: impl Fn(&T) -> Value) -> Option<(Value, String)> {
    s.as_ref().map(|s| (f(&s.value), s.source.to_string()))
}

/// The report for one queue's merged settings.
pub fn queue_report(
    name: &str,
    kind: QueueKind,
    arguments: &FieldTable,
    eff: &Effective,
) -> QueueReport {
    let quorum = kind == QueueKind::Quorum;
    let default = |v: Value| Some((v, Source::Default.to_string()));
    let overflow =
        sourced(&eff.overflow, |o| json!(o.as_str())).or_else(|| default(json!("drop-head")));
    let strategy = if quorum {
        sourced(&eff.at_least_once, |b| json!(if *b { "at-least-once" } else { "at-most-once" }))
            .or_else(|| default(json!("at-most-once")))
    } else {
        None
    };
    let queue_type = Some((
        json!(kind.as_str()),
        if arguments.get("x-queue-type").is_some() { "argument" } else { "default" }.to_string(),
    ));
    QueueReport {
        name: name.to_string(),
        settings: vec![
            ("dead-letter-exchange", sourced(&eff.dead_letter_exchange, |s| json!(s))),
            ("dead-letter-routing-key", sourced(&eff.dead_letter_routing_key, |s| json!(s))),
            ("message-ttl", sourced(&eff.message_ttl_ms, |n| json!(n))),
            ("expires", sourced(&eff.expires_ms, |n| json!(n))),
            ("max-length", sourced(&eff.max_length, |n| json!(n))),
            ("max-length-bytes", sourced(&eff.max_length_bytes, |n| json!(n))),
            ("overflow", overflow),
            ("delivery-limit", sourced(&eff.delivery_limit, |n| json!(n))),
            ("dead-letter-strategy", strategy),
            ("queue-type", queue_type),
        ],
    }
}

/// Every declared queue's report, in the file's order.
pub fn effective_settings(d: &Definitions, engine: &Engine) -> Vec<QueueReport> {
    d.queues
        .iter()
        .filter_map(|q| {
            engine
                .queue(&q.name)
                .map(|eq| queue_report(&q.name, eq.kind, &eq.arguments, &eq.effective))
        })
        .collect()
}

/// `{"queues":[{"name","effective":{key: value|null},"source":{key: "argument"|"policy:NAME"|…}}]}`.
pub fn report_json(reports: &[QueueReport]) -> Value {
    let queues: Vec<Value> = reports
        .iter()
        .map(|r| {
            let (mut eff, mut src) = (Map::new(), Map::new());
            for (k, v) in &r.settings {
                eff.insert(
                    k.to_string(),
                    v.as_ref().map(|(v, _)| v.clone()).unwrap_or(Value::Null),
                );
                if let Some((_, s)) = v {
                    src.insert(k.to_string(), json!(s));
                }
            }
            json!({"name": r.name, "effective": eff, "source": src})
        })
        .collect();
    json!({ "queues": queues })
}
