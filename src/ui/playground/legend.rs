//! The legend: how each kind of arrow and each fate is drawn, in words as well as colour (the
//! fates in the very look the graph's canvas gives them).

use leptos::prelude::*;

use crate::viz::dot_style::{dash_attr, dot_style};
use crate::viz::dots::DOT_RADIUS;
use crate::viz::flight::CopyFate;
use crate::viz::fmt_num;

use crate::ui::i18n::{fate_name, tr, Key};

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
            {CopyFate::ALL.into_iter().filter(|f| *f != CopyFate::Routed).map(|f| {
                let s = dot_style(f, false);
                view! {
                    <li class="fate-key" data-fate=f.css_class()>
                        <svg class="swatch" viewBox="-8 -8 16 16" aria-hidden="true">
                            <circle r=fmt_num(DOT_RADIUS) fill=s.fill stroke=s.stroke stroke-width=fmt_num(s.width) stroke-dasharray=dash_attr(s.dash)></circle>
                        </svg>
                        {fate_name(f)}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
