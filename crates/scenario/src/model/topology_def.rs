//! One topology model: the exchanges, queues, bindings and policies of a scenario or of a
//! RabbitMQ definitions file, read once with JSON-path errors, and declared on an engine in one
//! place ([`Topology::apply`]) in the order the broker's `import_definitions` uses.

use serde_json::{json, Value};

use super::error::ScenarioError;
use super::json::Obj;
use super::limits;
use crate::engine::commands::PolicySpec;
use crate::engine::headers::{FieldTable, FieldValue};
use crate::engine::{AmqpError, Engine};
use crate::scenario::model::subject::{Refusal, Subject};

/// An exchange as declared.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeDef {
    pub name: String,
    pub kind: String,
    pub durable: bool,
    pub auto_delete: bool,
    pub internal: bool,
    pub arguments: FieldTable,
}

/// A queue as declared; `arguments` carries `x-queue-type` for every non-classic queue.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueDef {
    pub name: String,
    pub durable: bool,
    pub auto_delete: bool,
    pub arguments: FieldTable,
}

impl QueueDef {
    /// `classic`, `quorum` or `stream`.
    pub fn queue_type(&self) -> &str {
        self.arguments.get("x-queue-type").and_then(FieldValue::as_str).unwrap_or("classic")
    }
}

/// A binding to a queue or (`to_exchange`) to an exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct BindingDef {
    pub source: String,
    pub destination: String,
    pub to_exchange: bool,
    pub routing_key: String,
    pub arguments: FieldTable,
}

/// A policy or (`operator`) an operator policy.
#[derive(Debug, Clone, PartialEq)]
pub struct PolicyDef {
    pub name: String,
    pub pattern: String,
    pub apply_to: String,
    pub priority: i64,
    pub definition: FieldTable,
    pub operator: bool,
}

/// Exchange types the engine simulates.
pub const SIMULATED_EXCHANGE_TYPES: [&str; 4] = ["direct", "fanout", "topic", "headers"];

/// The topology of one virtual host.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Topology {
    pub exchanges: Vec<ExchangeDef>,
    pub queues: Vec<QueueDef>,
    pub bindings: Vec<BindingDef>,
    pub policies: Vec<PolicyDef>,
}

/// One declaration of a [`Topology`], by its index in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Exchange(usize),
    Queue(usize),
    Binding(usize),
    Policy(usize),
}

/// A declaration the engine refused, with the broker's error.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    pub item: Item,
    pub error: AmqpError,
}

/// The subject of messages about a binding.
pub fn binding_subject(b: &BindingDef) -> Subject {
    Subject::Binding {
        source: b.source.clone(),
        destination: b.destination.clone(),
        routing_key: b.routing_key.clone(),
    }
}

fn list<'a>(json: &'a Value, key: &str) -> Result<Vec<Obj<'a>>, ScenarioError> {
    json.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, v)| Obj::new(v, format!("$.{key}[{i}]")))
        .collect()
}

impl Topology {
    /// Reads the topology of scenario JSON (format v1): every error names its JSON path
    /// (`$.queues[2].arguments.x-message-ttl`).
    pub fn from_scenario(json: &Value) -> Result<Topology, ScenarioError> {
        Obj::new(json, "$")?;
        limits::check_scenario(json)?;
        let mut t = Topology::default();
        for x in list(json, "exchanges")? {
            t.exchanges.push(ExchangeDef {
                name: x.str("name")?.to_string(),
                kind: x.str_or("type", "direct")?.to_string(),
                durable: x.bool_or("durable", true)?,
                auto_delete: x.bool_or("auto_delete", false)?,
                internal: false,
                arguments: x.table("arguments")?,
            });
        }
        for q in list(json, "queues")? {
            t.queues.push(QueueDef {
                name: q.str("name")?.to_string(),
                durable: q.bool_or("durable", true)?,
                auto_delete: false,
                arguments: q.table("arguments")?,
            });
        }
        for b in list(json, "bindings")? {
            let to_exchange = b.map.get("to_exchange").is_some();
            t.bindings.push(BindingDef {
                source: b.str("exchange")?.to_string(),
                destination: if to_exchange { b.str("to_exchange")? } else { b.str("queue")? }
                    .to_string(),
                to_exchange,
                routing_key: b.str_or("routing_key", "")?.to_string(),
                arguments: b.table("arguments")?,
            });
        }
        for p in list(json, "policies")? {
            t.policies.push(PolicyDef {
                name: p.str("name")?.to_string(),
                pattern: p.str("pattern")?.to_string(),
                apply_to: p.str_or("apply_to", "queues")?.to_string(),
                priority: p.i64_or("priority", 0)?,
                definition: p.table("definition")?,
                operator: p.bool_or("operator", false)?,
            });
        }
        limits::check_topology(&t)?;
        Ok(t)
    }

    /// What the engine simulates: exchanges of the simulated types other than the default and
    /// `amq.*` ones (which every broker has), and the bindings whose source is not an exchange
    /// of another type.
    pub fn simulated(&self) -> Topology {
        let simulated = |kind: &str| SIMULATED_EXCHANGE_TYPES.contains(&kind);
        let source_ok = |b: &BindingDef| {
            self.exchanges.iter().find(|x| x.name == b.source).is_none_or(|x| simulated(&x.kind))
        };
        Topology {
            exchanges: self
                .exchanges
                .iter()
                .filter(|x| simulated(&x.kind) && !x.name.is_empty() && !x.name.starts_with("amq."))
                .cloned()
                .collect(),
            queues: self.queues.clone(),
            bindings: self.bindings.iter().filter(|b| source_ok(b)).cloned().collect(),
            policies: self.policies.clone(),
        }
    }

