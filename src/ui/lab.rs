//! The app's state: the engine in one non-reactive handle, a per-frame trigger, and small signals.

use std::collections::{BTreeMap, BTreeSet};

use leptos::prelude::*;

use crate::engine::order;
use crate::engine::{SimTime, RABBITMQ_3_10, RABBITMQ_4};
use crate::scenario::model::error::Problem;
use crate::scenario::playground::alerts::{dlq_alerts, Alert, AlertRules};
use crate::scenario::{playground::presets, Lang, Run, Scenario, ScenarioError};
use crate::viz::timeline::Timeline;

use super::loading::{LoadProgress, Loading};
use super::locale;
use super::notice::Notice;

/// A guided tour a scenario was loaded for: its id, and how its scenario reads in another
/// language. The playground's tour panel gives both, so a page without tours (the embed)
/// carries none of their texts.
#[derive(Clone)]
pub struct TourRef {
    pub id: String,
    pub in_lang: fn(&str, Lang) -> Option<Scenario>,
}

/// Everything about the loaded scenario that must not be reactive (engine objects).
pub struct Lab {
    /// The scenario text as loaded (what the editor shows and links carry).
    pub text: String,
    /// The preset it came from, when unchanged.
    pub preset: Option<String>,
    /// The guided tour it was loaded for, if any.
    pub tour: Option<TourRef>,
    pub scenario: Scenario,
    /// The one run, at the moment shown: the broker's present state (what waits in a queue,
    /// its settings, a fork for an action now).
    pub run: Run,
    /// The same run read as a whole, built once at load: every event, hop, death and depth,
    /// and the diagram; what any view needs about another moment.
    pub timeline: Timeline,
    /// The scenario's DLQ alert thresholds, and the alerts they raise over the whole run.
    pub alert_rules: AlertRules,
    pub alerts: Vec<Alert>,
    /// The moment shown (moves smoothly between events).
    pub now_us: u64,
    /// The run stopped on its step budget (an endless zero-delay loop), or a seek failed.
    pub stalled: bool,
}

impl Lab {
    /// Loads a scenario: plays the run to its end once, reads the timeline from it, and
    /// leaves the run there (`seek` brings it to the moment). Errors name the field and the
    /// line in `text`.
    pub fn load(text: String, preset: Option<String>, scenario: Scenario) -> Result<Lab, Notice> {
        let mut loading = Loading::start(text, preset, scenario)?;
        while !loading.work(usize::MAX)? {}
        loading.finish()
    }

    /// Reads a run played to its end and its timeline (see [`Loading`], which plays and reads
    /// it in slices).
    pub fn read(
        text: String,
        preset: Option<String>,
        scenario: Scenario,
        run: Run,
        timeline: Timeline,
    ) -> Lab {
        let alert_rules = scenario.alerts;
        // Alerts watch where dead letters end up: dead-letter targets that do not dead-letter
        // onwards themselves (a retry wait queue is a way station, not a DLQ).
        let terminal = |name: &str| {
            run.engine()
                .queues()
                .any(|q| &*q.name == name && q.effective.dead_letter_exchange.is_none())
        };
        let dlqs: Vec<String> = timeline
            .diagram
            .nodes
            .iter()
            .filter(|n| n.dlq && terminal(&n.label))
            .map(|n| n.label.clone())
            .collect();
        let alerts = dlq_alerts(&timeline.events, &dlqs, &alert_rules, timeline.end_us);
        Lab {
            text,
            preset,
            tour: None,
            scenario,
            stalled: timeline.stalled,
            now_us: timeline.end_us,
            run,
            timeline,
            alert_rules,
            alerts,
        }
    }

    /// Parses `text` and loads it.
    pub fn from_text(text: String, preset: Option<String>) -> Result<Lab, Notice> {
        match Scenario::parse(&text) {
            Ok(s) => Lab::load(text, preset, s),
            Err(e) => Err(Notice::in_text(e, &text)),
        }
    }

    /// Loads a preset, its texts in the current language, optionally under another profile
    /// and seed.
    pub fn from_preset(id: &str, profile: Option<&str>, seed: Option<u64>) -> Result<Lab, Notice> {
        let s = preset_scenario(id, profile, seed, locale::current())?;
        let text = serde_json::to_string_pretty(&s.json).unwrap_or_default();
        Lab::load(text, Some(id.to_string()), s)
    }

