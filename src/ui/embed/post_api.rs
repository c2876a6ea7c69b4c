//! The embed's remote control: commands from the parent window by `postMessage`, and events
//! back to it (ready, time, deadLettered, exerciseSolved, ok, state, error).
//!
//! The protocol itself (validation, envelopes) is pure and lives in [`crate::link::embed_protocol`]; this
//! file applies commands to a [`Ctx`] and posts to the parent. Only messages whose source is the
//! parent window are read, and only the parent is ever answered. Nothing here panics on input.

use leptos::prelude::*;
use serde_json::{json, Value};
use wasm_bindgen::JsValue;

use crate::engine::event::EventKind;
use crate::link::embed_protocol::{
    error_event, event, parse_command, Command, LoadSource, Refusal,
};

use crate::ui::lab::Lab;
use crate::ui::page_state::{Ctx, Playback, Selection};
use crate::ui::picture::frame_loop::perf_now;

/// Wall-clock ms between two `time` events while playing.
pub const TIME_EVENT_EVERY_MS: f64 = 250.0;
/// At most this many `deadLettered` events for one jump of the clock.
pub const MAX_DEATHS_PER_FRAME: usize = 50;

use crate::ui::host_page::parent;
pub use crate::ui::host_page::{in_frame, post};

/// The current state, as the fields of `ready`, `state`, `ok` and `time` events.
pub fn state_fields(play: Playback, pick: Selection) -> Value {
    let playing = play.playing.try_get_untracked().unwrap_or(false);
    let selected = pick.msg.try_get_untracked().flatten();
    play.with(|l| {
        json!({
            "t": l.now_us as f64 / 1000.0,
            "end": l.timeline.end_us as f64 / 1000.0,
            "playing": playing,
            "preset": l.preset,
            "title": l.scenario.title,
            "selected": selected,
        })
    })
    .unwrap_or_else(|| json!({}))
}

fn with_id(mut v: Value, id: &Option<Value>) -> Value {
    if let (Value::Object(o), Some(id)) = (&mut v, id) {
        o.insert("id".into(), id.clone());
    }
    v
}

/// Applies a validated command. `Err` is the problem to report; then nothing changed.
fn apply(ctx: Ctx, cmd: &Command) -> Result<(), String> {
    match cmd {
        Command::Load { source, t_ms, autoplay } => {
            let lab = match source {
                LoadSource::Preset(id) => Lab::from_preset(id, None, None),
                // [`handle`] sends scenario text to [`load_json`] instead (in slices when
                // long); a direct call loads it at once.
                LoadSource::Json(text) => Lab::from_text(text.clone(), None),
            }
            .map_err(|n| n.text())?;
            ctx.error.set(None);
            ctx.install(lab, *t_ms);
            ctx.play.playing.set(*autoplay);
        }
        Command::Play => {
            if ctx.play.with(|l| l.now_us >= l.timeline.end_us).unwrap_or(false) {
                ctx.play.seek(0);
            }
            ctx.play.playing.set(true);
        }
        Command::Pause => ctx.play.playing.set(false),
        Command::Seek { t_ms } => ctx.play.seek(t_ms.saturating_mul(1000)),
        Command::Step { back: false } => ctx.play.step_next(),
        Command::Step { back: true } => ctx.play.step_prev(),
        Command::Select { message: None } => ctx.pick.msg.set(None),
        Command::Select { message: Some(n) } => {
            if ctx.play.with(|l| l.timeline.message_copy(*n).is_some()) != Some(true) {
                return Err(format!("there is no message #{n} in this scenario"));
            }
            ctx.pick.msg.set(Some(*n));
        }
        Command::State => {}
    }
    Ok(())
}

/// The answer to a command that was carried out: `ok` (or `state`) with the state.
fn answer(ctx: Ctx, cmd: &Command, id: &Option<Value>) -> Value {
    let kind = if *cmd == Command::State { "state" } else { "ok" };
    let mut v = event(kind, state_fields(ctx.play, ctx.pick));
    if let Value::Object(o) = &mut v {
        o.insert("command".into(), json!(cmd.name()));
    }
    with_id(v, id)
}

/// Loads scenario text as the page's own loads do: at once when its run is short, otherwise
/// in slices with the progress bar (the embed stays responsive). The answer comes back
/// through `reply`: at once, or when the long run is loaded or refused. A load that a later
/// one replaced before it finished is not answered; the later one is.
fn load_json(ctx: Ctx, cmd: Command, id: Option<Value>, reply: impl FnOnce(Value) + 'static) {
    let Command::Load { source: LoadSource::Json(text), t_ms, autoplay } = &cmd else { return };
    let (text, t_ms, autoplay) = (text.clone(), *t_ms, *autoplay);
    crate::ui::loading::load_text(ctx, text, None, move |loaded| match loaded {
        Ok(lab) => {
            ctx.error.set(None);
            ctx.install(lab, t_ms);
            ctx.play.playing.set(autoplay);
            reply(answer(ctx, &cmd, &id));
        }
        Err(n) => {
            reply(error_event(&Refusal { problem: n.text(), command: Some("load".into()), id }))
        }
    });
}

