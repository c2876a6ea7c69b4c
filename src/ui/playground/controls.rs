//! The toolbar: preset menu with its description, broker profile, seed, and the time controls.

use crate::engine::EventLog;
use leptos::prelude::*;

use crate::scenario::playground::presets::PRESETS;
use crate::scenario::workshop::texts::{self, Kind};

use crate::scenario::playground::profile_diff::{profile_diff, ProfileDiff, MAX_COMPARED_EVENTS};
use crate::scenario::playground::profile_text::profile_diff_lines;
use crate::ui::i18n::{fmt_speed, fmt_time, tr};
use crate::ui::icons::{icon, Icon};
use crate::ui::lab::Lab;
use crate::ui::page_state::{Ctx, Playback};
use crate::ui::{locale, share};

pub use crate::ui::picture::compact_controls::{clock, SPEEDS};

/// Slots on the time track where a death can be marked.
const TICKS: usize = 160;

fn preset_title(id: &str) -> String {
    texts::title(Kind::Preset, id, locale::current()).unwrap_or_default()
}

/// What the last profile switch changed: the diff, and the profiles it switched from and to.
pub type DiffShown = RwSignal<Option<(ProfileDiff, String, String)>, LocalStorage>;

/// The scenario now: preset id, profile, seed, description and lesson.
fn current_memo(play: Playback) -> Memo<(String, String, u64, String, String)> {
    Memo::new(move |_| {
        play.loaded.track();
        play.with(|l| {
            (
                l.preset.clone().unwrap_or_default(),
                l.scenario.profile.name.to_string(),
                l.scenario.seed,
                l.scenario.description_in(locale::current()).to_string(),
                l.scenario.teaches_in(locale::current()).to_string(),
            )
        })
        .unwrap_or_default()
    })
}

/// The preset menu, profile switch and seed (one line of the top bar).
#[component]
pub fn ScenarioBar(
    /// What the last profile switch changed (the about card shows it).
    diff: DiffShown,
) -> impl IntoView {
    let ctx = Ctx::get();
    let current = current_memo(ctx.play);
    // `then` runs once the new run is shown.
    let reload =
        move |id: String, profile: Option<String>, seed: Option<u64>, then: Box<dyn FnOnce()>| {
            let loaded = move |lab| {
                if ctx.try_install(lab, 0) {
                    share::save(ctx.play);
                    then();
                }
            };
            if !id.is_empty() {
                return loaded(Lab::from_preset(&id, profile.as_deref(), seed));
            }
            // A custom scenario: re-run its text under the new profile or seed (in slices with
            // the progress bar when its run is long).
            let Some(text) = ctx.play.with(|l| l.text.clone()) else { return };
            let mut s = match crate::scenario::Scenario::parse(&text) {
                Ok(s) => s,
                Err(e) => return loaded(Err(crate::ui::notice::Notice::in_text(e, &text))),
            };
            if let Some(p) = profile.as_deref() {
                s = s.with_profile(if p == "rabbitmq-3.10" {
                    &crate::engine::RABBITMQ_3_10
                } else {
                    &crate::engine::RABBITMQ_4
                });
            }
            if let Some(n) = seed {
                s = s.with_seed(n);
            }
            let t = serde_json::to_string_pretty(&s.json).unwrap_or_default();
            crate::ui::loading::load(ctx, t, None, s, loaded);
        };
    let on_preset = move |ev| {
        diff.set(None);
        reload(event_target_value(&ev), None, None, Box::new(|| {}))
    };
    let on_profile = move |ev| {
        let c = current.get_untracked();
        let to = event_target_value(&ev);
        // The run before the switch, read before it is replaced (at most what is compared).
        let before = ctx
            .play
            .with(|l| {
                let all = &l.timeline.events;
                all.range(0..MAX_COMPARED_EVENTS + 1).collect::<EventLog>()
            })
            .unwrap_or_default();
        let from = c.1.clone();
        let compare = move || {
            let found = ctx.play.with(|l| {
                let d = profile_diff(&before, &l.timeline.events, &l.scenario.json);
                (d, from, l.scenario.profile.name.to_string())
            });
            diff.set(found.filter(|(_, _, now)| *now == to));
        };
        reload(c.0, Some(event_target_value(&ev)), Some(c.2), Box::new(compare));
    };
    let on_seed = move |ev| {
        let c = current.get_untracked();
        if let Ok(n) = event_target_value(&ev).trim().parse::<u64>() {
            diff.set(None);
            reload(c.0, Some(c.1), Some(n), Box::new(|| {}));
        }
    };
    view! {
        <div class="scenario-bar">
            <label>{tr("ui-preset")}" "
                <select class="preset-menu" title=tr("ui-preset") on:change=on_preset prop:value=move || current.get().0>
                    {PRESETS.iter().map(|(id, _)| view! { <option value=*id>{preset_title(id)}</option> }).collect_view()}
                </select>
            </label>
            <label>{tr("ui-profile")}" "
                <select class="profile" title=tr("ui-profile") on:change=on_profile prop:value=move || current.get().1>
                    <option value="rabbitmq-3.10">"rabbitmq-3.10"</option>
                    <option value="rabbitmq-4">"rabbitmq-4"</option>
                </select>
            </label>
            <label>{tr("ui-seed")}" "
                <input class="seed" type="number" title=tr("ui-seed") min="0" on:change=on_seed prop:value=move || current.get().2.to_string() />
            </label>
        </div>
    }
}

