//! The builder's picture: the broker exercise's start drawn as the learner will first see it,
//! redrawn once the trainer pauses typing (the same pause as the check), beside the form.

use leptos::prelude::*;

use crate::ui::lab::Ctx;
use crate::ui::loading::load_text;
use crate::ui::locale;
use crate::ui::playground::graph::Graph;
use crate::ui::workshop::builder_page::{Builder, CHECK_PAUSE_MS};

/// The start's graph (a broker exercise's), or a line saying the other systems have none.
#[component]
pub fn BuilderPicture(b: Builder) -> impl IntoView {
    let ctx = Ctx::new();
    let broker = Memo::new(move |_| b.draft.with(|d| d.system == "rabbitmq"));
    let start = Memo::new(move |_| b.draft.with(|d| d.start.clone()));
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
    move || {
        let lang = locale::tracked();
        view! {
            <section class="builder-picture" aria-label=crate::label!(lang, "builder-picture")>
                <h2>{crate::label!(lang, "builder-picture")}</h2>
                {move || if broker.get() {
                    view! {
                        <div class="exercise-stage"><Graph ctx=ctx /></div>
                        <p class="hint" class:hidden=move || shown_ok.get()>{crate::label!(locale::current(), "builder-picture-stale")}</p>
                    }.into_any()
                } else {
                    view! { <p class="hint">{crate::label!(locale::current(), "builder-picture-none")}</p> }.into_any()
                }}
            </section>
        }
    }
}
