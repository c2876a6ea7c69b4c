//! AMQP field tables: header values that keep their wire types, and their JSON forms.
//!
//! `x-death` must keep its field types (count is a signed 64-bit `l`, time a timestamp `T`),
//! so headers are not plain JSON. Input JSON follows what the pika client sends: strings are
//! long strings, integers that fit 32 bits are `I` and larger ones `l`, `{"$timestamp": s}` is a
//! timestamp, objects are tables and arrays are arrays.

use serde_json::{Map, Number, Value};

use super::name::Name;

/// One typed AMQP field value.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue {
    /// `S`: long string.
    LongStr(String),
    /// `l`: signed 64-bit integer.
    Long(i64),
    /// `I`: signed 32-bit integer.
    Int(i32),
    /// `t`: boolean.
    Bool(bool),
    /// `T`: timestamp, seconds since the Unix epoch.
    Timestamp(u64),
    /// `d`: double.
    Double(f64),
    /// `A`: array.
    Array(Vec<FieldValue>),
    /// `F`: nested table.
    Table(FieldTable),
    /// `V`: void (no value).
    Void,
}

/// True when two field names are equal. Header names are short and many share a length and a
/// prefix (`x-first-death-queue`, `x-last-death-reason`): comparing the last byte first settles
/// most mismatches without a call to `memcmp`.
#[inline(always)]
fn same_key(k: &str, key: &str) -> bool {
    let (a, b) = (k.as_bytes(), key.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a == b
}

/// An ordered AMQP field table (keys are unique; order is kept as inserted). Keys are interned
/// names: a message's headers do not each hold their own copy of `x-first-death-reason`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FieldTable(pub Vec<(Name, FieldValue)>);

/// Why a JSON value could not become a header value.
#[derive(Debug, Clone, PartialEq)]
pub struct HeaderError {
    /// Where in the headers the bad value sits, e.g. `headers.x-death[0].count`.
    pub path: String,
    /// What is wrong with it.
    pub problem: HeaderProblem,
}

/// What is wrong with a header value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderProblem {
    /// Tables and arrays nest deeper than [`MAX_NESTING`].
    TooDeep,
    /// `{"$timestamp": …}` holds something other than whole seconds.
    BadTimestamp,
    /// The headers (or arguments) are not a JSON object.
    NotTable,
}

impl std::fmt::Display for HeaderProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeaderProblem::TooDeep => write!(f, "nested deeper than {MAX_NESTING} levels"),
            HeaderProblem::BadTimestamp => {
                write!(f, "a timestamp must be a whole, non-negative number of seconds")
            }
            HeaderProblem::NotTable => write!(f, "must be an object of header names to values"),
        }
    }
}

impl std::fmt::Display for HeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.problem)
    }
}

/// How deep nested tables and arrays may go before a header is refused.
pub const MAX_NESTING: usize = 32;

