//! "Act now": publish a message, replay one from a queue, purge a queue, or set or clear a
//! policy at the current moment. The action is tried on a copy of the run first (so the
//! broker's refusal is shown, not written), then written into the scenario's timeline (so
//! links and reloads replay it) and the run is reloaded at the same moment.

use leptos::prelude::*;

use crate::msg;
use crate::scenario::playground::hand_action::{
    definition, expiration, lost_at, refusal, with_hand_action, HandAction, HandActionError,
};

use crate::ui::i18n::tr;
use crate::ui::notice::Notice;
use crate::ui::page_state::Ctx;
use crate::ui::share;

/// The kinds of action: (value, label key).
const KINDS: [(&str, &str); 5] = [
    ("publish", "ui-act-publish"),
    ("replay", "ui-act-replay"),
    ("purge", "ui-act-purge"),
    ("policy", "ui-act-set-policy"),
    ("clear_policy", "ui-act-clear-policy"),
];

/// That the action was added to the timeline, and when, in the current language.
fn act_done(at_ms: u64) -> String {
    msg!(crate::ui::locale::current(), "act-done", at = crate::ui::i18n::fmt_secs(at_ms * 1000))
}

/// The action's error in the current language, naming the field.
fn act_error(e: &HandActionError) -> String {
    let lang = crate::ui::locale::current();
    match e {
        HandActionError::UnknownExchange(n) => msg!(lang, "act-no-such-exchange", name = n),
        HandActionError::UnknownQueue(n) => msg!(lang, "act-no-such-queue", name = n),
        HandActionError::BadExpiration(v) => msg!(lang, "act-bad-expiration", value = v),
        HandActionError::BadDefinition(v) => msg!(lang, "act-bad-definition", value = v),
        HandActionError::Refused(e) => msg!(lang, "act-refused", error = e),
        HandActionError::EmptyQueue(q) => msg!(lang, "act-empty-queue", name = q),
        HandActionError::NoOrigin(q) => msg!(lang, "act-no-origin", name = q),
    }
}

