//! Queue depth over virtual time for the chosen queues, the dead-letter queues drawn thick, with
//! the DLQ alerts the scenario's thresholds raise.

use leptos::prelude::*;

use crate::scenario::playground::alerts::AlertRule;
use crate::viz::depth::{depth_at, step_points};
use crate::viz::fmt_num;

use crate::ui::i18n::{alert_text, fmt_time, tr};
use crate::ui::page_state::{Filters, Playback};

const W: f64 = 600.0;
const H: f64 = 120.0;
/// How often the cursor follows a playing run, in ms of wall time.
const CURSOR_REFRESH_MS: f64 = 100.0;

/// The chart with a checkbox per queue and a cursor at the current moment.
#[component]
pub fn DepthChart() -> impl IntoView {
    let play = Playback::get();
    let filters = Filters::get();
    let lines = Memo::new(move |_| {
        play.loaded.track();
        let chosen = filters.chart_queues.get();
        play.with(|l| {
            let max = l
                .timeline
                .depth
                .iter()
                .filter(|(q, _)| chosen.contains(*q))
                .flat_map(|(_, s)| s.iter().map(|p| p.1))
                .max()
                .unwrap_or(1);
            let dlqs: Vec<String> = l
                .timeline
                .diagram
                .nodes
                .iter()
                .filter(|n| n.dlq)
                .map(|n| n.label.clone())
                .collect();
            let all: Vec<(String, bool, bool, String)> = l
                .queue_names()
                .into_iter()
                .enumerate()
                .map(|(i, q)| {
                    let pts = l
                        .timeline
                        .depth
                        .get(&q)
                        .map(|s| step_points(s, l.timeline.end_us, max, W, H))
                        .unwrap_or_default();
                    let on = chosen.contains(&q);
                    let _ = i;
                    (q.clone(), dlqs.contains(&q), on, pts)
                })
                .collect();
            (all, max)
        })
        .unwrap_or_default()
    });
    // While playing, the cursor moves ten times a second: each move repaints every line.
    let moved_at = StoredValue::new(f64::NEG_INFINITY);
    let cursor = Memo::new(move |prev: Option<&String>| {
        let now = play.now_us();
        if play.playing.get() {
            let wall =
                web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0);
            if let Some(p) = prev.filter(|_| wall - moved_at.get_value() < CURSOR_REFRESH_MS) {
                return p.clone();
            }
            moved_at.set_value(wall);
        }
        // Before a run is loaded (a long one loads in slices) the cursor stands at the start.
        play.with(|l| fmt_num(W * now as f64 / l.timeline.end_us.max(1) as f64))
            .unwrap_or_else(|| "0".into())
    });
    let toggle = move |q: String| {
        filters.chart_queues.update(|s| {
            if !s.remove(&q) {
                s.insert(q);
            }
        })
    };
    // DLQ alerts: a mark where each fired, the depth threshold when it fits the scale, and the
    // list of those fired by now (it changes only when one more has fired).
    let marks = Memo::new(move |_| {
        play.loaded.track();
        play.with(|l| {
            l.alerts
                .iter()
                .map(|a| {
                    (
                        fmt_num(W * a.at_us as f64 / l.timeline.end_us.max(1) as f64),
                        a.rule,
                        crate::msg!(
                            crate::ui::locale::current(),
                            "ui-chart-alert",
                            time = crate::ui::i18n::fmt_secs(a.at_us),
                            alert = alert_text(a, &l.alert_rules)
                        ),
                    )
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    });
    let threshold = Memo::new(move |_| {
        let (all, max) = lines.get();
        let over = play.with(|l| l.alert_rules.depth_over).unwrap_or(0);
        let dlq_shown = all.iter().any(|l| l.1 && l.2);
        (dlq_shown && over > 0 && over < max)
            .then(|| fmt_num(H - H * over as f64 / max.max(1) as f64))
    });
    let fired = Memo::new(move |_| {
        play.frame.track();
        play.with(|l| l.alerts.iter().filter(|a| a.at_us <= l.now_us).count()).unwrap_or(0)
    });
    let fired_list = move || {
        let n = fired.get();
        play.with(|l| {
            l.alerts
                .iter()
                .take(n)
                .map(|a| (a.rule, fmt_time(a.at_us), alert_text(a, &l.alert_rules)))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    // Where the pointer is over the chart, as a moment; a click seeks there.
    let hover_us = RwSignal::new(None::<u64>);
    let at_pointer = move |e: &leptos::ev::MouseEvent| -> Option<u64> {
        use wasm_bindgen::JsCast;
        let target = e.current_target()?.dyn_into::<web_sys::Element>().ok()?;
        let r = target.get_bounding_client_rect();
        let f = ((e.client_x() as f64 - r.left()) / r.width().max(1.0)).clamp(0.0, 1.0);
        play.with(|l| (f * l.timeline.end_us as f64).round() as u64)
    };
    let readout = move || {
        let t = hover_us.get()?;
        let (all, _) = lines.get();
        let lang = crate::ui::locale::current();
        let depths = play.with(|l| {
            all.iter()
                .filter(|q| q.2)
                .map(|q| {
                    let d = l.timeline.depth.get(&q.0).map(|s| depth_at(s, t)).unwrap_or(0);
                    crate::msg!(lang, "ui-chart-depth", queue = q.0, depth = d)
                })
                .collect::<Vec<_>>()
                .join(&crate::msg!(lang, "list-sep"))
        })?;
        Some(crate::msg!(
            lang,
            "ui-chart-readout",
            time = crate::ui::i18n::fmt_secs(t),
            depths = depths
        ))
    };
    let axis = move || {
        play.loaded.track();
        let end = play.with(|l| l.timeline.end_us).unwrap_or(0);
        (0..=4).map(|i| fmt_time(end * i / 4)).collect::<Vec<_>>()
    };
    view! {
        <section class="depth-chart" aria-label=tr("ui-depth-chart")>
            <h2>{tr("ui-depth-chart")}</h2>
            <p class="hint">{tr("ui-depth-chart-hint")}</p>
            <svg viewBox=format!("0 0 {W} {}", H + 4.0) class="chart" preserveAspectRatio="none"
                on:mousemove=move |e| hover_us.set(at_pointer(&e))
                on:mouseleave=move |_| hover_us.set(None)
                on:click=move |e| if let Some(t) = at_pointer(&e) { play.playing.set(false); play.seek(t) }>
                {move || lines.get().0.into_iter().enumerate().filter(|(_, l)| l.2).map(|(i, (q, dlq, _, pts))| view! {
                    <polyline class=format!("depth-line c{}{}", i % 8, if dlq { " dlq" } else { "" }) data-queue=q points=pts></polyline>
                }).collect_view()}
                {move || threshold.get().map(|y| view! { <line class="alert-threshold" x1="0" x2=W.to_string() y1=y.clone() y2=y></line> })}
                {move || marks.get().into_iter().map(|(x, rule, text)| view! {
                    <line class=format!("alert-mark {}", rule_class(rule)) x1=x.clone() x2=x y1="0" y2=H.to_string()><title>{text}</title></line>
                }).collect_view()}
                <line class="cursor" x1=move || cursor.get() x2=move || cursor.get() y1="0" y2=H.to_string()></line>
                <text class="max" x="2" y="10">{move || lines.get().1.to_string()}</text>
            </svg>
            <div class="chart-axis" aria-hidden="true">{move || axis().into_iter().map(|t| view! { <span>{t}</span> }).collect_view()}</div>
            <p class="chart-readout" aria-live="polite">{move || readout().unwrap_or_default()}</p>
            <div class="alerts" aria-live="polite">
                <h3>{tr("ui-alerts")}</h3>
                {move || {
                    let list = fired_list();
                    if list.is_empty() {
                        view! { <p class="hint no-alerts">{tr("ui-no-alerts")}</p> }.into_any()
                    } else {
                        view! { <ul>{list.into_iter().map(|(rule, at, text)| view! {
                            <li class=format!("alert {}", rule_class(rule))><span class="at">{at}</span>" "{text}</li>
                        }).collect_view()}</ul> }.into_any()
                    }
                }}
            </div>
            <div class="chart-queues">
                {move || lines.get().0.into_iter().enumerate().map(|(i, (q, dlq, on, _))| {
                    let q2 = q.clone();
                    view! {
                        <label class=format!("c{}{}", i % 8, if dlq { " dlq" } else { "" })>
                            <input type="checkbox" prop:checked=on on:change=move |_| toggle(q2.clone()) />" "{q}
                        </label>
                    }
                }).collect_view()}
            </div>
        </section>
    }
}

/// The CSS class of an alert rule.
fn rule_class(rule: AlertRule) -> &'static str {
    match rule {
        AlertRule::DepthOver => "depth-over",
        AlertRule::NonEmptyFor => "nonempty-for",
        AlertRule::ArrivalRate => "arrival-rate",
    }
}
