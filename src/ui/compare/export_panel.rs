//! The comparison page's Export panel: the chosen strategy's settings as its real system's
//! configuration or code (`systems::export`), a format to pick, the text to read, copy or
//! download, comments in the page's language, and the setting a target refuses named instead.
//! Also reads a link's `#c=…` (a comparison of the visitor's own that an export names).

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::link::compare_query::{run_link, COMPARISON_KEY};
use crate::link::workshop_link;
use crate::systems::export::{export, refusal_message, Origin, Target};
use crate::systems::presets::preset;
use crate::systems::Comparison;
use crate::ui::lanes::compare_ctx::CompareCtx;
use crate::ui::locale;
use crate::ui::share::download;
use crate::{label, msg};

/// The comparison a link carries in its fragment (`#c=…`), when it carries one that reads.
/// The fragment is then taken out of the address: the page saves the text as the visitor's
/// work, so a reload after an edit keeps the edit instead of opening the link again.
pub fn linked_text() -> Option<String> {
    let w = web_sys::window()?;
    let hash = w.location().hash().ok()?;
    let text = workshop_link::read(&hash, COMPARISON_KEY)?.ok()?;
    let (path, search) = (w.location().pathname().ok()?, w.location().search().ok()?);
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}{search}")));
    }
    Some(text)
}

/// The export of the applied text (read without the model's checks, so that a setting the
/// target refuses is named by the target's own limit), or the refusal, worded in `lang`.
fn exported(c: CompareCtx, target: Target) -> Result<String, String> {
    let lang = locale::current();
    let text = c.text.get_untracked();
    let comparison = serde_json::from_str::<Comparison>(&text)
        .unwrap_or_else(|_| c.runs.with_value(|r| r.comparison.clone()));
    let built_in = preset(&c.preset.get_untracked()).filter(|p| p.text == text).map(|p| p.id);
    let page = crate::ui::share::base_url();
    let json = serde_json::to_string(&comparison).unwrap_or_default();
    let lane = c.strategy.get_untracked().id();
    let origin = Origin { lang, link: run_link(&page, built_in, &json, lane) };
    export(&comparison, target, &origin).map_err(|e| refusal_message(&e).text(lang))
}

/// The panel for the chosen strategy.
#[component]
pub fn ExportPanel(c: CompareCtx) -> impl IntoView {
    let chosen = RwSignal::new(None::<Target>);
    let copied = RwSignal::new(None::<bool>);
    let targets = move || Target::of(c.strategy.get());
    let target = move || {
        let offered = targets();
        chosen.get().filter(|t| offered.contains(t)).or_else(|| offered.first().copied())
    };
    let result = move || {
        c.version.track();
        c.text.track();
        locale::tracked();
        target().map(|t| exported(c, t))
    };
    let copy = move |_| {
        let Some(Ok(text)) = result() else { return };
        let Some(w) = web_sys::window() else { return };
        let promise = w.navigator().clipboard().write_text(&text);
        wasm_bindgen_futures::spawn_local(async move {
            copied.set(Some(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()));
        });
    };
    let save = move |_| {
        if let (Some(t), Some(Ok(text))) = (target(), result()) {
            download(t.file_name(), &text);
        }
    };
    view! {
        <section class="operator export-panel" aria-label=move || label!(locale::tracked(), "export-panel-title")>
            <h2>{move || label!(locale::tracked(), "export-panel-title")}</h2>
            <p class="hint">{move || label!(locale::tracked(), "export-panel-hint")}</p>
            <div class="operator-row">
                <label>{move || label!(locale::tracked(), "export-panel-format")}" "
                    <select class="export-target" on:change=move |ev| {
                        copied.set(None);
                        chosen.set(Target::parse(&event_target_value(&ev)).ok());
                    }>
                        {move || targets().into_iter().map(|t| view! {
                            <option value=t.id() selected=move || target() == Some(t)>{t.id()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button class="copy" on:click=copy>{move || label!(locale::tracked(), "export-panel-copy")}</button>
                <button class="download" on:click=save>{move || label!(locale::tracked(), "export-panel-download")}</button>
                {move || copied.get().map(|ok| {
                    let lang = locale::tracked();
                    let said = if ok { msg!(lang, "export-panel-copied") } else { msg!(lang, "export-panel-copy-failed") };
                    view! { <span class="status" role="status">{said}</span> }
                })}
            </div>
            {move || match result() {
                Some(Ok(text)) => view! {
                    <div class="table-scroll"><pre class="export-text" tabindex="0">{text}</pre></div>
                }.into_any(),
                Some(Err(refused)) => view! { <p class="error-banner export-refused" role="alert">{refused}</p> }.into_any(),
                None => ().into_any(),
            }}
        </section>
    }
}