/// The panel (`<section class="act-now">`).
#[component]
pub fn ActNow() -> impl IntoView {
    let ctx = Ctx::get();
    let kind = RwSignal::new("publish".to_string());
    let (exchange, key, queue, ttl) = (
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
    );
    let (policy, pattern, def) =
        (RwSignal::new(String::new()), RwSignal::new(String::new()), RwSignal::new(String::new()));
    let status = RwSignal::new(None::<(bool, String)>);
    // A replay goes back where the message first died unless another exchange is chosen.
    let replay_to = RwSignal::new("origin".to_string());
    // An action that would lose its message, warned about once: the same one again goes ahead.
    let confirmed = StoredValue::new(None::<HandAction>);
    // Names to pick from, as the topology is now.
    let names = Memo::new(move |_| {
        ctx.play.loaded.track();
        ctx.play
            .with(|l| {
                let xs: Vec<String> = l
                    .run
                    .engine()
                    .exchanges()
                    .map(|x| x.name.clone())
                    .filter(|n| !n.is_empty() && !n.starts_with("amq."))
                    .collect();
                (xs, l.queue_names())
            })
            .unwrap_or_default()
    });
    let act = move |_| {
        let (xs, qs) = names.get_untracked();
        let made = match kind.get_untracked().as_str() {
            "publish" => expiration(&ttl.get_untracked()).map(|ms| HandAction::Publish {
                exchange: exchange.get_untracked(),
                routing_key: key.get_untracked(),
                expiration_ms: ms,
            }),
            "replay" => Ok(HandAction::Replay {
                queue: queue.get_untracked(),
                exchange: exchange.get_untracked(),
                routing_key: key.get_untracked(),
                to_origin: replay_to.get_untracked() == "origin",
            }),
            "policy" => definition(&def.get_untracked()).map(|d| HandAction::SetPolicy {
                name: policy.get_untracked(),
                pattern: pattern.get_untracked(),
                definition: d,
            }),
            "clear_policy" => Ok(HandAction::ClearPolicy { name: policy.get_untracked() }),
            _ => Ok(HandAction::Purge { queue: queue.get_untracked() }),
        };
        let checked = made.and_then(|a| a.check(&xs, &qs).map(|_| a)).and_then(|a| {
            ctx.play.with(|l| a.check_head(l.run.engine())).unwrap_or(Ok(())).map(|_| a)
        });
        let a = match checked {
            Ok(a) => a,
            Err(e) => return status.set(Some((false, act_error(&e)))),
        };
        let Some((json, at_ms)) = ctx.play.with(|l| (l.scenario.json.clone(), l.now_us / 1000))
        else {
            return;
        };
        // Tried on a copy of the run at this moment: what the broker refuses is not written.
        let tried = ctx.play.with(|l| {
            a.to_step(at_ms).map(|step| {
                let mut run = l.run.clone();
                let before = run.engine().events().len();
                let result = run.apply(&step);
                (result, lost_at(run.engine().events_since(before)))
            })
        });
        match tried {
            Some(Ok((result, lost))) => {
                if let Some(e) = refusal(&result) {
                    return status.set(Some((false, act_error(&e))));
                }
                // Published where nothing is bound: say so before writing it, once.
                if let Some(x) = lost {
                    if confirmed.get_value().as_ref() != Some(&a) {
                        confirmed.set_value(Some(a));
                        let lang = crate::ui::locale::current();
                        return status
                            .set(Some((false, msg!(lang, "act-would-be-lost", exchange = x))));
                    }
                }
            }
            Some(Err(e)) => return status.set(Some((false, Notice::scenario(e).text()))),
            None => return,
        }
        let Some(text) =
            with_hand_action(&json, at_ms, &a).and_then(|v| serde_json::to_string_pretty(&v).ok())
        else {
            return status.set(Some((false, tr("ui-act-no-timeline").to_string())));
        };
        // Loaded like any scenario (in slices, with the progress bar, when its run is long).
        crate::ui::loading::load_text(ctx, text, None, move |loaded| match loaded {
            Ok(lab) => {
                ctx.revise(lab, at_ms);
                confirmed.set_value(None);
                share::save(ctx.play);
                status.set(Some((true, act_done(at_ms))));
            }
            // The scenario as it was keeps running; nothing is lost.
            Err(e) => status.set(Some((false, e.text()))),
        });
    };
    // Which fields an action uses.
    let shows = move |k: &'static str| {
        move || {
            matches!(
                (k, kind.get().as_str()),
                ("queue", "replay" | "purge")
                    | ("exchange", "publish")
                    | ("replay", "replay")
                    | ("publish", "publish")
                    | ("policy", "policy" | "clear_policy")
                    | ("pattern", "policy")
            )
        }
    };
    let field = move |sig: RwSignal<String>,
                      class: &'static str,
                      label: &'static str,
                      list: &'static str| {
        view! {
            <label class=class>{tr(label)}" "<input class=class list=list prop:value=move || sig.get() on:input=move |e| sig.set(event_target_value(&e)) /></label>
        }
    };
    view! {
        <section class="act-now" aria-label=tr("ui-act-now")>
            <h2>{tr("ui-act-now")}</h2>
            <label>{tr("ui-act-what")}" "
                <select class="act-kind" on:change=move |e| { kind.set(event_target_value(&e)); status.set(None); }>
                    {KINDS.iter().map(|(k, label)| view! { <option value=*k>{tr(label)}</option> }).collect_view()}
                </select>
            </label>
            <span class="act-field" class:hidden=move || !shows("queue")()>{field(queue, "act-queue", "ui-field-queue", "act-queues")}</span>
            <span class="act-field" class:hidden=move || !shows("replay")()>
                <label>{tr("ui-act-replay-to")}" "
                    <select class="act-replay-to" on:change=move |e| { replay_to.set(event_target_value(&e)); status.set(None); }>
                        <option value="origin" selected=move || replay_to.get() == "origin">{tr("ui-act-replay-origin")}</option>
                        <option value="exchange" selected=move || replay_to.get() == "exchange">{tr("ui-act-replay-exchange")}</option>
                    </select>
                </label>
            </span>
            <span class="act-field" class:hidden=move || !(shows("exchange")() || (shows("replay")() && replay_to.get() == "exchange"))>{field(exchange, "act-exchange", "ui-field-exchange", "act-exchanges")}</span>
            <span class="act-field" class:hidden=move || !(shows("exchange")() || (shows("replay")() && replay_to.get() == "exchange"))>{field(key, "act-key", "ui-field-key", "")}</span>
            <span class="act-field" class:hidden=move || !shows("publish")()>{field(ttl, "act-ttl", "ui-field-expiration", "")}</span>
            <span class="act-field" class:hidden=move || !shows("policy")()>{field(policy, "act-policy", "ui-field-policy-name", "")}</span>
            <span class="act-field" class:hidden=move || !shows("pattern")()>{field(pattern, "act-pattern", "ui-field-pattern", "act-queues")}</span>
            <span class="act-field" class:hidden=move || !shows("pattern")()>{field(def, "act-definition", "ui-field-definition", "")}</span>
            <button class="act" on:click=act>{move || crate::msg!(crate::ui::locale::current(), "ui-act-do-at", time = crate::ui::i18n::fmt_secs(ctx.play.now_us()))}</button>
            <datalist id="act-queues">{move || names.get().1.into_iter().map(|q| view! { <option value=q></option> }).collect_view()}</datalist>
            <datalist id="act-exchanges">{move || names.get().0.into_iter().map(|x| view! { <option value=x></option> }).collect_view()}</datalist>
            {move || status.get().map(|(ok, m)| view! { <p class=if ok { "status ok" } else { "status error" } role="status">{m}</p> })}
            <p class="hint">{tr("ui-act-hint")}</p>
        </section>
    }
}
