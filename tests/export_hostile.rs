//! Exports that cannot be broken out of: names written to break a comment or a string of the
//! exported code (line breaks, U+2028/2029, a Java `\u` escape, quotes, `$(…)`) are exported
//! in every format, and the Node, Python, Java and shell results are run for real against
//! stand-ins for amqplib, pika, the Java client and rabbitmqctl that record what they are
//! asked to declare: nothing else runs, and every name arrives as it was written.

use std::path::{Path, PathBuf};
use std::process::Command;

use dlx_lab::scenario::definitions::export::{export, Format};
use dlx_lab::scenario::definitions::import::definitions_from_scenario;
use dlx_lab::scenario::definitions::{parse_definitions, Definitions};
use serde_json::{json, Value};

/// Each of these would run code if it were written raw after `//` or `#`, or inside a string.
const HOSTILE: [&str; 9] = [
    "p\rrequire(\"fs\").writeFileSync(\"pwned-js\",\"1\")//",
    "q\r__import__(\"os\").system(\"touch pwned-py\")#",
    "s\u{2028}require(\"fs\").writeFileSync(\"pwned-ls\",\"1\")//",
    "t\u{2029}require(\"fs\").writeFileSync(\"pwned-ps\",\"1\")//",
    "u\\u000a static { try { new java.io.File(\"pwned-java\").createNewFile(); } catch (Exception e) {} } //",
    "v\n\"); touch pwned-nl; echo (\"",
    "w'$(touch pwned-sh)'`touch pwned-bt`\\",
    "x\u{85}\u{1}\u{7f}\t\"\\\"\\u0022${'*/'}",
    "y\\\\u000d\\",
];

fn hostile_definitions() -> Definitions {
    let h = HOSTILE;
    let args = |i: usize| json!({h[i]: h[(i + 1) % h.len()], "x-dead-letter-exchange": h[i]});
    let text = json!({
        "rabbitmq_version": "3.10.8",
        "exchanges": h.iter().enumerate().map(|(i, n)| json!({"name": n, "vhost": "/", "type": "topic",
            "durable": true, "auto_delete": false, "internal": false, "arguments": args(i)})).collect::<Vec<_>>(),
        "queues": h.iter().enumerate().map(|(i, n)| json!({"name": n, "vhost": "/", "durable": true,
            "auto_delete": false, "arguments": args(i)})).collect::<Vec<_>>(),
        "bindings": h.iter().enumerate().map(|(i, n)| json!({"source": n, "vhost": "/",
            "destination": h[(i + 1) % h.len()], "destination_type": if i % 2 == 0 { "queue" } else { "exchange" },
            "routing_key": h[(i + 2) % h.len()], "arguments": args(i)})).collect::<Vec<_>>(),
        "policies": h.iter().enumerate().map(|(i, n)| json!({"name": n, "vhost": "/",
            "pattern": format!("^{}$", regex_lite::escape(h[(i + 3) % h.len()])), "apply-to": "queues",
            "definition": {"dead-letter-exchange": h[(i + 4) % h.len()], "max-length": 5}, "priority": i})).collect::<Vec<_>>(),
    });
    parse_definitions(&text.to_string()).expect("the hostile names read as definitions")
}

/// A fresh folder for one run, with nothing in it but what the test puts there.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-hostile").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("{what}: cannot start it ({e}); it is needed to check the exports")
    });
    assert!(
        out.status.success(),
        "{what} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Nothing but the recorder wrote a file: no injected code ran.
fn nothing_else_ran(dir: &Path, expected: &[&str]) {
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !expected.contains(&n.as_str()))
        .collect();
    found.sort();
    assert!(found.is_empty(), "the exported code made files it should not have: {found:?}");
}

/// A declaring call: its method and the names it was given, in order.
type Call = (String, Vec<String>);
/// An argument table's string entries, sorted by key.
type Table = Vec<(String, String)>;

/// What the topology should declare, as (method, names) in export order.
fn expected_calls(d: &Definitions) -> Vec<Call> {
    let mut v = Vec::new();
    for x in &d.exchanges {
        v.push(("exchange".to_string(), vec![x.name.clone(), x.kind.clone()]));
    }
    for q in &d.queues {
        v.push(("queue".to_string(), vec![q.name.clone()]));
    }
    for b in &d.bindings {
        let m = if b.to_exchange { "exchange_bind" } else { "queue_bind" };
        v.push((
            m.to_string(),
            vec![b.destination.clone(), b.source.clone(), b.routing_key.clone()],
        ));
    }
    v
}

