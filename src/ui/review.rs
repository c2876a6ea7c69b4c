//! The text review page (`?review=texts`): one of every sentence the lab builds at run time
//! (`crate::samples`), family by family, in the chosen language, so a translator or a
//! trainer reads them in one place. `e2e/review.mjs` screenshots it in Korean and Chinese.

use leptos::prelude::*;

use super::i18n::tr;
use super::lang_switch::LangSwitch;
use super::locale;
use crate::label;
use crate::samples::{self, Family};

/// True when the URL asks for the review page (`?review=texts`).
pub fn review_requested() -> bool {
    web_sys::window().and_then(|w| w.location().search().ok()).is_some_and(|s| {
        s.trim_start_matches('?').split('&').any(|p| p == "review=texts" || p == "review")
    })
}

/// The review page.
#[component]
pub fn ReviewPage() -> impl IntoView {
    move || {
        let lang = locale::tracked();
        let families = Family::ALL
            .iter()
            .map(|&family| {
                let rows = samples::family(lang, family)
                    .into_iter()
                    .map(|s| {
                        view! {
                            <tr class="review-row">
                                <td class="review-kind"><code>{s.kind}</code></td>
                                <td class="review-text">{s.text}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                view! {
                    <section class="review-family" id=family.id()>
                        <h2>{family.title(lang)}</h2>
                        <table>
                            <thead><tr>
                                <th scope="col">{label!(lang, "review-kind")}</th>
                                <th scope="col">{label!(lang, "review-text")}</th>
                            </tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </section>
                }
            })
            .collect_view();
        let toc = Family::ALL
            .iter()
            .map(|f| view! { <li><a href=format!("#{}", f.id())>{f.title(lang)}</a></li> })
            .collect_view();
        view! {
            <div class="review">
                <div class="workshop-bar"><a href=move || locale::link("./")>{tr("ui-back-to-playground")}</a><LangSwitch /></div>
                <h1>{label!(lang, "review-title")}</h1>
                <p class="review-intro">{label!(lang, "review-intro")}</p>
                <nav><ul class="review-toc">{toc}</ul></nav>
                {families}
            </div>
        }
    }
}
