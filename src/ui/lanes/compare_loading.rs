//! Applying a comparison in slices: the six runs are computed a part at a time, yielding to
//! the page between parts, with a progress bar and a Cancel, so the page never freezes; a
//! short one still applies at once. The runs shown stay until the new ones are ready, and
//! stay for good when the apply is cancelled or refused; the text is kept either way.

use leptos::prelude::*;

use crate::msg;
use crate::systems::{Comparison, Computing, WorkloadError};
use crate::ui::lanes::compare_ctx::{CompareCtx, Runs, DRAFT_KEY};
use crate::ui::loading::progress_bar;
use crate::ui::locale;
use crate::ui::share::storage;
use crate::ui::sliced::{self, Ended, Sliced};

impl Sliced for Computing {
    type Done = Computing;
    type Error = WorkloadError;

    fn work(&mut self, events: usize) -> Result<bool, WorkloadError> {
        Computing::work(self, events)
    }

    fn finish(self) -> Result<Computing, WorkloadError> {
        Ok(self)
    }
}

impl CompareCtx {
    /// Like [`CompareCtx::apply`], the view at `moment_us` (the end when `None`). A text
    /// that does not read, or whose runs would pass the events budget, keeps the runs shown
    /// and says what to fix.
    pub fn apply_at(&self, text: String, moment_us: Option<u64>) {
        self.apply_then(text, moment_us, |_| {});
    }

    /// [`CompareCtx::apply_at`], then `then` with whether the new runs are shown: `Ok` once
    /// they are, the error when the text is refused. Not called when the apply is cancelled
    /// or another one replaces it.
    pub fn apply_then(
        &self,
        text: String,
        moment_us: Option<u64>,
        then: impl FnOnce(Result<(), WorkloadError>) + 'static,
    ) {
        if let Some(s) = storage().filter(|_| self.save) {
            let _ = s.set_item(DRAFT_KEY, &text);
        }
        let mine = self.applies.get_value().wrapping_add(1);
        self.applies.set_value(mine);
        self.computing.set(None);
        self.draft.set(text.clone());
        self.text.set(text.clone());
        let ctx = *self;
        let done = move |computed: Result<Computing, WorkloadError>| match computed {
            Ok(computing) => {
                ctx.computing.try_set(None);
                ctx.install(computing, moment_us);
                then(Ok(()));
            }
            Err(e) => {
                ctx.computing.try_set(None);
                ctx.error.try_set(Some(e.clone()));
                then(Err(e));
            }
        };
        let computing = match Comparison::from_json(&text) {
            Ok(c) => Computing::new(c),
            Err(e) => return done(Err(e)),
        };
        sliced::run(
            computing,
            move || ctx.applies.try_get_value() == Some(mine),
            move |c: &Computing| {
                ctx.computing.try_set(Some(c.percent()));
            },
            move |ended| match ended {
                Ended::Done(c) => done(Ok(c)),
                Ended::Failed(e) => done(Err(e)),
                // Another apply, or the Cancel, took over: this one ends quietly.
                Ended::Superseded => {}
            },
        );
    }

    /// Shows the finished runs, at `moment_us` (their opening moment when `None`).
    fn install(&self, computing: Computing, moment_us: Option<u64>) {
        let (comparison, outcomes) = computing.finish();
        let horizon_us = comparison.workload.horizon_ms.saturating_mul(1000);
        let messages = comparison.workload.messages.len();
        let runs = Runs { comparison, outcomes };
        let opening_us = runs.opening_us();
        self.runs.set_value(runs);
        self.error.set(None);
        self.playing.set(false);
        self.now_us.set(moment_us.map_or(opening_us, |t| t.min(horizon_us)));
        self.picked.update(|p| *p = p.filter(|&m| m < messages));
        self.version.update(|v| *v += 1);
    }

    /// Stops the apply under way; the runs shown stay.
    pub fn cancel_apply(&self) {
        self.applies.update_value(|n| *n = n.wrapping_add(1));
        self.computing.set(None);
    }
}

/// The progress bar of a long apply, with its Cancel.
#[component]
pub fn ComputingBar(c: CompareCtx) -> impl IntoView {
    let shown = move || c.computing.with(Option::is_some);
    let percent = move || c.computing.get().unwrap_or(0);
    let text = move || msg!(locale::tracked(), "ui-compare-computing", percent = percent());
    progress_bar(shown, text, percent, move || c.cancel_apply())
}
