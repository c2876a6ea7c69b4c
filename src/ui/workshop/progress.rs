//! A learner's workshop in this browser: the trainer's workshop opened from a link (kept, so
//! every page of it finds it again), the checks and hints spent on each exercise, the summary
//! to copy to the trainer, and where an exercise's text comes from (the link, the workshop,
//! or the built-ins).

use crate::link::workshop_link::{self, EXERCISE_KEY, WORKSHOP_KEY};
use crate::msg;
use crate::scenario::workshop::any_exercise::AnyExercise;
use crate::scenario::workshop::broker_exercise::BrokerExercise;
use crate::scenario::workshop::strategy_exercise::StrategyExercise;
use crate::scenario::workshop::strategy_exercises::next_in_workshop;
use crate::scenario::workshop::workshop_file::WorkshopFile;
use crate::scenario::{Lang, ScenarioError};
use crate::ui::share::storage;

/// The localStorage key of the workshop opened from a trainer's link (its JSON).
pub const CURRENT_KEY: &str = "dlx-lab:workshop:current";
const CHECKS_PREFIX: &str = "dlx-lab:workshop:checks:";
const HINTS_PREFIX: &str = "dlx-lab:workshop:hints:";

fn get(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

fn put(key: &str, value: Option<&str>) {
    if let Some(s) = storage() {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}

fn hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Forgets this browser's work on the exercises `ids`: solved or not, checks, hints and the
/// learner's texts (a shared machine, the next group of a workshop).
pub fn forget(ids: &[String]) {
    let done = super::workshop_page::solved();
    let kept: Vec<&String> = done.iter().filter(|id| !ids.contains(id)).collect();
    if let Ok(text) = serde_json::to_string(&kept) {
        put(super::workshop_page::PROGRESS_KEY, Some(&text));
    }
    for id in ids {
        put(&format!("{CHECKS_PREFIX}{id}"), None);
        put(&format!("{HINTS_PREFIX}{id}"), None);
        put(&format!("{}{id}", super::workshop_page::DRAFT_PREFIX), None);
    }
}

/// The checks the learner ran on exercise `id`.
pub fn checks(id: &str) -> u64 {
    get(&format!("{CHECKS_PREFIX}{id}")).and_then(|t| t.parse().ok()).unwrap_or(0)
}

/// Counts one more check of exercise `id`.
pub fn count_check(id: &str) {
    put(&format!("{CHECKS_PREFIX}{id}"), Some(&(checks(id) + 1).to_string()));
}

/// The hints the learner has opened on exercise `id`.
pub fn hints(id: &str) -> u64 {
    get(&format!("{HINTS_PREFIX}{id}")).and_then(|t| t.parse().ok()).unwrap_or(0)
}

/// Records that `shown` hints of exercise `id` are open (never fewer than before).
pub fn note_hints(id: &str, shown: usize) {
    if shown as u64 > hints(id) {
        put(&format!("{HINTS_PREFIX}{id}"), Some(&shown.to_string()));
    }
}

/// The workshop of this browser: the one the link carries (`#w=`, then kept), else the one
/// kept from an earlier link. `None`: the built-in workshop. An error names what is wrong with
/// the link's workshop, whose text is kept for the trainer to see.
pub fn workshop(lang: Lang) -> Option<Result<WorkshopFile, ScenarioError>> {
    match workshop_link::read(&hash(), WORKSHOP_KEY) {
        Some(Ok(text)) => {
            let w = WorkshopFile::parse_in(&text, lang);
            if w.is_ok() {
                put(CURRENT_KEY, Some(&text));
            }
            Some(w)
        }
        Some(Err(e)) => Some(Err(e)),
        None => get(CURRENT_KEY).map(|text| WorkshopFile::parse_in(&text, lang)),
    }
}

/// Copies `text` to the clipboard; `status` says whether it worked (`Some(false)`: select
/// and copy it by hand).
pub fn copy_text(text: String, status: leptos::prelude::RwSignal<Option<bool>>) {
    use leptos::prelude::Set;
    let Some(w) = web_sys::window() else { return };
    let promise = w.navigator().clipboard().write_text(&text);
    status.set(Some(false));
    wasm_bindgen_futures::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(Some(ok));
    });
}

/// Leaves the trainer's workshop: the built-in one is shown again (the address loses the
/// workshop's fragment, so a reload does not open it again).
pub fn leave_workshop() {
    put(CURRENT_KEY, None);
    let Some(w) = web_sys::window() else { return };
    if workshop_link::read(&hash(), WORKSHOP_KEY).is_some() {
        let path = w.location().pathname().unwrap_or_default();
        let search = w.location().search().unwrap_or_default();
        if let Ok(h) = w.history() {
            let url = format!("{path}{search}");
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
}

/// The exercise called `id`: the one the link carries (`#x=`), else the trainer's workshop's,
/// else the built-in one.
pub fn lookup(id: &str, lang: Lang) -> Result<AnyExercise, ScenarioError> {
    if let Some(text) = workshop_link::read(&hash(), EXERCISE_KEY) {
        let ex = AnyExercise::parse_in(&text?, lang)?;
        if ex.id() == id {
            return Ok(ex);
        }
    }
    if let Some(Ok(w)) = workshop(lang) {
        if let Some(item) = w.items.into_iter().find(|i| i.exercise.id() == id) {
            return Ok(item.exercise);
        }
    }
    AnyExercise::builtin_in(id, lang)
}

/// The broker exercise called `id` (see [`lookup`]).
pub fn broker_in(id: &str, lang: Lang) -> Option<BrokerExercise> {
    match lookup(id, lang) {
        Ok(AnyExercise::Broker(e)) => Some(*e),
        _ => None,
    }
}

/// The strategy exercise called `id` (see [`lookup`]).
pub fn strategy_in(id: &str, lang: Lang) -> Option<StrategyExercise> {
    match lookup(id, lang) {
        Ok(AnyExercise::Strategy(e)) => Some(*e),
        _ => None,
    }
}

/// The exercise after `id`: in the trainer's workshop when it lists `id` (none after its
/// last), else in the built-in order.
pub fn next_after(id: &str) -> Option<String> {
    if let Some(Ok(w)) = workshop(Lang::En) {
        if let Some(i) = w.items.iter().position(|x| x.exercise.id() == id) {
            return w.items.get(i + 1).map(|x| x.exercise.id().to_string());
        }
    }
    next_in_workshop(id).map(str::to_string)
}

/// What the learner sends the trainer: the workshop, then a line per exercise (solved or
/// not, checks run, hints opened), in `lang`.
pub fn summary(
    lang: Lang,
    w: &WorkshopFile,
    solved: &std::collections::BTreeSet<String>,
) -> String {
    let mut lines = vec![msg!(lang, "workshop-summary-head", title = w.title.clone())];
    let (mut done, mut all_checks, mut all_hints) = (0, 0, 0);
    for item in &w.items {
        let id = item.exercise.id();
        let (c, h, ok) = (checks(id), hints(id), solved.contains(id));
        done += ok as usize;
        all_checks += c;
        all_hints += h;
        lines.push(msg!(
            lang,
            "workshop-summary-line",
            mark = if ok { "✓" } else { "✗" },
            id = id,
            checks = c,
            hints = h
        ));
    }
    lines.insert(
        1,
        msg!(
            lang,
            "workshop-summary-totals",
            solved = done,
            total = w.items.len(),
            checks = all_checks,
            hints = all_hints
        ),
    );
    lines.join("\n")
}
