//! RabbitMQ definitions in and out: paste, choose or drop a definitions file to load its
//! topology (with its warnings and lints), and export the playground's topology as
//! definitions JSON, `rabbitmqctl set_policy` lines or client code (copy / download).

use leptos::prelude::*;

use crate::ui::share::download;

use crate::scenario::definitions::export::{export, Format};
use crate::scenario::definitions::import::{definitions_from_scenario, scenario_from_definitions};
use crate::scenario::definitions::lint::{lint_all, Lint};
use crate::scenario::definitions::warnings::Warning;
use crate::scenario::definitions::{build, parse_definitions};
use crate::ui::i18n::{self, tr};
use crate::ui::lab::Lab;
use crate::ui::page_state::{Ctx, Playback};
use crate::ui::share;

use crate::ui::notice::Notice;

/// What an import found: the file's warnings and the lints (worded when shown).
#[derive(Clone, Default)]
struct Findings {
    warnings: Vec<Warning>,
    lints: Vec<Lint>,
}

/// Loads the topology of a definitions file into the playground. On an error (naming the
/// JSON path and its line) nothing changes.
fn import(ctx: Ctx, text: &str) -> Result<Findings, Notice> {
    let d = parse_definitions(text).map_err(|e| Notice::in_text(e, text))?;
    let imported = scenario_from_definitions(&d, tr("ui-imported-title"));
    let lints = lint_all(&d, &build(&d, imported.profile));
    let lab =
        Lab::from_text(serde_json::to_string_pretty(&imported.json).unwrap_or_default(), None)?;
    ctx.error.set(None);
    ctx.install(lab, 0);
    share::save(ctx.play);
    Ok(Findings { warnings: imported.warnings, lints })
}

/// Reads a chosen or dropped file, then hands its text on.
fn read_file(file: web_sys::File, then: impl FnOnce(String) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Ok(v) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
            if let Some(s) = v.as_string() {
                then(s);
            }
        }
    });
}

/// The export formats: (value, label, file name).
const FORMATS: [(&str, &str, &str); 5] = [
    ("definitions", "ui-format-definitions", "definitions.json"),
    ("policies", "ui-format-policies", "policies.sh"),
    ("java", "ui-format-java", "Topology.java"),
    ("amqplib", "ui-format-amqplib", "topology.js"),
    ("pika", "ui-format-pika", "topology.py"),
];

/// The loaded scenario's topology in `format`.
fn exported(play: Playback, format: &str) -> String {
    let Some(fmt) = Format::parse(format) else { return String::new() };
    match play.with(|l| definitions_from_scenario(&l.scenario.json)) {
        Some(Ok(d)) => export(&d, fmt),
        Some(Err(e)) => i18n::scenario_error(&e, None),
        None => String::new(),
    }
}

/// What the panel holds across a language switch: the pasted text, what the last import
/// found (worded anew in the new language) and the export format.
#[derive(Clone, Copy)]
pub struct ImportState {
    text: RwSignal<String>,
    result: RwSignal<Option<Result<Findings, Notice>>>,
    format: RwSignal<String>,
}

impl ImportState {
    /// An empty panel, exporting definitions.
    pub fn new() -> ImportState {
        ImportState {
            text: RwSignal::new(String::new()),
            result: RwSignal::new(None),
            format: RwSignal::new("definitions".to_string()),
        }
    }
}

impl Default for ImportState {
    fn default() -> Self {
        Self::new()
    }
}

