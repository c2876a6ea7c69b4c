//! Typed reads from JSON values that report the JSON path of whatever is wrong.
//!
//! The readers built on [`Obj`] read fields in their own order, checking as they go (a time
//! within the run, a name the scenario declares), take `null` as the default, and say what a
//! missing field should hold ("is missing (a whole number is required)"): what a serde derive
//! cannot, since it reports fields in key order and its missing-field error has no type.

use serde_json::{Map, Value};

use super::error::{Problem, ScenarioError, SyntaxKind};
use crate::engine::headers::FieldTable;
use crate::engine::message::Properties;

/// A JSON object being read, with its path for error messages.
pub struct Obj<'a> {
    pub path: String,
    pub map: &'a Map<String, Value>,
}

impl<'a> Obj<'a> {
    /// Reads `value` at `path` as an object.
    pub fn new(value: &'a Value, path: impl Into<String>) -> Result<Obj<'a>, ScenarioError> {
        let path = path.into();
        match value.as_object() {
            Some(map) => Ok(Obj { path, map }),
            None => Err(ScenarioError::field(path, Problem::NotObject)),
        }
    }

    fn at(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// A required string.
    pub fn str(&self, key: &str) -> Result<&'a str, ScenarioError> {
        match self.map.get(key) {
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(ScenarioError::field(self.at(key), Problem::NotString)),
            None => Err(ScenarioError::field(self.at(key), Problem::MissingString)),
        }
    }

    /// An optional string (`default` when absent).
    pub fn str_or(&self, key: &str, default: &'a str) -> Result<&'a str, ScenarioError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(_) => self.str(key),
        }
    }

    /// A required non-negative integer.
    pub fn u64(&self, key: &str) -> Result<u64, ScenarioError> {
        match self.map.get(key) {
            Some(v) => v.as_u64().ok_or_else(|| {
                ScenarioError::field(self.at(key), Problem::NotUnsigned { value: v.to_string() })
            }),
            None => Err(ScenarioError::field(self.at(key), Problem::MissingNumber)),
        }
    }

    /// An optional non-negative integer.
    pub fn u64_or(&self, key: &str, default: u64) -> Result<u64, ScenarioError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(_) => self.u64(key),
        }
    }

    /// An optional integer (may be negative).
    pub fn i64_or(&self, key: &str, default: i64) -> Result<i64, ScenarioError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v.as_i64().ok_or_else(|| {
                ScenarioError::field(self.at(key), Problem::NotInteger { value: v.to_string() })
            }),
        }
    }

    /// An optional boolean.
    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool, ScenarioError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(ScenarioError::field(self.at(key), Problem::NotBool)),
        }
    }

    /// An optional AMQP table (arguments, binding arguments, policy definitions).
    pub fn table(&self, key: &str) -> Result<FieldTable, ScenarioError> {
        match self.map.get(key) {
            None => Ok(FieldTable::new()),
            Some(v) => FieldTable::from_json(v, &self.at(key))
                .map_err(|e| ScenarioError::field(e.path, Problem::Header(e.problem))),
        }
    }

    /// An optional list of strings.
    pub fn strings(&self, key: &str) -> Result<Vec<String>, ScenarioError> {
        match self.map.get(key) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    v.as_str().map(str::to_string).ok_or_else(|| {
                        ScenarioError::field(format!("{}[{i}]", self.at(key)), Problem::NotString)
                    })
                })
                .collect(),
            Some(_) => Err(ScenarioError::field(self.at(key), Problem::NotStringList)),
        }
    }

    /// Basic properties in the conformance format (`expiration` a string of ms, `headers` a table).
    pub fn properties(&self, key: &str) -> Result<Properties, ScenarioError> {
        let Some(v) = self.map.get(key) else { return Ok(Properties::default()) };
        if v.is_null() {
            return Ok(Properties::default());
        }
        let o = Obj::new(v, self.at(key))?;
        let opt = |k: &str| -> Result<Option<String>, ScenarioError> {
            match o.map.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(ScenarioError::field(o.at(k), Problem::NotString)),
            }
        };
        let small = |k: &str, max: u64| -> Result<Option<u8>, ScenarioError> {
            match o.map.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => match v.as_u64() {
                    Some(n) if n <= max => Ok(Some(n as u8)),
                    _ => Err(ScenarioError::field(o.at(k), Problem::OutOfRange { max })),
                },
            }
        };
        let timestamp =
            match o.map.get("timestamp") {
                None | Some(Value::Null) => None,
                Some(v) => Some(v.as_u64().ok_or_else(|| {
                    ScenarioError::field(o.at("timestamp"), Problem::NotTimestamp)
                })?),
            };
        Ok(Properties {
            content_type: opt("content_type")?,
            content_encoding: opt("content_encoding")?,
            headers: o.table("headers")?,
            delivery_mode: small("delivery_mode", 2)?,
            priority: small("priority", 255)?,
            correlation_id: opt("correlation_id")?,
            reply_to: opt("reply_to")?,
            expiration: opt("expiration")?,
            message_id: opt("message_id")?,
            timestamp,
            kind: opt("type")?,
            user_id: opt("user_id")?,
            app_id: opt("app_id")?,
            cluster_id: opt("cluster_id")?,
        })
    }
}

/// Parses scenario text, turning a syntax error into a message with line and column.
pub fn parse(text: &str) -> Result<Value, ScenarioError> {
    serde_json::from_str(text).map_err(|e| ScenarioError::Syntax {
        line: e.line(),
        column: e.column(),
        kind: SyntaxKind::from_serde(&e),
        problem: e.to_string(),
    })
}
