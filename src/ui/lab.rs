//! The loaded scenario: its text, its run at the moment shown and the same run read whole, in
//! one non-reactive handle (the page's signals are in `page_state`).

use crate::engine::{SimTime, RABBITMQ_3_10, RABBITMQ_4};
use crate::scenario::model::error::Problem;
use crate::scenario::playground::alerts::{dlq_alerts, Alert, AlertRules};
use crate::scenario::{playground::presets, Lang, Run, Scenario, ScenarioError};
use crate::viz::timeline::Timeline;

use super::loading::Loading;
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
