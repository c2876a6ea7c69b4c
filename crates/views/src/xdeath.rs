//! `x-death` as a table, and what changed in it from one hop to the next.

use crate::engine::headers::{FieldTable, FieldValue};

/// One `x-death` entry, with every field as `(name, value text, AMQP type code)`.
#[derive(Clone, Debug, PartialEq)]
pub struct DeathRow {
    /// The entry's `queue` and `reason` (its identity).
    pub queue: String,
    pub reason: String,
    /// Its `count`.
    pub count: i64,
    /// Every field, in order, as text with its type code.
    pub fields: Vec<(String, String, &'static str)>,
    /// What changed since the previous hop.
    pub change: Change,
}

/// How an entry changed between two hops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Same place, same count.
    Same,
    /// Not there before.
    New,
    /// Count went up.
    CountUp,
    /// Moved to another position (the broker puts the latest death first).
    Moved,
    /// Count went up and it moved.
    CountUpMoved,
    /// Already there when the copy first entered a queue: a client published the message with
    /// this history (a republish), so no death happened here. RabbitMQ 3.10 goes on counting
    /// it; 4.x starts a fresh history at the next death.
    Carried,
}

impl Change {
    /// The CSS class naming the change.
    pub fn css_class(self) -> &'static str {
        match self {
            Change::Same => "same",
            Change::New => "new",
            Change::CountUp => "count-up",
            Change::Moved => "moved",
            Change::CountUpMoved => "count-up moved",
            Change::Carried => "carried",
        }
    }
}

/// A field value as short text (tables and arrays in JSON form).
pub fn value_text(v: &FieldValue) -> String {
    match v {
        FieldValue::LongStr(s) => s.clone(),
        FieldValue::Long(n) => n.to_string(),
        FieldValue::Int(n) => n.to_string(),
        FieldValue::Bool(b) => b.to_string(),
        FieldValue::Timestamp(t) => t.to_string(),
        FieldValue::Double(d) => d.to_string(),
        FieldValue::Void => String::new(),
        other => other.to_json().to_string(),
    }
}

fn entries(headers: &FieldTable) -> Vec<(String, String, i64, &FieldTable)> {
    match headers.get("x-death") {
        Some(FieldValue::Array(items)) => items
            .iter()
            .filter_map(|v| match v {
                FieldValue::Table(t) => Some((
                    t.get("queue").and_then(FieldValue::as_str).unwrap_or("").to_string(),
                    t.get("reason").and_then(FieldValue::as_str).unwrap_or("").to_string(),
                    t.get("count").and_then(FieldValue::as_i64).unwrap_or(0),
                    t,
                )),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The `x-death` rows of `headers`, each marked with its change from `before` (the same
/// message's headers at the previous hop; `None` at the first hop, where every entry was
/// carried in with the message).
pub fn death_rows(headers: &FieldTable, before: Option<&FieldTable>) -> Vec<DeathRow> {
    let first_hop = before.is_none();
    let old = before.map(entries).unwrap_or_default();
    entries(headers)
        .into_iter()
        .enumerate()
        .map(|(i, (queue, reason, count, t))| {
            let prev = old.iter().position(|(q, r, _, _)| *q == queue && *r == reason);
            let change = match prev {
                None if first_hop => Change::Carried,
                None => Change::New,
                Some(j) => {
                    let up = count > old[j].2;
                    match (up, j != i) {
                        (false, false) => Change::Same,
                        (true, false) => Change::CountUp,
                        (false, true) => Change::Moved,
                        (true, true) => Change::CountUpMoved,
                    }
                }
            };
            let fields =
                t.0.iter().map(|(k, v)| (k.to_string(), value_text(v), v.type_code())).collect();
            DeathRow { queue, reason, count, fields, change }
        })
        .collect()
}

/// Headers other than `x-death`, as `(name, value text, type code)`.
pub fn plain_headers(headers: &FieldTable) -> Vec<(String, String, &'static str)> {
    headers
        .0
        .iter()
        .filter(|(k, _)| k != "x-death")
        .map(|(k, v)| (k.to_string(), value_text(v), v.type_code()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(queue: &str, reason: &str, count: i64) -> FieldValue {
        FieldValue::Table(FieldTable(vec![
            ("count".into(), FieldValue::Long(count)),
            ("reason".into(), FieldValue::LongStr(reason.into())),
            ("queue".into(), FieldValue::LongStr(queue.into())),
        ]))
    }
    fn headers(entries: Vec<FieldValue>) -> FieldTable {
        FieldTable(vec![
            ("x-death".into(), FieldValue::Array(entries)),
            ("x-first-death-queue".into(), FieldValue::LongStr("a".into())),
        ])
    }

    #[test]
    fn changes_are_new_count_up_and_moved() {
        let h1 = headers(vec![entry("a", "rejected", 1)]);
        let h2 = headers(vec![entry("b", "expired", 1), entry("a", "rejected", 1)]);
        let h3 = headers(vec![entry("a", "rejected", 2), entry("b", "expired", 1)]);
        let r1 = death_rows(&h1, Some(&headers(Vec::new())));
        assert_eq!(r1[0].change, Change::New);
        assert_eq!(r1[0].fields[0], ("count".to_string(), "1".to_string(), "l"));
        let r2 = death_rows(&h2, Some(&h1));
        assert_eq!((r2[0].change, r2[1].change), (Change::New, Change::Moved));
        let r3 = death_rows(&h3, Some(&h2));
        assert_eq!((r3[0].change, r3[1].change), (Change::CountUpMoved, Change::Moved));
        assert_eq!(death_rows(&h3, Some(&h3))[0].change, Change::Same);
        // At a copy's first hop nothing has died yet: what is there came with the message.
        let carried = death_rows(&h2, None);
        assert!(carried.iter().all(|r| r.change == Change::Carried));
        assert_eq!(carried[0].change.css_class(), "carried");
        assert_eq!(
            plain_headers(&h3),
            vec![("x-first-death-queue".to_string(), "a".to_string(), "S")]
        );
    }
}
