//! Routing: which queues an exchange delivers a message to, for every exchange type.

use super::event::Name;
use super::headers::{FieldTable, FieldValue};
use super::table::ByName;
use super::topology::{Destination, Exchange, ExchangeKind};

/// Where a message went when it was routed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Routed {
    /// Destination queues (those that exist), each once, in the order bindings found them.
    pub queues: Vec<Name>,
    /// Alternate exchanges the message passed through.
    pub via_alternate: Vec<String>,
    /// A headers exchange took part: the result depends on the message's headers.
    pub by_headers: bool,
}

/// True when a topic binding pattern (`*` one word, `#` zero or more) matches the key.
pub fn topic_matches<'a>(pattern: &'a str, key: &'a str) -> bool {
    // An empty key or pattern has no words at all (so `*` does not match "", `#` does).
    let words = |s: &'a str| -> Vec<&'a str> {
        if s.is_empty() {
            Vec::new()
        } else {
            s.split('.').collect()
        }
    };
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
                next[1..=k.len()].copy_from_slice(&reachable[..k.len()]);
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

fn binding_matches(
    x: &Exchange,
    b_key: &str,
    b_args: &FieldTable,
    keys: &[Name],
    headers: &FieldTable,
    with_x: bool,
) -> bool {
    match x.kind {
        ExchangeKind::Fanout => true,
        ExchangeKind::Direct => keys.iter().any(|k| k.as_str() == b_key),
        ExchangeKind::Topic => keys.iter().any(|k| topic_matches(b_key, k)),
        ExchangeKind::Headers => headers_match(b_args, headers, with_x),
    }
}

/// Routes from `exchange` with every routing key: follows exchange-to-exchange bindings and
/// alternate exchanges, visiting each exchange once. `queue_named` answers whether a queue
/// exists, with its shared name (for bindings, and for the default exchange's routing keys);
/// a binding to a queue that does not exist still counts as a match (no alternate exchange).
pub fn route(
    exchanges: &ByName<Exchange>,
    queue_named: impl Fn(&str) -> Option<Name>,
    exchange: &str,
    keys: &[Name],
    headers: &FieldTable,
    with_x: bool,
) -> Routed {
    let mut out = Routed::default();
    // Exchanges still to visit (a depth-first stack) and those visited besides the first. Both
    // stay empty, allocating nothing, unless exchange-to-exchange or alternate routing happens.
    let mut work: Vec<&str> = Vec::new();
    let mut visited: Vec<&str> = Vec::new();
    let mut current = Some(exchange);
    while let Some(name) = current {
        if let Some(x) = exchanges.get(name) {
            visit(name, x, &queue_named, keys, headers, with_x, &mut out, &mut work);
        }
        current = loop {
            match work.pop() {
                None => break None,
                Some(n) if n == exchange || visited.contains(&n) => continue,
                Some(n) => {
                    visited.push(n);
                    break Some(n);
                }
            }
        };
    }
    out
}

fn push_queue(out: &mut Routed, q: Name) {
    if !out.queues.contains(&q) {
        out.queues.push(q);
    }
}

/// Routes through exchange `name`: adds its matching queues to `out` and pushes the exchanges
/// to visit next onto `work` (the first binding on top, so it is visited first).
#[allow(clippy::too_many_arguments)]
fn visit<'a>(
    name: &str,
    x: &'a Exchange,
    queue_named: &impl Fn(&str) -> Option<Name>,
    keys: &[Name],
    headers: &FieldTable,
    with_x: bool,
    out: &mut Routed,
    work: &mut Vec<&'a str>,
) {
    let mut found = false;
    out.by_headers |= x.kind == ExchangeKind::Headers;
    if name.is_empty() {
        for k in keys {
            if let Some(q) = queue_named(k) {
                found = true;
                push_queue(out, q);
            }
        }
    }
    let pushed_from = work.len();
    for b in &x.bindings {
        if binding_matches(x, &b.routing_key, &b.arguments, keys, headers, with_x) {
            found = true;
            match &b.destination {
                Destination::Queue(q) => {
                    if !out.queues.iter().any(|have| **have == **q) {
                        if let Some(q) = queue_named(q) {
                            out.queues.push(q);
                        }
                    }
                }
                Destination::Exchange(e) => work.push(e.as_str()),
            }
        }
    }
    if !found {
        if let Some(ae) = x.alternate() {
            out.via_alternate.push(ae.to_string());
            work.push(ae);
        }
    }
    // Depth-first in binding order: the first binding's exchange goes on top.
    work[pushed_from..].reverse();
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
        let h = FieldTable::from_json(
            &json!({"kind": "invoice", "region": "eu", "x-first-death-reason": "expired"}),
            "h",
        )
        .unwrap();
        let b = |v| FieldTable::from_json(&v, "b").unwrap();
        assert!(headers_match(
            &b(json!({"x-match": "all", "kind": "invoice", "region": "eu"})),
            &h,
            false
        ));
        assert!(headers_match(
            &b(json!({"x-match": "any", "kind": "other", "region": "eu"})),
            &h,
            false
        ));
        assert!(!headers_match(&b(json!({"x-match": "all", "kind": "other"})), &h, false));
        // x-* binding keys are ignored by all/any: a binding of only x-* keys matches everything.
        assert!(headers_match(
            &b(json!({"x-match": "all", "x-first-death-reason": "rejected"})),
            &h,
            false
        ));
        assert!(!headers_match(
            &b(json!({"x-match": "all-with-x", "x-first-death-reason": "rejected"})),
            &h,
            true
        ));
        assert!(headers_match(
            &b(json!({"x-match": "any-with-x", "x-first-death-reason": "expired"})),
            &h,
            true
        ));
    }
}