impl FieldValue {
    /// The one-letter AMQP type code (`S`, `l`, `I`, `t`, `T`, `d`, `A`, `F`, `V`).
    pub fn type_code(&self) -> &'static str {
        match self {
            FieldValue::LongStr(_) => "S",
            FieldValue::Long(_) => "l",
            FieldValue::Int(_) => "I",
            FieldValue::Bool(_) => "t",
            FieldValue::Timestamp(_) => "T",
            FieldValue::Double(_) => "d",
            FieldValue::Array(_) => "A",
            FieldValue::Table(_) => "F",
            FieldValue::Void => "V",
        }
    }

    /// The string inside a long-string value.
    #[inline(always)]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            FieldValue::LongStr(s) => Some(s),
            _ => None,
        }
    }

    /// The integer inside any integer value.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            FieldValue::Long(n) => Some(*n),
            FieldValue::Int(n) => Some(*n as i64),
            _ => None,
        }
    }

    /// Values compared as the headers exchange does: same type class and equal value.
    pub fn matches(&self, other: &FieldValue) -> bool {
        match (self, other) {
            (a, b) if a.as_i64().is_some() && b.as_i64().is_some() => a.as_i64() == b.as_i64(),
            (FieldValue::Double(a), FieldValue::Double(b)) => a == b,
            _ => self == other,
        }
    }

    /// Reads a JSON value the way the pika client would encode it.
    pub fn from_json(value: &Value, path: &str, depth: usize) -> Result<FieldValue, HeaderError> {
        if depth > MAX_NESTING {
            return Err(HeaderError { path: path.to_string(), problem: HeaderProblem::TooDeep });
        }
        Ok(match value {
            Value::Null => FieldValue::Void,
            Value::Bool(b) => FieldValue::Bool(*b),
            Value::String(s) => FieldValue::LongStr(s.clone()),
            Value::Number(n) => number_value(n),
            Value::Array(items) => FieldValue::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| FieldValue::from_json(v, &format!("{path}[{i}]"), depth + 1))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Object(map) => {
                if let Some(ts) = map.get("$timestamp") {
                    if map.len() == 1 {
                        return match ts.as_u64() {
                            Some(secs) => Ok(FieldValue::Timestamp(secs)),
                            None => Err(HeaderError {
                                path: format!("{path}.$timestamp"),
                                problem: HeaderProblem::BadTimestamp,
                            }),
                        };
                    }
                }
                FieldValue::Table(FieldTable::from_json_map(map, path, depth + 1)?)
            }
        })
    }

    /// The JSON form of the value (timestamps as `{"$timestamp": secs}`).
    pub fn to_json(&self) -> Value {
        match self {
            FieldValue::LongStr(s) => Value::String(s.clone()),
            FieldValue::Long(n) => Value::from(*n),
            FieldValue::Int(n) => Value::from(*n),
            FieldValue::Bool(b) => Value::Bool(*b),
            FieldValue::Timestamp(t) => {
                let mut m = Map::new();
                m.insert("$timestamp".into(), Value::from(*t));
                Value::Object(m)
            }
            FieldValue::Double(d) => Number::from_f64(*d).map(Value::Number).unwrap_or(Value::Null),
            FieldValue::Array(items) => {
                Value::Array(items.iter().map(FieldValue::to_json).collect())
            }
            FieldValue::Table(t) => t.to_json(),
            FieldValue::Void => Value::Null,
        }
    }

    /// The JSON mirror of the value's types: a code, or arrays/objects of codes for containers.
    pub fn types_json(&self) -> Value {
        match self {
            FieldValue::Array(items) => {
                Value::Array(items.iter().map(FieldValue::types_json).collect())
            }
            FieldValue::Table(t) => t.types_json(),
            other => Value::String(other.type_code().into()),
        }
    }
}

fn number_value(n: &Number) -> FieldValue {
    if let Some(i) = n.as_i64() {
        if let Ok(small) = i32::try_from(i) {
            FieldValue::Int(small)
        } else {
            FieldValue::Long(i)
        }
    } else if let Some(u) = n.as_u64() {
        FieldValue::Long(u.min(i64::MAX as u64) as i64)
    } else {
        FieldValue::Double(n.as_f64().unwrap_or(0.0))
    }
}

impl FieldTable {
    /// An empty table.
    pub fn new() -> FieldTable {
        FieldTable(Vec::new())
    }

    /// True when the table has no fields.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value under `key`.
    #[inline(always)]
    pub fn get(&self, key: &str) -> Option<&FieldValue> {
        // A loop, not `find`: see `ByName::position`.
        let fields = self.0.as_slice();
        let mut i = 0;
        while i < fields.len() {
            if same_key(&fields[i].0, key) {
                return Some(&fields[i].1);
            }
            i += 1;
        }
        None
    }

    /// Sets `key` (replacing in place if present, appending otherwise).
    pub fn set(&mut self, key: &str, value: FieldValue) {
        if let Some(slot) = self.0.iter_mut().find(|(k, _)| same_key(k, key)) {
            slot.1 = value;
        } else {
            self.0.push((Name::new(key), value));
        }
    }

    /// The value under the interned `key` (compared by pointer).
    #[inline(always)]
    pub(crate) fn get_key(&self, key: Name) -> Option<&FieldValue> {
        let fields = self.0.as_slice();
        let mut i = 0;
        while i < fields.len() {
            if fields[i].0 == key {
                return Some(&fields[i].1);
            }
            i += 1;
        }
        None
    }

