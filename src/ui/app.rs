//! The root component: header, topology of the default scenario, legend and inspector.

use leptos::prelude::*;

use super::diagram::default_diagram;
use super::inspector::Inspector;
use super::legend::Legend;
use super::topology::Topology;

/// The whole page: a header "DLX Lab", the default scenario's topology with its legend, and
/// the inspector for the selected node.
#[component]
pub fn App() -> impl IntoView {
    let diagram = default_diagram();
    let selected = RwSignal::new(None::<String>);
    view! {
        <header class="app-header">
            <h1>"DLX Lab"</h1>
            <p class="tagline">"A dead-lettering playground: watch where every message goes, and why."</p>
        </header>
        <main class="app-main">
            <section class="stage" aria-label="Scenario">
                <Topology diagram=diagram.clone() selected=selected />
                <Legend />
            </section>
            <Inspector diagram=diagram selected=selected />
        </main>
    }
}
