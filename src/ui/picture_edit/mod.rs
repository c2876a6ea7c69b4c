//! Editing on the picture: the Add menu over the canvas, the Node tab's forms for the chosen
//! exchange, queue or consumer, and undo / redo. Every form makes a typed edit
//! ([`crate::scenario::edit`]) of the scenario text and hands the new text to the page's
//! [`Sink`], which applies it the way the Edit tab's Apply does: one scenario, two views.

pub mod add_forms;
pub mod arg_labels;
pub mod bind_drag;
pub mod history;
pub mod node_forms;
pub mod node_pane;
pub mod publisher_form;

use leptos::prelude::*;

use crate::scenario::edit::{apply, Edit, EditError};
use crate::ui::page_state::Ctx;

/// Where a page's forms read the scenario text and send the edited one.
#[derive(Clone, Copy)]
pub struct Sink {
    pub ctx: Ctx,
    /// The scenario text the forms edit (the playground's loaded one, an exercise's draft).
    pub current: Callback<(), String>,
    /// Takes the edited text: applies it (and keeps the old one for undo).
    pub commit: Callback<String>,
    /// The form shown in the Node tab, when one of the Add menu's is open.
    pub adding: RwSignal<Option<AddKind>>,
    /// Binding by picking: the exchange picked first; the next queue picked completes it.
    pub bind_from: RwSignal<Option<String>>,
    /// The queue the picked binding goes to (the Add binding form starts with both).
    pub bind_to: RwSignal<Option<String>>,
}

/// What the Add menu adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddKind {
    Queue,
    Exchange,
    Binding,
    Policy,
    Publisher,
    Consumer,
}

/// Provides `sink` to the views below, and the graph's bind handles that edit through it.
pub fn provide(sink: Sink) {
    provide_context(sink);
    provide_context(crate::ui::picture::graph::GraphOverlay(std::sync::Arc::new(
        |placed, view, graph| {
            view! { <bind_drag::BindHandles placed=placed view=view graph=graph /> }.into_any()
        },
    )));
}

impl Sink {
    /// A sink whose forms read `current` and hand edits to `commit`.
    pub fn new(ctx: Ctx, current: Callback<(), String>, commit: Callback<String>) -> Sink {
        Sink {
            ctx,
            current,
            commit,
            adding: RwSignal::new(None),
            bind_from: RwSignal::new(None),
            bind_to: RwSignal::new(None),
        }
    }

    /// Makes `edit` on the current text and commits the result; the error, with its field,
    /// when the edit is refused (nothing changes then).
    pub fn edit(&self, edit: &Edit) -> Result<(), EditError> {
        let text = self.current.run(());
        let out = apply(&text, edit)?;
        self.commit.run(out);
        Ok(())
    }

    /// Makes several edits as one (one undo step): all of them, or none.
    pub fn edit_all(&self, edits: &[Edit]) -> Result<(), EditError> {
        let mut text = self.current.run(());
        for e in edits {
            text = apply(&text, e)?;
        }
        self.commit.run(text);
        Ok(())
    }

    /// The scenario as JSON (for the forms' current values and choices).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.current.run(())).unwrap_or_default()
    }
}

/// The names in the scenario's list `list` (`exchanges`, `queues`).
pub fn names(json: &serde_json::Value, list: &str) -> Vec<String> {
    json.get(list)
        .and_then(|l| l.as_array())
        .map(|a| a.iter().filter_map(|x| x.get("name")?.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}
