//! The comparison's lanes for the chosen strategy (one row per message, time across, drawn by
//! [`crate::viz::lanes`]), the moment's slider, and the story of a clicked message.

use leptos::prelude::*;

use crate::systems::trace::Role;
use crate::systems::Strategy;
use crate::viz::lanes::{lanes, ticks, Frame, Mark, MarkKind, Span, SpanKind};

use crate::ui::i18n::{fmt_time, tr};
use crate::ui::i18n_systems::{explain, more_rows, strategy_about, strategy_name};
use crate::ui::lanes::compare_ctx::CompareCtx;

const FRAME: Frame = Frame { width: 960.0, label_w: 120.0, row_h: 20.0, top: 22.0, horizon_us: 1 };

fn mark_name(k: MarkKind) -> &'static str {
    match k {
        MarkKind::Published => "sys-mark-published",
        MarkKind::Succeeded => "sys-mark-succeeded",
        MarkKind::Duplicate => "sys-mark-duplicate",
        MarkKind::Failed => "sys-mark-failed",
        MarkKind::DeadLettered => "sys-mark-dead-lettered",
        MarkKind::Lost => "sys-mark-lost",
        MarkKind::Skipped => "sys-mark-skipped",
        MarkKind::Operator => "sys-mark-operator",
        MarkKind::Refused => "sys-mark-refused",
        MarkKind::Stalled => "sys-mark-stalled",
    }
}

fn span_name(k: SpanKind) -> &'static str {
    match k {
        SpanKind::Working => "sys-span-working",
        SpanKind::Waiting => "sys-span-waiting",
        SpanKind::Parked => "sys-span-parked",
    }
}

fn role_class(r: Role) -> &'static str {
    match r {
        Role::Main => "role-main",
        Role::Retry => "role-retry",
        Role::DeadLetter => "role-dead",
        Role::Table => "role-table",
    }
}

/// A mark's shape (a polygon, or a circle when it has no corners), with its name.
fn mark_view(m: Mark) -> AnyView {
    match m.kind.polygon(m.x, m.y, 4.5) {
        Some(points) => view! {
            <polygon class=format!("mark {}", m.kind.class()) points=points data-event=m.event.to_string()>
                <title>{tr(mark_name(m.kind))}</title>
            </polygon>
        }.into_any(),
        None => view! {
            <circle class=format!("mark {}", m.kind.class()) cx=m.x cy=m.y r=4.5 data-event=m.event.to_string()>
                <title>{tr(mark_name(m.kind))}</title>
            </circle>
        }.into_any(),
    }
}

fn span_view(sp: Span) -> impl IntoView {
    view! {
        <line class=format!("span {}", sp.kind.class()) x1=sp.x0 x2=sp.x1 y1=sp.y y2=sp.y>
            <title>{tr(span_name(sp.kind))}</title>
        </line>
    }
}

/// One strategy's lanes (the runs' version is tracked by the caller). Only what the moment
/// changes is drawn again as it moves: the marks and the spans that ended are kept (new ones
/// added, later ones taken away), the spans still open and the moment's line follow it.
fn lanes_svg(c: CompareCtx, s: Strategy) -> Option<impl IntoView> {
    let (frame, rows, hidden) = c.runs.with_value(|r| {
        let o = r.outcome(s)?;
        // Time across spans the activity of every strategy (the same scale on every tab),
        // not the whole run, which is mostly quiet.
        let busy_until_us = r
            .outcomes
            .iter()
            .filter_map(|o| o.trace.events.last().map(|e| e.at_us))
            .max()
            .unwrap_or(0);
        let span_us = (busy_until_us.saturating_add(busy_until_us / 10))
            .max(1_000_000)
            .min(c.horizon_us().max(1));
        let frame = Frame { horizon_us: span_us, ..FRAME };
        let l = lanes(&o.trace, &r.comparison.workload, &frame, 0);
        Some((frame, l.rows, l.hidden))
    })?;
    let drawn = Memo::new(move |_| {
        let now_us = c.now_us.get();
        c.runs
            .with_value(|r| {
                r.outcome(s).map(|o| lanes(&o.trace, &r.comparison.workload, &frame, now_us))
            })
            .unwrap_or_default()
    });
    let marks = Memo::new(move |_| drawn.with(|l| l.marks.clone()));
    let ended = Memo::new(move |_| drawn.with(|l| l.spans[..l.open_from].to_vec()));
    let height = frame.height(rows.len());
    let now_x = move || frame.x(c.now_us.get());
    Some(view! {
        <svg class="lanes" viewBox=format!("0 0 {} {height}", frame.width) role="img"
            aria-label=tr("sys-lanes") data-strategy=s.id() data-marks=move || marks.with(Vec::len).to_string()>
            {ticks(&frame, 8).into_iter().map(|(x, label)| view! {
                <g class="tick"><line x1=x x2=x y1=frame.top - 4.0 y2=height /><text x=x y=12>{label}</text></g>
            }).collect_view()}
            {rows.into_iter().enumerate().map(|(row, (id, key))| {
                let y = frame.y(row);
                let label = key.as_ref().map_or(id.clone(), |k| format!("{id} · {k}"));
                view! {
                    <g class="lane" class:picked=move || c.picked.get() == Some(row) data-msg=id
                        on:click=move |_| c.picked.set(Some(row))>
                        <rect class="lane-bg" x=0 y=y - frame.row_h / 2.0 width=frame.width height=frame.row_h />
                        <text class="lane-label" x=4 y=y + 4.0>{label}</text>
                    </g>
                }
            }).collect_view()}
            <For each=move || ended.get().into_iter().enumerate() key=|(i, _)| *i let((_, sp))>
                {span_view(sp)}
            </For>
            {move || drawn.with(|l| l.spans[l.open_from..].to_vec()).into_iter().map(span_view).collect_view()}
            <For each=move || marks.get() key=|m| m.event let(m)>
                {mark_view(m)}
            </For>
            <line class="now" x1=now_x x2=now_x y1=frame.top - 6.0 y2=height />
        </svg>
        {(hidden > 0).then(|| view! { <p class="hint">{more_rows(hidden)}</p> })}
    })
}

