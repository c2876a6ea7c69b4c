//! The language switch in the header: one button per language, each named in its own
//! language; one click switches the whole page and keeps the scenario and the moment.

use leptos::prelude::*;

use crate::scenario::Lang;

use super::i18n::{tr, Key};
use super::lab::Ctx;
use super::{locale, share};

/// Switches to `lang`: the loaded built-in scenario takes its texts in `lang` (same run, same
/// moment, same selection), the choice is remembered, and the page re-renders.
pub fn switch_to(ctx: Ctx, lang: Lang) {
    if lang == locale::current() {
        return;
    }
    ctx.update(|l| l.relocalize(lang));
    locale::switch(lang);
    share::save(ctx);
}

/// `<div class="lang-switch">` with a button per language; the current one is pressed.
#[component]
pub fn LangSwitch(
    /// Shared state.
    ctx: Ctx,
) -> impl IntoView {
    view! {
        <div class="lang-switch" role="group" aria-label=tr(Key::Language)>
            {Lang::ALL
                .into_iter()
                .map(|l| {
                    view! {
                        <button
                            class="lang"
                            data-lang=l.code()
                            lang=l.code()
                            aria-pressed=move || (locale::tracked() == l).to_string()
                            on:click=move |_| switch_to(ctx, l)
                        >
                            {l.name()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
