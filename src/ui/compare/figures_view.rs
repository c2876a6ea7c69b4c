//! The table of every strategy's figures at the moment shown (read once per moment into
//! [`crate::ui::lanes::moment_figures`], which "What to notice" shares).

use leptos::prelude::*;

use crate::systems::{Metrics, Strategy};
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::{strategy_about, strategy_name};
use crate::ui::lanes::compare_ctx::CompareCtx;

/// How a cell reads its figure.
type Figure = fn(&Metrics) -> u64;

fn fmt_latency(ms: Option<u64>) -> String {
    ms.map_or("–".into(), |ms| format!("{:.1} s", ms as f64 / 1000.0))
}

/// The figures of every strategy, a row each; a click on a row shows its lanes.
#[component]
pub fn Figures(c: CompareCtx) -> impl IntoView {
    let heads = [
        "sys-completed",
        "sys-dead-lettered",
        "sys-lost",
        "sys-skipped",
        "sys-in-flight",
        "sys-attempts",
        "sys-duplicates",
        "sys-reordered",
        "sys-latency-p50",
        "sys-latency-max",
    ];
    view! {
        <section class="figures" aria-label=tr("sys-side-by-side")>
            <h2>{tr("sys-side-by-side")}</h2>
            <div class="table-scroll">
            <table class="figures-table">
                <thead><tr><th>{tr("sys-strategy")}</th>{heads.map(|k| view! { <th>{tr(k)}</th> }).collect_view()}</tr></thead>
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
            <p class="hint">{tr("sys-figures-hint")}</p>
        </section>
    }
}