/// The strategy tabs, its places, the moment and the lanes (and a second strategy's beside
/// them, when one is chosen).
#[component]
pub fn LanesView(c: CompareCtx) -> impl IntoView {
    let second = move || c.versus.get().filter(|v| *v != c.strategy.get());
    let svg = move || {
        c.version.track();
        lanes_svg(c, c.strategy.get())
    };
    let beside = move || {
        c.version.track();
        second().map(|v| {
            view! {
                <figure class="lanes-one" data-strategy=v.id()>
                    <figcaption>{strategy_name(v)}</figcaption>
                    <div class="lanes-scroll">{lanes_svg(c, v)}</div>
                </figure>
            }
        })
    };
    view! {
        <section class="lanes-panel" aria-label=tr("sys-lanes")>
            <h2>{tr("sys-lanes")}</h2>
            <div class="strategy-tabs" role="tablist">
                {Strategy::ALL.map(|s| view! {
                    <button role="tab" data-strategy=s.id() aria-selected=move || (c.strategy.get() == s).to_string()
                        on:click=move |_| c.strategy.set(s)>{strategy_name(s)}</button>
                }).collect_view()}
            </div>
            <label class="lanes-beside">{tr("sys-lanes-beside")}" "
                <select class="versus-select" on:change=move |ev| c.versus.set(Strategy::from_id(&event_target_value(&ev)))>
                    <option value="" selected=move || second().is_none()>{tr("sys-lanes-beside-none")}</option>
                    {Strategy::ALL.map(|s| view! {
                        <option value=s.id() selected=move || second() == Some(s) disabled=move || c.strategy.get() == s>{strategy_name(s)}</option>
                    }).collect_view()}
                </select>
            </label>
            <p class="about">{move || strategy_about(c.strategy.get())}</p>
            <p class="setup">{move || { c.version.track(); let lang = crate::ui::locale::current(); c.runs.with_value(|r| crate::systems::system_text::setup(&r.comparison, c.strategy.get()).map(|m| m.text(lang).into_owned())) }}</p>
            {move || {
                let lang = crate::ui::locale::current();
                let said = crate::systems::system_text::assumptions(c.strategy.get());
                (!said.is_empty()).then(|| view! {
                    <details class="assumptions">
                        <summary>{crate::label!(lang, "sys-assume-title")}</summary>
                        <ul>{said.into_iter().map(|a| view! { <li>{a.label(lang)}</li> }).collect_view()}</ul>
                    </details>
                })
            }}
            <p class="places">{tr("sys-places")}": "
                {move || { c.version.track(); c.runs.with_value(|r| r.outcome(c.strategy.get()).map(|o| o.trace.places.iter().map(|p| view! {
                    <span class=format!("place {}", role_class(p.role))>{p.name.clone()}</span>" "
                }).collect_view())) }}
            </p>
            <div class="moment">
                <button class="play" on:click=move |_| {
                    if !c.playing.get_untracked() && c.now_us.get_untracked() >= c.horizon_us() {
                        c.now_us.set(0);
                    }
                    c.playing.update(|p| *p = !*p);
                }>{move || if c.playing.get() { tr("ui-pause") } else { tr("ui-play") }}</button>
                <label>{tr("sys-moment")}" "
                    <input type="range" class="moment-slider" min="0" step="1000"
                        max=move || { c.version.track(); (c.horizon_us() / 1000).to_string() }
                        prop:value=move || (c.now_us.get() / 1000).to_string()
                        on:input=move |ev| {
                            c.playing.set(false);
                            c.now_us.set(event_target_value(&ev).parse::<u64>().unwrap_or(0).saturating_mul(1000));
                        } />
                </label>
                <span class="moment-time">{move || fmt_time(c.now_us.get())}</span>
            </div>
            <div class="lanes-pair" class:two=move || second().is_some()>
                <figure class="lanes-one" data-strategy=move || c.strategy.get().id()>
                    <figcaption>{move || strategy_name(c.strategy.get())}</figcaption>
                    <div class="lanes-scroll">{svg}</div>
                </figure>
                {beside}
            </div>
            <ul class="lanes-legend">
                {[MarkKind::Published, MarkKind::Succeeded, MarkKind::Duplicate, MarkKind::Failed, MarkKind::DeadLettered,
                  MarkKind::Lost, MarkKind::Skipped, MarkKind::Operator, MarkKind::Refused, MarkKind::Stalled].map(|k| view! {
                    <li><svg width="14" height="14" aria-hidden="true">{match k.polygon(7.0, 7.0, 4.5) {
                        Some(points) => view! { <polygon class=format!("mark {}", k.class()) points=points /> }.into_any(),
                        None => view! { <circle class=format!("mark {}", k.class()) cx=7 cy=7 r=4.5 /> }.into_any(),
                    }}</svg>" "{tr(mark_name(k))}</li>
                }).collect_view()}
                {[SpanKind::Working, SpanKind::Waiting, SpanKind::Parked].map(|k| view! {
                    <li><svg width="22" height="12"><line class=format!("span {}", k.class()) x1=1 x2=21 y1=6 y2=6 /></svg>" "{tr(span_name(k))}</li>
                }).collect_view()}
            </ul>
        </section>
    }
}

