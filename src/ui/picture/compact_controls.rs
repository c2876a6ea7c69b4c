//! The compact time controls an embed and an exercise show: play/pause, step, speed, the
//! scrubber and the clock in one row.

use leptos::prelude::*;

use crate::ui::i18n::{fmt_speed, fmt_time, tr};
use crate::ui::icons::{icon, Icon};
use crate::ui::page_state::Playback;

/// The speed factors offered (the scenario model's, which also picks a scenario's pace).
pub const SPEEDS: [f64; 10] = crate::scenario::playground::document::PACES;

/// The run's clock and its end (1 µs while nothing is loaded), in µs, for the time controls.
pub fn clock(play: Playback) -> (Memo<u64>, Memo<u64>) {
    let now = Memo::new(move |_| play.now_us());
    let end = Memo::new(move |_| {
        play.loaded.track();
        play.with(|l| l.timeline.end_us).unwrap_or(1)
    });
    (now, end)
}

/// Play/pause, step back and forward, speed, the scrubber and the clock, in one compact row.
/// Unlike the playground's controls it never saves to the URL or localStorage.
#[component]
pub fn CompactControls() -> impl IntoView {
    let play = Playback::get();
    let (now, end) = clock(play);
    let toggle = move |_| {
        if !play.playing.get_untracked() && now.get_untracked() >= end.get_untracked() {
            play.seek(0);
        }
        play.playing.update(|p| *p = !*p);
    };
    let on_scrub = move |ev| {
        if let Ok(ms) = event_target_value(&ev).parse::<f64>() {
            play.playing.set(false);
            play.seek((ms.max(0.0) * 1000.0) as u64);
        }
    };
    let on_speed = move |ev| {
        if let Ok(s) = event_target_value(&ev).parse::<f64>() {
            play.speed.set(s);
        }
    };
    view! {
        <div class="compact-controls" role="toolbar" aria-label=tr("ui-time")>
            <button class="play" on:click=toggle aria-pressed=move || play.playing.get().to_string()
                title=move || if play.playing.get() { tr("ui-pause") } else { tr("ui-play") }>
                {move || if play.playing.get() { icon(Icon::Pause).into_any() } else { icon(Icon::Play).into_any() }}
                <span class="play-word">{move || if play.playing.get() { tr("ui-pause") } else { tr("ui-play") }}</span>
            </button>
            <button class="step-back icon quiet" on:click=move |_| play.step_prev() title=tr("ui-step-back") aria-label=tr("ui-step-back")>{icon(Icon::StepBack)}<span class="visually-hidden">{tr("ui-step-back")}</span></button>
            <button class="step icon quiet" on:click=move |_| play.step_next() title=tr("ui-step-next") aria-label=tr("ui-step-next")>{icon(Icon::StepNext)}<span class="visually-hidden">{tr("ui-step-next")}</span></button>
            <select class="speed" title=tr("ui-speed") on:change=on_speed prop:value=move || play.speed.get().to_string() aria-label=tr("ui-speed")>
                {SPEEDS.iter().map(|s| view! { <option value=s.to_string()>{fmt_speed(*s)}</option> }).collect_view()}
            </select>
            <input class="scrubber" type="range" min="0" step="1" aria-label=tr("ui-scrubber")
                prop:max=move || (end.get() / 1000).to_string()
                prop:value=move || (now.get() / 1000).to_string()
                on:input=on_scrub />
            <output class="clock" aria-label=tr("ui-time")>{move || fmt_time(now.get())}</output>
        </div>
    }
}