    /// Gives a built-in scenario (a preset's or a tour's) its texts in `lang` (title,
    /// description, lesson and the JSON the editor shows); the run, the moment and everything
    /// else stay as they are. A scenario of the user's own keeps its text.
    pub fn relocalize(&mut self, lang: Lang) {
        let s = match (&self.preset, &self.tour) {
            (Some(id), _) => preset_scenario(
                id,
                Some(self.scenario.profile.name),
                Some(self.scenario.seed),
                lang,
            )
            .ok(),
            (None, Some(t)) => (t.in_lang)(&t.id, lang),
            (None, None) => None,
        };
        if let Some(s) = s {
            self.text = serde_json::to_string_pretty(&s.json).unwrap_or_default();
            self.scenario = s;
        }
    }
    /// Moves to `t_us` (seeking back through snapshots when needed).
    pub fn seek(&mut self, t_us: u64) {
        let t = t_us.min(self.timeline.end_us);
        let target = SimTime(t);
        let result = if target < self.run.now() {
            self.run.seek(target)
        } else {
            self.run.advance_to(target)
        };
        if result.is_err() {
            self.stalled = true;
        }
        self.now_us = t;
    }

    /// The time of the first event after the current moment, if any.
    pub fn next_event_at(&self) -> Option<u64> {
        self.timeline.next_event_after(self.now_us)
    }

    /// The time of the last event before the current moment, if any.
    pub fn prev_event_at(&self) -> Option<u64> {
        self.timeline.prev_event_before(self.now_us)
    }

    /// Queue names in diagram order.
    pub fn queue_names(&self) -> Vec<String> {
        self.timeline.queue_names()
    }
}

/// A preset with its texts in `lang`, under another profile and seed when asked.
pub fn preset_scenario(
    id: &str,
    profile: Option<&str>,
    seed: Option<u64>,
    lang: Lang,
) -> Result<Scenario, Notice> {
    let mut s = presets::preset_in(id, lang).map_err(Notice::scenario)?;
    match profile {
        Some("rabbitmq-3.10") => s = s.with_profile(&RABBITMQ_3_10),
        Some("rabbitmq-4") => s = s.with_profile(&RABBITMQ_4),
        Some(other) => {
            return Err(Notice::scenario(ScenarioError::field(
                "$.profile",
                Problem::UnknownProfile { name: other.to_string() },
            )))
        }
        None => {}
    }
    if let Some(n) = seed {
        s = s.with_seed(n);
    }
    Ok(s)
}

/// The handles every component shares (cheap to copy).
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The loaded scenario (never read reactively; see `frame` and `loaded`).
    pub lab: StoredValue<Option<Lab>, LocalStorage>,
    /// Notified once per animation frame in which the moment changed.
    pub frame: Trigger,
    /// Notified when another scenario was loaded (topology changes).
    pub loaded: Trigger,
    pub playing: RwSignal<bool>,
    pub speed: RwSignal<f64>,
    /// The selected message copy.
    pub selected_msg: RwSignal<Option<u64>>,
    /// The selected node id.
    pub selected_node: RwSignal<Option<String>>,
    /// The error shown in the banner (worded in the current language when shown).
    pub error: RwSignal<Option<Notice>>,
    pub reduced_motion: RwSignal<bool>,
    /// Playing stops at each death (a copy dead-lettered or dropped).
    pub pause_on_death: RwSignal<bool>,
    /// The last death a frame stopped at (see `crate::viz::pace`).
    pub last_death_stop: StoredValue<Option<u64>>,
    /// Node positions moved by dragging: id → (dx, dy).
    pub offsets: RwSignal<BTreeMap<String, (f64, f64)>>,
    pub filter_queue: RwSignal<String>,
    pub filter_msg: RwSignal<String>,
    pub filter_fate: RwSignal<String>,
    /// Queues drawn in the depth chart.
    pub chart_queues: RwSignal<BTreeSet<String>>,
    /// A long run being computed (the progress bar), if any.
    pub loading: RwSignal<Option<LoadProgress>>,
    /// Counts loads begun and cancelled: a load in slices goes on while it is the latest.
    load_generation: StoredValue<u64>,
    /// The last load the user cancelled (a load another one replaced is not cancelled).
    cancelled_load: StoredValue<u64>,
}

