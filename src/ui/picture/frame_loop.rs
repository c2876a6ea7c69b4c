//! The animation loop (wall time → virtual time with the speed factor) and keyboard shortcuts.

use leptos::ev;
use leptos::prelude::*;

use crate::ui::page_state::Ctx;
use crate::viz::pace::{advance, min_gap_us};

/// Wall-clock gaps longer than this (a hidden tab) are skipped, in ms.
pub const MAX_GAP_MS: f64 = 500.0;

/// Playing stops a frame at a death at most once per this much real time, in ms.
const DEATH_GAP_MS: u64 = 400;

/// The page's monotonic clock, in ms.
pub fn perf_now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

/// Starts the requestAnimationFrame loop; it stops by itself when the app is unmounted.
pub fn start_loop(ctx: Ctx) {
    fn frame(ctx: Ctx, last_ms: f64) {
        request_animation_frame(move || {
            let now = perf_now();
            let Some(playing) = ctx.play.playing.try_get_untracked() else { return };
            if playing {
                let gap = now - last_ms;
                let wall_ms = if !(0.0..=MAX_GAP_MS).contains(&gap) { 0.0 } else { gap };
                let speed = ctx.play.speed.get_untracked();
                let pause_on_death = ctx.play.pause_on_death.get_untracked();
                let last = ctx.play.last_death_stop.get_value();
                let (mut done, mut death, mut copy) = (false, None, None);
                ctx.play.update(|l| {
                    let wanted = l.now_us + (wall_ms * 1000.0 * speed) as u64;
                    // Never skip a death: stop the frame at it (once per DEATH_GAP_MS of
                    // real time, so a storm still plays at the chosen speed).
                    // With pause-on-death, every death pauses.
                    let gap = if pause_on_death { 0 } else { min_gap_us(speed, DEATH_GAP_MS) };
                    let step = advance(
                        &l.timeline.flights,
                        &l.timeline.deaths,
                        l.now_us,
                        wanted.min(l.timeline.end_us),
                        last,
                        gap,
                    );
                    l.seek(step.to_us.max(l.now_us));
                    death = step.death_at_us;
                    copy = step.death_copy;
                    done = l.now_us >= l.timeline.end_us;
                });
                if death.is_some() {
                    ctx.play.last_death_stop.set_value(death);
                }
                if pause_on_death && death.is_some() {
                    // Paused at a death: the copy that died is shown, its x-death beside.
                    ctx.play.playing.set(false);
                    if let Some(copy) = copy {
                        ctx.pick.msg.set(Some(dead_letter_of(ctx, copy)));
                    }
                } else if done {
                    ctx.play.playing.set(false);
                }
                ctx.play.frame.notify();
            }
            frame(ctx, now);
        });
    }
    frame(ctx, perf_now());
}

/// The copy a dying copy became in its dead-letter queue (whose x-death tells why): the copy
/// that left for the dead-letter exchange, then the one a queue took; the copy itself when it
/// was dropped.
fn dead_letter_of(ctx: Ctx, copy: u64) -> u64 {
    use crate::engine::event::EventKind;
    ctx.play
        .with(|l| {
            let events = &l.timeline.events;
            let left = events.iter().find_map(|ev| match ev.kind {
                EventKind::DeadLettered { from, .. } if from == copy => ev.msg,
                _ => None,
            })?;
            events.iter().find_map(|ev| match ev.kind {
                EventKind::Enqueued { from: Some(x), .. } if x == left => ev.msg,
                _ => None,
            })
        })
        .flatten()
        .unwrap_or(copy)
}

fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON"))
        .unwrap_or(false)
}

/// Space plays or pauses, → and ← step between events, Shift+→/← move one second.
pub fn install_keys(ctx: Ctx) {
    let handle = window_event_listener(ev::keydown, move |e| {
        if typing(&e) {
            return;
        }
        match e.key().as_str() {
            " " => {
                e.prevent_default();
                ctx.play.playing.update(|p| *p = !*p);
            }
            "ArrowRight" if e.shift_key() => {
                ctx.play.playing.set(false);
                let t = ctx.play.with(|l| l.now_us).unwrap_or(0);
                ctx.play.seek(t + 1_000_000);
            }
            "ArrowLeft" if e.shift_key() => {
                ctx.play.playing.set(false);
                let t = ctx.play.with(|l| l.now_us).unwrap_or(0);
                ctx.play.seek(t.saturating_sub(1_000_000));
            }
            "ArrowRight" => {
                e.prevent_default();
                ctx.play.step_next();
            }
            "ArrowLeft" => {
                e.prevent_default();
                ctx.play.step_prev();
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
}
