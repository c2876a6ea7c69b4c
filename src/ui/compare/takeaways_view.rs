//! "What to notice", at the moment the comparison shows: the differences between the
//! strategies' runs as they stood then, or, at the end, of the whole runs.

use leptos::prelude::*;

use crate::systems::{takeaways_at, Metrics};
use crate::ui::i18n::fmt_secs;
use crate::ui::i18n::tr;
use crate::ui::i18n_systems::takeaway;
use crate::ui::lanes::compare_ctx::CompareCtx;
use crate::ui::locale;

/// What a learner should notice in the figures at the moment shown: losses, duplicates,
/// broken order, what waits for an operator, and who completed everything; the heading says
/// which moment (or that it is the end).
#[component]
pub fn Takeaways(c: CompareCtx) -> impl IntoView {
    // Said again only when the figures change (not on every frame of a run that plays).
    let read = Memo::new(move |_| {
        c.version.track();
        c.figures.with(|f| {
            c.runs.with_value(|r| {
                let metrics: Vec<&Metrics> = f.metrics.iter().collect();
                let lines: Vec<String> =
                    takeaways_at(&r.outcomes, &metrics, f.at_end).iter().map(takeaway).collect();
                (lines, f.at_end)
            })
        })
    });
    view! {
        <section class="takeaways" aria-label=tr("sys-notice")>
            <h2 class="notice-moment">{move || {
                let lang = locale::tracked();
                if read.with(|(_, at_end)| *at_end) {
                    crate::label!(lang, "sys-notice-end").to_string()
                } else {
                    crate::msg!(lang, "sys-notice-at", time = fmt_secs(c.now_us.get()))
                }
            }}</h2>
            <ul>
                {move || {
                    let (lines, _) = read.get();
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