/// The import and export panel.
#[component]
pub fn ImportExport(
    /// The panel's text, findings and format (made outside the page's re-rendered view).
    state: ImportState,
) -> impl IntoView {
    let ctx = Ctx::get();
    let ImportState { text, result, format } = state;
    let run_import = move |t: String| result.set(Some(import(ctx, &t)));
    let on_file = move |file: web_sys::File| {
        read_file(file, move |t| {
            text.set(t.clone());
            run_import(t);
        })
    };
    let copied = RwSignal::new(None::<bool>);
    let out = move || {
        ctx.play.loaded.track();
        exported(ctx.play, &format.get())
    };
    let copy = move |_| {
        let t = exported(ctx.play, &format.get_untracked());
        let Some(w) = web_sys::window() else { return };
        let promise = w.navigator().clipboard().write_text(&t);
        wasm_bindgen_futures::spawn_local(async move {
            copied.set(Some(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()));
        });
    };
    let save = move |_| {
        let f = format.get_untracked();
        let name =
            FORMATS.iter().find(|(v, _, _)| *v == f).map(|(_, _, n)| *n).unwrap_or("topology.txt");
        download(name, &exported(ctx.play, &f));
    };
    let findings = move || {
        crate::ui::locale::tracked();
        result.get().map(|r| match r {
            Err(e) => view! { <p class="status error import-error" role="alert">{e.text()}</p> }.into_any(),
            Ok(f) => view! {
                <p class="status ok" role="status">{tr("ui-import-ok")}</p>
                {(!f.warnings.is_empty()).then(|| view! {
                    <h3>{tr("ui-import-warnings")}</h3>
                    <ul class="import-warnings">{f.warnings.iter().map(|w| view! { <li>{i18n::warning(w)}</li> }).collect_view()}</ul>
                })}
                <h3>{tr("ui-import-lints")}</h3>
                {if f.lints.is_empty() {
                    view! { <p class="no-lints">{tr("ui-no-lints")}</p> }.into_any()
                } else {
                    view! { <ul class="import-lints">{f.lints.iter().map(|l| {
                        let level = l.level.as_str();
                        view! {
                            <li class=format!("lint {level}") data-code=l.code><strong>{format!("{level} {} {}", l.code, l.subject)}</strong>": "{i18n::lint_reason(&l.reason)}</li>
                        }
                    }).collect_view()}</ul> }.into_any()
                }}
            }
            .into_any(),
        })
    };
    view! {
        <section class="import-export" aria-label=tr("ui-import-definitions")>
            <h2>{tr("ui-import-definitions")}</h2>
            <p class="hint">{tr("ui-import-hint")}</p>
            <textarea class="definitions-json" aria-label=tr("ui-import-definitions") spellcheck="false" rows="8" prop:value=move || text.get()
                on:input=move |e| text.set(event_target_value(&e))
                on:dragover=move |e: web_sys::DragEvent| e.prevent_default()
                on:drop=move |e: web_sys::DragEvent| {
                    e.prevent_default();
                    if let Some(f) = e.data_transfer().and_then(|d| d.files()).and_then(|l| l.get(0)) {
                        on_file(f);
                    }
                }></textarea>
            <div class="editor-actions">
                <button class="import" on:click=move |_| run_import(text.get_untracked())>{tr("ui-import-button")}</button>
                <label>{tr("ui-choose-file")}" "
                    <input type="file" class="definitions-file" accept=".json,application/json" on:change=move |e| {
                        let input: web_sys::HtmlInputElement = event_target(&e);
                        if let Some(f) = input.files().and_then(|l| l.get(0)) {
                            on_file(f);
                        }
                    } />
                </label>
            </div>
            <div class="import-result">{findings}</div>
            <h2>{tr("ui-export-topology")}</h2>
            <div class="editor-actions">
                <label>{tr("ui-export-format")}" "
                    <select class="export-format" on:change=move |e| { copied.set(None); format.set(event_target_value(&e)) }>
                        {FORMATS.iter().map(|(v, label, _)| view! { <option value=*v>{tr(label)}</option> }).collect_view()}
                    </select>
                </label>
                <button class="copy" on:click=copy>{tr("ui-copy-text")}</button>
                <button class="download" on:click=save>{tr("ui-download-file")}</button>
                {move || copied.get().map(|ok| view! { <span class="status" role="status">{tr(if ok { "ui-copied-text" } else { "ui-copy-failed" })}</span> })}
            </div>
            <textarea class="export-text" aria-label=tr("ui-export-topology") readonly spellcheck="false" rows="12" prop:value=out></textarea>
        </section>
    }
}
