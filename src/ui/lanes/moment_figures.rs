//! The figures of every strategy at the moment shown: read once per moment (forward from the
//! last moment read, [`FiguresReader`]) into one memo that every view of the moment shares.

use leptos::prelude::*;

use crate::systems::{FiguresReader, Metrics};
use crate::ui::lanes::compare_ctx::Runs;

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
