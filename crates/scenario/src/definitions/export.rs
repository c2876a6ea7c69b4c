//! A topology back out: definitions JSON for `rabbitmqctl import_definitions`, the
//! `rabbitmqctl set_policy` lines, and client code that declares the same topology
//! (Java amqp-client, Node amqplib, Python pika). Pure functions returning strings.

use serde_json::{json, Value};

use crate::engine::headers::{FieldTable, FieldValue};
use crate::scenario::definitions::{BindingDef, Definitions, ExchangeDef, PolicyDef, QueueDef};

/// The target of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Definitions,
    Policies,
    Java,
    Amqplib,
    Pika,
}

impl Format {
    /// Parses `definitions`, `policies`, `java`, `amqplib` or `pika`.
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "definitions" => Format::Definitions,
            "policies" => Format::Policies,
            "java" => Format::Java,
            "amqplib" => Format::Amqplib,
            "pika" => Format::Pika,
            _ => return None,
        })
    }
}

/// Exports `d` in `format`.
pub fn export(d: &Definitions, format: Format) -> String {
    match format {
        Format::Definitions => definitions_json(d),
        Format::Policies => policy_commands(d),
        Format::Java => java(d),
        Format::Amqplib => amqplib(d),
        Format::Pika => pika(d),
    }
}

fn exchange_json(x: &ExchangeDef) -> Value {
    json!({"name": x.name, "vhost": "/", "type": x.kind, "durable": x.durable, "auto_delete": x.auto_delete,
           "internal": x.internal, "arguments": x.arguments.to_json()})
}

fn queue_json(q: &QueueDef) -> Value {
    json!({"name": q.name, "vhost": "/", "durable": q.durable, "auto_delete": q.auto_delete, "arguments": q.arguments.to_json()})
}

fn binding_json(b: &BindingDef) -> Value {
    json!({"source": b.source, "vhost": "/", "destination": b.destination,
           "destination_type": if b.to_exchange { "exchange" } else { "queue" },
           "routing_key": b.routing_key, "arguments": b.arguments.to_json()})
}

fn policy_value(p: &PolicyDef) -> Value {
    json!({"pattern": p.pattern, "apply-to": p.apply_to, "definition": p.definition.to_json(), "priority": p.priority})
}

/// Definitions JSON for vhost `/` that `rabbitmqctl import_definitions` (and the HTTP API)
/// accept. Operator policies go where the broker's own export puts them, `parameters` of
/// component `operator_policy`, but with the definition as an object: 3.10 exports it as
/// `[key, value]` pairs and then refuses those pairs on import.
pub fn definitions_json(d: &Definitions) -> String {
    let policies: Vec<Value> = d
        .policies
        .iter()
        .filter(|p| !p.operator)
        .map(|p| {
            let mut v = policy_value(p);
            v["vhost"] = json!("/");
            v["name"] = json!(p.name);
            v
        })
        .collect();
    let parameters: Vec<Value> = d
        .policies
        .iter()
        .filter(|p| p.operator)
        .map(|p| json!({"vhost": "/", "component": "operator_policy", "name": p.name, "value": policy_value(p)}))
        .collect();
    let out = json!({
        "rabbitmq_version": d.rabbitmq_version.clone().unwrap_or_else(|| "3.10.8".into()),
        "vhosts": [{"name": "/"}],
        "exchanges": d.exchanges.iter().map(exchange_json).collect::<Vec<_>>(),
        "queues": d.queues.iter().map(queue_json).collect::<Vec<_>>(),
        "bindings": d.bindings.iter().map(binding_json).collect::<Vec<_>>(),
        "policies": policies,
        "parameters": parameters,
    });
    serde_json::to_string_pretty(&out).unwrap_or_default() + "\n"
}

/// Quotes a word for a shell (bash, zsh, ksh and POSIX 2024 `sh`). Printable text goes in
/// single quotes; a line break or any other control character, U+2028 and U+2029 go in
/// `$'…'` as the bytes of their UTF-8 (`$'\r'`, `$'\xe2\x80\xa8'`), and so does a backslash
/// before a `u`. So a quoted word holds no character that ends a `//` or `#` comment in Java,
/// JavaScript or Python, nor a `\u` that Java would read as an escape even in a comment, and
/// the client code's note that shows these lines stays a comment.
fn sh(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    let mut quoted = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let escape = match c {
            '\\' if chars.peek() == Some(&'u') => Some("\\\\".to_string()),
            '\n' => Some("\\n".to_string()),
            '\r' => Some("\\r".to_string()),
            '\t' => Some("\\t".to_string()),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                let mut bytes = [0; 4];
                Some(c.encode_utf8(&mut bytes).bytes().map(|b| format!("\\x{b:02x}")).collect())
            }
            _ => None,
        };
        match (escape, c) {
            (Some(e), _) => {
                if quoted {
                    out.push('\'');
                    quoted = false;
                }
                out += &format!("$'{e}'");
            }
            (None, '\'') => {
                if quoted {
                    out.push('\'');
                    quoted = false;
                }
                out += "\\'";
            }
            (None, c) => {
                if !quoted {
                    out.push('\'');
                    quoted = true;
                }
                out.push(c);
            }
        }
    }
    if quoted {
        out.push('\'');
    }
    if out.is_empty() {
        out += "''";
    }
    out
}

