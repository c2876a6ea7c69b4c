//! Where a redrive sends a dead letter back: the exchange it was first published to and the
//! routing key it had when it first died, read from its headers as an operator's replay script
//! reads them (`x-first-death-exchange`, and the `routing-keys` of the `x-death` entry for
//! `x-first-death-queue` and `x-first-death-reason`).

use crate::engine::headers::{FieldTable, FieldValue};

/// The original exchange and routing key of a dead letter; `None` when the message was never
/// dead-lettered (it carries no `x-first-death-exchange`).
pub fn origin(headers: &FieldTable) -> Option<(String, String)> {
    let exchange = headers.get("x-first-death-exchange")?.as_str()?.to_string();
    let queue = headers.get("x-first-death-queue").and_then(FieldValue::as_str);
    let reason = headers.get("x-first-death-reason").and_then(FieldValue::as_str);
    let entries = match headers.get("x-death") {
        Some(FieldValue::Array(items)) => items.as_slice(),
        _ => &[],
    };
    let field = |t: &FieldTable, k: &str| t.get(k).and_then(FieldValue::as_str).map(str::to_string);
    let first_key = |t: &FieldTable| match t.get("routing-keys") {
        Some(FieldValue::Array(keys)) => {
            keys.iter().find_map(FieldValue::as_str).map(str::to_string)
        }
        _ => None,
    };
    // The entry of the first death; failing that, the oldest entry (the broker lists the most
    // recent first).
    let tables: Vec<&FieldTable> = entries
        .iter()
        .filter_map(|v| match v {
            FieldValue::Table(t) => Some(t),
            _ => None,
        })
        .collect();
    let first = tables
        .iter()
        .find(|t| field(t, "queue").as_deref() == queue && field(t, "reason").as_deref() == reason)
        .or(tables.last());
    let key = first.and_then(|t| first_key(t)).unwrap_or_default();
    Some((exchange, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> FieldValue {
        FieldValue::LongStr(v.into())
    }

    fn death(queue: &str, reason: &str, exchange: &str, key: &str) -> FieldValue {
        FieldValue::Table(FieldTable(vec![
            ("count".into(), FieldValue::Long(1)),
            ("reason".into(), s(reason)),
            ("queue".into(), s(queue)),
            ("exchange".into(), s(exchange)),
            ("routing-keys".into(), FieldValue::Array(vec![s(key)])),
        ]))
    }

    #[test]
    fn the_first_death_names_the_way_back() {
        // Died in orders (rejected, published to shop with key order.new), then in a wait
        // queue it was dead-lettered to: the way back is shop / order.new.
        let h = FieldTable(vec![
            (
                "x-death".into(),
                FieldValue::Array(vec![
                    death("orders.wait", "expired", "orders.dlx", "order.new"),
                    death("orders", "rejected", "shop", "order.new"),
                ]),
            ),
            ("x-first-death-exchange".into(), s("shop")),
            ("x-first-death-queue".into(), s("orders")),
            ("x-first-death-reason".into(), s("rejected")),
        ]);
        assert_eq!(origin(&h), Some(("shop".into(), "order.new".into())));
        // Published to the default exchange: the way back is "" with the queue's name.
        let h = FieldTable(vec![
            ("x-death".into(), FieldValue::Array(vec![death("jobs", "expired", "", "jobs")])),
            ("x-first-death-exchange".into(), s("")),
            ("x-first-death-queue".into(), s("jobs")),
            ("x-first-death-reason".into(), s("expired")),
        ]);
        assert_eq!(origin(&h), Some((String::new(), "jobs".into())));
        // Never dead-lettered: nowhere to go back to.
        assert_eq!(origin(&FieldTable::new()), None);
    }
}
