//! The first visit's hint: three steps (press Play, click a message, read its x-death) in the
//! side panel, beside the picture and never over it, dismissed for good with one click. The
//! playground shows it; an embed never does.

use leptos::prelude::*;

use crate::ui::locale;
use crate::ui::share::storage;

/// Set once the hint is dismissed.
const SEEN_KEY: &str = "dlx-lab:first-visit-seen";

/// Whether this browser has dismissed the hint.
pub fn seen() -> bool {
    storage().and_then(|s| s.get_item(SEEN_KEY).ok().flatten()).is_some()
}

/// The three steps and their "Got it".
#[component]
pub fn FirstVisitHint() -> impl IntoView {
    let open = RwSignal::new(!seen());
    let dismiss = move |_| {
        if let Some(s) = storage() {
            let _ = s.set_item(SEEN_KEY, "1");
        }
        open.set(false);
    };
    move || {
        let lang = locale::tracked();
        open.get().then(|| {
            view! {
                <section class="first-visit" aria-label=crate::label!(lang, "ui-first-title")>
                    <h2>{crate::label!(lang, "ui-first-title")}</h2>
                    <ol>
                        <li>{crate::label!(lang, "ui-first-play")}</li>
                        <li>{crate::label!(lang, "ui-first-click")}</li>
                        <li>{crate::label!(lang, "ui-first-read")}</li>
                    </ol>
                    <button class="first-visit-done primary" on:click=dismiss>{crate::label!(lang, "ui-first-done")}</button>
                </section>
            }
        })
    }
}