impl Ctx {
    /// Fresh state with nothing loaded.
    pub fn new() -> Ctx {
        Ctx {
            lab: StoredValue::new_local(None),
            frame: Trigger::new(),
            loaded: Trigger::new(),
            playing: RwSignal::new(false),
            speed: RwSignal::new(1.0),
            selected_msg: RwSignal::new(None),
            selected_node: RwSignal::new(None),
            error: RwSignal::new(None),
            reduced_motion: RwSignal::new(false),
            pause_on_death: RwSignal::new(false),
            last_death_stop: StoredValue::new(None),
            offsets: RwSignal::new(BTreeMap::new()),
            filter_queue: RwSignal::new(String::new()),
            filter_msg: RwSignal::new(String::new()),
            filter_fate: RwSignal::new(String::new()),
            chart_queues: RwSignal::new(BTreeSet::new()),
            loading: RwSignal::new(None),
            load_generation: StoredValue::new(0),
            cancelled_load: StoredValue::new(0),
        }
    }

    /// Starts a load: one still computing in slices stops. Returns its number.
    pub fn begin_load(&self) -> u64 {
        self.load_generation.update_value(|g| *g += 1);
        self.load_generation.get_value()
    }

    /// True while load `n` is the latest and not cancelled.
    pub fn is_current_load(&self, n: u64) -> bool {
        self.load_generation.try_get_value() == Some(n)
    }

    /// True when load `n` ended because the user cancelled it, not because another replaced it.
    pub fn was_cancelled(&self, n: u64) -> bool {
        self.cancelled_load.try_get_value() == Some(n)
    }

    /// Cancels the load computing in slices, if any: what was loaded stays.
    pub fn cancel_load(&self) {
        self.cancelled_load.set_value(self.load_generation.get_value());
        self.load_generation.update_value(|g| *g += 1);
        self.loading.set(None);
    }

    /// Installs a loaded scenario at moment `t_ms`, resetting selection and drags.
    /// A load still computing in slices is replaced: it ends quietly (a preset chosen or a
    /// scenario loaded by a host page while a long run computes wins over it).
    pub fn install(&self, mut lab: Lab, t_ms: u64) {
        self.load_generation.update_value(|g| *g += 1);
        if self.loading.with_untracked(Option::is_some) {
            self.loading.set(None);
        }
        lab.seek(t_ms.saturating_mul(1000));
        let queues = lab.queue_names();
        let dlqs: BTreeSet<String> = order::set_of(
            lab.timeline.diagram.nodes.iter().filter(|n| n.dlq).map(|n| n.label.clone()),
        );
        let mut chart: BTreeSet<String> = order::set_of(queues.iter().take(5).cloned());
        chart.extend(dlqs);
        // Another scenario plays at its own pace (the embed's `speed=` and the menu override
        // it); the same one edited keeps the speed chosen, unless the edit changed its pace.
        let before =
            self.lab.with_value(|l| l.as_ref().map(|l| (l.scenario.id.clone(), l.scenario.pace)));
        if before != Some((lab.scenario.id.clone(), lab.scenario.pace)) {
            self.speed.set(lab.scenario.pace);
        }
        self.lab.set_value(Some(lab));
        self.playing.set(false);
        self.selected_msg.set(None);
        self.selected_node.set(None);
        self.offsets.set(BTreeMap::new());
        self.filter_queue.set(String::new());
        self.filter_msg.set(String::new());
        self.filter_fate.set(String::new());
        self.chart_queues.set(chart);
        self.loaded.notify();
        self.frame.notify();
    }

    /// Installs an edited version of the loaded scenario at `t_ms`, keeping the view as it was
    /// (dragged nodes and the queues in the depth chart).
    pub fn revise(&self, lab: Lab, t_ms: u64) {
        let offsets = self.offsets.get_untracked();
        let chart = self.chart_queues.get_untracked();
        let speed = self.speed.get_untracked();
        self.install(lab, t_ms);
        self.offsets.set(offsets);
        self.chart_queues.set(chart);
        self.speed.set(speed);
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

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}
