//! A page's state, split by concern into contexts a component reads on its own: [`Playback`]
//! (the loaded scenario and its clock), [`Selection`] (what the user picked and moved in the
//! picture), [`Filters`] (what the log and the chart show) and [`Loads`] (a long run computing
//! in slices). [`Ctx`] bundles them with the page's notice for the few page-wide operations
//! (installing a scenario resets all of them). A page calls [`Ctx::provide`] once; a component
//! asks for only the concerns it reads (`Playback::get()`), so no component is handed the
//! whole state to find one signal in it.

use std::collections::{BTreeMap, BTreeSet};

use leptos::prelude::*;

use crate::engine::order;

use super::lab::Lab;
use super::loading::LoadProgress;
use super::notice::Notice;

/// The loaded scenario and its clock.
#[derive(Clone, Copy)]
pub struct Playback {
    /// The loaded scenario (never read reactively; see `frame` and `loaded`).
    pub lab: StoredValue<Option<Lab>, LocalStorage>,
    /// Notified once per animation frame in which the moment changed.
    pub frame: Trigger,
    /// Notified when another scenario was loaded (topology changes).
    pub loaded: Trigger,
    pub playing: RwSignal<bool>,
    pub speed: RwSignal<f64>,
    pub reduced_motion: RwSignal<bool>,
    /// Playing stops at each death (a copy dead-lettered or dropped).
    pub pause_on_death: RwSignal<bool>,
    /// The last death a frame stopped at (see `crate::viz::pace`).
    pub last_death_stop: StoredValue<Option<u64>>,
}

/// What the user picked and moved in the picture.
#[derive(Clone, Copy)]
pub struct Selection {
    /// The selected message copy.
    pub msg: RwSignal<Option<u64>>,
    /// The selected node id.
    pub node: RwSignal<Option<String>>,
    /// Node positions moved by dragging: id → (dx, dy).
    pub offsets: RwSignal<BTreeMap<String, (f64, f64)>>,
}

/// What the event log and the depth chart show.
#[derive(Clone, Copy)]
pub struct Filters {
    pub queue: RwSignal<String>,
    pub msg: RwSignal<String>,
    pub fate: RwSignal<String>,
    /// Queues drawn in the depth chart.
    pub chart_queues: RwSignal<BTreeSet<String>>,
}

/// A long run computing in slices, and the loads begun and cancelled.
#[derive(Clone, Copy)]
pub struct Loads {
    /// The run being computed (the progress bar), if any.
    pub progress: RwSignal<Option<LoadProgress>>,
    /// Counts loads begun and cancelled: a load in slices goes on while it is the latest.
    generation: StoredValue<u64>,
    /// The last load the user cancelled (a load another one replaced is not cancelled).
    cancelled: StoredValue<u64>,
}

/// The page's whole state: its concerns, and the notice shown in the banner.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub play: Playback,
    pub pick: Selection,
    pub filters: Filters,
    pub loads: Loads,
    /// The error shown in the banner (worded in the current language when shown).
    pub error: RwSignal<Option<Notice>>,
}

impl Playback {
    /// The page's playback (a page provides it with [`Ctx::provide`]).
    pub fn get() -> Playback {
        expect_context()
    }

    /// Reads the lab, if one is loaded (and the app is still mounted).
    pub fn with<R>(&self, f: impl FnOnce(&Lab) -> R) -> Option<R> {
        self.lab.try_with_value(|l| l.as_ref().map(f)).flatten()
    }

    /// Changes the lab, if one is loaded.
    pub fn update(&self, f: impl FnOnce(&mut Lab)) {
        self.lab.try_update_value(|l| {
            if let Some(l) = l.as_mut() {
                f(l)
            }
        });
    }

    /// Moves to `t_us` and redraws.
    pub fn seek(&self, t_us: u64) {
        self.update(|l| l.seek(t_us));
        self.frame.notify();
    }

    /// The current moment, tracked per frame.
    pub fn now_us(&self) -> u64 {
        self.frame.track();
        self.with(|l| l.now_us).unwrap_or(0)
    }

    /// Steps to the next event (pausing).
    pub fn step_next(&self) {
        self.playing.set(false);
        if let Some(t) = self.with(|l| l.next_event_at()).flatten() {
            self.seek(t);
        }
    }

    /// Steps back to the previous event (pausing).
    pub fn step_prev(&self) {
        self.playing.set(false);
        let t = self.with(|l| l.prev_event_at()).flatten().unwrap_or(0);
        self.seek(t);
    }
}

impl Selection {
    /// The page's selection (a page provides it with [`Ctx::provide`]).
    pub fn get() -> Selection {
        expect_context()
    }
}

impl Filters {
    /// The page's filters (a page provides them with [`Ctx::provide`]).
    pub fn get() -> Filters {
        expect_context()
    }
}

impl Loads {
    /// The page's loads (a page provides them with [`Ctx::provide`]).
    pub fn get() -> Loads {
        expect_context()
    }

    /// Starts a load: one still computing in slices stops. Returns its number.
    pub fn begin(&self) -> u64 {
        self.generation.update_value(|g| *g += 1);
        self.generation.get_value()
    }

