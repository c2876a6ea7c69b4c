//! The builder's picture: the broker exercise's start (or its solution) drawn as the learner
//! will see it, redrawn once the trainer pauses typing (the same pause as the check), beside
//! the form; and the Node tab's forms under it, editing the text shown, so a start and a
//! solution can be made on the picture too.

use leptos::prelude::*;

use crate::ui::loading::load_text;
use crate::ui::locale;
use crate::ui::page_state::Ctx;
use crate::ui::picture::graph::Graph;
use crate::ui::picture_edit::node_pane::NodePane;
use crate::ui::picture_edit::Sink;
use crate::ui::workshop::builder_page::{Builder, CHECK_PAUSE_MS};

/// The start's graph (a broker exercise's), or a line saying the other systems have none.
#[component]
pub fn BuilderPicture(b: Builder) -> impl IntoView {
    let ctx = Ctx::provide();
    let broker = Memo::new(move |_| b.draft.with(|d| d.system == "rabbitmq"));
    // Which text the picture shows and the forms edit: the start (false) or the solution.
    let solution = RwSignal::new(false);
    let start = Memo::new(move |_| {
        let s = solution.get();
        b.draft.with(|d| if s { d.solution.clone() } else { d.start.clone() })
    });
    let sink = Sink::new(
        ctx,
        Callback::new(move |()| start.get_untracked()),
        Callback::new(move |t: String| {
            if solution.get_untracked() {
                b.edit(|d| d.solution = t);
            } else {
                b.edit(|d| d.start = t);
            }
        }),
    );
    let typed = StoredValue::new(0u64);
    let shown_ok = RwSignal::new(true);
    Effect::new(move |_| {
        let text = start.get();
        if !broker.get() {
            return;
        }
        typed.update_value(|n| *n += 1);
        let mine = typed.get_value();
        set_timeout(
            move || {
                if typed.try_get_value() != Some(mine) {
                    return;
                }
                load_text(ctx, text, None, move |loaded| {
                    let ok = loaded.is_ok();
                    if ok {
                        ctx.try_install(loaded, 0);
                    }
                    shown_ok.try_set(ok);
                });
            },
            std::time::Duration::from_millis(CHECK_PAUSE_MS),
        );
    });
    // The graph's bind handles edit through it.
    crate::ui::picture_edit::provide(sink);
    move || {
        let lang = locale::tracked();
        view! {
            <section class="builder-picture" aria-label=crate::label!(lang, "builder-picture")>
                <h2>{crate::label!(lang, "builder-picture")}</h2>
                {move || if broker.get() {
                    let lang = locale::current();
                    view! {
                        <div class="builder-which" role="group">
                            <button class="which-start" aria-pressed=move || (!solution.get()).to_string() on:click=move |_| solution.set(false)>{crate::label!(lang, "builder-picture-start")}</button>
                            <button class="which-solution" aria-pressed=move || solution.get().to_string() on:click=move |_| solution.set(true)>{crate::label!(lang, "builder-picture-solution")}</button>
                        </div>
                        <div class="exercise-stage"><Graph /></div>
                        <NodePane sink=sink open=Callback::new(|()| ()) />
                        <p class="hint" class:hidden=move || shown_ok.get()>{crate::label!(locale::current(), "builder-picture-stale")}</p>
                    }.into_any()
                } else {
                    view! { <p class="hint">{crate::label!(locale::current(), "builder-picture-none")}</p> }.into_any()
                }}
            </section>
        }
    }
}
