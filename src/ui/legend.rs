//! The legend: how each kind of arrow is drawn, in words as well as colour and dash.

use leptos::prelude::*;

/// A `<ul class="legend">` with a swatch and a name for each edge kind.
#[component]
pub fn Legend() -> impl IntoView {
    let rows = [
        ("publish", "publish"),
        ("binding", "binding (routes to a queue)"),
        ("dead-letter", "dead-letter (to the queue's DLX)"),
        ("consume", "delivery to a consumer"),
    ];
    view! {
        <ul class="legend" aria-label="Legend">
            {rows
                .into_iter()
                .map(|(kind, text)| {
                    view! {
                        <li>
                            <svg class="swatch" viewBox="0 0 40 10" aria-hidden="true">
                                <path class=format!("edge {kind}") d="M 2 5 L 38 5"></path>
                            </svg>
                            {text}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
