//! "What to notice", at the moment the comparison shows: the differences between the
//! strategies' runs as they stood then, or, at the end, of the whole runs.

use leptos::prelude::*;

use crate::systems::{takeaways_at, Metrics};
use crate::ui::compare::compare_page::CompareCtx;
use crate::ui::i18n::fmt_secs;
use crate::ui::i18n_systems::{st, takeaway, SysKey};
use crate::ui::locale;

/// What a learner should notice in the figures at the moment shown: losses, duplicates,
/// broken order, what waits for an operator, and who completed everything; the heading says
/// which moment (or that it is the end).
#[component]
pub fn Takeaways(c: CompareCtx) -> impl IntoView {
    let read = Memo::new(move |_| {
        c.version.track();
        let now_us = c.now_us.get();
        c.runs.with_value(|r| {
            // A strategy whose last event is past is shown with its run's own figures.
            let ended = |o: &crate::systems::Outcome| {
                o.trace.events.last().is_none_or(|e| e.at_us <= now_us)
            };
            let at_end = r.outcomes.iter().all(ended);
            let then: Vec<Option<Metrics>> = r
                .outcomes
                .iter()
                .map(|o| {
                    (!ended(o)).then(|| Metrics::until(&r.comparison.workload, &o.trace, now_us))
                })
                .collect();
            let metrics: Vec<&Metrics> = r
                .outcomes
                .iter()
                .zip(&then)
                .map(|(o, m)| m.as_ref().unwrap_or(&o.metrics))
                .collect();
            let lines: Vec<String> =
                takeaways_at(&r.outcomes, &metrics, at_end).iter().map(takeaway).collect();
            (lines, at_end, now_us)
        })
    });
    view! {
        <section class="takeaways" aria-label=st(SysKey::Notice)>
            <h2 class="notice-moment">{move || {
                let lang = locale::tracked();
                let (_, at_end, now_us) = read.get();
                if at_end {
                    crate::label!(lang, "sys-notice-end").to_string()
                } else {
                    crate::msg!(lang, "sys-notice-at", time = fmt_secs(now_us))
                }
            }}</h2>
            <ul>
                {move || {
                    let (lines, _, _) = read.get();
                    if lines.is_empty() {
                        let lang = locale::current();
                        return view! { <li class="nothing-yet">{crate::label!(lang, "sys-notice-nothing-yet")}</li> }.into_any();
                    }
                    lines.into_iter().map(|t| view! { <li>{t}</li> }).collect_view().into_any()
                }}
            </ul>
        </section>
    }
}
