//! A comparison's state shared by every view of its lanes: the runs computed, the moment,
//! playing, the message followed, and the frame loop that moves the moment ([`start_loop`]).
//! The comparison page and a strategy exercise both show it.

use crate::link::compare_query::{self, CompareView};
use crate::systems::format::set_flag;
use crate::systems::presets::{preset, PRESETS};
use crate::systems::{
    first_dead_letter_us, Comparison, Computing, Outcome, Strategy, WorkloadError,
};
use leptos::prelude::*;

use crate::ui::lanes::moment_figures::{figures_memo, Moment};
use crate::ui::picture::frame_loop::{perf_now, MAX_GAP_MS};
use crate::ui::share::storage;

/// The localStorage key of the comparison text.
pub const DRAFT_KEY: &str = "dlx-lab:compare:draft";

/// The comparison and every strategy's finished run.
pub struct Runs {
    pub comparison: Comparison,
    pub outcomes: Vec<Outcome>,
}

impl Runs {
    /// Every strategy's run of `comparison`, within the events budget.
    fn computed(comparison: Comparison) -> Result<Runs, WorkloadError> {
        let (comparison, outcomes) = Computing::run_all(comparison)?;
        Ok(Runs { comparison, outcomes })
    }

    /// The runs of `fallback` (a built-in, shown first), or of one small built-in workload
    /// should even those pass the budget.
    fn fallback(fallback: Comparison) -> Runs {
        Runs::computed(fallback).unwrap_or_else(|_| {
            Runs::computed(small()).expect("three messages stay within the budget")
        })
    }

    /// The run of strategy `s`.
    pub fn outcome(&self, s: Strategy) -> Option<&Outcome> {
        self.outcomes.iter().find(|o| o.strategy == s)
    }

    /// Where the runs open: at the first dead-lettering of any strategy (the first thing to
    /// see), else at 0.
    pub fn opening_us(&self) -> u64 {
        let horizon_us = self.comparison.workload.horizon_ms.saturating_mul(1000);
        first_dead_letter_us(&self.outcomes).unwrap_or(0).min(horizon_us)
    }
}

/// One small built-in workload, for when nothing else can be shown.
fn small() -> Comparison {
    Comparison::of(crate::systems::Workload::mixed(1, 3, 1000, 1, 0, 0))
}

/// The page's state: the runs behind a handle, and the few signals the view follows.
#[derive(Clone, Copy)]
pub struct CompareCtx {
    pub runs: StoredValue<Runs>,
    /// Bumped whenever the runs change.
    pub version: RwSignal<u64>,
    /// The workload text last applied (and saved).
    pub text: RwSignal<String>,
    /// The editor's text, applied or not (kept across a language switch).
    pub draft: RwSignal<String>,
    pub error: RwSignal<Option<WorkloadError>>,
    /// The built-in workload last chosen.
    pub preset: RwSignal<String>,
    pub strategy: RwSignal<Strategy>,
    /// A second strategy whose lanes are shown beside the chosen one's.
    pub versus: RwSignal<Option<Strategy>>,
    pub now_us: RwSignal<u64>,
    /// Every strategy's figures at the moment shown, read once per moment for every view.
    pub figures: Memo<Moment>,
    pub playing: RwSignal<bool>,
    /// The message whose story is shown.
    pub picked: RwSignal<Option<usize>>,
    /// While a long apply is computed: how far, 0 to 100 ([`super::compare_loading`]).
    pub computing: RwSignal<Option<u32>>,
    /// Counts applies: a computation that another apply or a Cancel replaced stops.
    pub(super) applies: StoredValue<u64>,
    /// Whether applied texts are saved as the visitor's work (never in an embed).
    pub(crate) save: bool,
}

impl CompareCtx {
    /// The comparison a page opens with: the text a link carries (`linked`), else the draft
    /// saved last, else the preset `asked` names (the first when none).
    pub(crate) fn new(asked: &str, save: bool, linked: Option<String>) -> CompareCtx {
        let saved = linked
            .or_else(|| storage().and_then(|s| s.get_item(DRAFT_KEY).ok().flatten()))
            .filter(|_| asked.is_empty() && save);
        let chosen = preset(asked).unwrap_or(&PRESETS[0]);
        let mut text = saved.unwrap_or_else(|| chosen.text.to_string());
        // What the link fixes: the toggles and the lanes shown.
        let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        let view = compare_query::read(&search);
        for (field, value) in
            [("idempotent", view.idempotent), ("route_permanent_directly", view.direct)]
        {
            if let Some(t) = value.and_then(|v| set_flag(&text, field, v)) {
                text = t;
            }
        }
        let mut lanes = view.lanes.iter().filter_map(|id| Strategy::from_id(id));
        let (strategy, versus) = (lanes.next().unwrap_or(Strategy::Rabbitmq), lanes.next());
        // The built-in's runs first; a text of the visitor's own is then applied like any
        // other (in slices when it is long), so opening the page never blocks on it.
        let (pending, error) = match Comparison::from_json(&text) {
            Ok(_) if text == chosen.text => (None, None),
            Ok(_) => (Some(text.clone()), None),
            Err(e) => (None, Some(e)),
        };
        let versus = versus.filter(|v| *v != strategy);
        let ctx = CompareCtx::assemble(Runs::fallback(chosen.comparison()), text, error, save);
        ctx.preset.set(chosen.id.to_string());
        ctx.strategy.set(strategy);
        ctx.versus.set(versus);
        if let Some(text) = pending {
            ctx.apply(text);
        }
        ctx
    }

