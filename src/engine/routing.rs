//! Routing: which queues an exchange delivers a message to, for every exchange type.

use std::collections::BTreeMap;

use super::headers::{FieldTable, FieldValue};
use super::topology::{Destination, Exchange, ExchangeKind};

/// Where a message went when it was routed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Routed {
    /// Destination queues, each once, in the order bindings found them.
    pub queues: Vec<String>,
    /// Alternate exchanges the message passed through.
    pub via_alternate: Vec<String>,
}

/// True when a topic binding pattern (`*` one word, `#` zero or more) matches the key.
pub fn topic_matches<'a>(pattern: &'a str, key: &'a str) -> bool {
    // An empty key or pattern has no words at all (so `*` does not match "", `#` does).
    let words = |s: &'a str| -> Vec<&'a str> { if s.is_empty() { Vec::new() } else { s.split('.').collect() } };
    let p = words(pattern);
    let k = words(key);
    // reachable[j]: the pattern prefix processed so far can consume exactly j key words.
    let mut reachable = vec![false; k.len() + 1];
    reachable[0] = true;
    for word in &p {
        let mut next = vec![false; k.len() + 1];
        match *word {
            "#" => {
                let mut any = false;
                for j in 0..=k.len() {
                    any |= reachable[j];
                    next[j] = any;
                }
            }
            "*" => {
                for j in 0..k.len() {
                    next[j + 1] = reachable[j];
                }
            }
            w => {
                for j in 0..k.len() {
                    next[j + 1] = reachable[j] && k[j] == w;
                }
            }
        }
        reachable = next;
    }
    reachable[k.len()]
}

/// True when a headers-exchange binding's arguments match the message headers.
pub fn headers_match(binding_args: &FieldTable, headers: &FieldTable, allow_with_x: bool) -> bool {
    let mode = binding_args.get("x-match").and_then(FieldValue::as_str).unwrap_or("all");
    let (all, with_x) = match mode {
        "any" => (false, false),
        "all-with-x" if allow_with_x => (true, true),
        "any-with-x" if allow_with_x => (false, true),
        _ => (true, false),
    };
    let mut any_matched = false;
    for (k, want) in &binding_args.0 {
        if k == "x-match" || (!with_x && k.starts_with("x-")) {
            continue;
        }
        let ok = match headers.get(k) {
            None => false,
            Some(have) => matches!(want, FieldValue::Void) || want.matches(have),
        };
        if all && !ok {
            return false;
        }
        any_matched |= ok;
    }
    all || any_matched
}

fn binding_matches(x: &Exchange, b_key: &str, b_args: &FieldTable, keys: &[String], headers: &FieldTable, with_x: bool) -> bool {
    match x.kind {
        ExchangeKind::Fanout => true,
        ExchangeKind::Direct => keys.iter().any(|k| k == b_key),
        ExchangeKind::Topic => keys.iter().any(|k| topic_matches(b_key, k)),
        ExchangeKind::Headers => headers_match(b_args, headers, with_x),
    }
}

/// Routes from `exchange` with every routing key: follows exchange-to-exchange bindings and
/// alternate exchanges, visiting each exchange once. `queue_exists` answers the default exchange.
pub fn route(
    exchanges: &BTreeMap<String, Exchange>,
    queue_exists: impl Fn(&str) -> bool,
    exchange: &str,
    keys: &[String],
    headers: &FieldTable,
    with_x: bool,
) -> Routed {
    let mut out = Routed::default();
    let mut visited: Vec<&str> = Vec::new();
    let mut work: Vec<&str> = vec![exchange];
    while let Some(name) = work.pop() {
        if visited.contains(&name) {
            continue;
        }
        visited.push(name);
        let Some(x) = exchanges.get(name) else { continue };
        let mut found = false;
        if name.is_empty() {
            for k in keys {
                if queue_exists(k) {
                    found = true;
                    if !out.queues.contains(k) {
                        out.queues.push(k.clone());
                    }
                }
            }
        }
        let mut next_exchanges = Vec::new();
        for b in &x.bindings {
            if binding_matches(x, &b.routing_key, &b.arguments, keys, headers, with_x) {
                found = true;
                match &b.destination {
                    Destination::Queue(q) => {
                        if !out.queues.contains(q) {
                            out.queues.push(q.clone());
                        }
                    }
                    Destination::Exchange(e) => next_exchanges.push(e.as_str()),
                }
            }
        }
        if !found {
            if let Some(ae) = x.alternate() {
                out.via_alternate.push(ae.to_string());
                next_exchanges.push(ae);
            }
        }
        // Depth-first in binding order: push in reverse so the first binding is visited first.
        work.extend(next_exchanges.into_iter().rev());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn topic_patterns() {
        assert!(topic_matches("a.*.c", "a.b.c"));
        assert!(!topic_matches("a.*.c", "a.c"));
        assert!(topic_matches("a.#", "a"));
        assert!(topic_matches("#", ""));
        assert!(topic_matches("#.c", "a.b.c"));
        assert!(topic_matches("a.#.c", "a.c"));
        assert!(!topic_matches("a.#.c", "a.b"));
        assert!(topic_matches("*.#", "x.y.z"));
        assert!(!topic_matches("*", ""));
        // A pathological pattern stays linear: no backtracking blow-up.
        let pat = vec!["#"; 200].join(".") + ".z";
        assert!(!topic_matches(&pat, &vec!["a"; 2000].join(".")));
    }

    #[test]
    fn headers_modes() {
        let h = FieldTable::from_json(&json!({"kind": "invoice", "region": "eu", "x-first-death-reason": "expired"}), "h").unwrap();
        let b = |v| FieldTable::from_json(&v, "b").unwrap();
        assert!(headers_match(&b(json!({"x-match": "all", "kind": "invoice", "region": "eu"})), &h, false));
        assert!(headers_match(&b(json!({"x-match": "any", "kind": "other", "region": "eu"})), &h, false));
        assert!(!headers_match(&b(json!({"x-match": "all", "kind": "other"})), &h, false));
        // x-* binding keys are ignored by all/any: a binding of only x-* keys matches everything.
        assert!(headers_match(&b(json!({"x-match": "all", "x-first-death-reason": "rejected"})), &h, false));
        assert!(!headers_match(&b(json!({"x-match": "all-with-x", "x-first-death-reason": "rejected"})), &h, true));
        assert!(headers_match(&b(json!({"x-match": "any-with-x", "x-first-death-reason": "expired"})), &h, true));
    }
}
