//! Changes to a scenario made on the picture (the Node tab's forms and the Add menu): each a
//! typed [`Edit`] applied to the scenario's JSON text by [`apply`], checked as the broker
//! would check it and then as a load would, so a form never writes what the engine refuses
//! without saying which field and why. The result is the new text, applied like the Edit
//! tab's Apply (one source of truth: the JSON).

pub mod consumer_edits;
pub mod edit_error;
pub mod publisher_edits;
pub mod queue_args;
pub mod topology_edits;

use serde_json::{Map, Value};

pub use edit_error::EditError;

use crate::scenario::model::limits::MAX_NAME_BYTES;
use crate::scenario::Scenario;

/// One change to a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Declares an exchange of a type (`direct`, `fanout`, `topic`, `headers`).
    AddExchange { name: String, kind: String },
    /// Declares a queue with arguments, each `(key, text as typed)`.
    AddQueue { name: String, arguments: Vec<(String, String)> },
    /// Binds a queue to an exchange; `arguments` as `name=value, …` (a headers exchange's
    /// match, with `x-match=all` or `any`).
    AddBinding { exchange: String, queue: String, routing_key: String, arguments: String },
    /// Sets (or, with empty text, removes) a queue's argument.
    SetQueueArgument { queue: String, key: String, text: String },
    /// Changes the routing key of the binding at `index` in `bindings`.
    SetBindingKey { index: usize, routing_key: String },
    /// Removes the binding at `index`.
    RemoveBinding { index: usize },
    /// Removes a queue, with its bindings and consumers.
    RemoveQueue { name: String },
    /// Removes an exchange, with its bindings.
    RemoveExchange { name: String },
    /// Removes the policy named `name`.
    RemovePolicy { name: String },
    /// Adds a policy: `definition` is `(key, text as typed)`.
    AddPolicy {
        name: String,
        pattern: String,
        apply_to: String,
        priority: String,
        definition: Vec<(String, String)>,
    },
    /// Sets a field of the behaviour of the consumer at `index` (its `kind`, `work_ms`,
    /// `requeue`, `max_attempts`, `retry_keys`…).
    SetConsumer { index: usize, field: String, text: String },
    /// Adds a consumer of `queue` doing `kind`.
    AddConsumer { queue: String, kind: String },
    /// Removes the consumer at `index`.
    RemoveConsumer { index: usize },
    /// Adds a publisher: `count` messages to `exchange` with `routing_key`, one every
    /// `every_ms`.
    AddPublisher { exchange: String, routing_key: String, count: String, every_ms: String },
    /// Sets a field of the publisher at `index` (`exchange`, `routing_key`, `body`, `count`,
    /// `every_ms`, `start_ms`, `expiration` (a per-message TTL), `headers` as `k=v, …`).
    SetPublisher { index: usize, field: String, text: String },
    /// Removes the publisher at `index`.
    RemovePublisher { index: usize },
}

/// The scenario `text` with `edit` made, pretty-printed; or why not (the text unchanged).
pub fn apply(text: &str, edit: &Edit) -> Result<String, EditError> {
    let mut doc: Value = serde_json::from_str(text).map_err(|_| EditError::NotAnObject)?;
    let root = doc.as_object_mut().ok_or(EditError::NotAnObject)?;
    match edit {
        Edit::SetConsumer { index, field, text } => {
            consumer_edits::set_consumer(root, *index, field, text)?
        }
        Edit::AddConsumer { queue, kind } => publisher_edits::add_consumer(root, queue, kind)?,
        Edit::RemoveConsumer { index } => publisher_edits::remove_at(root, "consumers", *index)?,
        Edit::AddPublisher { exchange, routing_key, count, every_ms } => {
            publisher_edits::add_publisher(root, exchange, routing_key, count, every_ms)?
        }
        Edit::SetPublisher { index, field, text } => {
            publisher_edits::set_publisher(root, *index, field, text)?
        }
        Edit::RemovePublisher { index } => publisher_edits::remove_at(root, "publishers", *index)?,
        other => topology_edits::apply_topology(root, other)?,
    }
    let out = serde_json::to_string_pretty(&doc).map_err(|_| EditError::NotAnObject)?;
    // The last word: the scenario loads as the Edit tab's Apply would load it.
    Scenario::parse(&out).map_err(|e| EditError::Scenario { reason: e.to_string() })?;
    Ok(out)
}

/// A name a form gives: not empty, not longer than the broker takes.
fn name_of(field: &str, text: &str) -> Result<String, EditError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(EditError::Empty { field: field.into() });
    }
    if t.len() > MAX_NAME_BYTES {
        return Err(EditError::TooLong { field: field.into(), max_bytes: MAX_NAME_BYTES });
    }
    Ok(t.to_string())
}

/// The list `key` of the scenario (made empty when missing).
fn list<'a>(root: &'a mut Map<String, Value>, key: &str) -> Result<&'a mut Vec<Value>, EditError> {
    root.entry(key.to_string())
        .or_insert_with(|| Value::Array(Vec::new()))
        .as_array_mut()
        .ok_or(EditError::NotAnObject)
}

/// The `name` field of a list item.
fn named(item: &Value) -> &str {
    item.get("name").and_then(Value::as_str).unwrap_or_default()
}
