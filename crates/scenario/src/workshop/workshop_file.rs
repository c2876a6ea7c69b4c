//! A trainer's workshop: a title and exercises in order, built-in ones by id and the trainer's
//! own inline, of any of the six systems. Opened from one link, checked natively by
//! `dlx-lab workshop check FILE`.
//!
//! ```json
//! {"workshop": 1, "title": "Dead letters in two hours", "description": "…",
//!  "exercises": ["catch-rejected-messages", "sqs-park-the-poison", {"id": "my-own", …}]}
//! ```

use std::collections::BTreeSet;

use serde_json::Value;

use super::any_exercise::AnyExercise;
use super::exercise::under;
use crate::scenario::model::error::{Problem, ScenarioError};
use crate::scenario::model::json::{parse, Obj};
use crate::scenario::model::lang::Lang;

/// The workshop file format this build reads.
pub const WORKSHOP_VERSION: u64 = 1;
/// The most exercises one workshop may list.
pub const MAX_WORKSHOP_EXERCISES: usize = 60;

/// One exercise of a workshop: a built-in one by id, or the trainer's own.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkshopItem {
    pub exercise: AnyExercise,
    /// The trainer's own exercise JSON (`None` for a built-in one).
    pub inline: Option<Value>,
}

/// A workshop.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkshopFile {
    pub title: String,
    pub description: String,
    pub items: Vec<WorkshopItem>,
}

impl WorkshopFile {
    /// Reads workshop text, every exercise's texts in `lang`.
    pub fn parse_in(text: &str, lang: Lang) -> Result<WorkshopFile, ScenarioError> {
        WorkshopFile::from_json_in(&parse(text)?, lang)
    }

    /// Reads a workshop: its version, title and one to [`MAX_WORKSHOP_EXERCISES`]
    /// exercises, each a built-in id or a whole exercise, with no id twice.
    pub fn from_json_in(v: &Value, lang: Lang) -> Result<WorkshopFile, ScenarioError> {
        let o = Obj::new(v, "$")?;
        let version = o.u64("workshop")?;
        if version != WORKSHOP_VERSION {
            return Err(ScenarioError::field(
                "$.workshop",
                Problem::Version { supported: WORKSHOP_VERSION, version },
            ));
        }
        let title = o.str("title")?.trim().to_string();
        if title.is_empty() {
            return Err(ScenarioError::field("$.title", Problem::Empty));
        }
        let Some(list) = o.map.get("exercises") else {
            return Err(ScenarioError::field("$.exercises", Problem::Missing));
        };
        let Some(list) = list.as_array() else {
            return Err(ScenarioError::field("$.exercises", Problem::NotList));
        };
        if list.is_empty() {
            return Err(ScenarioError::field("$.exercises", Problem::Empty));
        }
        if list.len() > MAX_WORKSHOP_EXERCISES {
            return Err(ScenarioError::field(
                "$.exercises",
                Problem::TooMany { max: MAX_WORKSHOP_EXERCISES as u64 },
            ));
        }
        let mut seen = BTreeSet::new();
        let mut items = Vec::new();
        for (i, entry) in list.iter().enumerate() {
            let at = format!("$.exercises[{i}]");
            let item = match entry {
                Value::String(id) => WorkshopItem {
                    exercise: AnyExercise::builtin_in(id, lang).map_err(|e| match e {
                        ScenarioError::Field { problem, .. } => {
                            ScenarioError::field(at.clone(), problem)
                        }
                        other => other,
                    })?,
                    inline: None,
                },
                Value::Object(_) => WorkshopItem {
                    exercise: AnyExercise::from_json_in(entry, lang).map_err(|e| under(&at, e))?,
                    inline: Some(entry.clone()),
                },
                _ => return Err(ScenarioError::field(at, Problem::ExerciseEntry)),
            };
            if !seen.insert(item.exercise.id().to_string()) {
                return Err(ScenarioError::field(
                    at,
                    Problem::DuplicateExercise { id: item.exercise.id().to_string() },
                ));
            }
            items.push(item);
        }
        Ok(WorkshopFile { title, description: o.str_or("description", "")?.to_string(), items })
    }
}
