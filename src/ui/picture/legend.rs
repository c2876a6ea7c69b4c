//! The legend: how each kind of arrow and each fate is drawn, in words as well as colour and
//! shape (the fates in the very look the graph's canvas gives them), the fates grouped by
//! family: on its way, died at a queue, dead-lettered, dropped.

use leptos::prelude::*;

use crate::viz::dot_style::{dash_attr, dot_style, Shape};
use crate::viz::dots::DOT_RADIUS;
use crate::viz::fate::FateFamily;
use crate::viz::flight::CopyFate;
use crate::viz::fmt_num;
use crate::viz::layout::Point;

use crate::ui::i18n::{fate_name, tr};

/// The swatch of one fate: its shape, fill, outline and dash.
fn swatch(f: CopyFate) -> impl IntoView {
    let s = dot_style(f, false);
    let (fill, stroke, width, dash) = (s.fill, s.stroke, fmt_num(s.width), dash_attr(s.dash));
    let corners = s.shape.corners(Point { x: 0.0, y: 0.0 }, DOT_RADIUS);
    let body = if s.shape == Shape::Circle {
        view! { <circle r=fmt_num(DOT_RADIUS) fill=fill stroke=stroke stroke-width=width stroke-dasharray=dash></circle> }.into_any()
    } else {
        let points = corners
            .iter()
            .map(|p| format!("{},{}", fmt_num(p.x), fmt_num(p.y)))
            .collect::<Vec<_>>()
            .join(" ");
        view! { <polygon points=points fill=fill stroke=stroke stroke-width=width stroke-dasharray=dash></polygon> }.into_any()
    };
    view! { <svg class="swatch" viewBox="-11 -11 22 22" aria-hidden="true">{body}</svg> }
}

/// The heading of a family of fates.
fn family_name(family: FateFamily) -> &'static str {
    let lang = crate::ui::locale::current();
    match family {
        FateFamily::OnItsWay => crate::label!(lang, "ui-legend-on-its-way"),
        FateFamily::Died => crate::label!(lang, "ui-legend-died"),
        FateFamily::DeadLettered => crate::label!(lang, "ui-legend-dead-lettered"),
        FateFamily::Dropped => crate::label!(lang, "ui-legend-dropped"),
    }
}

/// A `<div class="legend">`: the arrows, then a list per family of fates.
#[component]
pub fn Legend() -> impl IntoView {
    let rows = [
        ("publish", "ui-legend-publish"),
        ("binding", "ui-legend-binding"),
        ("dead-letter", "ui-legend-dead-letter"),
        ("consume", "ui-legend-consume"),
    ];
    view! {
        <div class="legend" role="group" aria-label=tr("ui-legend")>
            <ul class="legend-edges">
                {rows.into_iter().map(|(kind, key)| view! {
                    <li>
                        <svg class="swatch" viewBox="0 0 40 10" aria-hidden="true"><path class=format!("edge {kind}") d="M 2 5 L 38 5"></path></svg>
                        {tr(key)}
                    </li>
                }).collect_view()}
            </ul>
            {FateFamily::ALL.into_iter().map(|family| view! {
                <div class="legend-family" data-family=family.css_class()>
                    <span class="legend-family-name">{family_name(family)}</span>
                    <ul>
                        {CopyFate::ALL.into_iter().filter(move |f| f.family() == family).map(|f| view! {
                            <li class="fate-key" data-fate=f.css_class()>{swatch(f)}{fate_name(f)}</li>
                        }).collect_view()}
                    </ul>
                </div>
            }).collect_view()}
        </div>
    }
}
