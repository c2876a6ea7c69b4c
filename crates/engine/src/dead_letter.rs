//! Dead-lettering rules: the four reasons, `x-death` maintenance per profile, and cycle detection.

use std::sync::{Arc, OnceLock};

use serde::Serialize;

use super::headers::{FieldTable, FieldValue};
use super::message::Message;
use super::name::Name;
use super::profile::{Profile, XDeathOrder};

/// Why a message died.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// `basic.reject` / `basic.nack` with requeue=false.
    Rejected,
    /// Its TTL (queue `x-message-ttl` or message `expiration`) passed at the head of the queue.
    Expired,
    /// Pushed off the head by `x-max-length` / `x-max-length-bytes`, or refused by reject-publish-dlx.
    Maxlen,
    /// A quorum queue returned it more often than `x-delivery-limit` allows.
    DeliveryLimit,
}

impl Reason {
    /// The name the broker writes in `x-death`.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Rejected => "rejected",
            Reason::Expired => "expired",
            Reason::Maxlen => "maxlen",
            Reason::DeliveryLimit => "delivery_limit",
        }
    }
}

/// The header and x-death field names the broker writes, interned once.
struct Keys {
    x_death: Name,
    cc: Name,
    count: Name,
    reason: Name,
    queue: Name,
    time: Name,
    exchange: Name,
    routing_keys: Name,
    original_expiration: Name,
    first_reason: Name,
    first_queue: Name,
    first_exchange: Name,
    last_reason: Name,
    last_queue: Name,
    last_exchange: Name,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| Keys {
        x_death: Name::new("x-death"),
        cc: Name::new("CC"),
        count: Name::new("count"),
        reason: Name::new("reason"),
        queue: Name::new("queue"),
        time: Name::new("time"),
        exchange: Name::new("exchange"),
        routing_keys: Name::new("routing-keys"),
        original_expiration: Name::new("original-expiration"),
        first_reason: Name::new("x-first-death-reason"),
        first_queue: Name::new("x-first-death-queue"),
        first_exchange: Name::new("x-first-death-exchange"),
        last_reason: Name::new("x-last-death-reason"),
        last_queue: Name::new("x-last-death-queue"),
        last_exchange: Name::new("x-last-death-exchange"),
    })
}

#[inline(always)]
fn key_str(t: &FieldTable, key: Name) -> Option<&str> {
    t.get_key(key).and_then(FieldValue::as_str)
}

fn is_entry(v: &FieldValue, queue: &str, reason: &str) -> bool {
    let k = keys();
    matches!(v, FieldValue::Table(t) if key_str(t, k.queue) == Some(queue) && key_str(t, k.reason) == Some(reason))
}

/// The routing keys an x-death entry records (publish key and CC keys, never BCC).
fn death_routing_keys(msg: &Message, profile: &Profile) -> Vec<FieldValue> {
    let long_str = |k: &str| FieldValue::LongStr(k.to_string());
    if !profile.xdeath_keys_from_cc_header {
        let shown = |k: &&Name| !msg.bcc.contains(k);
        // Sized exactly: the list stays with the message for as long as it lives.
        let mut keys = Vec::with_capacity(msg.routing_keys.iter().filter(shown).count());
        keys.extend(msg.routing_keys.iter().filter(shown).map(|k| long_str(k)));
        return keys;
    }
    let cc = match msg.props.headers.get_key(keys().cc) {
        Some(FieldValue::Array(cc)) => &cc[..],
        _ => &[],
    };
    let mut keys = Vec::with_capacity(1 + cc.len());
    keys.push(long_str(msg.delivery_key()));
    keys.extend(cc.iter().filter_map(|v| v.as_str().map(long_str)));
    keys
}

/// 3.10's grouping of an existing x-death list: one entry per {queue, reason}, order reversed
/// (a single entry is left alone); an entry without a count gets the number of duplicates.
fn group_by_queue_and_reason(tables: Vec<FieldValue>) -> Vec<FieldValue> {
    if tables.len() <= 1 {
        return tables;
    }
    let mut seen: Vec<(Option<String>, Option<String>)> = Vec::new();
    let mut grouped = Vec::new();
    for v in &tables {
        let FieldValue::Table(t) = v else {
            grouped.push(v.clone());
            continue;
        };
        let k = keys();
        let key =
            (key_str(t, k.queue).map(str::to_string), key_str(t, k.reason).map(str::to_string));
        if seen.contains(&key) {
            continue;
        }
        let dupes = tables
            .iter()
            .filter(|o| matches!(o, FieldValue::Table(ot) if key_str(ot, k.queue) == key.0.as_deref() && key_str(ot, k.reason) == key.1.as_deref()))
            .count();
        let mut t = t.clone();
        if t.get_key(k.count).is_none() {
            t.set_key(k.count, FieldValue::Long(dupes as i64));
        }
        seen.push(key);
        grouped.push(FieldValue::Table(t));
    }
    grouped.reverse();
    grouped
}

/// A new x-death entry for a death in `queue` (its fields are distinct: pushed, not searched).
fn new_entry(
    msg: &Message,
    reason: Reason,
    queue: &str,
    time_s: u64,
    profile: &Profile,
) -> FieldTable {
    let k = keys();
    let mut info = FieldTable::with_capacity(if msg.props.expiration.is_some() { 7 } else { 6 });
    info.push_new(k.count, FieldValue::Long(1));
    info.push_new(k.reason, FieldValue::LongStr(reason.as_str().into()));
    info.push_new(k.queue, FieldValue::LongStr(queue.into()));
    info.push_new(k.time, FieldValue::Timestamp(time_s));
    info.push_new(k.exchange, FieldValue::LongStr(msg.exchange.to_string()));
    info.push_new(k.routing_keys, FieldValue::Array(death_routing_keys(msg, profile)));
    if let Some(exp) = &msg.props.expiration {
        info.push_new(k.original_expiration, FieldValue::LongStr(exp.clone()));
    }
    info
}

