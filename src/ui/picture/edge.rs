//! Arrowhead markers for the topology's edges, one per edge kind.

use leptos::prelude::*;

/// The `<defs>` holding one arrowhead marker per edge kind (`arrow-binding`, …).
#[component]
pub fn ArrowMarkers() -> impl IntoView {
    let kinds = ["publish", "binding", "dead-letter", "consume"];
    view! {
        <defs>
            {kinds
                .into_iter()
                .map(|kind| {
                    view! {
                        <marker
                            id=format!("arrow-{kind}")
                            class=format!("arrow {kind}")
                            viewBox="0 0 10 10"
                            refX="9"
                            refY="5"
                            markerWidth="7"
                            markerHeight="7"
                            orient="auto-start-reverse"
                        >
                            <path d="M 0 0 L 10 5 L 0 10 z"></path>
                        </marker>
                    }
                })
                .collect_view()}
        </defs>
    }
}
