//! The playground's Node tab: an open Add form; else the chosen node's settings (where each
//! comes from) and its form; else how to pick one, and the Add buttons. Also the tools over
//! the canvas: the Add menu, Undo and Redo.

use leptos::prelude::*;

use super::add_forms::{AddButtons, AddForm, AddMenu};
use super::history::History;
use super::node_forms::NodeForm;
use super::Sink;
use crate::ui::lab::Ctx;
use crate::ui::locale;
use crate::ui::playground::inspector::{Inspector, Show};

/// The Node tab's content.
#[component]
pub fn NodePane(ctx: Ctx, sink: Sink, #[prop(into)] open: Callback<()>) -> impl IntoView {
    move || {
        let lang = locale::tracked();
        if let Some(kind) = sink.adding.get() {
            return view! { <AddForm sink=sink kind=kind /> }.into_any();
        }
        ctx.loaded.track();
        match ctx.selected_node.get() {
            Some(id) => view! {
                <Inspector ctx=ctx show=Show::Node />
                <NodeForm sink=sink id=id />
                <AddButtons sink=sink open=open />
            }
            .into_any(),
            None => view! {
                <Inspector ctx=ctx show=Show::Node />
                <p class="hint">{crate::label!(lang, "pe-pick-node")}</p>
                <AddButtons sink=sink open=open />
            }
            .into_any(),
        }
    }
}

/// The Add menu, Undo and Redo, floating over the canvas.
#[component]
pub fn CanvasTools(
    ctx: Ctx,
    sink: Sink,
    history: History,
    #[prop(into)] open: Callback<()>,
) -> impl IntoView {
    let lang = locale::current();
    view! {
        <div class="canvas-tools" role="toolbar" aria-label=crate::label!(lang, "pe-add-menu")>
            <AddMenu sink=sink open=open />
            <button class="undo quiet" title=crate::label!(lang, "pe-undo") disabled=move || !history.can().0 on:click=move |_| history.undo(ctx)>{crate::label!(lang, "pe-undo")}</button>
            <button class="redo quiet" title=crate::label!(lang, "pe-redo") disabled=move || !history.can().1 on:click=move |_| history.redo(ctx)>{crate::label!(lang, "pe-redo")}</button>
        </div>
    }
}
