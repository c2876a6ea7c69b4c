//! The playground's Node tab: an open Add form; else the chosen node's settings (where each
//! comes from) and its form; else how to pick one, and the Add buttons. Also the tools over
//! the canvas: the Add menu, Undo and Redo.

use leptos::prelude::*;

use super::add_forms::{AddButtons, AddForm, AddMenu};
use super::history::History;
use super::node_forms::{NodeForm, PolicyRows};
use super::Sink;
use crate::ui::locale;
use crate::ui::page_state::{Ctx, Playback, Selection};
use crate::ui::picture::inspector::{Inspector, Show};

/// The Node tab's content.
#[component]
pub fn NodePane(sink: Sink, #[prop(into)] open: Callback<()>) -> impl IntoView {
    let play = Playback::get();
    let pick = Selection::get();
    // Binding by picking: an exchange chose "bind a queue"; the queue picked next completes it.
    Effect::new(move |_| {
        let picked = pick.node.get();
        if sink.bind_from.get_untracked().is_none() {
            return;
        }
        if let Some(q) = picked.as_deref().and_then(|id| id.strip_prefix("q:")) {
            if sink.bind_to.get_untracked().as_deref() != Some(q) {
                sink.bind_to.set(Some(q.to_string()));
                sink.adding.set(Some(super::AddKind::Binding));
            }
        }
    });
    let picking = move || {
        let lang = locale::tracked();
        sink.bind_from.get().filter(|_| sink.adding.get().is_none()).map(|x| {
            view! { <p class="bind-picking" role="status">{crate::msg!(lang, "pe-bind-picking", exchange = x)}</p> }
        })
    };
    let pane = move || {
        let lang = locale::tracked();
        if let Some(kind) = sink.adding.get() {
            return view! { <AddForm sink=sink kind=kind /> }.into_any();
        }
        play.loaded.track();
        match pick.node.get() {
            Some(id) => view! {
                <Inspector show=Show::Node />
                <NodeForm sink=sink id=id />
                <AddButtons sink=sink open=open />
                <PolicyRows sink=sink />
            }
            .into_any(),
            None => view! {
                <Inspector show=Show::Node />
                <p class="hint">{crate::label!(lang, "pe-pick-node")}</p>
                <AddButtons sink=sink open=open />
                <PolicyRows sink=sink />
            }
            .into_any(),
        }
    };
    view! { {picking} {pane} }
}

/// The Add menu, Undo and Redo, floating over the canvas.
#[component]
pub fn CanvasTools(
    sink: Sink,
    history: History,
    #[prop(into)] open: Callback<()>,
) -> impl IntoView {
    let ctx = Ctx::get();
    let lang = locale::current();
    view! {
        <div class="canvas-tools" role="toolbar" aria-label=crate::label!(lang, "pe-add-menu")>
            <AddMenu sink=sink open=open />
            <button class="undo quiet" title=crate::label!(lang, "pe-undo") disabled=move || !history.can().0 on:click=move |_| history.undo(ctx)>{crate::label!(lang, "pe-undo")}</button>
            <button class="redo quiet" title=crate::label!(lang, "pe-redo") disabled=move || !history.can().1 on:click=move |_| history.redo(ctx)>{crate::label!(lang, "pe-redo")}</button>
        </div>
    }
}
