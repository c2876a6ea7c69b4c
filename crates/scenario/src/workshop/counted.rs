//! The comparison every counting goal asks for (`equals`, `at_least`, `at_most`), and a goal's
//! own fields read beside it in one JSON object: `{"queue": "q", "at_ms": 5000, "equals": 0}`.
//!
//! serde's `flatten` would read the two parts but lose the list of known fields an unknown one
//! is reported with, so [`Counted`] splits the object itself and names every known field.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// A comparison: `equals`, `at_least` and/or `at_most`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Count {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equals: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<u64>,
}

/// The comparison's field names, as JSON spells them.
const COUNT_FIELDS: [&str; 3] = ["equals", "at_least", "at_most"];

impl Count {
    pub(crate) fn holds(&self, n: u64) -> bool {
        self.equals.is_none_or(|e| n == e)
            && self.at_least.is_none_or(|a| n >= a)
            && self.at_most.is_none_or(|a| n <= a)
    }

    /// What a counting goal found: `said(wanted)` names the count, with the comparison asked
    /// for when it fails; Ok when `n` holds, Err when it does not.
    pub(crate) fn judge<F>(&self, n: u64, said: impl FnOnce(Option<Count>) -> F) -> Result<F, F> {
        if self.holds(n) {
            Ok(said(None))
        } else {
            Err(said(Some(self.clone())))
        }
    }

    /// Whether no bound is asked for (a goal that counts must ask one).
    pub(crate) fn is_empty(&self) -> bool {
        self.equals.is_none() && self.at_least.is_none() && self.at_most.is_none()
    }

    /// The comparison in words: "exactly 3", "at least 2 and at most 5".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = self.equals {
            parts.push(format!("exactly {e}"));
        }
        if let Some(a) = self.at_least {
            parts.push(format!("at least {a}"));
        }
        if let Some(a) = self.at_most {
            parts.push(format!("at most {a}"));
        }
        parts.join(" and ")
    }
}

/// What is counted, whose fields sit beside the comparison's in the goal's JSON.
pub trait CountedFields: Serialize + DeserializeOwned {
    /// Every field the object may hold, its own then the comparison's, in the order an
    /// unknown-field error lists them.
    const FIELDS: &'static [&'static str];
}

/// A goal that counts: what is counted and the comparison asked for, one JSON object.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counted<T: CountedFields> {
    #[serde(flatten)]
    pub what: T,
    #[serde(flatten)]
    pub count: Count,
}

impl<'de, T: CountedFields> Deserialize<'de> for Counted<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = Map::<String, Value>::deserialize(d)?;
        if let Some(k) = map.keys().find(|k| !T::FIELDS.contains(&k.as_str())) {
            return Err(D::Error::unknown_field(k, T::FIELDS));
        }
        let (count, own): (Map<_, _>, Map<_, _>) =
            map.into_iter().partition(|(k, _)| COUNT_FIELDS.contains(&k.as_str()));
        let what = T::deserialize(Value::Object(own)).map_err(D::Error::custom)?;
        let count = Count::deserialize(Value::Object(count)).map_err(D::Error::custom)?;
        Ok(Counted { what, count })
    }
}