/// Reads one message's data; returns the event to answer with, or `None` when the answer is
/// posted later (a scenario whose long run is loaded in slices).
pub fn handle(ctx: Ctx, data: &JsValue) -> Option<Value> {
    let parsed = match super::message_read::read_message(data) {
        Ok(v) => v,
        Err(problem) => return Some(error_event(&Refusal { problem, command: None, id: None })),
    };
    match parse_command(&parsed) {
        Err(r) => Some(error_event(&r)),
        Ok((cmd @ Command::Load { source: LoadSource::Json(_), .. }, id)) => {
            // Answered at once when the load finished at once, else posted when it does.
            let now = std::rc::Rc::new(std::cell::RefCell::new(None::<Value>));
            let waiting = std::rc::Rc::new(std::cell::Cell::new(true));
            let (slot, still) = (now.clone(), waiting.clone());
            load_json(ctx, cmd, id, move |v| {
                if still.get() {
                    *slot.borrow_mut() = Some(v);
                } else {
                    post(&v);
                }
            });
            waiting.set(false);
            now.take()
        }
        Ok((cmd, id)) => Some(match apply(ctx, &cmd) {
            Err(problem) => error_event(&Refusal { problem, command: Some(cmd.name().into()), id }),
            Ok(()) => answer(ctx, &cmd, &id),
        }),
    }
}

/// Tells the host page the embed is ready (its scenario loaded): `ready` with the state.
pub fn post_ready(ctx: Ctx) {
    if in_frame() {
        post(&event("ready", state_fields(ctx.play, ctx.pick)));
    }
}

/// Listens to the parent window and reports time and dead-lettering to it. `ready` is
/// [`post_ready`], once the scenario is loaded.
pub fn install(ctx: Ctx) {
    if !in_frame() {
        return;
    }
    let listener = window_event_listener(leptos::ev::message, move |e: web_sys::MessageEvent| {
        let from_parent = match (e.source(), parent()) {
            (Some(src), Some(p)) => js_sys::Object::is(&src, &p),
            _ => false,
        };
        if from_parent {
            if let Some(v) = handle(ctx, &e.data()) {
                post(&v);
            }
        }
    });
    on_cleanup(move || listener.remove());
    // (last time posted in us, wall ms of that post)
    let last = StoredValue::new((u64::MAX, 0.0f64));
    Effect::new(move |_| {
        ctx.play.frame.track();
        ctx.play.loaded.track();
        let playing = ctx.play.playing.get();
        let Some(now) = ctx.play.with(|l| l.now_us) else { return };
        let (prev, wall) = last.get_value();
        if prev == now {
            return;
        }
        if prev != u64::MAX && now > prev {
            post_deaths(ctx.play, prev, now);
        }
        let w = perf_now();
        if !playing || prev == u64::MAX || w - wall >= TIME_EVENT_EVERY_MS {
            post(&event("time", state_fields(ctx.play, ctx.pick)));
            last.set_value((now, w));
        } else {
            last.set_value((now, wall));
        }
    });
}

/// Posts a `deadLettered` event for each dead-lettering in (`from`, `to`] (virtual us).
fn post_deaths(play: Playback, from: u64, to: u64) {
    let deaths = play
        .with(|l| {
            let ev = &l.timeline.events;
            let start = ev.count_until(from);
            let end = ev.count_until(to);
            ev.range(start..end)
                .enumerate()
                .filter_map(|(i, e)| match &e.kind {
                    EventKind::DeadLettered { queue, exchange, routing_keys, targets, .. } => {
                        let reason = ev.range(0..start + i).rev().find_map(|d| match d.kind {
                            EventKind::Died { reason, queue: q }
                                if d.lineage == e.lineage && q == *queue =>
                            {
                                Some(reason)
                            }
                            _ => None,
                        });
                        Some(json!({
                            "t": e.at_us.as_us() as f64 / 1000.0,
                            "message": e.msg,
                            "lineage": e.lineage,
                            "queue": queue.to_string(),
                            "reason": reason,
                            "exchange": exchange.to_string(),
                            "routingKeys": routing_keys,
                            "targets": targets,
                        }))
                    }
                    _ => None,
                })
                .take(MAX_DEATHS_PER_FRAME)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    for d in deaths {
        post(&event("deadLettered", d));
    }
}
