//! The goal as the exercise builder's forms edit it: a list of parts, each a predicate the
//! checker understands with its fields as text, turned into goal JSON (`{"all": [...]}`) and
//! read back from it. Which predicates there are depends on the system: the broker's are
//! checked on the event log, the other systems' on their trace.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// What a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    Text,
    /// A whole number (empty: left out).
    Number,
    /// One of these words (empty: left out).
    Choice(&'static [&'static str]),
}

/// One field of a predicate. A `.` in the name writes it into an object (`attempts.at_most`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: FieldKind,
}

/// One predicate the checker understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PredicateSpec {
    /// The goal key (`message`, `no_duplicates`…).
    pub id: &'static str,
    /// Its fields (none: the predicate is `true`).
    pub fields: &'static [FieldSpec],
}

const fn text(name: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Text }
}
const fn number(name: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Number }
}
const fn choice(name: &'static str, of: &'static [&'static str]) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Choice(of) }
}

const REASONS: &[&str] = &["rejected", "expired", "maxlen", "delivery_limit"];
const YES_NO: &[&str] = &["true", "false"];
const DROPS: &[&str] = &[
    "unroutable",
    "no_dead_letter_exchange",
    "dead_letter_exchange_missing",
    "no_dead_letter_route",
    "cycle",
    "target_refused",
    "queue_gone",
    "strategy_switched",
];
const EVENTS: &[&str] = &[
    "published",
    "enqueued",
    "delivered",
    "acked",
    "requeued",
    "retry_delayed",
    "died",
    "dead_lettered",
    "held_for_dead_letter",
    "dropped",
    "confirmed",
    "returned",
];
const FATES: &[&str] = &["completed", "dead_lettered", "skipped", "lost", "in_flight"];

/// The broker's predicates (checked on the event log).
pub const BROKER_PREDICATES: &[PredicateSpec] = &[
    PredicateSpec {
        id: "message",
        fields: &[
            text("body"),
            text("ends_in"),
            choice("died", REASONS),
            choice("acked", YES_NO),
            text("in"),
            number("deliveries"),
            number("retries"),
        ],
    },
    PredicateSpec { id: "no_message_lost", fields: &[] },
    PredicateSpec { id: "no_drop", fields: &[choice("", DROPS)] },
    PredicateSpec {
        id: "queue_depth",
        fields: &[
            text("queue"),
            number("at_ms"),
            number("equals"),
            number("at_least"),
            number("at_most"),
        ],
    },
    PredicateSpec {
        id: "event_count",
        fields: &[
            choice("kind", EVENTS),
            text("queue"),
            choice("reason", REASONS),
            number("equals"),
            number("at_least"),
            number("at_most"),
        ],
    },
];

/// The other systems' predicates (checked on their trace).
pub const TRACE_PREDICATES: &[PredicateSpec] = &[
    PredicateSpec {
        id: "message",
        fields: &[
            text("id"),
            text("failing_with"),
            choice("ends", FATES),
            number("by_ms"),
            number("attempts.equals"),
            number("attempts.at_most"),
        ],
    },
    PredicateSpec { id: "no_duplicates", fields: &[] },
    PredicateSpec { id: "duplicates", fields: &[number("at_most"), number("equals")] },
    PredicateSpec { id: "no_message_lost", fields: &[] },
    PredicateSpec { id: "order_kept", fields: &[] },
    PredicateSpec {
        id: "count",
        fields: &[choice("ends", FATES), number("equals"), number("at_least"), number("at_most")],
    },
];

/// The predicates for a system (`rabbitmq` or another).
pub fn predicates(system: &str) -> &'static [PredicateSpec] {
    if system == "rabbitmq" {
        BROKER_PREDICATES
    } else {
        TRACE_PREDICATES
    }
}

/// One part of the goal as the form holds it: the predicate and its fields' text.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PartForm {
    pub kind: String,
    pub fields: BTreeMap<String, String>,
}

impl PartForm {
    /// The part's goal JSON; numbers that do not read are kept as text, so the checker names
    /// the field.
    pub fn to_json(&self, system: &str) -> Value {
        let Some(spec) = predicates(system).iter().find(|p| p.id == self.kind) else {
            return json!({ self.kind.clone(): true });
        };
        if spec.fields.is_empty() {
            return json!({ spec.id: true });
        }
        // A field without a name is the predicate's whole value (`{"no_drop": "cycle"}`).
        if let [FieldSpec { name: "", .. }] = spec.fields {
            let v = self.fields.get("").cloned().unwrap_or_default();
            return json!({ spec.id: v });
        }
        let mut body = Map::new();
        for f in spec.fields {
            let raw = self.fields.get(f.name).map(|s| s.trim()).unwrap_or_default();
            if raw.is_empty() {
                continue;
            }
            let value = match f.kind {
                FieldKind::Number => raw.parse::<u64>().map(Value::from).unwrap_or(json!(raw)),
                FieldKind::Choice(_) if raw == "true" || raw == "false" => json!(raw == "true"),
                _ => json!(raw),
            };
            match f.name.split_once('.') {
                Some((outer, inner)) => {
                    let slot = body.entry(outer).or_insert_with(|| json!({}));
                    if let Some(o) = slot.as_object_mut() {
                        o.insert(inner.to_string(), value);
                    }
                }
                None => {
                    body.insert(f.name.to_string(), value);
                }
            }
        }
        json!({ spec.id: Value::Object(body) })
    }

    /// Reads a goal part back into a form; `None` when the forms cannot show it (an `any`, a
    /// field they do not have): the builder then keeps the goal as JSON.
    pub fn from_json(v: &Value, system: &str) -> Option<PartForm> {
        let (kind, inner) = v.as_object().filter(|m| m.len() == 1)?.iter().next()?;
        let spec = predicates(system).iter().find(|p| p.id == kind)?;
        let mut fields = BTreeMap::new();
        let as_text = |x: &Value| match x {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        };
        match (spec.fields, inner) {
            ([], Value::Bool(true)) => {}
            ([FieldSpec { name: "", .. }], x) => {
                fields.insert(String::new(), as_text(x)?);
            }
            (specs, Value::Object(m)) => {
                for (k, x) in m {
                    if let Value::Object(nested) = x {
                        for (k2, y) in nested {
                            let name = format!("{k}.{k2}");
                            specs.iter().find(|f| f.name == name)?;
                            fields.insert(name, as_text(y)?);
                        }
                    } else {
                        specs.iter().find(|f| f.name == k)?;
                        fields.insert(k.clone(), as_text(x)?);
                    }
                }
            }
            _ => return None,
        }
        Some(PartForm { kind: kind.clone(), fields })
    }
}

/// The whole goal from its parts: one part alone, or `{"all": [...]}`.
pub fn goal_json(parts: &[PartForm], system: &str) -> Value {
    match parts {
        [one] => one.to_json(system),
        _ => json!({"all": parts.iter().map(|p| p.to_json(system)).collect::<Vec<_>>()}),
    }
}

/// A goal's parts as forms, when every part can be shown as one.
pub fn parts_of(goal: &Value, system: &str) -> Option<Vec<PartForm>> {
    match goal.get("all").and_then(Value::as_array) {
        Some(items) if goal.as_object().is_some_and(|m| m.len() == 1) => {
            items.iter().map(|p| PartForm::from_json(p, system)).collect()
        }
        _ => PartForm::from_json(goal, system).map(|p| vec![p]),
    }
}
