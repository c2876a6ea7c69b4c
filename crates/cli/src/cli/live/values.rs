//! Conversions between the engine's message properties and header tables and lapin's AMQP
//! values, and the JSON a delivery or an AMQP error becomes in a result.

use crate::engine::headers::{FieldTable, FieldValue};
use crate::engine::message::Properties;
use crate::scenario::conformance::result::properties_json;
use lapin::types::{AMQPValue, FieldArray, FieldTable as LTable, LongString, ShortString};
use lapin::BasicProperties;
use serde_json::{json, Value};

pub(super) fn to_amqp(v: &FieldValue) -> AMQPValue {
    match v {
        FieldValue::LongStr(s) => AMQPValue::LongString(LongString::from(s.to_string())),
        FieldValue::Long(n) => AMQPValue::LongLongInt(*n),
        FieldValue::Int(n) => AMQPValue::LongInt(*n),
        FieldValue::Bool(b) => AMQPValue::Boolean(*b),
        FieldValue::Timestamp(t) => AMQPValue::Timestamp(*t),
        FieldValue::Double(x) => AMQPValue::Double(*x),
        FieldValue::Array(a) => {
            AMQPValue::FieldArray(FieldArray::from(a.iter().map(to_amqp).collect::<Vec<_>>()))
        }
        FieldValue::Table(t) => AMQPValue::FieldTable(to_table(t)),
        FieldValue::Void => AMQPValue::Void,
    }
}

pub(super) fn to_table(t: &FieldTable) -> LTable {
    let mut out = LTable::default();
    for (k, v) in &t.0 {
        out.insert(ShortString::from(k.to_string()), to_amqp(v));
    }
    out
}

pub(super) fn from_amqp(v: &AMQPValue) -> FieldValue {
    match v {
        AMQPValue::Boolean(b) => FieldValue::Bool(*b),
        AMQPValue::ShortShortInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::ShortShortUInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::ShortInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::ShortUInt(n) => FieldValue::Int(*n as i32),
        AMQPValue::LongInt(n) => FieldValue::Int(*n),
        AMQPValue::LongUInt(n) => FieldValue::Long(*n as i64),
        AMQPValue::LongLongInt(n) => FieldValue::Long(*n),
        AMQPValue::Float(x) => FieldValue::Double(*x as f64),
        AMQPValue::Double(x) => FieldValue::Double(*x),
        AMQPValue::DecimalValue(d) => {
            FieldValue::Double(d.value as f64 / 10f64.powi(d.scale as i32))
        }
        AMQPValue::ShortString(s) => FieldValue::LongStr(s.as_str().into()),
        AMQPValue::LongString(s) => {
            FieldValue::LongStr(String::from_utf8_lossy(s.as_bytes()).as_ref().into())
        }
        AMQPValue::ByteArray(b) => {
            FieldValue::LongStr(String::from_utf8_lossy(b.as_slice()).as_ref().into())
        }
        AMQPValue::FieldArray(a) => FieldValue::Array(a.as_slice().iter().map(from_amqp).collect()),
        AMQPValue::Timestamp(t) => FieldValue::Timestamp(*t),
        AMQPValue::FieldTable(t) => FieldValue::Table(from_table(t)),
        AMQPValue::Void => FieldValue::Void,
    }
}

// `.into()`: the engine's table key type is an owned string type built from a `String`.
#[allow(clippy::useless_conversion)]
pub(super) fn from_table(t: &LTable) -> FieldTable {
    FieldTable(
        t.inner().iter().map(|(k, v)| (k.as_str().to_string().into(), from_amqp(v))).collect(),
    )
}

fn short<T: AsRef<str>>(x: &Option<T>) -> Option<ShortString> {
    x.as_ref().map(|v| ShortString::from(v.as_ref()))
}

fn owned<T: From<String>>(x: &Option<ShortString>) -> Option<T> {
    x.as_ref().map(|v| T::from(v.as_str().to_string()))
}

pub(super) fn to_props(p: &Properties) -> BasicProperties {
    let mut b = BasicProperties::default();
    if let Some(v) = short(&p.content_type) {
        b = b.with_content_type(v);
    }
    if let Some(v) = short(&p.content_encoding) {
        b = b.with_content_encoding(v);
    }
    if !p.headers.is_empty() {
        b = b.with_headers(to_table(&p.headers));
    }
    if let Some(v) = p.delivery_mode {
        b = b.with_delivery_mode(v);
    }
    if let Some(v) = p.priority {
        b = b.with_priority(v);
    }
    if let Some(v) = short(&p.correlation_id) {
        b = b.with_correlation_id(v);
    }
    if let Some(v) = short(&p.reply_to) {
        b = b.with_reply_to(v);
    }
    if let Some(v) = short(&p.expiration) {
        b = b.with_expiration(v);
    }
    if let Some(v) = short(&p.message_id) {
        b = b.with_message_id(v);
    }
    if let Some(v) = p.timestamp {
        b = b.with_timestamp(v);
    }
    if let Some(v) = short(&p.kind) {
        b = b.with_type(v);
    }
    if let Some(v) = short(&p.user_id) {
        b = b.with_user_id(v);
    }
    if let Some(v) = short(&p.app_id) {
        b = b.with_app_id(v);
    }
    if let Some(v) = short(&p.cluster_id) {
        b = b.with_cluster_id(v);
    }
    b
}

pub(super) fn from_props(b: &BasicProperties) -> Properties {
    Properties {
        content_type: owned(b.content_type()),
        content_encoding: owned(b.content_encoding()),
        headers: b.headers().as_ref().map(from_table).unwrap_or_default(),
        delivery_mode: *b.delivery_mode(),
        priority: *b.priority(),
        correlation_id: owned(b.correlation_id()),
        reply_to: owned(b.reply_to()),
        expiration: owned(b.expiration()),
        message_id: owned(b.message_id()),
        timestamp: *b.timestamp(),
        kind: owned(b.kind()),
        user_id: owned(b.user_id()),
        app_id: owned(b.app_id()),
        cluster_id: owned(b.cluster_id()),
    }
}

pub(super) fn message_json(queue: &str, d: &lapin::message::Delivery) -> Value {
    json!({
        "queue": queue,
        "body": String::from_utf8_lossy(&d.data),
        "exchange": d.exchange.as_str(),
        "routing_key": d.routing_key.as_str(),
        "redelivered": d.redelivered,
        "properties": properties_json(&from_props(&d.properties)),
    })
}

/// The AMQP reply code of an error (channel errors close the channel).
pub(super) fn error_json(e: &lapin::Error) -> Value {
    match e.kind() {
        lapin::ErrorKind::ProtocolError(amqp) => {
            json!({"error": {"code": amqp.get_id(), "text": amqp.get_message().as_str()}})
        }
        other => json!({"error": {"code": "client", "text": format!("{other:?}")}}),
    }
}