    /// True while load `n` is the latest and not cancelled.
    pub fn is_current(&self, n: u64) -> bool {
        self.generation.try_get_value() == Some(n)
    }

    /// True when load `n` ended because the user cancelled it, not because another replaced it.
    pub fn was_cancelled(&self, n: u64) -> bool {
        self.cancelled.try_get_value() == Some(n)
    }

    /// Cancels the load computing in slices, if any: what was loaded stays.
    pub fn cancel(&self) {
        self.cancelled.set_value(self.generation.get_value());
        self.generation.update_value(|g| *g += 1);
        self.progress.set(None);
    }

    /// Ends any load computing in slices quietly: another scenario is being installed.
    fn replace(&self) {
        self.generation.update_value(|g| *g += 1);
        if self.progress.with_untracked(Option::is_some) {
            self.progress.set(None);
        }
    }
}

impl Ctx {
    /// Fresh state with nothing loaded.
    pub fn new() -> Ctx {
        Ctx {
            play: Playback {
                lab: StoredValue::new_local(None),
                frame: Trigger::new(),
                loaded: Trigger::new(),
                playing: RwSignal::new(false),
                speed: RwSignal::new(1.0),
                reduced_motion: RwSignal::new(false),
                pause_on_death: RwSignal::new(false),
                last_death_stop: StoredValue::new(None),
            },
            pick: Selection {
                msg: RwSignal::new(None),
                node: RwSignal::new(None),
                offsets: RwSignal::new(BTreeMap::new()),
            },
            filters: Filters {
                queue: RwSignal::new(String::new()),
                msg: RwSignal::new(String::new()),
                fate: RwSignal::new(String::new()),
                chart_queues: RwSignal::new(BTreeSet::new()),
            },
            loads: Loads {
                progress: RwSignal::new(None),
                generation: StoredValue::new(0),
                cancelled: StoredValue::new(0),
            },
            error: RwSignal::new(None),
        }
    }

    /// Fresh state, provided to every component below the caller: each concern as a context
    /// of its own, and the whole for the page-wide operations.
    pub fn provide() -> Ctx {
        let ctx = Ctx::new();
        provide_context(ctx);
        provide_context(ctx.play);
        provide_context(ctx.pick);
        provide_context(ctx.filters);
        provide_context(ctx.loads);
        ctx
    }

    /// The page's whole state (a page provides it with [`Ctx::provide`]).
    pub fn get() -> Ctx {
        expect_context()
    }

    /// Installs a loaded scenario at moment `t_ms`, resetting selection, drags and filters.
    /// A load still computing in slices is replaced: it ends quietly (a preset chosen or a
    /// scenario loaded by a host page while a long run computes wins over it).
    pub fn install(&self, mut lab: Lab, t_ms: u64) {
        self.loads.replace();
        lab.seek(t_ms.saturating_mul(1000));
        let queues = lab.queue_names();
        let dlqs: BTreeSet<String> = order::set_of(
            lab.timeline.diagram.nodes.iter().filter(|n| n.dlq).map(|n| n.label.clone()),
        );
        let mut chart: BTreeSet<String> = order::set_of(queues.iter().take(5).cloned());
        chart.extend(dlqs);
        // Another scenario plays at its own pace (the embed's `speed=` and the menu override
        // it); the same one edited keeps the speed chosen, unless the edit changed its pace.
        let play = self.play;
        let before =
            play.lab.with_value(|l| l.as_ref().map(|l| (l.scenario.id.clone(), l.scenario.pace)));
        if before != Some((lab.scenario.id.clone(), lab.scenario.pace)) {
            play.speed.set(lab.scenario.pace);
        }
        play.lab.set_value(Some(lab));
        play.playing.set(false);
        self.pick.msg.set(None);
        self.pick.node.set(None);
        self.pick.offsets.set(BTreeMap::new());
        self.filters.queue.set(String::new());
        self.filters.msg.set(String::new());
        self.filters.fate.set(String::new());
        self.filters.chart_queues.set(chart);
        play.loaded.notify();
        play.frame.notify();
    }

    /// Installs an edited version of the loaded scenario at `t_ms`, keeping the view as it was
    /// (dragged nodes and the queues in the depth chart).
    pub fn revise(&self, lab: Lab, t_ms: u64) {
        let offsets = self.pick.offsets.get_untracked();
        let chart = self.filters.chart_queues.get_untracked();
        let speed = self.play.speed.get_untracked();
        self.install(lab, t_ms);
        self.pick.offsets.set(offsets);
        self.filters.chart_queues.set(chart);
        self.play.speed.set(speed);
    }

    /// Loads (or reports the error and keeps what was there). Returns true on success.
    pub fn try_install(&self, lab: Result<Lab, Notice>, t_ms: u64) -> bool {
        match lab {
            Ok(lab) => {
                self.error.set(None);
                self.install(lab, t_ms);
                true
            }
            Err(e) => {
                self.error.set(Some(e));
                false
            }
        }
    }
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}