/// The card over the canvas: the scenario's description and lesson (closable), and what the
/// last profile switch changed.
#[component]
pub fn AboutCard(
    /// What the last profile switch changed.
    diff: DiffShown,
    /// Whether the card is open.
    open: RwSignal<bool>,
) -> impl IntoView {
    let play = Playback::get();
    let current = current_memo(play);
    let report = move || {
        let lang = locale::tracked();
        diff.with(|d| {
            let (d, from, to) = d.as_ref()?;
            // Shown while the scenario still runs under the profile it was switched to.
            (current.get().1 == *to).then(|| (profile_diff_lines(d, from, to).iter().map(|m| m.text(lang)).collect::<Vec<_>>(), lang))
        })
        .map(|(lines, lang)| {
            view! {
                <section class="profile-diff" aria-live="polite">
                    <h3>{crate::label!(lang, "profile-diff-title")}</h3>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    <button class="profile-diff-close" on:click=move |_| diff.set(None)>{crate::label!(lang, "ui-dismiss")}</button>
                </section>
            }
        })
    };
    view! {
        <div class="about-card" class:closed=move || !open.get()>
            <button class="about-toggle icon quiet" aria-expanded=move || open.get().to_string()
                title=move || crate::label!(locale::tracked(), "ui-about")
                aria-label=move || crate::label!(locale::tracked(), "ui-about")
                on:click=move |_| open.update(|o| *o = !*o)>
                {move || if open.get() { icon(Icon::Close).into_any() } else { icon(Icon::Info).into_any() }}
            </button>
            <div class="about-body">
                <p class="description">{move || current.get().3}</p>
                <p class="teaches" class:hidden=move || current.get().4.is_empty()><strong>{tr("ui-teaches")}</strong>" "{move || current.get().4}</p>
            </div>
            {report}
        </div>
    }
}

/// Play / pause, step, speed, the scrubber and the clock.
#[component]
pub fn TimeControls() -> impl IntoView {
    let play = Playback::get();
    let (now, end) = clock(play);
    Effect::new(move |was_playing: Option<bool>| {
        let p = play.playing.get();
        if was_playing == Some(true) && !p {
            share::save(play);
        }
        p
    });
    let toggle = move |_| play.playing.update(|p| *p = !*p);
    let on_scrub = move |ev| {
        if let Ok(ms) = event_target_value(&ev).parse::<f64>() {
            play.playing.set(false);
            play.seek((ms * 1000.0) as u64);
        }
    };
    let on_scrub_done = move |_| share::save(play);
    let on_speed = move |ev| {
        if let Ok(s) = event_target_value(&ev).parse::<f64>() {
            play.speed.set(s);
        }
    };
    let on_motion = move |ev| play.reduced_motion.set(event_target_checked(&ev));
    let ticks = Memo::new(move |_| {
        play.loaded.track();
        play.with(|l| {
            crate::viz::death_label::ticks(
                &l.timeline.flights,
                &l.timeline.deaths,
                l.timeline.end_us,
                TICKS,
            )
        })
        .unwrap_or_default()
    });
    view! {
        <div class="time-controls transport" role="toolbar" aria-label=tr("ui-time")>
            <button class="play" on:click=toggle aria-pressed=move || play.playing.get().to_string()>
                {move || if play.playing.get() { icon(Icon::Pause).into_any() } else { icon(Icon::Play).into_any() }}
                <span class="play-word">{move || if play.playing.get() { tr("ui-pause") } else { tr("ui-play") }}</span>
            </button>
            <button class="step-back icon" on:click=move |_| play.step_prev() title=tr("ui-step-back") aria-label=tr("ui-step-back")>{icon(Icon::StepBack)}<span class="visually-hidden">{tr("ui-step-back")}</span></button>
            <button class="step icon" on:click=move |_| play.step_next() title=tr("ui-step-next") aria-label=tr("ui-step-next")>{icon(Icon::StepNext)}<span class="visually-hidden">{tr("ui-step-next")}</span></button>
            <label class="speed-label"><span class="visually-hidden">{tr("ui-speed")}</span>
                <select class="speed" title=tr("ui-speed") on:change=on_speed prop:value=move || play.speed.get().to_string()>
                    {SPEEDS.iter().map(|s| view! { <option value=s.to_string()>{fmt_speed(*s)}</option> }).collect_view()}
                </select>
            </label>
            <div class="time-track">
                <input
                    class="scrubber"
                    type="range"
                    min="0"
                    step="1"
                    aria-label=tr("ui-scrubber")
                    prop:max=move || (end.get() / 1000).to_string()
                    prop:value=move || (now.get() / 1000).to_string()
                    on:input=on_scrub
                    on:change=on_scrub_done
                />
                <div class="death-ticks" aria-hidden="true">
                    {move || ticks.get().into_iter().map(|(slot, family)| view! {
                        <span class=format!("tick {}", family.css_class())
                            style:left=format!("{:.2}%", slot as f64 * 100.0 / (TICKS - 1) as f64)></span>
                    }).collect_view()}
                </div>
            </div>
            <output class="clock" aria-label=tr("ui-time")>{move || fmt_time(now.get())}" / "{move || fmt_time(end.get())}</output>
            <label class="pause-on-death-label"><input type="checkbox" class="pause-on-death" prop:checked=move || play.pause_on_death.get() on:change=move |ev| play.pause_on_death.set(event_target_checked(&ev)) />" "{move || crate::label!(crate::ui::locale::tracked(), "ui-pause-on-death")}</label>
            <label class="motion"><input type="checkbox" class="reduced-motion" prop:checked=move || play.reduced_motion.get() on:change=on_motion />" "{tr("ui-reduced-motion")}</label>
        </div>
    }
}

/// The keyboard's keys, in words (below the picture).
#[component]
pub fn KeysHint() -> impl IntoView {
    view! { <p class="keys-hint">{tr("ui-keys")}</p> }
}
