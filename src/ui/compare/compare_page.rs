//! The strategy comparison page (`?compare=1`, or `?compare=ID` for a built-in workload):
//! one failing workload through SQS, Kafka, BullMQ, a database DLQ and the hybrid, the
//! figures side by side, each message's lane over time, and what happened to a clicked one.
//!
//! The runs live in one non-reactive handle ([`Runs`]); a version signal says when they
//! changed. The workload text is the user's work: it is kept in localStorage, and a text that
//! does not read keeps the last good runs and shows what to fix.

use crate::link::compare_query::{self, CompareView};
use crate::systems::format::set_flag;
use crate::systems::presets::{preset, PRESETS};
use crate::systems::{
    first_dead_letter_us, Comparison, Computing, Outcome, Strategy, WorkloadError,
};
use leptos::prelude::*;

use crate::scenario::workshop::strategy_tours::strategy_tour_in;
use crate::ui::compare::compare_loading::ComputingBar;
use crate::ui::compare::figures_view::{figures_memo, Figures, Moment};
use crate::ui::compare::lanes_view::{LanesView, MessageStory, OperatorReport};
use crate::ui::compare::strategy_tour_panel::{tour_requested, TourList, TourPanel};
use crate::ui::compare::takeaways_view::Takeaways;
use crate::ui::compare::{export_panel::ExportPanel, operator_panel::OperatorPanel};
use crate::ui::i18n_systems::{preset_texts, st, workload_error, SysKey};
use crate::ui::lang_switch::LangSwitch;
use crate::ui::locale;
use crate::ui::playground::frame_loop::{perf_now, MAX_GAP_MS};
use crate::ui::share::storage;

/// The localStorage key of the comparison text.
pub const DRAFT_KEY: &str = "dlx-lab:compare:draft";

/// The built-in workload the URL asks for: `Some("")` for `?compare=1`, `Some(id)` for
/// `?compare=ID`, `None` when the page is not asked for.
pub fn compare_requested() -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok())?;
    search.trim_start_matches('?').split('&').find_map(|p| match p {
        "compare" | "compare=1" => Some(String::new()),
        _ => p.strip_prefix("compare=").map(str::to_string),
    })
}

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
    pub(super) save: bool,
}

