//! What went wrong, kept as what happened rather than as text, so that a banner or a status
//! reads in whatever language is current when it is shown: a language switch re-words it.

use crate::link::share_link::LinkError;
use crate::msg;
use crate::scenario::ScenarioError;
use crate::systems::json_path::line_of_path;

use super::i18n::{self, tr};

/// A problem the page reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A scenario that cannot be run, with the line of its text the error points at.
    Scenario { error: ScenarioError, line: Option<usize> },
    /// A share link that could not be read.
    Link(LinkError),
    /// A link that was read but whose scenario cannot be run.
    LinkScenario(Box<Notice>),
    /// The saved work could not be restored.
    BadSaved,
    /// Edits not applied before the page was reloaded are back in the editor (a note, not
    /// an error).
    DraftRestored,
    /// A long run was being computed and the user cancelled it (or loaded another): what was
    /// loaded before stays.
    LoadCancelled,
    /// The page last stopped while running this linked or saved work (a fragment), so it
    /// was not run again; the banner offers it back.
    Interrupted(String),
    /// The exercise page last stopped while it ran the learner's text, so its saved text was
    /// not run on open (it is in the editor).
    InterruptedDraft,
}

impl Notice {
    /// A scenario error in `text`, with the line of the field it names.
    pub fn in_text(error: ScenarioError, text: &str) -> Notice {
        let line = match &error {
            ScenarioError::Field { path, .. } => Some(line_of_path(text, path)),
            _ => None,
        };
        Notice::Scenario { error, line }
    }

    /// A scenario error with no text to point into.
    pub fn scenario(error: ScenarioError) -> Notice {
        Notice::Scenario { error, line: None }
    }

    /// The message in the current language.
    pub fn text(&self) -> String {
        match self {
            Notice::Scenario { error, line } => i18n::scenario_error(error, *line),
            Notice::Link(e) => i18n::link_error(e),
            Notice::LinkScenario(inner) => {
                msg!(super::locale::current(), "notice-link-scenario", problem = inner.text())
            }
            Notice::BadSaved => tr("ui-bad-saved").to_string(),
            Notice::DraftRestored => tr("ui-draft-restored").to_string(),
            Notice::LoadCancelled => msg!(super::locale::current(), "notice-load-cancelled"),
            Notice::Interrupted(_) => msg!(super::locale::current(), "notice-interrupted"),
            Notice::InterruptedDraft => msg!(super::locale::current(), "notice-interrupted-draft"),
        }
    }
}