    /// Declares everything on `e`: exchanges, queues, bindings, then policies. A refused
    /// declaration does not stop the others; every refusal is returned, in order.
    pub fn apply(&self, e: &mut Engine) -> Vec<Refused> {
        let mut refused = Vec::new();
        let mut note = |item: Item, r: Result<(), AmqpError>| {
            if let Err(error) = r {
                refused.push(Refused { item, error });
            }
        };
        for (i, x) in self.exchanges.iter().enumerate() {
            let r =
                e.declare_exchange(&x.name, &x.kind, x.durable, x.auto_delete, x.arguments.clone());
            note(Item::Exchange(i), r.map(drop));
        }
        for (i, q) in self.queues.iter().enumerate() {
            note(
                Item::Queue(i),
                e.declare_queue(&q.name, q.durable, q.arguments.clone()).map(drop),
            );
        }
        for (i, b) in self.bindings.iter().enumerate() {
            let (d, s, rk, args) = (&b.destination, &b.source, &b.routing_key, b.arguments.clone());
            let r = if b.to_exchange {
                e.bind_exchange(d, s, rk, args)
            } else {
                e.bind_queue(d, s, rk, args)
            };
            note(Item::Binding(i), r.map(drop));
        }
        let specs = self.policies.iter().map(|p| PolicySpec {
            name: &p.name,
            pattern: &p.pattern,
            definition: p.definition.clone(),
            priority: p.priority,
            apply_to: &p.apply_to,
            operator: p.operator,
        });
        for (i, r) in e.set_policies(specs).into_iter().enumerate() {
            note(Item::Policy(i), r);
        }
        refused
    }

    /// The topology without the `refused` declarations.
    pub fn without(&self, refused: &[Refused]) -> Topology {
        let kept = |item: Item| !refused.iter().any(|r| r.item == item);
        fn keep<T: Clone>(v: &[T], f: impl Fn(usize) -> bool) -> Vec<T> {
            v.iter().enumerate().filter(|(i, _)| f(*i)).map(|(_, t)| t.clone()).collect()
        }
        Topology {
            exchanges: keep(&self.exchanges, |i| kept(Item::Exchange(i))),
            queues: keep(&self.queues, |i| kept(Item::Queue(i))),
            bindings: keep(&self.bindings, |i| kept(Item::Binding(i))),
            policies: keep(&self.policies, |i| kept(Item::Policy(i))),
        }
    }

    /// The JSON path of `item` in scenario JSON (`$.bindings[3]`).
    pub fn path(&self, item: Item) -> String {
        match item {
            Item::Exchange(i) => format!("$.exchanges[{i}]"),
            Item::Queue(i) => format!("$.queues[{i}]"),
            Item::Binding(i) => format!("$.bindings[{i}]"),
            Item::Policy(i) => format!("$.policies[{i}]"),
        }
    }

    /// What messages about `item` name.
    pub fn subject(&self, item: Item) -> Subject {
        match item {
            Item::Exchange(i) => Subject::Exchange(self.exchanges[i].name.clone()),
            Item::Queue(i) => Subject::Queue(self.queues[i].name.clone()),
            Item::Binding(i) => binding_subject(&self.bindings[i]),
            Item::Policy(i) => {
                let p = &self.policies[i];
                Subject::Policy { name: p.name.clone(), operator: p.operator }
            }
        }
    }

    /// A refusal as the definitions report and warnings word it.
    pub fn refusal(&self, r: &Refused) -> Refusal {
        Refusal { subject: self.subject(r.item), error: r.error.to_string() }
    }

    /// The topology as the four lists of scenario JSON (format v1), in the order
    /// [`Topology::from_scenario`] reads back unchanged.
    pub fn scenario_lists(&self) -> [(&'static str, Value); 4] {
        let xs = self.exchanges.iter().map(|x| {
            json!({"name": x.name, "type": x.kind, "durable": x.durable,
                   "auto_delete": x.auto_delete, "arguments": x.arguments.to_json()})
        });
        let qs = self.queues.iter().map(
            |q| json!({"name": q.name, "durable": q.durable, "arguments": q.arguments.to_json()}),
        );
        let bs = self.bindings.iter().map(|b| {
            let dest = if b.to_exchange { "to_exchange" } else { "queue" };
            json!({"exchange": b.source, dest: b.destination, "routing_key": b.routing_key,
                   "arguments": b.arguments.to_json()})
        });
        let ps = self.policies.iter().map(|p| {
            json!({"name": p.name, "pattern": p.pattern, "definition": p.definition.to_json(),
                   "priority": p.priority, "apply_to": p.apply_to, "operator": p.operator})
        });
        [
            ("exchanges", Value::Array(xs.collect())),
            ("queues", Value::Array(qs.collect())),
            ("bindings", Value::Array(bs.collect())),
            ("policies", Value::Array(ps.collect())),
        ]
    }
}
