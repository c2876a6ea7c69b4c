//! The event log up to the current moment, filterable by queue, message and fate, each entry
//! explained in plain language. It is also the text alternative to the animation.

use leptos::prelude::*;

use crate::engine::event::EventKind;
use crate::scenario::workshop::log_query::event_queue;
use crate::viz::flight::{event_fate, CopyFate};

use crate::ui::i18n::{explain, fate_name, fmt_msg, fmt_time, tr};
use crate::ui::page_state::{Filters, Playback, Selection};

/// Entries shown at most (the newest).
pub const LOG_SHOWN: usize = 200;

/// How often the log follows a playing run, in ms of wall time.
pub const LOG_REFRESH_MS: f64 = 250.0;

/// One shown entry.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    seq: u64,
    at_us: u64,
    msg: Option<u64>,
    fate: Option<CopyFate>,
    text: String,
}

/// The log panel with its filters. `open`, when given, says whether the panel is on screen
/// (the playground's side tabs): while it is not, the log stops following a playing run (a
/// step, a seek or a pause still brings it up to date) and catches up when it is shown.
#[component]
pub fn EventLog(#[prop(optional, into)] open: Option<Signal<bool>>) -> impl IntoView {
    let play = Playback::get();
    let pick = Selection::get();
    let filters = Filters::get();
    // While playing, the log follows a few times a second (rebuilding it every frame costs a
    // frame's budget with many messages); paused or scrubbed, it is exact.
    let refreshed_at = StoredValue::new(f64::NEG_INFINITY);
    let count = Memo::new(move |prev: Option<&usize>| {
        let n = play.with(|l| l.run.engine().events().len()).unwrap_or(0);
        if let (Some(open), Some(&p)) = (open, prev) {
            if !open.get() && play.playing.get() {
                // Never past the log's end: another scenario may have loaded meanwhile.
                return p.min(n);
            }
        }
        play.frame.track();
        if play.playing.get() {
            let now =
                web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0);
            if let Some(&p) =
                prev.filter(|&&p| p <= n && now - refreshed_at.get_value() < LOG_REFRESH_MS)
            {
                return p;
            }
            refreshed_at.set_value(now);
        }
        n
    });
    let queues = Memo::new(move |_| {
        play.loaded.track();
        play.with(|l| l.queue_names()).unwrap_or_default()
    });
    // How many entries are listed; "show more" adds a page.
    let shown = RwSignal::new(LOG_SHOWN);
    let total = Memo::new(move |_| {
        let n = count.get();
        let (fq, fm, ff) = (filters.queue.get(), filters.msg.get(), filters.fate.get());
        let fm = fm.trim().trim_start_matches('#').parse::<u64>().ok();
        if fq.is_empty() && fm.is_none() && ff.is_empty() {
            return n;
        }
        play.with(|l| {
            l.run
                .engine()
                .events()
                .range(0..n)
                .filter(|e| fq.is_empty() || event_queue(&e.kind) == Some(fq.as_str()))
                .filter(|e| fm.is_none() || e.msg == fm || e.lineage == fm)
                .filter(|e| {
                    ff.is_empty()
                        || event_fate(&e.kind).map(|f| f.css_class() == ff).unwrap_or(false)
                })
                .count()
        })
        .unwrap_or(0)
    });
    let entries = Memo::new(move |_| {
        let n = count.get();
        let limit = shown.get();
        let (fq, fm, ff) = (filters.queue.get(), filters.msg.get(), filters.fate.get());
        let fm = fm.trim().trim_start_matches('#').parse::<u64>().ok();
        play.with(|l| {
            l.run
                .engine()
                .events()
                .range(0..n)
                .rev()
                .filter(|e| fq.is_empty() || event_queue(&e.kind) == Some(fq.as_str()))
                .filter(|e| fm.is_none() || e.msg == fm || e.lineage == fm)
                .filter(|e| {
                    ff.is_empty()
                        || event_fate(&e.kind).map(|f| f.css_class() == ff).unwrap_or(false)
                })
                .take(limit)
                .map(|e| Entry {
                    seq: e.seq,
                    at_us: e.at_us.as_us(),
                    msg: e.msg.filter(|_| !matches!(e.kind, EventKind::Published { .. })),
                    fate: event_fate(&e.kind),
                    text: explain(&e),
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    });
    let fates: Vec<CopyFate> = CopyFate::ALL
        .into_iter()
        .filter(|f| !matches!(f, CopyFate::Waiting | CopyFate::ExpiredWaiting))
        .collect();
    view! {
        <section class="event-log" aria-label=tr("ui-event-log")>
            <h2>{tr("ui-event-log")}</h2>
            <div class="filters">
                <label>{tr("ui-filter-queue")}" "
                    <select class="filter-queue" on:change=move |e| filters.queue.set(event_target_value(&e)) prop:value=move || filters.queue.get()>
                        <option value="">{tr("ui-all")}</option>
                        {move || queues.get().into_iter().map(|q| view! { <option value=q.clone()>{q.clone()}</option> }).collect_view()}
                    </select>
                </label>
                <label>{tr("ui-filter-message")}" "
                    <input class="filter-msg" size="5" on:input=move |e| filters.msg.set(event_target_value(&e)) prop:value=move || filters.msg.get() />
                </label>
                <label>{tr("ui-filter-fate")}" "
                    <select class="filter-fate" on:change=move |e| filters.fate.set(event_target_value(&e)) prop:value=move || filters.fate.get()>
                        <option value="">{tr("ui-all")}</option>
                        {fates.into_iter().map(|f| view! { <option value=f.css_class()>{fate_name(f)}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            {move || {
                let (listed, all) = (entries.with(Vec::len), total.get());
                (listed < all).then(|| {
                    let lang = crate::ui::locale::current();
                    view! {
                        <p class="log-count" data-listed=listed.to_string() data-total=all.to_string()>
                            {crate::msg!(lang, "ui-log-showing", listed = listed, total = all)}" "
                            <button class="log-more" on:click=move |_| shown.update(|s| *s = s.saturating_add(LOG_SHOWN))>
                                {crate::msg!(lang, "ui-log-more", n = LOG_SHOWN.min(all - listed))}
                            </button>
                        </p>
                    }
                })
            }}
            <Show when=move || !entries.with(|e| e.is_empty()) fallback=|| view! { <p class="hint">{tr("ui-no-events")}</p> }>
                // One handler for every entry: while a run plays, the entries are replaced a few
                // times a second, and a handler per entry made that cost a frame's budget.
                <ol class="log-entries" on:click=move |ev| entry_clicked(play, pick, entries, &ev)>
                    <For each=move || entries.get() key=|e| e.seq let:e>
                        <li class=format!("log-entry {}", e.fate.map(|f| f.css_class()).unwrap_or("info")) data-seq=e.seq.to_string()
                            data-msg=e.msg.map(|m| m.to_string()).unwrap_or_default()>
                            <button class="log-time" title=tr("ui-jump-to")>{fmt_time(e.at_us)}</button>
                            " "{e.msg.map(|m| view! {
                                // A button, so the keyboard reaches every message through the log.
                                <button class="log-msg" title=tr("ui-inspector-title")>{fmt_msg(m)}</button>
                            })}" "
                            <span class="log-text">{e.text.clone()}</span>
                        </li>
                    </For>
                </ol>
            </Show>
        </section>
    }
}

/// A click in the log: on an entry's time, the run pauses and moves there; anywhere else on an
/// entry, its message opens in the inspector.
fn entry_clicked(
    play: Playback,
    pick: Selection,
    entries: Memo<Vec<Entry>>,
    ev: &web_sys::MouseEvent,
) {
    use wasm_bindgen::JsCast;
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return;
    };
    let Some(li) = target.closest("li.log-entry").ok().flatten() else { return };
    let seq = li.get_attribute("data-seq").and_then(|s| s.parse::<u64>().ok());
    let Some(e) =
        seq.and_then(|seq| entries.with_untracked(|es| es.iter().find(|e| e.seq == seq).cloned()))
    else {
        return;
    };
    if target.closest("button.log-time").ok().flatten().is_some() {
        ev.stop_propagation();
        play.playing.set(false);
        play.seek(e.at_us);
    } else if let Some(m) = e.msg {
        pick.msg.set(Some(m));
    }
}