    /// The value under the interned `key`, to change it in place.
    #[inline(always)]
    pub(crate) fn get_key_mut(&mut self, key: Name) -> Option<&mut FieldValue> {
        self.0.iter_mut().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// Sets the interned `key`, as [`FieldTable::set`] does.
    pub(crate) fn set_key(&mut self, key: Name, value: FieldValue) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    /// A table with room for `n` fields.
    pub(crate) fn with_capacity(n: usize) -> FieldTable {
        FieldTable(Vec::with_capacity(n))
    }

    /// Appends `key`, which the caller knows is not in the table yet (no search).
    pub(crate) fn push_new(&mut self, key: Name, value: FieldValue) {
        debug_assert!(self.get_key(key).is_none(), "duplicate field table key {key}");
        self.0.push((key, value));
    }

    /// Sets `key` to the long string `value`, as [`FieldTable::set`] does, reusing the string
    /// already there when there is one.
    pub(crate) fn set_str(&mut self, key: Name, value: &str) {
        match self.0.iter_mut().find(|(k, _)| *k == key).map(|(_, v)| v) {
            Some(FieldValue::LongStr(s)) => {
                if s != value {
                    s.clear();
                    s.push_str(value);
                }
            }
            Some(slot) => *slot = FieldValue::LongStr(value.to_string()),
            None => self.0.push((key, FieldValue::LongStr(value.to_string()))),
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<FieldValue> {
        let i = self.0.iter().position(|(k, _)| same_key(k, key))?;
        Some(self.0.remove(i).1)
    }

    /// Reads a JSON object as a table (see the module notes for the type rules).
    pub fn from_json_map(
        map: &Map<String, Value>,
        path: &str,
        depth: usize,
    ) -> Result<FieldTable, HeaderError> {
        let mut t = FieldTable::new();
        for (k, v) in map {
            t.0.push((Name::new(k), FieldValue::from_json(v, &format!("{path}.{k}"), depth)?));
        }
        Ok(t)
    }

    /// Reads a JSON value that must be an object (or null for an empty table).
    pub fn from_json(value: &Value, path: &str) -> Result<FieldTable, HeaderError> {
        match value {
            Value::Null => Ok(FieldTable::new()),
            Value::Object(map) => FieldTable::from_json_map(map, path, 0),
            _ => Err(HeaderError { path: path.to_string(), problem: HeaderProblem::NotTable }),
        }
    }

    /// The JSON object of the table's values.
    pub fn to_json(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.extend(self.0.iter().map(|(k, v)| (k.to_string(), v.to_json())));
        Value::Object(m)
    }

    /// The JSON object mirroring the table's value types.
    pub fn types_json(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.extend(self.0.iter().map(|(k, v)| (k.to_string(), v.types_json())));
        Value::Object(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_follows_pika_types() {
        let t = FieldTable::from_json(
            &json!({"n": 42, "big": 5_000_000_000i64, "s": "x", "f": true,
            "ts": {"$timestamp": 1700000000u64}, "list": [1, "x"], "nested": {"a": 1}}),
            "headers",
        )
        .unwrap();
        assert_eq!(
            t.types_json(),
            json!({"n": "I", "big": "l", "s": "S", "f": "t", "ts": "T",
            "list": ["I", "S"], "nested": {"a": "I"}})
        );
        assert_eq!(t.get("ts"), Some(&FieldValue::Timestamp(1_700_000_000)));
    }

    #[test]
    fn deep_nesting_is_refused_with_a_path() {
        let mut v = json!(1);
        for _ in 0..40 {
            v = json!([v]);
        }
        let err = FieldTable::from_json(&json!({ "deep": v }), "headers").unwrap_err();
        assert!(err.path.starts_with("headers.deep["), "{err}");
    }

    #[test]
    fn integer_classes_match_across_widths() {
        assert!(FieldValue::Int(3).matches(&FieldValue::Long(3)));
        assert!(!FieldValue::Int(3).matches(&FieldValue::LongStr("3".into())));
    }
}
