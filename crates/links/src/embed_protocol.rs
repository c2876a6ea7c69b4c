//! The embed mode's options and its `postMessage` protocol with the host page, as pure data:
//! reading the iframe URL, validating a command, and building the events sent back.
//!
//! Every message, both ways, is a JSON object `{"dlxLab": 1, "type": "…", …}` (the envelope).
//! Commands: `load` (`preset` id, or `scenario` as an object or JSON text; optional `t` in
//! ms and `autoplay`), `play`, `pause`, `seek` (`t` in ms), `step` (optional
//! `"direction": "back"`), `select` (`message`: a copy number, or `null` to clear) and
//! `state`. A command may carry an `id` (string or number), echoed in the reply. Anything else
//! is refused with an `error` event and changes nothing.

use serde_json::{json, Map, Value};

use super::share_link::{parse_fragment, Link, LinkError};

/// The protocol version in every envelope.
pub const PROTOCOL: u64 = 1;

/// How an embed was asked to start.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedOptions {
    /// The scenario and moment (`s=`/`j=`, `p=`, `seed=`, `t=`); `None` opens the default.
    pub link: Option<Link>,
    /// Start playing at once (`autoplay=1`).
    pub autoplay: bool,
    /// Start again from 0 after the end (`loop=1`).
    pub looping: bool,
    /// Playback speed factor (`speed=`), when given and sensible.
    pub speed: Option<f64>,
}

fn flag(v: &str) -> bool {
    matches!(v, "1" | "true" | "yes" | "")
}

/// Reads the iframe's query string and fragment (with or without `?`/`#`). The link's keys may
/// sit in either; the query wins where both have one.
pub fn embed_options(search: &str, hash: &str) -> Result<EmbedOptions, LinkError> {
    let search = search.strip_prefix('?').unwrap_or(search);
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let (mut autoplay, mut looping, mut speed) = (false, false, None);
    for pair in search.split('&').chain(hash.split('&')) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "autoplay" => autoplay = flag(v),
            "loop" => looping = flag(v),
            "speed" => {
                speed =
                    v.parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0 && *s <= 10_000.0)
            }
            _ => {}
        }
    }
    let link = match parse_fragment(&format!("{hash}&{search}")) {
        Ok(l) => Some(l),
        Err(LinkError::Empty) => None,
        Err(e) => return Err(e),
    };
    Ok(EmbedOptions { link, autoplay, looping, speed })
}

/// The query string (without `?`) of an embed of `link`: what the Share → Embed snippet uses.
pub fn embed_query(link: &Link) -> String {
    format!("embed=1&{}", super::share_link::format_fragment(link))
}

/// The one-line `<iframe>` snippet for an embed of the app at `page` (the address of the
/// page it is made on): the embed's own page beside it, `embed.html`, a build with only the
/// embed in it (`index.html?embed=1` still opens, by sending the browser there).
pub fn iframe_snippet(page: &str, link: &Link, title: &str) -> String {
    let src = super::page_file::page_url(page, super::page_file::PageFile::Embed);
    let title = attribute(title);
    format!(
        "<iframe src=\"{src}?{}\" title=\"{title}\" width=\"100%\" height=\"420\" style=\"border:0\" loading=\"lazy\"></iframe>",
        embed_query(link)
    )
}

/// Text for a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
}

/// The `<dlx-lab>` snippet for documentation pages: the element's script, loaded from the
/// folder of `page` (the address of the page it is made on), and the element with the
/// link's preset (or its scenario as JSON text) and moment.
pub fn element_snippet(page: &str, link: &Link) -> String {
    let folder = super::page_file::page_url(page, super::page_file::PageFile::Playground);
    let source = match &link.source {
        super::share_link::LinkSource::Preset { id, .. } => format!("preset=\"{}\"", attribute(id)),
        super::share_link::LinkSource::Json(text) => format!("scenario=\"{}\"", attribute(text)),
    };
    format!(
        "<script type=\"module\" src=\"{}dlx-lab.js\"></script>\n<dlx-lab {source} t=\"{}\"></dlx-lab>",
        attribute(&folder),
        link.t_ms
    )
}

/// Where a `load` command takes its scenario from.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadSource {
    Preset(String),
    /// Scenario JSON text.
    Json(String),
}

/// A validated command from the host page.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Load { source: LoadSource, t_ms: u64, autoplay: bool },
    Play,
    Pause,
    Seek { t_ms: u64 },
    Step { back: bool },
    Select { message: Option<u64> },
    State,
}

impl Command {
    /// The command's `type`, for replies.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Load { .. } => "load",
            Command::Play => "play",
            Command::Pause => "pause",
            Command::Seek { .. } => "seek",
            Command::Step { .. } => "step",
            Command::Select { .. } => "select",
            Command::State => "state",
        }
    }
}