impl CompareCtx {
    fn new(asked: &str, save: bool) -> CompareCtx {
        let saved = super::export_panel::linked_text()
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
    fn assemble(runs: Runs, text: String, error: Option<WorkloadError>, save: bool) -> CompareCtx {
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
    pub(super) fn write_url(&self) {
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

    fn flag(&self, read: fn(&Comparison) -> bool) -> bool {
        self.runs.with_value(|r| read(&r.comparison))
    }

    /// Sets a workload toggle in the text (keeping its layout) and runs again.
    fn toggle(&self, name: &str, value: bool) {
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

/// A checkbox for one of the workload's boolean fields, written into the text when flipped.
#[component]
fn Toggle(
    c: CompareCtx,
    /// The workload field it sets.
    field: &'static str,
    label: SysKey,
    /// The tooltip.
    hint: SysKey,
    /// Reads the field from the comparison.
    read: fn(&Comparison) -> bool,
) -> impl IntoView {
    view! {
        <label class="toggle" title=st(hint)>
            <input type="checkbox" name=field
                prop:checked=move || { c.version.track(); c.flag(read) }
                on:change=move |ev| c.toggle(field, event_target_checked(&ev)) />
            " " {st(label)}
        </label>
    }
}

/// The workload chooser (or a tour's title, `named`), the two toggles and the JSON editor.
#[component]
fn WorkloadPanel(c: CompareCtx, named: Option<String>) -> impl IntoView {
    let (draft, chooser) = (c.draft, named.is_none());
    view! {
        <section class="workload" aria-label=st(SysKey::Workload)>
            {named.map(|title| view! { <p class="workload-name"><strong>{st(SysKey::Workload)}</strong>" "{title}</p> })}
            <label class:hidden=!chooser>{st(SysKey::Workload)}" "
                <select class="preset-select" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = preset(&id) {
                        c.preset.set(id);
                        c.apply(p.text.to_string());
                    }
                }>
                    {PRESETS.iter().map(|p| {
                        let id = p.id;
                        view! { <option value=id selected=move || c.preset.get() == id>{preset_texts(id).0}</option> }
                    }).collect_view()}
                </select>
            </label>
            {chooser.then(|| view! { <p class="about">{move || preset_texts(&c.preset.get()).1}</p> })}
            <Toggle c=c field="idempotent" label=SysKey::Idempotent hint=SysKey::IdempotentHint read=|x| x.workload.idempotent />
            <Toggle c=c field="route_permanent_directly" label=SysKey::RouteDirect hint=SysKey::RouteDirectHint
                read=|x| x.workload.route_permanent_directly />
            <details class="workload-editor" open=move || c.error.get().is_some()>
                <summary>{st(SysKey::WorkloadText)}</summary>
                <textarea aria-label=st(SysKey::WorkloadText) spellcheck="false" rows="16" prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))></textarea>
                <button class="apply" on:click=move |_| c.apply(draft.get_untracked())>{st(SysKey::Apply)}</button>
            </details>
            <ComputingBar c=c />
            {move || c.error.get().map(|e| view! { <p class="error-banner" role="alert">{workload_error(&e)}</p> })}
        </section>
    }
}

/// The whole comparison page, or (`embed`) its compact form for an `<iframe>` in a
/// documentation page: the workload's title and lesson, the figures and the lanes, a link to
/// the full page, and nothing saved.
#[component]
pub fn ComparePage(
    /// The built-in workload id from the URL (empty: the saved work, else the first).
    asked: String,
    /// The compact form (`?compare=ID&embed=1`).
    #[prop(optional)]
    embed: bool,
) -> impl IntoView {
    let tour = tour_requested()
        .and_then(|id| strategy_tour_in(&id, locale::current()).ok())
        .filter(|_| !embed);
    let c = match &tour {
        Some(t) => CompareCtx::fixed(&t.comparison_text, &t.comparison_text, t.system),
        None => CompareCtx::new(&asked, !embed),
    };
    let tour_id = tour.map(|t| t.id);
    let tour_step = RwSignal::new(0usize);
    start_loop(c);
    if embed {
        crate::ui::embed::host_size::announce_compare(&asked);
    }
    // The address follows the view once the visitor changes it (opening leaves it as it was).
    Effect::new(move |first: Option<()>| {
        c.version.track();
        c.strategy.track();
        c.versus.track();
        if first.is_some() {
            c.write_url();
        }
    });
    let full_link = format!(
        "{}?compare={}",
        crate::ui::embed::embed_page::base_url(),
        if asked.is_empty() { "1" } else { asked.as_str() }
    );
    move || {
        locale::tracked();
        if embed {
            let (title, about) = preset_texts(&c.preset.get_untracked());
            return view! {
                <div class="compare-page compare-embed">
                    <div class="workshop-bar">
                        <strong class="embed-title">{title}</strong>
                        <a class="embed-open" href=full_link.clone() target="_blank" rel="noopener">{st(SysKey::OpenFullCompare)}</a>
                        <LangSwitch compact=true />
                    </div>
                    <p class="about">{about}</p>
                    <Figures c=c />
                    <Takeaways c=c />
                    <LanesView c=c />
                    <MessageStory c=c />
                </div>
            }
            .into_any();
        }
        view! {
            <div class="compare-page">
                <div class="workshop-bar"><a href=move || crate::ui::locale::link("./")>{st(SysKey::BackToPlayground)}</a><LangSwitch /></div>
                <h1>{st(SysKey::Title)}</h1>
                <p class="intro">{st(SysKey::Intro)}</p>
                {match tour_id.clone() {
                    Some(id) => view! { <TourPanel c=c id=id at=tour_step /> }.into_any(),
                    None => view! { <TourList /> }.into_any(),
                }}
                <WorkloadPanel c=c named=tour_id.as_ref().and_then(|id| strategy_tour_in(id, locale::current()).ok().map(|t| t.title)) />
                <LanesView c=c />
                <MessageStory c=c />
                <Figures c=c />
                <Takeaways c=c />
                <OperatorPanel c=c />
                <OperatorReport c=c /><ExportPanel c=c />
            </div>
        }
        .into_any()
    }
}
