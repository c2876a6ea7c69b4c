//! The figures of every strategy at the moment shown: read once per moment (forward from the
//! last moment read, [`FiguresReader`]) into one memo that the table and "What to notice" share.

use leptos::prelude::*;

use crate::systems::{FiguresReader, Metrics, Strategy};
use crate::ui::compare::compare_page::{CompareCtx, Runs};
use crate::ui::i18n_systems::{st, strategy_about, strategy_name, SysKey};

/// How a cell reads its figure.
type Figure = fn(&Metrics) -> u64;

/// Every strategy's figures at one moment, in the runs' order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Moment {
    /// Whether every run has ended by then (each strategy's figures are its run's own).
    pub at_end: bool,
    pub metrics: Vec<Metrics>,
}

/// The figures at the moment `now_us` shows, following the runs (`version`); a strategy
/// whose last event is past shows its run's own figures.
pub fn figures_memo(
    runs: StoredValue<Runs>,
    version: RwSignal<u64>,
    now_us: RwSignal<u64>,
) -> Memo<Moment> {
    // The readers of the runs of one version, each where its last reading left it.
    let readers: StoredValue<(Option<u64>, Vec<FiguresReader>)> = StoredValue::new((None, vec![]));
    Memo::new(move |_| {
        let version = version.get();
        let now_us = now_us.get();
        runs.with_value(|r| {
            readers.try_update_value(|(read, rs)| {
                if *read != Some(version) || rs.len() != r.outcomes.len() {
                    let w = &r.comparison.workload;
                    *rs = r.outcomes.iter().map(|o| FiguresReader::new(w, &o.trace)).collect();
                    *read = Some(version);
                }
                let ended = |o: &crate::systems::Outcome| {
                    o.trace.events.last().is_none_or(|e| e.at_us <= now_us)
                };
                let metrics = r
                    .outcomes
                    .iter()
                    .zip(rs.iter_mut())
                    .map(|(o, reader)| match ended(o) {
                        true => o.metrics.clone(),
                        false => reader.at(&r.comparison.workload, &o.trace, now_us),
                    })
                    .collect();
                Moment { at_end: r.outcomes.iter().all(ended), metrics }
            })
        })
        .unwrap_or_default()
    })
}

fn fmt_latency(ms: Option<u64>) -> String {
    ms.map_or("–".into(), |ms| format!("{:.1} s", ms as f64 / 1000.0))
}

/// The figures of every strategy, a row each; a click on a row shows its lanes.
#[component]
pub fn Figures(c: CompareCtx) -> impl IntoView {
    let heads = [
        SysKey::Completed,
        SysKey::DeadLettered,
        SysKey::Lost,
        SysKey::Skipped,
        SysKey::InFlight,
        SysKey::Attempts,
        SysKey::Duplicates,
        SysKey::Reordered,
        SysKey::LatencyP50,
        SysKey::LatencyMax,
    ];
    view! {
        <section class="figures" aria-label=st(SysKey::SideBySide)>
            <h2>{st(SysKey::SideBySide)}</h2>
            <div class="table-scroll">
            <table class="figures-table">
                <thead><tr><th>{st(SysKey::Strategy)}</th>{heads.map(|k| view! { <th>{st(k)}</th> }).collect_view()}</tr></thead>
                <tbody>
                {move || {
                    // The rows follow the runs; each cell follows the moment on its own, so a
                    // run that plays rewrites only the figures that change.
                    c.version.track();
                    let strategies: Vec<Strategy> = c.runs.with_value(|r| r.outcomes.iter().map(|o| o.strategy).collect());
                    strategies.into_iter().enumerate().map(|(i, s)| {
                        let read = move |get: fn(&Metrics) -> u64| c.figures.with(|f| f.metrics.get(i).map_or(0, get));
                        let latency = move |get: fn(&Metrics) -> Option<u64>| c.figures.with(|f| fmt_latency(f.metrics.get(i).and_then(get)));
                        let cells: [(Figure, bool); 8] = [
                            (|m| m.completed as u64, false), (|m| m.dead_lettered as u64, false), (|m| m.lost as u64, true),
                            (|m| m.skipped as u64, false), (|m| m.in_flight as u64, false), (|m| m.attempts, false),
                            (|m| m.duplicates, true), (|m| m.reordered as u64, true),
                        ];
                        view! {
                            <tr data-strategy=s.id() class:chosen=move || c.strategy.get() == s
                                on:click=move |_| c.strategy.set(s) title=strategy_about(s)>
                                <th scope="row"><button class="link">{strategy_name(s)}</button></th>
                                {cells.map(|(get, bad)| view! {
                                    <td class:bad=move || { bad && read(get) > 0 }>{move || read(get).to_string()}</td>
                                }).collect_view()}
                                <td>{move || latency(|m| m.latency_p50_ms)}</td>
                                <td>{move || latency(|m| m.latency_max_ms)}</td>
                            </tr>
                        }
                    }).collect_view()
                }}
                </tbody>
            </table>
            </div>
            <p class="hint">{st(SysKey::FiguresHint)}</p>
        </section>
    }
}