    /// The page's state showing `runs` at their opening moment, with `text` in the editor.
    pub(crate) fn assemble(
        runs: Runs,
        text: String,
        error: Option<WorkloadError>,
        save: bool,
    ) -> CompareCtx {
        let opening_us = runs.opening_us();
        let (runs, version, now_us) =
            (StoredValue::new(runs), RwSignal::new(0), RwSignal::new(opening_us));
        CompareCtx {
            runs,
            version,
            draft: RwSignal::new(text.clone()),
            text: RwSignal::new(text),
            error: RwSignal::new(error),
            preset: RwSignal::new(String::new()),
            strategy: RwSignal::new(Strategy::Rabbitmq),
            versus: RwSignal::new(None),
            now_us,
            figures: figures_memo(runs, version, now_us),
            playing: RwSignal::new(false),
            picked: RwSignal::new(None),
            computing: RwSignal::new(None),
            applies: StoredValue::new(0),
            save,
        }
    }

    /// The page's state for a given comparison (an exercise's, a tour's): `text` run
    /// (`fallback` when it does not read), `strategy`'s lanes shown, nothing saved and the
    /// address left alone.
    pub fn fixed(text: &str, fallback: &str, strategy: Strategy) -> CompareCtx {
        // The built-in text's runs first; a learner's own text is then applied like any
        // other (in slices when it is long), so opening the page never blocks on it.
        let start = Comparison::from_json(fallback).unwrap_or_else(|_| small());
        let (pending, error) = match Comparison::from_json(text) {
            Ok(_) if text == fallback => (None, None),
            Ok(_) => (Some(text.to_string()), None),
            Err(e) => (None, Some(e)),
        };
        let ctx = CompareCtx::assemble(Runs::fallback(start), text.to_string(), error, false);
        ctx.strategy.set(strategy);
        if let Some(text) = pending {
            ctx.apply(text);
        }
        ctx
    }

    /// Reads `text`; when it reads, every strategy runs it and the view moves to its opening
    /// moment (the first dead-lettering).
    /// The text is kept either way.
    pub fn apply(&self, text: String) {
        self.apply_at(text, None);
    }

    /// Like [`CompareCtx::apply`], but the view stays at the moment shown (after an action by
    /// the operator, which happens at that moment).
    pub fn apply_keeping_moment(&self, text: String) {
        self.apply_at(text, Some(self.now_us.get_untracked()));
    }

    /// Writes the view into the page's URL (without a history entry), so the address is a
    /// link to exactly this: the toggles that are on and the lanes shown.
    pub(crate) fn write_url(&self) {
        if !self.save {
            return;
        }
        let (idempotent, direct) = self.runs.with_value(|r| {
            (r.comparison.workload.idempotent, r.comparison.workload.route_permanent_directly)
        });
        let (s, versus) = (self.strategy.get_untracked(), self.versus.get_untracked());
        let lanes: Vec<String> = match versus {
            Some(v) => vec![s.id().to_string(), v.id().to_string()],
            None if s == Strategy::Rabbitmq => Vec::new(),
            None => vec![s.id().to_string()],
        };
        // A built-in workload (its toggles aside) is named, so the link opens it anywhere; an
        // edited text keeps `compare=` as it was (the visitor's own work, in this browser).
        let text = self.text.get_untracked();
        let same = |a: &str, b: &str| {
            // Setting the two flags adds or changes well under 256 bytes: texts further apart
            // differ (and a long one is not searched twice).
            if a.len().abs_diff(b.len()) > 256 {
                return false;
            }
            let norm = |t: &str| {
                [("idempotent", idempotent), ("route_permanent_directly", direct)]
                    .iter()
                    .fold(t.to_string(), |t, (f, v)| set_flag(&t, f, *v).unwrap_or(t))
            };
            norm(a) == norm(b)
        };
        let workload = preset(&self.preset.get_untracked())
            .filter(|p| same(p.text, &text))
            .map(|p| p.id.to_string());
        let view =
            CompareView { workload, idempotent: Some(idempotent), direct: Some(direct), lanes };
        let Some(w) = web_sys::window() else { return };
        let search = w.location().search().unwrap_or_default();
        let query = compare_query::write(&search, &view);
        let path = w.location().pathname().unwrap_or_default();
        let hash = w.location().hash().unwrap_or_default();
        if query != search {
            if let Ok(h) = w.history() {
                let url = format!("{path}{query}{hash}");
                let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
        }
    }

    /// The run's length, in µs.
    pub fn horizon_us(&self) -> u64 {
        self.runs.with_value(|r| r.comparison.workload.horizon_ms.saturating_mul(1000))
    }

    pub(crate) fn flag(&self, read: fn(&Comparison) -> bool) -> bool {
        self.runs.with_value(|r| read(&r.comparison))
    }

    /// Sets a workload toggle in the text (keeping its layout) and runs again.
    pub(crate) fn toggle(&self, name: &str, value: bool) {
        let text = self.text.get_untracked();
        match set_flag(&text, name, value) {
            Some(t) => self.apply(t),
            None => self.apply(text),
        }
    }
}

/// Plays the moment forward: the whole run in about 20 s of wall time.
pub fn start_loop(c: CompareCtx) {
    fn frame(c: CompareCtx, last_ms: f64) {
        request_animation_frame(move || {
            let now = perf_now();
            let Some(playing) = c.playing.try_get_untracked() else { return };
            if playing {
                let gap =
                    if now - last_ms > MAX_GAP_MS || now < last_ms { 0.0 } else { now - last_ms };
                let horizon = c.horizon_us();
                let t = c.now_us.get_untracked() + (gap * horizon as f64 / 20_000.0) as u64;
                c.now_us.set(t.min(horizon));
                if t >= horizon {
                    c.playing.set(false);
                }
            }
            frame(c, now);
        });
    }
    frame(c, perf_now());
}
