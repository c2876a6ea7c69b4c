//! Why a change made on the picture was not made: each names the field (or the thing) and what
//! would be accepted, the broker's own reason when the broker would refuse it.

use std::fmt;

/// A refused edit. The scenario stays as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The scenario text is not a JSON object (fix it in the Edit tab first).
    NotAnObject,
    /// A required field is empty.
    Empty { field: String },
    /// A field longer than the broker takes.
    TooLong { field: String, max_bytes: usize },
    /// A number field that does not read as a whole number.
    NotANumber { field: String, text: String },
    /// A number under the field's least value.
    TooSmall { field: String, min: i64 },
    /// A word that is not one of the field's choices.
    NotAChoice { field: String, text: String, choices: String },
    /// Something of that name exists already (`what`: exchange, queue, policy, binding).
    Exists { what: &'static str, name: String },
    /// Nothing of that name (or at that place) to change.
    Unknown { what: &'static str, name: String },
    /// The broker would refuse the result, in its words (`field` names the argument).
    Broker { field: String, reason: String },
    /// The scenario would not load any more, as the Edit tab would say.
    Scenario { reason: String },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NotAnObject => {
                write!(f, "the scenario is not a JSON object; fix it in the Edit tab first")
            }
            EditError::Empty { field } => write!(f, "{field}: give a value"),
            EditError::TooLong { field, max_bytes } => {
                write!(f, "{field}: at most {max_bytes} bytes")
            }
            EditError::NotANumber { field, text } => {
                write!(f, "{field}: '{text}' is not a whole number")
            }
            EditError::TooSmall { field, min } => write!(f, "{field}: at least {min}"),
            EditError::NotAChoice { field, text, choices } => {
                write!(f, "{field}: '{text}' is not one of {choices}")
            }
            EditError::Exists { what, name } => write!(f, "a {what} named '{name}' exists already"),
            EditError::Unknown { what, name } => write!(f, "no {what} '{name}'"),
            EditError::Broker { field, reason } => {
                write!(f, "{field}: the broker refuses it: {reason}")
            }
            EditError::Scenario { reason } => write!(f, "the scenario would not load: {reason}"),
        }
    }
}

impl std::error::Error for EditError {}

impl EditError {
    /// The form field the error belongs to, if one.
    pub fn field(&self) -> Option<&str> {
        match self {
            EditError::Empty { field }
            | EditError::TooLong { field, .. }
            | EditError::NotANumber { field, .. }
            | EditError::TooSmall { field, .. }
            | EditError::NotAChoice { field, .. }
            | EditError::Broker { field, .. } => Some(field),
            _ => None,
        }
    }
}
