//! Scenario errors that name the JSON path and say what to fix.

pub use super::problem::{Builtin, Decode, DecodeKind, Problem, SyntaxKind};

/// A scenario that cannot be run as written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The text is not JSON at all: where, what kind of mistake, and serde_json's own words.
    Syntax { line: usize, column: usize, kind: SyntaxKind, problem: String },
    /// A field is missing or has the wrong type or value.
    Field { path: String, problem: Problem },
}

impl ScenarioError {
    /// An error about the field at `path`.
    pub fn field(path: impl Into<String>, problem: Problem) -> ScenarioError {
        ScenarioError::Field { path: path.into(), problem }
    }
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            &crate::scenario::model::problem_text::error(self).text(crate::scenario::Lang::En),
        )
    }
}

impl std::error::Error for ScenarioError {}