/// One `rabbitmqctl set_policy` (or `set_operator_policy`) line per policy.
pub fn policy_commands(d: &Definitions) -> String {
    let mut out = String::new();
    for p in &d.policies {
        let cmd = if p.operator { "set_operator_policy" } else { "set_policy" };
        let def = serde_json::to_string(&p.definition.to_json()).unwrap_or_default();
        out += &format!(
            "rabbitmqctl {cmd} --vhost / --priority {} --apply-to {} {} {} {}\n",
            p.priority,
            sh(&p.apply_to),
            sh(&p.name),
            sh(&p.pattern),
            sh(&def)
        );
    }
    out
}

/// A string literal valid in Java, JavaScript and Python: JSON's escapes, and U+0085, U+2028
/// and U+2029 escaped too, so no character any of the three (or an older JavaScript) reads
/// as a line break is written raw.
fn lit(s: &str) -> String {
    let json = serde_json::to_string(s).unwrap_or_default();
    if !json.contains(['\u{85}', '\u{2028}', '\u{2029}']) {
        return json;
    }
    json.replace('\u{85}', "\\u0085").replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

#[derive(Clone, Copy)]
enum Lang {
    Java,
    Js,
    Py,
}

fn value(v: &FieldValue, lang: Lang) -> String {
    match (v, lang) {
        (FieldValue::LongStr(s), _) => lit(s),
        (FieldValue::Int(n), _) => n.to_string(),
        (FieldValue::Long(n), Lang::Java) => format!("{n}L"),
        (FieldValue::Long(n), _) => n.to_string(),
        (FieldValue::Bool(b), Lang::Py) => if *b { "True" } else { "False" }.into(),
        (FieldValue::Bool(b), _) => b.to_string(),
        (FieldValue::Double(x), _) => format!("{x:?}"),
        (FieldValue::Timestamp(t), Lang::Java) => format!("new java.util.Date({t}000L)"),
        (FieldValue::Timestamp(t), Lang::Js) => format!("new Date({t}000)"),
        (FieldValue::Timestamp(t), Lang::Py) => {
            format!("datetime.datetime.fromtimestamp({t}, datetime.timezone.utc)")
        }
        (FieldValue::Void, Lang::Java) => "null".into(),
        (FieldValue::Void, Lang::Js) => "null".into(),
        (FieldValue::Void, Lang::Py) => "None".into(),
        (FieldValue::Array(a), lang) => {
            let items: Vec<String> = a.iter().map(|x| value(x, lang)).collect();
            match lang {
                Lang::Java => format!("java.util.List.of({})", items.join(", ")),
                _ => format!("[{}]", items.join(", ")),
            }
        }
        (FieldValue::Table(t), lang) => table(t, lang),
    }
}

fn table(t: &FieldTable, lang: Lang) -> String {
    match lang {
        Lang::Java if t.is_empty() => "null".into(),
        Lang::Java => {
            let puts: Vec<String> =
                t.0.iter().map(|(k, v)| format!("put({}, {});", lit(k), value(v, lang))).collect();
            format!("new java.util.LinkedHashMap<String, Object>() {{{{ {} }}}}", puts.join(" "))
        }
        Lang::Js => format!(
            "{{{}}}",
            t.0.iter()
                .map(|(k, v)| format!("{}: {}", lit(k), value(v, lang)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Lang::Py => format!(
            "{{{}}}",
            t.0.iter()
                .map(|(k, v)| format!("{}: {}", lit(k), value(v, lang)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn policy_note(d: &Definitions, comment: &str) -> String {
    if d.policies.is_empty() {
        return String::new();
    }
    let mut s = format!("{comment} Policies cannot be set by an AMQP client; set them with rabbitmqctl (or the HTTP API):\n");
    for line in policy_commands(d).lines() {
        s += &format!("{comment}   {line}\n");
    }
    s
}

/// Java (com.rabbitmq:amqp-client) code declaring the topology.
pub fn java(d: &Definitions) -> String {
    let mut s = String::from(
        "import com.rabbitmq.client.Channel;\nimport com.rabbitmq.client.Connection;\nimport com.rabbitmq.client.ConnectionFactory;\n\n",
    );
    s += &policy_note(d, "//");
    s += "public class DeclareTopology {\n    public static void main(String[] args) throws Exception {\n        ConnectionFactory factory = new ConnectionFactory();\n        factory.setUri(args.length > 0 ? args[0] : \"amqp://guest:guest@127.0.0.1:5672/\");\n        try (Connection connection = factory.newConnection(); Channel channel = connection.createChannel()) {\n";
    for x in &d.exchanges {
        s += &format!(
            "            channel.exchangeDeclare({}, {}, {}, {}, {}, {});\n",
            lit(&x.name),
            lit(&x.kind),
            x.durable,
            x.auto_delete,
            x.internal,
            table(&x.arguments, Lang::Java)
        );
    }
    for q in &d.queues {
        s += &format!(
            "            channel.queueDeclare({}, {}, false, {}, {});\n",
            lit(&q.name),
            q.durable,
            q.auto_delete,
            table(&q.arguments, Lang::Java)
        );
    }
    for b in &d.bindings {
        let f = if b.to_exchange { "exchangeBind" } else { "queueBind" };
        s += &format!(
            "            channel.{f}({}, {}, {}, {});\n",
            lit(&b.destination),
            lit(&b.source),
            lit(&b.routing_key),
            table(&b.arguments, Lang::Java)
        );
    }
    s += "        }\n    }\n}\n";
    s
}

/// Node.js (amqplib) code declaring the topology.
pub fn amqplib(d: &Definitions) -> String {
    let mut s = String::from("const amqp = require(\"amqplib\");\n\n");
    s += &policy_note(d, "//");
    s += "async function main(url = \"amqp://guest:guest@127.0.0.1:5672/\") {\n  const connection = await amqp.connect(url);\n  const ch = await connection.createChannel();\n";
    for x in &d.exchanges {
        s += &format!(
            "  await ch.assertExchange({}, {}, {{durable: {}, autoDelete: {}, internal: {}, arguments: {}}});\n",
            lit(&x.name), lit(&x.kind), x.durable, x.auto_delete, x.internal, table(&x.arguments, Lang::Js)
        );
    }
    for q in &d.queues {
        s += &format!(
            "  await ch.assertQueue({}, {{durable: {}, autoDelete: {}, arguments: {}}});\n",
            lit(&q.name),
            q.durable,
            q.auto_delete,
            table(&q.arguments, Lang::Js)
        );
    }
    for b in &d.bindings {
        let f = if b.to_exchange { "bindExchange" } else { "bindQueue" };
        s += &format!(
            "  await ch.{f}({}, {}, {}, {});\n",
            lit(&b.destination),
            lit(&b.source),
            lit(&b.routing_key),
            table(&b.arguments, Lang::Js)
        );
    }
    s += "  await ch.close();\n  await connection.close();\n}\n\nmain(process.argv[2]).catch((err) => { console.error(err); process.exit(1); });\n";
    s
}

/// Python (pika) code declaring the topology.
pub fn pika(d: &Definitions) -> String {
    let mut s = String::from("import datetime\nimport sys\n\nimport pika\n\n");
    s += &policy_note(d, "#");
    s += "url = sys.argv[1] if len(sys.argv) > 1 else \"amqp://guest:guest@127.0.0.1:5672/%2F\"\nconnection = pika.BlockingConnection(pika.URLParameters(url))\nch = connection.channel()\n";
    for x in &d.exchanges {
        s += &format!(
            "ch.exchange_declare(exchange={}, exchange_type={}, durable={}, auto_delete={}, internal={}, arguments={})\n",
            lit(&x.name), lit(&x.kind), py_bool(x.durable), py_bool(x.auto_delete), py_bool(x.internal), table(&x.arguments, Lang::Py)
        );
    }
    for q in &d.queues {
        s += &format!(
            "ch.queue_declare(queue={}, durable={}, auto_delete={}, arguments={})\n",
            lit(&q.name),
            py_bool(q.durable),
            py_bool(q.auto_delete),
            table(&q.arguments, Lang::Py)
        );
    }
    for b in &d.bindings {
        if b.to_exchange {
            s += &format!(
                "ch.exchange_bind(destination={}, source={}, routing_key={}, arguments={})\n",
                lit(&b.destination),
                lit(&b.source),
                lit(&b.routing_key),
                table(&b.arguments, Lang::Py)
            );
        } else {
            s += &format!(
                "ch.queue_bind(queue={}, exchange={}, routing_key={}, arguments={})\n",
                lit(&b.destination),
                lit(&b.source),
                lit(&b.routing_key),
                table(&b.arguments, Lang::Py)
            );
        }
    }
    s += "connection.close()\n";
    s
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}
