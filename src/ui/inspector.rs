//! The inspector panel: what the selected node is and the facts that matter about it.

use leptos::prelude::*;

use super::diagram::Diagram;

/// An `<aside class="inspector">` describing the selected node, or how to select one.
/// It is a live region, so screen readers announce the change.
#[component]
pub fn Inspector(
    /// The diagram the selection refers to.
    diagram: Diagram,
    /// The id of the selected node.
    selected: RwSignal<Option<String>>,
) -> impl IntoView {
    let body = move || match selected.get().and_then(|id| diagram.node(&id).cloned()) {
        Some(node) => {
            let facts = node
                .facts
                .into_iter()
                .map(|(name, value)| view! { <dt>{name}</dt><dd>{value}</dd> })
                .collect_view();
            view! {
                <h2 data-inspecting=node.spec.id.clone()>{node.label}</h2>
                <p class="inspector-kind">{node.spec.kind.css_class()}</p>
                <dl>{facts}</dl>
            }
            .into_any()
        }
        None => view! {
            <h2>"Nothing selected"</h2>
            <p class="hint">"Click a node (or Tab to it and press Enter) to see its details."</p>
        }
        .into_any(),
    };
    view! { <aside class="inspector" aria-live="polite">{body}</aside> }
}
