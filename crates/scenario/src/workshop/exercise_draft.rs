//! A trainer's exercise as the builder holds it while it is written: every field as text (so
//! nothing typed is lost, even when it does not read yet), the goal as form parts, turned into
//! exercise JSON and read back from any exercise.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::any_exercise::AnyExercise;
use super::goal_form::{goal_json, parts_of, PartForm};
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::json::parse;
use crate::scenario::model::lang::Lang;

/// Which part of the builder a problem is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    /// The start (a scenario, or a comparison for the other systems).
    Start,
    /// The solution.
    Solution,
    /// The goal.
    Goal,
    /// The exercise as a whole (its texts, hints, and how the parts fit).
    Exercise,
}

/// The builder's exercise.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ExerciseDraft {
    pub id: String,
    /// `rabbitmq`, `sqs`, `kafka`, `bullmq`, `database` or `hybrid`.
    pub system: String,
    pub title: String,
    pub story: String,
    /// Topics, separated by commas.
    pub topics: String,
    pub hints: Vec<String>,
    pub explanation: String,
    /// The starting scenario or comparison, as JSON text.
    pub start: String,
    /// The solved scenario or comparison, as JSON text.
    pub solution: String,
    pub goal: Vec<PartForm>,
    /// A goal the forms cannot show, as JSON text (used instead of `goal` when set).
    pub goal_json: Option<String>,
}

/// A problem with the draft, and where it is.
pub type DraftError = (Section, ScenarioError);

fn json_of(text: &str, section: Section) -> Result<Value, DraftError> {
    parse(text).map_err(|e| (section, e))
}

impl ExerciseDraft {
    /// A new draft for `system`, starting from `start` (a scenario or comparison text): the
    /// solution starts as the start, the goal with one part.
    pub fn new(system: &str, start: &str) -> ExerciseDraft {
        let first = if system == "rabbitmq" { "no_message_lost" } else { "no_duplicates" };
        ExerciseDraft {
            id: "my-exercise".into(),
            system: system.into(),
            hints: vec![String::new()],
            start: start.into(),
            solution: start.into(),
            goal: vec![PartForm { kind: first.into(), ..Default::default() }],
            ..Default::default()
        }
    }

    /// The goal's JSON: the forms' parts, or the JSON kept when the forms cannot show it.
    pub fn goal_value(&self) -> Result<Value, DraftError> {
        match &self.goal_json {
            Some(text) => json_of(text, Section::Goal),
            None => Ok(goal_json(&self.goal, &self.system)),
        }
    }

    /// The exercise JSON the draft makes (what is exported and checked).
    pub fn to_json(&self) -> Result<Value, DraftError> {
        let start = json_of(&self.start, Section::Start)?;
        let solution = json_of(&self.solution, Section::Solution)?;
        let topics: Vec<&str> =
            self.topics.split(',').map(str::trim).filter(|t| !t.is_empty()).collect();
        let hints: Vec<&str> =
            self.hints.iter().map(|h| h.trim()).filter(|h| !h.is_empty()).collect();
        Ok(json!({
            "id": self.id.trim(), "system": self.system, "title": self.title.trim(),
            "story": self.story.trim(), "topics": topics, "start": start,
            "goal": self.goal_value()?, "hints": hints, "solution": {"scenario": solution},
            "explanation": self.explanation.trim(),
        }))
    }

    /// The exercise, read and checked as any exercise file is; a problem names its section
    /// and field.
    pub fn exercise(&self) -> Result<AnyExercise, DraftError> {
        let v = self.to_json()?;
        AnyExercise::from_json_in(&v, Lang::En).map_err(|e| {
            let section = match &e {
                ScenarioError::Field { path, .. } if path.starts_with("$.start") => Section::Start,
                ScenarioError::Field { path, .. } if path.starts_with("$.solution") => {
                    Section::Solution
                }
                ScenarioError::Field { path, .. } if path.starts_with("$.goal") => Section::Goal,
                _ => Section::Exercise,
            };
            (section, e)
        })
    }

    /// A draft of an existing exercise (a file or a link the trainer imports), in English.
    pub fn from_exercise_text(text: &str) -> Result<ExerciseDraft, ScenarioError> {
        let v = parse(text)?;
        let ex = AnyExercise::from_json_in(&v, Lang::En)?;
        let system = ex.system().to_string();
        let pretty = |v: &Value| serde_json::to_string_pretty(v).unwrap_or_default();
        let text_at = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        let list_at = |k: &str| -> Vec<String> {
            v.get(k)
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                .unwrap_or_default()
        };
        let goal = v.get("goal").cloned().unwrap_or(Value::Null);
        let parts = parts_of(&goal, &system);
        Ok(ExerciseDraft {
            id: ex.id().to_string(),
            title: text_at("title"),
            story: text_at("story"),
            topics: list_at("topics").join(", "),
            hints: list_at("hints"),
            explanation: text_at("explanation"),
            start: ex.start_text(),
            solution: ex.solution_text()?,
            goal_json: parts.is_none().then(|| pretty(&goal)),
            goal: parts.unwrap_or_default(),
            system,
        })
    }

    /// Reads a saved draft (the builder's own storage); `None` when it does not read.
    pub fn restore(text: &str) -> Option<ExerciseDraft> {
        serde_json::from_str(text).ok()
    }

    /// The draft as the builder saves it.
    pub fn save_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
