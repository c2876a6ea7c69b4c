//! Messages: body, basic properties, typed headers, and where the copy came from.

use std::sync::Arc;

use super::headers::FieldTable;
use super::name::{Name, Names};
use super::time::SimTime;

/// Identifies one copy of a message in one place (each routed or dead-lettered copy is new).
pub type MsgId = u64;

/// The AMQP 0-9-1 basic properties a publisher can set.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Properties {
    pub content_type: Option<String>,
    pub content_encoding: Option<String>,
    pub headers: FieldTable,
    pub delivery_mode: Option<u8>,
    pub priority: Option<u8>,
    pub correlation_id: Option<String>,
    pub reply_to: Option<String>,
    /// Per-message TTL as the client sent it: a string of milliseconds.
    pub expiration: Option<String>,
    pub message_id: Option<String>,
    /// Seconds since the Unix epoch.
    pub timestamp: Option<u64>,
    pub kind: Option<String>,
    pub user_id: Option<String>,
    pub app_id: Option<String>,
    pub cluster_id: Option<String>,
}

impl Properties {
    /// The per-message TTL in milliseconds, when `expiration` holds a valid one.
    pub fn expiration_ms(&self) -> Option<u64> {
        self.expiration.as_deref().and_then(|e| e.parse::<u64>().ok())
    }
}

/// One copy of a message as the broker holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// This copy's id.
    pub id: MsgId,
    /// The id of the publish this copy descends from (stable across hops, for tracing).
    pub lineage: u64,
    /// The body (shared between copies).
    pub body: Arc<str>,
    /// The exchange the message was last published (or dead-lettered) to.
    pub exchange: Name,
    /// Every routing key: the publish key first, then CC keys, then BCC keys.
    pub routing_keys: Names,
    /// The BCC keys (they route but never show in headers or x-death).
    pub bcc: Names,
    /// Properties and headers, shared between copies until one of them changes (a death
    /// writes x-death into its own copy only).
    pub props: Arc<Properties>,
    /// True once the broker itself has written this message's death history (rabbitmq-4
    /// ignores an `x-death` header a client published).
    pub broker_deaths: bool,
    /// When the copy was published or dead-lettered.
    pub born_at: SimTime,
}

impl Message {
    /// The key a delivery reports: the first routing key.
    pub fn delivery_key(&self) -> &str {
        self.routing_keys.first().map(|k| k.as_str()).unwrap_or("")
    }

    /// Body size in bytes (what `x-max-length-bytes` counts).
    pub fn size_bytes(&self) -> u64 {
        self.body.len() as u64
    }

    /// Properties and headers to change (copied first if another copy shares them).
    pub fn props_mut(&mut self) -> &mut Properties {
        Arc::make_mut(&mut self.props)
    }
}
