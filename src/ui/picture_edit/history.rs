//! Undo and redo of the playground's scenario: every applied text (from a form or the Edit
//! tab) is a step; Ctrl+Z goes back one, Ctrl+Shift+Z (or Ctrl+Y) forward, outside a text
//! field (where the field's own undo works).

use leptos::ev;
use leptos::prelude::*;

use crate::ui::page_state::Ctx;
use crate::ui::{loading, share};

/// How many steps are kept each way.
const KEPT: usize = 100;

/// The texts before (undo) and after (redo) the one shown.
#[derive(Clone, Copy)]
pub struct History {
    undo: StoredValue<Vec<String>>,
    redo: StoredValue<Vec<String>>,
    /// Bumped at every change (the buttons' enabled state follows it).
    pub version: RwSignal<u64>,
}

impl History {
    pub fn new() -> History {
        History {
            undo: StoredValue::new(Vec::new()),
            redo: StoredValue::new(Vec::new()),
            version: RwSignal::new(0),
        }
    }

    /// Applies `text` as a new step (the text shown now can be gone back to).
    pub fn apply(&self, ctx: Ctx, text: String) {
        let before = ctx.play.with(|l| l.text.clone()).unwrap_or_default();
        let (undo, redo, version) = (self.undo, self.redo, self.version);
        load(ctx, text, move || {
            undo.update_value(|u| {
                u.push(before);
                if u.len() > KEPT {
                    u.remove(0);
                }
            });
            redo.update_value(Vec::clear);
            version.update(|v| *v += 1);
        });
    }

    /// Records that the text `before` was replaced by an apply made elsewhere (the Edit tab's).
    pub fn record(&self, before: String) {
        self.undo.update_value(|u| {
            u.push(before);
            if u.len() > KEPT {
                u.remove(0);
            }
        });
        self.redo.update_value(Vec::clear);
        self.version.update(|v| *v += 1);
    }

    /// Goes back one step.
    pub fn undo(&self, ctx: Ctx) {
        self.step(ctx, self.undo, self.redo);
    }

    /// Goes forward one step.
    pub fn redo(&self, ctx: Ctx) {
        self.step(ctx, self.redo, self.undo);
    }

    fn step(&self, ctx: Ctx, from: StoredValue<Vec<String>>, to: StoredValue<Vec<String>>) {
        let Some(text) = from.try_update_value(Vec::pop).flatten() else { return };
        let now = ctx.play.with(|l| l.text.clone()).unwrap_or_default();
        let version = self.version;
        load(ctx, text, move || {
            to.update_value(|t| t.push(now));
            version.update(|v| *v += 1);
        });
    }

    /// Whether there is a step back / forward.
    pub fn can(&self) -> (bool, bool) {
        self.version.track();
        (self.undo.with_value(|u| !u.is_empty()), self.redo.with_value(|r| !r.is_empty()))
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// Loads `text` like the Edit tab's Apply; `then` once it is shown.
fn load(ctx: Ctx, text: String, then: impl FnOnce() + 'static) {
    let t_ms = ctx.play.with(|l| l.now_us / 1000).unwrap_or(0);
    loading::load_text(ctx, text, None, move |loaded| match loaded {
        Ok(lab) => {
            ctx.error.set(None);
            ctx.install(lab, t_ms);
            share::save(ctx.play);
            then();
        }
        Err(e) => ctx.error.set(Some(e)),
    });
}

/// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y outside a text field.
pub fn install_undo_keys(ctx: Ctx, history: History) {
    let handle = window_event_listener(ev::keydown, move |e| {
        use wasm_bindgen::JsCast;
        let field = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if field || !(e.ctrl_key() || e.meta_key()) {
            return;
        }
        match e.key().as_str() {
            "z" | "Z" if e.shift_key() => history.redo(ctx),
            "z" => history.undo(ctx),
            "y" => history.redo(ctx),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || handle.remove());
}
