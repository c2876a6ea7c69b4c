//! JSON Patch (RFC 6902: add, remove, replace, test) for exercise solutions: the edits that
//! turn a starting scenario into a solved one, small enough to show a learner step by step.

use serde_json::Value;

use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::Obj;

/// One patch operation.
#[derive(Debug, Clone, PartialEq)]
pub enum PatchOp {
    /// Adds `value` at `path` (inserting into a list, `-` appending).
    Add { path: String, value: Value },
    /// Removes what is at `path`.
    Remove { path: String },
    /// Replaces what is at `path`.
    Replace { path: String, value: Value },
    /// Fails unless `path` holds `value`.
    Test { path: String, value: Value },
}

impl PatchOp {
    /// The JSON pointer the operation acts on.
    pub fn path(&self) -> &str {
        match self {
            PatchOp::Add { path, .. }
            | PatchOp::Remove { path }
            | PatchOp::Replace { path, .. }
            | PatchOp::Test { path, .. } => path,
        }
    }
}

/// Reads a list of patch operations at `path`.
pub fn read_patch(v: &Value, path: &str) -> Result<Vec<PatchOp>, ScenarioError> {
    let Some(items) = v.as_array() else {
        return Err(ScenarioError::field(path, Problem::NotPatchList));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let o = Obj::new(item, format!("{path}[{i}]"))?;
            let p = o.str("path")?.to_string();
            if !(p.is_empty() || p.starts_with('/')) {
                return Err(ScenarioError::field(format!("{}.path", o.path), Problem::NotPointer));
            }
            let value = || {
                o.map.get("value").cloned().ok_or_else(|| {
                    ScenarioError::field(format!("{}.value", o.path), Problem::Missing)
                })
            };
            Ok(match o.str("op")? {
                "add" => PatchOp::Add { path: p, value: value()? },
                "remove" => PatchOp::Remove { path: p },
                "replace" => PatchOp::Replace { path: p, value: value()? },
                "test" => PatchOp::Test { path: p, value: value()? },
                other => {
                    return Err(ScenarioError::field(
                        format!("{}.op", o.path),
                        Problem::UnknownPatchOp { op: other.to_string() },
                    ))
                }
            })
        })
        .collect()
}

fn tokens(pointer: &str) -> Vec<String> {
    pointer.split('/').skip(1).map(|t| t.replace("~1", "/").replace("~0", "~")).collect()
}

/// The parent container of `pointer` and the last token.
fn parent<'a>(doc: &'a mut Value, pointer: &str) -> Result<(&'a mut Value, String), String> {
    let mut toks = tokens(pointer);
    let last = toks.pop().ok_or_else(|| "cannot change the whole document".to_string())?;
    let mut cur = doc;
    for t in toks {
        cur = match cur {
            Value::Object(m) => m.get_mut(&t).ok_or_else(|| format!("{pointer}: no '{t}'"))?,
            Value::Array(a) => {
                let i: usize =
                    t.parse().map_err(|_| format!("{pointer}: '{t}' is not a list index"))?;
                a.get_mut(i).ok_or_else(|| format!("{pointer}: no item {i}"))?
            }
            _ => return Err(format!("{pointer}: '{t}' is inside a plain value")),
        };
    }
    Ok((cur, last))
}

/// Applies the operations in order to a copy of `doc`.
pub fn apply_patch(doc: &Value, ops: &[PatchOp]) -> Result<Value, String> {
    let mut out = doc.clone();
    for op in ops {
        match op {
            PatchOp::Test { path, value } => {
                let found =
                    out.pointer(path).ok_or_else(|| format!("{path}: nothing there to test"))?;
                if found != value {
                    return Err(format!("{path}: holds {found}, not {value}"));
                }
            }
            PatchOp::Add { path, value } | PatchOp::Replace { path, value } => {
                let replace = matches!(op, PatchOp::Replace { .. });
                let (container, last) = parent(&mut out, path)?;
                match container {
                    Value::Object(m) => {
                        if replace && !m.contains_key(&last) {
                            return Err(format!("{path}: nothing there to replace"));
                        }
                        m.insert(last, value.clone());
                    }
                    Value::Array(a) => {
                        let i = if last == "-" {
                            a.len()
                        } else {
                            last.parse::<usize>()
                                .map_err(|_| format!("{path}: '{last}' is not a list index"))?
                        };
                        if replace {
                            *a.get_mut(i).ok_or_else(|| format!("{path}: no item {i}"))? =
                                value.clone();
                        } else if i <= a.len() {
                            a.insert(i, value.clone());
                        } else {
                            return Err(format!("{path}: the list has only {} items", a.len()));
                        }
                    }
                    _ => return Err(format!("{path}: cannot add inside a plain value")),
                }
            }
            PatchOp::Remove { path } => {
                let (container, last) = parent(&mut out, path)?;
                let removed = match container {
                    Value::Object(m) => m.remove(&last).is_some(),
                    Value::Array(a) => match last.parse::<usize>() {
                        Ok(i) if i < a.len() => {
                            a.remove(i);
                            true
                        }
                        _ => false,
                    },
                    _ => false,
                };
                if !removed {
                    return Err(format!("{path}: nothing there to remove"));
                }
            }
        }
    }
    Ok(out)
}