fn argument_texts(d: &Definitions) -> Vec<Table> {
    let table = |t: &dlx_lab::engine::headers::FieldTable| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> =
            t.0.iter()
                .map(|(k, v)| (k.to_string(), v.to_json().as_str().unwrap_or("").to_string()))
                .collect();
        v.sort();
        v
    };
    let mut v: Vec<_> = d.exchanges.iter().map(|x| table(&x.arguments)).collect();
    v.extend(d.queues.iter().map(|q| table(&q.arguments)));
    v.extend(d.bindings.iter().map(|b| table(&b.arguments)));
    v
}

/// Reads the recorders' common output: one call per line, `method` then hex fields, then
/// `|` and the argument table's entries as hex `key=value` pairs.
fn read_calls(path: &Path) -> (Vec<Call>, Vec<Table>) {
    let hex = |s: &str| -> String {
        let bytes: Vec<u8> = (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect();
        String::from_utf8(bytes).unwrap()
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut calls = Vec::new();
    let mut tables = Vec::new();
    for line in text.lines() {
        let (head, table) = line.split_once('|').unwrap_or((line, ""));
        let mut fields = head.split(' ').filter(|f| !f.is_empty());
        let method = fields.next().unwrap().to_string();
        calls.push((method, fields.map(hex).collect()));
        let mut t: Vec<(String, String)> = table
            .split(' ')
            .filter(|f| !f.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                (hex(k), hex(v))
            })
            .collect();
        t.sort();
        tables.push(t);
    }
    (calls, tables)
}

const NODE_AMQPLIB: &str = r#"const fs = require("fs");
const lines = [];
const hex = (s) => Buffer.from(String(s), "utf8").toString("hex");
const table = (t) => Object.entries(t || {}).map(([k, v]) => hex(k) + "=" + hex(typeof v === "string" ? v : "")).join(" ");
const call = (method, names, args) => lines.push(method + " " + names.map(hex).join(" ") + "|" + table(args));
module.exports.connect = async () => ({
  createChannel: async () => ({
    assertExchange: async (name, kind, o) => call("exchange", [name, kind], o.arguments),
    assertQueue: async (name, o) => call("queue", [name], o.arguments),
    bindQueue: async (q, x, key, args) => call("queue_bind", [q, x, key], args),
    bindExchange: async (d, s, key, args) => call("exchange_bind", [d, s, key], args),
    close: async () => {},
  }),
  close: async () => fs.writeFileSync("calls.txt", lines.join("\n") + "\n"),
});
"#;

const PYTHON_PIKA: &str = r#"calls = []
def _hex(s):
    return str(s).encode("utf-8").hex()
def _table(t):
    return " ".join(_hex(k) + "=" + _hex(v if isinstance(v, str) else "") for k, v in (t or {}).items())
class URLParameters:
    def __init__(self, url):
        pass
class _Channel:
    def exchange_declare(self, exchange, exchange_type, durable, auto_delete, internal, arguments):
        calls.append("exchange " + _hex(exchange) + " " + _hex(exchange_type) + "|" + _table(arguments))
    def queue_declare(self, queue, durable, auto_delete, arguments):
        calls.append("queue " + _hex(queue) + "|" + _table(arguments))
    def queue_bind(self, queue, exchange, routing_key, arguments):
        calls.append("queue_bind " + " ".join(map(_hex, [queue, exchange, routing_key])) + "|" + _table(arguments))
    def exchange_bind(self, destination, source, routing_key, arguments):
        calls.append("exchange_bind " + " ".join(map(_hex, [destination, source, routing_key])) + "|" + _table(arguments))
class BlockingConnection:
    def __init__(self, parameters):
        pass
    def channel(self):
        return _Channel()
    def close(self):
        with open("calls.txt", "w") as f:
            f.write("\n".join(calls) + "\n")
"#;

const JAVA_CHANNEL: &str = r#"package com.rabbitmq.client;
import java.nio.charset.StandardCharsets;
import java.util.Map;
public class Channel implements AutoCloseable {
    static final StringBuilder CALLS = new StringBuilder();
    static String hex(Object o) {
        StringBuilder s = new StringBuilder();
        for (byte b : String.valueOf(o).getBytes(StandardCharsets.UTF_8)) s.append(String.format("%02x", b));
        return s.toString();
    }
    static void call(String method, Map<String, Object> args, String... names) {
        CALLS.append(method);
        for (String n : names) CALLS.append(' ').append(hex(n));
        CALLS.append('|');
        if (args != null) for (Map.Entry<String, Object> e : args.entrySet())
            CALLS.append(' ').append(hex(e.getKey())).append('=').append(hex(e.getValue() instanceof String ? e.getValue() : ""));
        CALLS.append('\n');
    }
    public void exchangeDeclare(String n, String k, boolean d, boolean a, boolean i, Map<String, Object> args) { call("exchange", args, n, k); }
    public void queueDeclare(String n, boolean d, boolean e, boolean a, Map<String, Object> args) { call("queue", args, n); }
    public void queueBind(String q, String x, String k, Map<String, Object> args) { call("queue_bind", args, q, x, k); }
    public void exchangeBind(String d, String s, String k, Map<String, Object> args) { call("exchange_bind", args, d, s, k); }
    public void close() throws Exception {
        java.nio.file.Files.write(java.nio.file.Paths.get("calls.txt"), CALLS.toString().getBytes(StandardCharsets.UTF_8));
    }
}
"#;

const JAVA_CONNECTION: &str = "package com.rabbitmq.client;\npublic class Connection implements AutoCloseable {\n    public Channel createChannel() { return new Channel(); }\n    public void close() {}\n}\n";
const JAVA_FACTORY: &str = "package com.rabbitmq.client;\npublic class ConnectionFactory {\n    public void setUri(String uri) {}\n    public Connection newConnection() { return new Connection(); }\n}\n";

/// A stand-in for rabbitmqctl: one line per call, each argument in hex.
const RABBITMQCTL: &str = "#!/bin/sh\nfor a in \"$@\"; do printf '%s' \"$a\" | od -An -v -tx1 | tr -d ' \\n'; printf ' '; done >> calls.txt\necho >> calls.txt\n";

fn check_client(format: Format, d: &Definitions, tag: &str) {
    let name = format!("{format:?}").to_lowercase();
    let dir = folder(&format!("{tag}-{name}"));
    let code = export(d, format);
    let mut keep = vec!["calls.txt"];
    match format {
        Format::Amqplib => {
            std::fs::create_dir_all(dir.join("node_modules/amqplib")).unwrap();
            std::fs::write(dir.join("node_modules/amqplib/index.js"), NODE_AMQPLIB).unwrap();
            std::fs::write(dir.join("declare.js"), &code).unwrap();
            run(Command::new("node").arg("declare.js").current_dir(&dir), "node");
            keep.extend(["node_modules", "declare.js"]);
        }
        Format::Pika => {
            std::fs::write(dir.join("pika.py"), PYTHON_PIKA).unwrap();
            std::fs::write(dir.join("declare.py"), &code).unwrap();
            run(Command::new("python3").args(["-B", "declare.py"]).current_dir(&dir), "python3");
            keep.extend(["pika.py", "declare.py"]);
        }
        Format::Java => {
            let client = dir.join("com/rabbitmq/client");
            std::fs::create_dir_all(&client).unwrap();
            std::fs::write(client.join("Channel.java"), JAVA_CHANNEL).unwrap();
            std::fs::write(client.join("Connection.java"), JAVA_CONNECTION).unwrap();
            std::fs::write(client.join("ConnectionFactory.java"), JAVA_FACTORY).unwrap();
            std::fs::write(dir.join("DeclareTopology.java"), &code).unwrap();
            run(
                Command::new("javac")
                    .args(["-encoding", "UTF-8", "-d", "classes", "DeclareTopology.java"])
                    .arg("com/rabbitmq/client/Channel.java")
                    .arg("com/rabbitmq/client/Connection.java")
                    .arg("com/rabbitmq/client/ConnectionFactory.java")
                    .current_dir(&dir),
                "javac",
            );
            run(
                Command::new("java").args(["-cp", "classes", "DeclareTopology"]).current_dir(&dir),
                "java",
            );
            keep.extend(["com", "classes", "DeclareTopology.java"]);
        }
        _ => unreachable!(),
    }
    nothing_else_ran(&dir, &keep);
    let (calls, tables) = read_calls(&dir.join("calls.txt"));
    assert_eq!(calls, expected_calls(d), "{name}: the names declared differ from the topology's");
    assert_eq!(
        tables,
        argument_texts(d),
        "{name}: the arguments declared differ from the topology's"
    );
}

#[test]
fn hostile_names_stay_names_in_node_python_and_java() {
    let d = hostile_definitions();
    assert_eq!(d.policies.len(), HOSTILE.len());
    for format in [Format::Amqplib, Format::Pika, Format::Java] {
        check_client(format, &d, "all");
    }
}

#[test]
fn hostile_names_stay_words_in_the_policy_commands() {
    let d = hostile_definitions();
    let dir = folder("policies");
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::write(dir.join("bin/rabbitmqctl"), RABBITMQCTL).unwrap();
    run(Command::new("chmod").args(["+x", "bin/rabbitmqctl"]).current_dir(&dir), "chmod");
    std::fs::write(dir.join("policies.sh"), export(&d, Format::Policies)).unwrap();
    let path =
        format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    run(Command::new("bash").arg("policies.sh").env("PATH", path).current_dir(&dir), "bash");
    nothing_else_ran(&dir, &["bin", "policies.sh", "calls.txt"]);
    let (calls, _) = read_calls(&dir.join("calls.txt"));
    // read_calls takes the first field as the method: here it is the first argument, in hex.
    let got: Vec<Vec<String>> = calls
        .into_iter()
        .map(|(first, rest)| {
            let first = String::from_utf8(
                (0..first.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&first[i..i + 2], 16).unwrap())
                    .collect(),
            )
            .unwrap();
            std::iter::once(first).chain(rest).collect()
        })
        .collect();
    let want: Vec<Vec<String>> = d
        .policies
        .iter()
        .map(|p| {
            let def = serde_json::to_string(&p.definition.to_json()).unwrap();
            ["set_policy", "--vhost", "/", "--priority", &p.priority.to_string(), "--apply-to"]
                .iter()
                .map(|s| s.to_string())
                .chain([p.apply_to.clone(), p.name.clone(), p.pattern.clone(), def])
                .collect()
        })
        .collect();
    assert_eq!(got, want);
}