/// What happened to the clicked message under the chosen strategy, up to the moment.
#[component]
pub fn MessageStory(c: CompareCtx) -> impl IntoView {
    move || {
        c.version.track();
        let (s, now_us) = (c.strategy.get(), c.now_us.get());
        let Some(msg) = c.picked.get() else {
            return view! { <p class="hint story-hint">{tr("sys-pick-message")}</p> }.into_any();
        };
        c.runs.with_value(|r| {
            let id = r.comparison.workload.messages.get(msg).map(|m| m.id.clone()).unwrap_or_default();
            let lines: Vec<(u64, String)> = r
                .outcome(s)
                .map(|o| o.trace.of(msg).filter(|e| e.at_us <= now_us).map(|e| (e.at_us, explain(e, &id))).collect())
                .unwrap_or_default();
            view! {
                <section class="story" aria-label=tr("sys-events")>
                    <h2>{crate::msg!(crate::ui::locale::current(), "sys-story-title", id = id, strategy = strategy_name(s))}</h2>
                    <ol class="story-lines">
                        {lines.into_iter().map(|(at, line)| view! { <li><span class="at">{fmt_time(at)}</span>" "{line}</li> }).collect_view()}
                    </ol>
                </section>
            }
            .into_any()
        })
    }
}

/// What each of the operator's actions up to the moment did under the chosen strategy: the
/// messages it reached, and why a message it named was out of its reach.
#[component]
pub fn OperatorReport(c: CompareCtx) -> impl IntoView {
    move || {
        c.version.track();
        let (s, now_us) = (c.strategy.get(), c.now_us.get());
        let lang = crate::ui::locale::current();
        c.runs.with_value(|r| {
            let w = &r.comparison.workload;
            let ids: Vec<String> = w.messages.iter().map(|m| m.id.clone()).collect();
            let lines: Vec<String> = r
                .outcome(s)
                .map(|o| {
                    crate::systems::operator_report(w, &o.trace)
                        .iter()
                        .filter(|a| a.at_us <= now_us)
                        .map(|a| crate::systems::operator_text::action_report(a, &ids).iter().map(|m| m.text(lang)).collect::<Vec<_>>().join(" "))
                        .collect()
                })
                .unwrap_or_default();
            (!lines.is_empty()).then(|| view! {
                <section class="op-report">
                    <h2>{crate::msg!(lang, "sys-operator-report-title", strategy = strategy_name(s))}</h2>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
            })
        })
    }
}
