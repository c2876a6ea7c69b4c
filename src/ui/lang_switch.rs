//! The language switch: one button per language, each named in its own language; one click
//! switches the whole page and keeps the scenario, the moment, an unapplied draft and an open
//! tour. The playground shows it in its header; the embed (in a compact form that fits a
//! 320 px frame) and the workshop pages show it too.

use leptos::prelude::*;

use crate::scenario::Lang;

use super::i18n::tr;
use super::{locale, share};
use crate::ui::page_state::Ctx;

/// Switches to `lang`: a loaded built-in scenario takes its texts in `lang` (same run, same
/// moment, same selection), the choice is remembered, and the page re-renders. `save` writes
/// the moment back to the URL and localStorage (the playground's work; never an embed's or
/// an exercise's).
/// A language whose catalogue the page has not fetched yet is fetched first; if it cannot
/// be, the page stays as it is and the switch says so.
pub fn switch_to(ctx: Option<Ctx>, lang: Lang, save: bool) {
    if lang == locale::current() {
        return;
    }
    if !super::catalogue_fetch::is_ready(lang) {
        wasm_bindgen_futures::spawn_local(async move {
            match super::catalogue_fetch::ensure(lang).await {
                Ok(()) => switch_now(ctx, lang, save),
                Err(e) => {
                    web_sys::console::warn_1(&format!("catalogue not loaded: {e}").into());
                    locale::note_unavailable(lang);
                }
            }
        });
        return;
    }
    switch_now(ctx, lang, save);
}

fn switch_now(ctx: Option<Ctx>, lang: Lang, save: bool) {
    if locale::unavailable() == Some(lang) {
        locale::note_unavailable_cleared();
    }
    if let Some(ctx) = ctx {
        ctx.play.update(|l| l.relocalize(lang));
    }
    locale::switch(lang);
    if let (Some(ctx), true) = (ctx, save) {
        share::save(ctx.play);
    }
}

/// A short label for the compact switch.
fn short(lang: Lang) -> &'static str {
    crate::i18n::lang_short_name(lang)
}

/// `<div class="lang-switch">` with a button per language; the current one is pressed.
#[component]
pub fn LangSwitch(
    /// The page's scenario, relocalized on a switch (none on the workshop list).
    #[prop(optional)]
    ctx: Option<Ctx>,
    /// Whether a switch saves the moment as the playground's work.
    #[prop(optional)]
    save: bool,
    /// Short labels (each language's short name, `crates/translations/src/lang_names.ftl`), the full names in tooltips: for the
    /// embed.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    view! {
        <div class="lang-switch" class:compact=compact role="group" aria-label=tr("ui-language")>
            {Lang::ALL
                .into_iter()
                .map(|l| {
                    view! {
                        <button
                            class="lang"
                            data-lang=l.code()
                            lang=l.code()
                            title=l.name()
                            aria-label=compact.then(|| l.name())
                            aria-pressed=move || (locale::tracked() == l).to_string()
                            on:click=move |_| switch_to(ctx, l, save)
                        >
                            {if compact { short(l) } else { l.name() }}
                        </button>
                    }
                })
                .collect_view()}
            {move || locale::unavailable().map(|l| view! {
                <span class="lang-unavailable" role="status">
                    {crate::msg!(locale::tracked(), "lang-unavailable", language = l.name())}
                </span>
            })}
        </div>
    }
}
