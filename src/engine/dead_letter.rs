//! Dead-lettering rules: the four reasons, `x-death` maintenance per profile, and cycle detection.

use serde::Serialize;

use super::headers::{FieldTable, FieldValue};
use super::message::Message;
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

fn entry_str<'a>(t: &'a FieldTable, key: &str) -> Option<&'a str> {
    t.get(key).and_then(FieldValue::as_str)
}

fn is_entry(v: &FieldValue, queue: &str, reason: &str) -> bool {
    matches!(v, FieldValue::Table(t) if entry_str(t, "queue") == Some(queue) && entry_str(t, "reason") == Some(reason))
}

/// The routing keys an x-death entry records (publish key and CC keys, never BCC).
fn death_routing_keys(msg: &Message, profile: &Profile) -> Vec<String> {
    if profile.xdeath_keys_from_cc_header {
        let mut keys = vec![msg.delivery_key().to_string()];
        if let Some(FieldValue::Array(cc)) = msg.props.headers.get("CC") {
            keys.extend(cc.iter().filter_map(|v| v.as_str().map(str::to_string)));
        }
        keys
    } else {
        msg.routing_keys.iter().filter(|k| !msg.bcc.contains(k)).cloned().collect()
    }
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
        let key = (entry_str(t, "queue").map(str::to_string), entry_str(t, "reason").map(str::to_string));
        if seen.contains(&key) {
            continue;
        }
        let dupes = tables
            .iter()
            .filter(|o| matches!(o, FieldValue::Table(ot) if entry_str(ot, "queue").map(str::to_string) == key.0 && entry_str(ot, "reason").map(str::to_string) == key.1))
            .count();
        let mut t = t.clone();
        if t.get("count").is_none() {
            t.set("count", FieldValue::Long(dupes as i64));
        }
        seen.push(key);
        grouped.push(FieldValue::Table(t));
    }
    grouped.reverse();
    grouped
}

/// Records a death on `msg` (its x-death and first/last-death headers) as `profile` does, and
/// removes `expiration`. Returns broker log lines (a reset of an invalid x-death header).
pub fn record_death(msg: &mut Message, reason: Reason, queue: &str, time_s: u64, profile: &Profile) -> Vec<String> {
    let mut log = Vec::new();
    let mut info = FieldTable::new();
    info.set("count", FieldValue::Long(1));
    info.set("reason", FieldValue::LongStr(reason.as_str().into()));
    info.set("queue", FieldValue::LongStr(queue.into()));
    info.set("time", FieldValue::Timestamp(time_s));
    info.set("exchange", FieldValue::LongStr(msg.exchange.clone()));
    info.set(
        "routing-keys",
        FieldValue::Array(death_routing_keys(msg, profile).into_iter().map(FieldValue::LongStr).collect()),
    );
    if let Some(exp) = &msg.props.expiration {
        info.set("original-expiration", FieldValue::LongStr(exp.clone()));
    }
    let headers = &mut msg.props.headers;
    let existing = if profile.trust_client_xdeath || msg.broker_deaths { headers.get("x-death").cloned() } else { None };
    let first = |h: &mut FieldTable| {
        h.set("x-first-death-reason", FieldValue::LongStr(reason.as_str().into()));
        h.set("x-first-death-queue", FieldValue::LongStr(queue.into()));
        h.set("x-first-death-exchange", FieldValue::LongStr(msg.exchange.clone()));
    };
    match existing {
        None => {
            first(headers);
            headers.set("x-death", FieldValue::Array(vec![FieldValue::Table(info)]));
        }
        Some(FieldValue::Array(entries)) => {
            let entries = match profile.xdeath_order {
                XDeathOrder::UpdatedFirstOthersReversed => group_by_queue_and_reason(entries),
                XDeathOrder::MostRecentFirst => entries,
            };
            let (matches, others): (Vec<FieldValue>, Vec<FieldValue>) =
                entries.into_iter().partition(|v| is_entry(v, queue, reason.as_str()));
            let updated = match matches.into_iter().next() {
                Some(FieldValue::Table(mut m)) => {
                    let n = m.get("count").and_then(FieldValue::as_i64).unwrap_or(0);
                    m.set("count", FieldValue::Long(n.saturating_add(1)));
                    m
                }
                _ => info,
            };
            let mut list = Vec::with_capacity(others.len() + 1);
            list.push(FieldValue::Table(updated));
            list.extend(others);
            headers.set("x-death", FieldValue::Array(list));
        }
        Some(other) => {
            log.push(format!(
                "[warning] Message has invalid x-death header (type: {}). Resetting header {}",
                super::topology::type_name(&other),
                other.to_json()
            ));
            headers.set("x-death", FieldValue::Array(vec![FieldValue::Table(info)]));
        }
    }
    if profile.last_death_headers {
        headers.set("x-last-death-reason", FieldValue::LongStr(reason.as_str().into()));
        headers.set("x-last-death-queue", FieldValue::LongStr(queue.into()));
        headers.set("x-last-death-exchange", FieldValue::LongStr(msg.exchange.clone()));
    }
    msg.broker_deaths = true;
    msg.props.expiration = None;
    log
}

/// True when dead-lettering into `target` closes a fully automatic cycle: `target` is in the
/// (updated) x-death list and neither its first entry nor any entry before it is a rejection.
/// Entries a client put there that are not tables make the cycle "not automatic".
pub fn is_cycle(target: &str, headers: &FieldTable) -> bool {
    let Some(FieldValue::Array(entries)) = headers.get("x-death") else { return false };
    let Some(pos) = entries.iter().position(|v| matches!(v, FieldValue::Table(t) if entry_str(t, "queue") == Some(target))) else {
        return false;
    };
    entries[..=pos].iter().all(|v| match v {
        FieldValue::Table(t) => entry_str(t, "reason") != Some("rejected"),
        _ => false,
    })
}

/// The queue names of the x-death list, in its order (for the cycle log line).
pub fn death_queue_names(headers: &FieldTable) -> Vec<String> {
    match headers.get("x-death") {
        Some(FieldValue::Array(entries)) => entries
            .iter()
            .filter_map(|v| match v {
                FieldValue::Table(t) => entry_str(t, "queue").map(str::to_string),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
