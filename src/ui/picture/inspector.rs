//! The inspector: a selected message's properties, headers with AMQP types and x-death per hop;
//! or a selected node's settings.

use leptos::prelude::*;

use crate::engine::event::EventKind;
use crate::engine::Message;
use crate::viz::amqp_text::{death_time, type_name};
use crate::viz::flight::current_fate;
use crate::viz::xdeath::{death_rows, plain_headers, Change};

use crate::ui::i18n::{fate_name, fmt_msg, tr};
use crate::ui::lab::Lab;
use crate::ui::page_state::{Playback, Selection};

/// One x-death row: its (field, value, class) cells and how it changed since the hop before.
type DeathRow = (Vec<(String, String, &'static str)>, Change);

/// One hop of a message: the queue it entered, when, and its x-death rows.
#[derive(Clone, Debug, PartialEq)]
struct HopView {
    queue: String,
    at_us: u64,
    copy: u64,
    rows: Vec<DeathRow>,
}

/// What the inspector shows for a message.
#[derive(Clone, Debug, PartialEq)]
struct MsgView {
    copy: u64,
    fate: String,
    props: Vec<(String, String)>,
    headers: Vec<(String, String, &'static str)>,
    hops: Vec<HopView>,
}

fn props_of(m: &Message) -> Vec<(String, String)> {
    let p = &m.props;
    let mut v = vec![
        (tr("ui-body").to_string(), m.body.to_string()),
        (tr("ui-exchange").to_string(), m.exchange.to_string()),
        (tr("ui-routing-keys").to_string(), m.routing_keys.join(", ")),
    ];
    let opt = [
        ("content_type", p.content_type.clone()),
        ("delivery_mode", p.delivery_mode.map(|d| d.to_string())),
        ("priority", p.priority.map(|d| d.to_string())),
        ("expiration", p.expiration.clone()),
        ("message_id", p.message_id.clone()),
        ("correlation_id", p.correlation_id.clone()),
        ("reply_to", p.reply_to.clone()),
        ("timestamp", p.timestamp.map(|d| d.to_string())),
        ("type", p.kind.clone()),
        ("app_id", p.app_id.clone()),
    ];
    v.extend(opt.into_iter().filter_map(|(k, v)| v.map(|v| (k.to_string(), v))));
    v
}

fn message_view(l: &Lab, selected: u64) -> Option<MsgView> {
    let t = &l.timeline;
    // A copy on its way to the dead-letter exchange is shown as the copy it became.
    let copy = if t.message_copy(selected).is_some() {
        selected
    } else {
        t.events.iter().find_map(|ev| match ev.kind {
            EventKind::Enqueued { from: Some(x), .. } if x == selected => ev.msg,
            _ => None,
        })?
    };
    let msg = t.message_copy(copy)?;
    let chain = l.timeline.flights.ancestry(copy);
    let mut hops = Vec::new();
    let mut before: Option<&Message> = None;
    for c in chain {
        let Some(m) = t.message_copy(c) else { continue };
        let (queue, at_us) = t
            .events
            .iter()
            .find_map(|ev| match &ev.kind {
                EventKind::Enqueued { queue, .. } if ev.msg == Some(c) => {
                    Some((queue.to_string(), ev.at_us.as_us()))
                }
                _ => None,
            })
            .unwrap_or_default();
        let rows = death_rows(&m.props.headers, before.map(|b| &b.props.headers))
            .into_iter()
            .map(|r| (r.fields, r.change))
            .collect();
        hops.push(HopView { queue, at_us, copy: c, rows });
        before = Some(m);
    }
    // Waiting in a queue now (ready, not at a consumer): where, and whether at the head.
    let resting = l.run.engine().queues().find_map(|q| {
        q.iter_ready()
            .enumerate()
            .find(|(_, en)| en.msg.id == copy)
            .map(|(i, en)| (en.expires_at.map(|t| t.as_us()), i == 0))
    });
    let moving = l
        .timeline
        .flights
        .moving_at(l.now_us)
        .into_iter()
        .any(|i| l.timeline.flights.hops.get(i).and_then(|h| h.copy) == Some(copy));
    let last = l.timeline.flights.fate_of(copy, l.now_us);
    let fate = if moving { last } else { current_fate(last, resting, l.now_us) };
    let fate = fate.map(fate_name).unwrap_or_default().to_string();
    Some(MsgView {
        copy,
        fate,
        props: props_of(msg),
        headers: plain_headers(&msg.props.headers),
        hops,
    })
}

fn change_name(c: Change) -> &'static str {
    match c {
        Change::Same => "",
        Change::New => tr("ui-change-new"),
        Change::CountUp => tr("ui-change-count-up"),
        Change::Moved => tr("ui-change-moved"),
        Change::CountUpMoved => tr("ui-change-count-up"),
        Change::Carried => tr("ui-change-carried"),
    }
}

/// What an inspector shows: a chosen message, a chosen node, or either (a message first).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Show {
    #[default]
    Any,
    /// The playground's Message tab.
    Message,
    /// The playground's Node tab.
    Node,
}

/// The inspector panel (`<aside class="inspector">`). It is not a live region itself: a
/// screen reader would read all of it again at every change. A one-line status inside it
/// (`role="status"`, visually hidden) announces what changed: the selection and the
/// message's fate.
#[component]
pub fn Inspector(
    /// A message, a node, or either.
    #[prop(optional)]
    show: Show,
) -> impl IntoView {
    let play = Playback::get();
    let pick = Selection::get();
    let msg = Memo::new(move |_| {
        if show == Show::Node {
            return None;
        }
        let sel = pick.msg.get()?;
        play.frame.track();
        play.with(|l| message_view(l, sel)).flatten()
    });
    let node = Memo::new(move |_| {
        if show == Show::Message {
            return None;
        }
        let id = pick.node.get()?;
        play.loaded.track();
        play.with(|l| l.timeline.diagram.node(&id).cloned()).flatten()
    });
    let body = move || {
        if let Some(m) = msg.get() {
            let hops = m.hops.into_iter().map(|h| {
                let rows = if h.rows.is_empty() {
                    view! { <p class="hint">{tr("ui-no-x-death")}</p> }.into_any()
                } else {
                    h.rows.into_iter().enumerate().map(|(i, (fields, change))| view! {
                        <table class=format!("xdeath {}", change.css_class()) data-index=i.to_string()>
                            <caption>{format!("x-death[{i}] ")}<span class="change">{change_name(change)}</span></caption>
                            {fields.into_iter().map(|(k, v, t)| {
                                let k2 = k.clone();
                                let lang = crate::ui::locale::current();
                                // A timestamp also as a date, and how far into the run.
                                let readable = (t == "T").then(|| v.parse::<u64>().ok()).flatten().map(|s| {
                                    let epoch = play.with(|l| l.run.engine().epoch_s()).unwrap_or(crate::engine::broker::DEFAULT_EPOCH_S);
                                    view! { <span class="readable">{death_time(s, epoch).text(lang)}</span> }
                                });
                                view! { <tr data-field=k2><th>{k}</th><td>{v}{readable}</td><td class="type" title=type_name(t).map_or("", |m| m.label(lang))>{t}</td></tr> }
                            }).collect_view()}
                        </table>
                    }).collect_view().into_any()
                };
                view! {
                    <li class="hop" data-queue=h.queue.clone()>
                        <span class="hop-head">{crate::msg!(crate::ui::locale::current(), "ui-hop-head", queue = h.queue, time = crate::ui::i18n::fmt_secs(h.at_us), msg = fmt_msg(h.copy))}</span>
                        {rows}
                    </li>
                }
            }).collect_view();
            view! {
                <h2 data-inspecting-msg=m.copy.to_string()>{crate::msg!(crate::ui::locale::current(), "ui-message-title", msg = fmt_msg(m.copy))}</h2>
                <p class="fate">{tr("ui-fate")}": "{m.fate}</p>
                <h3>{tr("ui-properties")}</h3>
                <dl class="props">{m.props.into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}</dl>
                <h3>{tr("ui-headers")}</h3>
                <table class="headers">
                    <tr><th>{tr("ui-header-name")}</th><th>{tr("ui-header-value")}</th><th>{tr("ui-header-type")}</th></tr>
                    {m.headers.into_iter().map(|(k, v, t)| { let k2 = k.clone(); view! { <tr data-header=k2><td>{k}</td><td>{v}</td><td class="type" title=type_name(t).map_or("", |m| m.label(crate::ui::locale::current()))>{t}</td></tr> } }).collect_view()}
                </table>
                <h3>{tr("ui-x-death-at-hops")}</h3>
                <ol class="hops">{hops}</ol>
            }
            .into_any()
        } else if let Some(n) = node.get() {
            view! {
                <h2 data-inspecting=n.spec.id.clone()>{if n.label.is_empty() { tr("ui-default-exchange").to_string() } else { n.label.clone() }}</h2>
                <p class="inspector-kind">{if n.dlq { crate::msg!(crate::ui::locale::current(), "ui-kind-dlq", kind = crate::ui::picture::graph::kind_name(n.spec.kind)) } else { crate::ui::picture::graph::kind_name(n.spec.kind).to_string() }}</p>
                <dl>{n.facts.into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}</dl>
            }
            .into_any()
        } else {
            let lang = crate::ui::locale::current();
            let (title, hint) = match show {
                Show::Any => {
                    (tr("ui-nothing-selected").to_string(), tr("ui-select-hint").to_string())
                }
                Show::Message => (
                    crate::label!(lang, "ui-no-message").to_string(),
                    crate::label!(lang, "ui-no-message-hint").to_string(),
                ),
                Show::Node => (
                    crate::label!(lang, "ui-no-node").to_string(),
                    crate::label!(lang, "ui-no-node-hint").to_string(),
                ),
            };
            view! {
                <h2>{title}</h2>
                <p class="hint">{hint}</p>
            }
            .into_any()
        }
    };
    let status = Memo::new(move |_| {
        let lang = crate::ui::locale::tracked();
        if let Some(m) = msg.get() {
            let title = crate::msg!(lang, "ui-message-title", msg = fmt_msg(m.copy));
            crate::msg!(lang, "ui-inspector-status", title = title, fate = m.fate)
        } else if let Some(n) = node.get() {
            if n.label.is_empty() {
                tr("ui-default-exchange").to_string()
            } else {
                n.label
            }
        } else {
            String::new()
        }
    });
    // Visually hidden (a class: the pages' policy refuses style attributes), read by screen
    // readers.
    view! {
        <aside class="inspector">
            <p class="inspector-status visually-hidden" role="status">{move || status.get()}</p>
            {body}
        </aside>
    }
}
