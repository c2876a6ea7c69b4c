//! The legend: how each kind of arrow and each fate is drawn, in words as well as colour.

use leptos::prelude::*;

use crate::viz::flight::Fate;

use super::i18n::{fate_name, tr, Key};

/// A `<ul class="legend">` with a swatch and a name per edge kind and per fate.
#[component]
pub fn Legend() -> impl IntoView {
    let rows = [
        ("publish", Key::LegendPublish),
        ("binding", Key::LegendBinding),
        ("dead-letter", Key::LegendDeadLetter),
        ("consume", Key::LegendConsume),
    ];
    view! {
        <ul class="legend" aria-label=tr(Key::Legend)>
            {rows.into_iter().map(|(kind, key)| view! {
                <li>
                    <svg class="swatch" viewBox="0 0 40 10" aria-hidden="true"><path class=format!("edge {kind}") d="M 2 5 L 38 5"></path></svg>
                    {tr(key)}
                </li>
            }).collect_view()}
            {Fate::ALL.into_iter().filter(|f| *f != Fate::Routed).map(|f| view! {
                <li class="fate-key">
                    <svg class="swatch" viewBox="0 0 14 14" aria-hidden="true"><g class=format!("dot {}", f.css_class()) transform="translate(7,7)"><circle r="5"></circle></g></svg>
                    {fate_name(f)}
                </li>
            }).collect_view()}
        </ul>
    }
}