/// A refused message: why, and what of it could be read (its `type` and `id`) for the reply.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub problem: String,
    pub command: Option<String>,
    pub id: Option<Value>,
}

/// The largest time a command may name, in ms (about 31 years of virtual time).
pub const MAX_T_MS: f64 = 1e12;

fn time_ms(o: &Map<String, Value>, key: &str) -> Result<u64, String> {
    match o.get(key).and_then(Value::as_f64) {
        Some(t) if t.is_finite() && (0.0..=MAX_T_MS).contains(&t) => Ok(t as u64),
        Some(_) => Err(format!("'{key}' must be a time in ms between 0 and {MAX_T_MS}")),
        None => Err(format!("'{key}' must be a number of milliseconds")),
    }
}

/// Validates a message from the host page. Returns the command and its `id`, or why not.
pub fn parse_command(v: &Value) -> Result<(Command, Option<Value>), Refusal> {
    let refuse = |problem: String, command: Option<String>, id: Option<Value>| Refusal {
        problem,
        command,
        id,
    };
    let Some(o) = v.as_object() else {
        return Err(refuse(
            "a message must be an object {\"dlxLab\": 1, \"type\": …}".into(),
            None,
            None,
        ));
    };
    let id = o.get("id").filter(|i| i.is_string() || i.is_number()).cloned();
    let kind = o.get("type").and_then(Value::as_str).map(str::to_string);
    if o.get("dlxLab").and_then(Value::as_u64) != Some(PROTOCOL) {
        return Err(refuse(
            format!("'dlxLab' must be {PROTOCOL} (the protocol version)"),
            kind,
            id,
        ));
    }
    let Some(t) = kind.clone() else {
        return Err(refuse("'type' must name a command".into(), None, id));
    };
    let bad = |p: String| refuse(p, kind.clone(), id.clone());
    let cmd = match t.as_str() {
        "play" => Command::Play,
        "pause" => Command::Pause,
        "state" => Command::State,
        "seek" => Command::Seek { t_ms: time_ms(o, "t").map_err(bad)? },
        "step" => match o.get("direction").map(|d| d.as_str()) {
            None | Some(Some("forward")) => Command::Step { back: false },
            Some(Some("back")) => Command::Step { back: true },
            _ => return Err(bad("'direction' must be \"forward\" or \"back\"".into())),
        },
        "select" => match o.get("message") {
            Some(Value::Null) => Command::Select { message: None },
            Some(m) => match m.as_u64() {
                Some(n) => Command::Select { message: Some(n) },
                None => {
                    return Err(bad("'message' must be a message number (or null to clear)".into()))
                }
            },
            None => return Err(bad("'message' is missing (a message number, or null)".into())),
        },
        "load" => {
            let source = match (o.get("preset"), o.get("scenario")) {
                (Some(Value::String(p)), None) => LoadSource::Preset(p.clone()),
                (None, Some(Value::String(text))) => LoadSource::Json(text.clone()),
                (None, Some(s @ Value::Object(_))) => LoadSource::Json(s.to_string()),
                _ => return Err(bad(
                    "'load' needs either 'preset' (an id) or 'scenario' (an object or JSON text)"
                        .into(),
                )),
            };
            let t_ms = if o.contains_key("t") { time_ms(o, "t").map_err(bad)? } else { 0 };
            let autoplay = match o.get("autoplay") {
                None => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(bad("'autoplay' must be true or false".into())),
            };
            Command::Load { source, t_ms, autoplay }
        }
        other => {
            return Err(bad(format!(
                "unknown command '{other}' (known: load, play, pause, seek, step, select, state)"
            )))
        }
    };
    Ok((cmd, id))
}

/// An event for the host page: the envelope with `type` and the given fields.
pub fn event(kind: &str, fields: Value) -> Value {
    let mut o = Map::new();
    o.insert("dlxLab".into(), json!(PROTOCOL));
    o.insert("type".into(), json!(kind));
    if let Value::Object(f) = fields {
        o.extend(f);
    }
    Value::Object(o)
}