/// Records a death on `msg` (its x-death and first/last-death headers) as `profile` does, and
/// removes `expiration`. Returns broker log lines (a reset of an invalid x-death header).
pub fn record_death(
    msg: &mut Message,
    reason: Reason,
    queue: &str,
    time_s: u64,
    profile: &Profile,
) -> Vec<String> {
    let mut log = Vec::new();
    // The history is moved out of its slot (not copied); `set` below puts the new one back in
    // the same place.
    let existing = if profile.trust_client_xdeath || msg.broker_deaths {
        let headers = &mut msg.props_mut().headers;
        headers.get_key_mut(keys().x_death).map(|slot| std::mem::replace(slot, FieldValue::Void))
    } else {
        None
    };
    let history = match existing {
        None => {
            let headers = &mut Arc::make_mut(&mut msg.props).headers;
            let k = keys();
            // Room for every header a death writes, at once and exactly.
            let written = [k.first_reason, k.first_queue, k.first_exchange, k.x_death];
            let last = [k.last_reason, k.last_queue, k.last_exchange];
            let last = if profile.last_death_headers { &last[..] } else { &[] };
            let missing = written.iter().chain(last).filter(|&&n| headers.get_key(n).is_none());
            headers.0.reserve_exact(missing.count());
            headers.set_str(k.first_reason, reason.as_str());
            headers.set_str(k.first_queue, queue);
            headers.set_str(k.first_exchange, &msg.exchange);
            vec![FieldValue::Table(new_entry(msg, reason, queue, time_s, profile))]
        }
        Some(FieldValue::Array(entries)) => {
            let mut entries = match profile.xdeath_order {
                XDeathOrder::UpdatedFirstOthersReversed => group_by_queue_and_reason(entries),
                XDeathOrder::MostRecentFirst => entries,
            };
            // The first entry for this {queue, reason} is updated and moves to the front; any
            // other entry for it goes, the rest keep their order.
            match entries.iter().position(|v| is_entry(v, queue, reason.as_str())) {
                Some(i) => {
                    entries[..=i].rotate_right(1);
                    let mut first = true;
                    entries.retain(|v| {
                        std::mem::take(&mut first) || !is_entry(v, queue, reason.as_str())
                    });
                    if let FieldValue::Table(m) = &mut entries[0] {
                        let count = keys().count;
                        let n = m.get_key(count).and_then(FieldValue::as_i64).unwrap_or(0);
                        m.set_key(count, FieldValue::Long(n.saturating_add(1)));
                    }
                }
                None => {
                    entries.reserve_exact(1);
                    entries.insert(
                        0,
                        FieldValue::Table(new_entry(msg, reason, queue, time_s, profile)),
                    )
                }
            }
            entries
        }
        Some(other) => {
            log.push(format!(
                "[warning] Message has invalid x-death header (type: {}). Resetting header {}",
                super::topology::type_name(&other),
                other.to_json()
            ));
            vec![FieldValue::Table(new_entry(msg, reason, queue, time_s, profile))]
        }
    };
    let headers = &mut Arc::make_mut(&mut msg.props).headers;
    headers.set_key(keys().x_death, FieldValue::Array(history));
    if profile.last_death_headers {
        let k = keys();
        headers.set_str(k.last_reason, reason.as_str());
        headers.set_str(k.last_queue, queue);
        headers.set_str(k.last_exchange, &msg.exchange);
    }
    msg.broker_deaths = true;
    if msg.props.expiration.is_some() {
        msg.props_mut().expiration = None;
    }
    log
}

/// True when dead-lettering into `target` closes a fully automatic cycle: `target` is in the
/// (updated) x-death list and neither its first entry nor any entry before it is a rejection.
/// Entries a client put there that are not tables make the cycle "not automatic".
pub fn is_cycle(target: &str, headers: &FieldTable) -> bool {
    let k = keys();
    let Some(FieldValue::Array(entries)) = headers.get_key(k.x_death) else { return false };
    // Loops, not iterator adapters: every dead letter asks this (see `ByName::position`).
    let mut pos = 0;
    loop {
        match entries.get(pos) {
            None => return false,
            Some(FieldValue::Table(t)) if key_str(t, k.queue) == Some(target) => break,
            Some(_) => pos += 1,
        }
    }
    let mut i = 0;
    while i <= pos {
        match &entries[i] {
            FieldValue::Table(t) if key_str(t, k.reason) != Some(Reason::Rejected.as_str()) => {}
            _ => return false,
        }
        i += 1;
    }
    true
}

/// The `count` of the x-death entry for `queue` and `reason` (0 when there is none): how a
/// client reads how often a message died there. Compares interned field names, not text.
pub fn death_count(headers: &FieldTable, queue: &str, reason: Reason) -> i64 {
    let k = keys();
    let Some(FieldValue::Array(entries)) = headers.get_key(k.x_death) else { return 0 };
    let mut i = 0;
    while i < entries.len() {
        if is_entry(&entries[i], queue, reason.as_str()) {
            if let FieldValue::Table(t) = &entries[i] {
                return t.get_key(k.count).and_then(FieldValue::as_i64).unwrap_or(0);
            }
        }
        i += 1;
    }
    0
}

/// The queue names of the x-death list, in its order (for the cycle log line).
pub fn death_queue_names(headers: &FieldTable) -> Vec<String> {
    match headers.get_key(keys().x_death) {
        Some(FieldValue::Array(entries)) => entries
            .iter()
            .filter_map(|v| match v {
                FieldValue::Table(t) => key_str(t, keys().queue).map(str::to_string),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
