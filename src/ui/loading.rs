//! Loading a scenario in slices: a long run is computed a part at a time, yielding to the
//! page between parts, with a progress bar and a Cancel, so the page never freezes; a short
//! run still loads at once. What was loaded before stays loaded (and playable) until the new
//! run is ready, and stays for good if the load is cancelled or fails.

use leptos::prelude::*;

use crate::msg;
use crate::scenario::playground::run::Advance;
use crate::scenario::{Run, Scenario, ScenarioError};
use crate::ui::lab::Lab;
use crate::ui::locale;
use crate::ui::notice::Notice;
use crate::ui::page_state::{Ctx, Loads};
use crate::ui::sliced::{self, Ended, Sliced};
use crate::viz::timeline::TimelineBuilder;

/// A scenario whose run is being computed, then read for the views.
pub struct Loading {
    text: String,
    preset: Option<String>,
    scenario: Scenario,
    run: Run,
    budget: Advance,
    /// Once the run has reached its end: its log being read.
    reading: Option<TimelineBuilder>,
}

impl Loading {
    /// Builds the topology and schedules the run (errors name the field and line in `text`).
    pub fn start(
        text: String,
        preset: Option<String>,
        scenario: Scenario,
    ) -> Result<Loading, Notice> {
        let run = Run::new(&scenario).map_err(|e| Notice::in_text(e, &text))?;
        Ok(Loading { text, preset, scenario, run, budget: Advance::new(), reading: None })
    }

    /// Computes (then reads) about `events` more events; true once all is read.
    pub fn work(&mut self, events: usize) -> Result<bool, Notice> {
        if let Some(r) = self.reading.as_mut() {
            return Ok(r.work(events));
        }
        let end = self.run.end();
        let done = self
            .run
            .advance_part(end, &mut self.budget, events)
            .map_err(|e: ScenarioError| Notice::in_text(e, &self.text))?;
        if done {
            self.reading = Some(TimelineBuilder::new(&self.run));
        }
        Ok(false)
    }

    /// How far it has got: the share of the scenario's time computed (or of the log read),
    /// and the events.
    pub fn progress(&self) -> LoadProgress {
        let (reading, share) = match &self.reading {
            Some(r) => (true, r.progress()),
            None => (false, self.run.progress()),
        };
        LoadProgress {
            reading,
            percent: (share * 100.0).floor() as u32,
            events: self.run.engine().events().len(),
        }
    }

    /// The loaded scenario, read from its finished run.
    pub fn finish(self) -> Result<Lab, Notice> {
        let timeline = match self.reading {
            Some(r) => r.finish(&self.run),
            None => TimelineBuilder::new(&self.run).finish(&self.run),
        };
        Ok(Lab::read(self.text, self.preset, self.scenario, self.run, timeline))
    }
}

/// What the progress bar shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadProgress {
    /// The run is computed and its log is being read (for the views).
    pub reading: bool,
    /// Of the scenario's time computed, or of the log read: 0 to 100.
    pub percent: u32,
    pub events: usize,
}

impl Sliced for Loading {
    type Done = Lab;
    type Error = Notice;

    fn work(&mut self, events: usize) -> Result<bool, Notice> {
        Loading::work(self, events)
    }

    fn finish(self) -> Result<Lab, Notice> {
        Loading::finish(self)
    }
}

/// Loads `text` (parsed as `scenario`): at once when its run is short, otherwise in slices
/// with the progress bar. `then` gets the loaded scenario, the error, or
/// [`Notice::LoadCancelled`] when the user cancelled it. A load that another load replaced
/// meanwhile ends quietly: `then` is not called, the newer load answers for the page.
pub fn load(
    ctx: Ctx,
    text: String,
    preset: Option<String>,
    scenario: Scenario,
    then: impl FnOnce(Result<Lab, Notice>) + 'static,
) {
    let mine = ctx.loads.begin();
    let loading = match Loading::start(text, preset, scenario) {
        Ok(l) => l,
        Err(e) => return then(Err(e)),
    };
    sliced::run(
        loading,
        move || ctx.loads.is_current(mine),
        move |l: &Loading| {
            ctx.loads.progress.try_set(Some(l.progress()));
        },
        move |ended| {
            let outcome = match ended {
                Ended::Done(lab) => Ok(lab),
                Ended::Failed(e) => Err(e),
                // A Cancel is answered; a newer load answers for the page itself.
                Ended::Superseded if ctx.loads.was_cancelled(mine) => Err(Notice::LoadCancelled),
                Ended::Superseded => return,
            };
            if ctx.loads.is_current(mine) && ctx.loads.progress.with_untracked(Option::is_some) {
                ctx.loads.progress.try_set(None);
            }
            then(outcome);
        },
    );
}

/// Parses `text` and loads it ([`load`]); a text that does not parse goes to `then` at once.
pub fn load_text(
    ctx: Ctx,
    text: String,
    preset: Option<String>,
    then: impl FnOnce(Result<Lab, Notice>) + 'static,
) {
    match Scenario::parse(&text) {
        Ok(s) => load(ctx, text, preset, s, then),
        Err(e) => then(Err(Notice::in_text(e, &text))),
    }
}

/// The progress bar of a long load, with its Cancel. Only its text and bar change as the run
/// is computed: the button stays the same element, so a click on it always lands.
#[component]
pub fn LoadingBar() -> impl IntoView {
    let loads = Loads::get();
    let shown = move || loads.progress.with(Option::is_some);
    let percent = move || loads.progress.get().map_or(0, |p| p.percent);
    let text = move || {
        let p = loads.progress.get()?;
        let lang = locale::tracked();
        Some(if p.reading {
            msg!(lang, "ui-loading-read", percent = p.percent, events = p.events)
        } else {
            msg!(lang, "ui-loading-run", percent = p.percent, events = p.events)
        })
    };
    progress_bar(shown, text, percent, move || loads.cancel())
}

/// A progress bar with its text and a Cancel. Only the text and the bar change as the work
/// goes on: the button stays the same element, so a click on it always lands.
pub(crate) fn progress_bar<T: IntoView + 'static>(
    shown: impl Fn() -> bool + Send + Sync + 'static,
    text: impl Fn() -> T + Send + Sync + Clone + 'static,
    percent: impl Fn() -> u32 + Send + Sync + Copy + 'static,
    cancel: impl Fn() + Send + Sync + Clone + 'static,
) -> impl IntoView {
    view! {
        <Show when=shown>
            <div class="loading-run" role="status">
                <span class="loading-text">{text.clone()}</span>
                <progress max="100" prop:value=percent></progress>
                <button class="cancel-load" on:click={
                    let cancel = cancel.clone();
                    move |_| cancel()
                }>
                    {move || msg!(locale::tracked(), "ui-cancel-load")}
                </button>
            </div>
        </Show>
    }
}