/// The `error` event answering a refused message.
pub fn error_event(r: &Refusal) -> Value {
    event("error", json!({"message": r.problem, "command": r.command, "id": r.id}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share_link::LinkSource;

    fn cmd(v: Value) -> Result<Command, String> {
        parse_command(&v).map(|c| c.0).map_err(|r| r.problem)
    }

    #[test]
    fn options_come_from_query_and_fragment() {
        let o = embed_options("?embed=1&autoplay=1&loop=1&s=retry-ladder&t=1500", "").unwrap();
        assert!(o.autoplay && o.looping);
        assert_eq!(
            o.link,
            Some(Link {
                source: LinkSource::Preset { id: "retry-ladder".into(), profile: None, seed: None },
                t_ms: 1500
            })
        );
        let o = embed_options("?embed=1&t=9", "#s=four-reasons&t=5").unwrap();
        assert_eq!(o.link.unwrap().t_ms, 9);
        let o = embed_options("?embed=1&speed=-3", "").unwrap();
        assert_eq!((o.link, o.autoplay, o.speed), (None, false, None));
        assert!(embed_options("?embed=1&s=x&t=soon", "").is_err());
        let l = Link {
            source: LinkSource::Preset { id: "four-reasons".into(), profile: None, seed: None },
            t_ms: 20,
        };
        assert_eq!(embed_options(&embed_query(&l), "").unwrap().link, Some(l.clone()));
        let s = iframe_snippet("https://x.test/pg/", &l, "a \"b\"");
        assert!(
            s.starts_with(
                "<iframe src=\"https://x.test/pg/embed.html?embed=1&s=four-reasons&t=20\""
            ),
            "{s}"
        );
        assert!(s.contains("title=\"a &quot;b&quot;\"") && !s.contains('\n'));
        // Made on the playground opened by its file name: the embed sits beside it.
        let s = iframe_snippet("https://x.test/pg/index.html", &l, "t");
        assert!(s.starts_with("<iframe src=\"https://x.test/pg/embed.html?embed=1&"), "{s}");
    }

    #[test]
    fn the_element_snippet_loads_its_script_beside_the_pages() {
        let l = parse_fragment("s=retry-ladder&t=1500").unwrap();
        let s = element_snippet("https://x.test/pg/index.html", &l);
        assert_eq!(
            s,
            "<script type=\"module\" src=\"https://x.test/pg/dlx-lab.js\"></script>\n<dlx-lab preset=\"retry-ladder\" t=\"1500\"></dlx-lab>"
        );
        let j = Link { source: LinkSource::Json(r#"{"title":"a \"b\" <c>"}"#.into()), t_ms: 0 };
        let s = element_snippet("https://x.test/pg/embed.html?embed=1", &j);
        assert!(
            s.contains(
                r#"scenario="{&quot;title&quot;:&quot;a \&quot;b\&quot; &lt;c>&quot;}" t="0""#
            ),
            "{s}"
        );
    }

    #[test]
    fn commands_are_validated() {
        assert_eq!(cmd(json!({"dlxLab": 1, "type": "play"})), Ok(Command::Play));
        assert_eq!(
            cmd(json!({"dlxLab": 1, "type": "seek", "t": 1500.7})),
            Ok(Command::Seek { t_ms: 1500 })
        );
        assert_eq!(
            cmd(json!({"dlxLab": 1, "type": "step", "direction": "back"})),
            Ok(Command::Step { back: true })
        );
        assert_eq!(
            cmd(json!({"dlxLab": 1, "type": "select", "message": null})),
            Ok(Command::Select { message: None })
        );
        assert_eq!(
            cmd(json!({"dlxLab": 1, "type": "load", "scenario": {"queues": []}, "autoplay": true})),
            Ok(Command::Load {
                source: LoadSource::Json("{\"queues\":[]}".into()),
                t_ms: 0,
                autoplay: true
            })
        );
        for bad in [
            json!("play"),
            json!(null),
            json!([1]),
            json!({"type": "play"}),
            json!({"dlxLab": 2, "type": "play"}),
            json!({"dlxLab": 1}),
            json!({"dlxLab": 1, "type": "dance"}),
            json!({"dlxLab": 1, "type": "seek"}),
            json!({"dlxLab": 1, "type": "seek", "t": -1}),
            json!({"dlxLab": 1, "type": "seek", "t": 1e300}),
            json!({"dlxLab": 1, "type": "seek", "t": "5"}),
            json!({"dlxLab": 1, "type": "step", "direction": 3}),
            json!({"dlxLab": 1, "type": "select", "message": -2}),
            json!({"dlxLab": 1, "type": "load"}),
            json!({"dlxLab": 1, "type": "load", "preset": "a", "scenario": {}}),
            json!({"dlxLab": 1, "type": "load", "preset": 7}),
            json!({"dlxLab": 1, "type": "load", "preset": "a", "autoplay": "yes"}),
        ] {
            assert!(cmd(bad.clone()).is_err(), "{bad}");
        }
        let r = parse_command(&json!({"dlxLab": 1, "type": "seek", "id": "q1"})).unwrap_err();
        let e = error_event(&r);
        assert_eq!(
            (e["type"].as_str(), e["command"].as_str(), e["id"].as_str(), e["dlxLab"].as_u64()),
            (Some("error"), Some("seek"), Some("q1"), Some(1))
        );
    }
}
