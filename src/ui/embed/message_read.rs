//! Reads a message from the host page field by field, within a budget: only the fields the
//! protocol knows, values walked one by one (never the whole message serialised first), a
//! typed array or buffer refused at once, and a scenario over the size limit refused before
//! it is copied. A message of any size is answered with an error in about the time it takes
//! to look at its first oversized part.

use js_sys::{Array, ArrayBuffer, JsString, Object, Reflect};
use serde_json::{Map, Number, Value};
use wasm_bindgen::{JsCast, JsValue};

/// The fields of a command ([`crate::link::embed_protocol::parse_command`] reads these).
const FIELDS: [&str; 9] =
    ["dlxLab", "type", "id", "t", "direction", "message", "preset", "scenario", "autoplay"];
/// The most text one message may carry, in UTF-16 code units (about 4 MB).
pub const MAX_MESSAGE_TEXT: u32 = 4 << 20;
/// The most values (strings, numbers, list items, object fields) one message may hold.
pub const MAX_MESSAGE_VALUES: u32 = 500_000;
/// The deepest nesting of lists and objects.
const MAX_DEPTH: u32 = 64;

struct Budget {
    text: u32,
    values: u32,
}

impl Budget {
    fn take_values(&mut self, n: u32) -> Result<(), String> {
        self.values = self.values.checked_sub(n).ok_or_else(|| {
            format!(
                "the message holds more than {MAX_MESSAGE_VALUES} values; send a smaller scenario"
            )
        })?;
        Ok(())
    }

    /// Refuses a list or object of `n` entries that could not fit, before reading any.
    fn room_for(&self, n: u32) -> Result<(), String> {
        if n > self.values {
            return Err(format!(
                "the message holds more than {MAX_MESSAGE_VALUES} values; send a smaller scenario"
            ));
        }
        Ok(())
    }
}

/// The command fields of `data` as JSON, or why the message is refused.
pub fn read_message(data: &JsValue) -> Result<Value, String> {
    if !data.is_object() || Array::is_array(data) || is_binary(data) {
        return Err("a message must be an object {\"dlxLab\": 1, \"type\": …}".into());
    }
    let mut budget = Budget { text: MAX_MESSAGE_TEXT, values: MAX_MESSAGE_VALUES };
    let mut out = Map::new();
    for key in FIELDS {
        let v = Reflect::get(data, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
        if !v.is_undefined() {
            out.insert(
                key.to_string(),
                to_json(&v, &mut budget, 0).map_err(|e| format!("'{key}': {e}"))?,
            );
        }
    }
    Ok(Value::Object(out))
}

fn is_binary(v: &JsValue) -> bool {
    ArrayBuffer::is_view(v) || v.is_instance_of::<ArrayBuffer>()
}

fn to_json(v: &JsValue, budget: &mut Budget, depth: u32) -> Result<Value, String> {
    budget.take_values(1)?;
    if v.is_null() || v.is_undefined() {
        return Ok(Value::Null);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = v.as_f64() {
        // A whole number reads as JSON's integer, as it would from JSON text (`1`, not `1.0`).
        const SAFE: f64 = 9_007_199_254_740_991.0;
        return Ok(if n.fract() == 0.0 && (0.0..=SAFE).contains(&n) {
            Value::from(n as u64)
        } else if n.fract() == 0.0 && (-SAFE..0.0).contains(&n) {
            Value::from(n as i64)
        } else {
            Number::from_f64(n).map_or(Value::Null, Value::Number)
        });
    }
    if v.is_string() {
        let units = v.unchecked_ref::<JsString>().length();
        budget.text = budget.text.checked_sub(units).ok_or_else(|| {
            format!("the message carries more than {MAX_MESSAGE_TEXT} characters; send a smaller scenario")
        })?;
        return Ok(Value::String(v.as_string().unwrap_or_default()));
    }
    if is_binary(v) {
        return Err(
            "a typed array or buffer is not JSON; send the scenario as an object or JSON text"
                .into(),
        );
    }
    if depth >= MAX_DEPTH {
        return Err(format!("lists and objects nest deeper than {MAX_DEPTH} levels"));
    }
    if Array::is_array(v) {
        let list = v.unchecked_ref::<Array>();
        budget.room_for(list.length())?;
        return (0..list.length()).map(|i| to_json(&list.get(i), budget, depth + 1)).collect();
    }
    if v.is_object() {
        let keys = Object::keys(v.unchecked_ref::<Object>());
        budget.room_for(keys.length())?;
        let mut map = Map::new();
        for key in keys.iter() {
            let name = key.as_string().unwrap_or_default();
            let item = Reflect::get(v, &key).unwrap_or(JsValue::UNDEFINED);
            map.insert(name, to_json(&item, budget, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    // A function, symbol or bigint is not JSON: read as JSON.stringify would leave it out.
    Ok(Value::Null)
}