/// Every line of the client code's note about policies stays one comment line: no line break
/// of any of the three languages (CR, LF, U+2028, U+2029, U+0085) is written inside it.
#[test]
fn the_policy_note_is_comment_lines_only() {
    let d = hostile_definitions();
    for (format, comment) in [(Format::Java, "//"), (Format::Amqplib, "//"), (Format::Pika, "#")] {
        let code = export(&d, format);
        let breaks = ['\r', '\u{2028}', '\u{2029}', '\u{85}', '\u{b}', '\u{c}'];
        assert!(!code.contains(breaks), "{format:?}: a line break other than LF in {code}");
        let notes = code.lines().filter(|l| l.contains("rabbitmqctl set_policy")).count();
        assert_eq!(notes, d.policies.len(), "{format:?}");
        for line in code.lines().filter(|l| l.contains("set_policy")) {
            assert!(line.starts_with(comment), "{format:?}: {line}");
            assert!(!line.contains("\\u"), "{format:?}: a \\u escape in a comment: {line}");
        }
    }
}

/// The repro of a shared link: a scenario's policy named to break out of the comment exports
/// code whose policy name is inert.
#[test]
fn a_shared_scenario_exports_inert_code() {
    let s: Value = json!({"version": 1, "title": "x", "duration_ms": 1000, "queues": [{"name": "a"}],
        "policies": [{"name": HOSTILE[0], "pattern": "^a$", "apply_to": "queues", "definition": {"max-length": 5}}]});
    let d = definitions_from_scenario(&s).unwrap();
    check_client(Format::Amqplib, &d, "link");
    check_client(Format::Pika, &d, "link");
}
