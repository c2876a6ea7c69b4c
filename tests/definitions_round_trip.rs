//! RabbitMQ definitions files out and back in: exported definitions and client code declare
//! the same topology, an imported file runs as a scenario with the same topology, and the one
//! `Topology` declares what it can and lists each refusal by its item.

use std::path::Path;

use dlx_lab::engine::{Engine, RABBITMQ_3_10, RABBITMQ_4};
use dlx_lab::scenario::definitions::export::{export, Format};
use dlx_lab::scenario::definitions::{build, parse_definitions, Definitions, QueueReport};
use dlx_lab::scenario::model::topology_def::{Item, Topology};
use serde_json::json;

#[path = "support/definitions_kit.rs"]
mod definitions_kit;

use definitions_kit::{load, rec, reports, scenario_defs};

fn topology(d: &Definitions) -> (Vec<String>, Vec<String>, Vec<String>, Vec<String>) {
    let mut x: Vec<String> = d.exchanges.iter().map(|e| format!("{e:?}")).collect();
    let mut q: Vec<String> = d.queues.iter().map(|e| format!("{e:?}")).collect();
    let mut b: Vec<String> = d.bindings.iter().map(|e| format!("{e:?}")).collect();
    let mut p: Vec<String> = d.policies.iter().map(|e| format!("{e:?}")).collect();
    for v in [&mut x, &mut q, &mut b, &mut p] {
        v.sort();
    }
    (x, q, b, p)
}

#[test]
fn exported_definitions_read_back_as_the_same_topology() {
    let shop = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/definitions/shop.json"));
    for d in [
        shop,
        load(&rec().join("example_definitions.json")),
        scenario_defs("k2_arg_overrides_policy_dlx"),
    ] {
        let again = parse_definitions(&export(&d, Format::Definitions)).unwrap();
        assert_eq!(topology(&again), topology(&d));
        assert_eq!(reports(&again, &RABBITMQ_3_10), reports(&d, &RABBITMQ_3_10));
    }
}

#[test]
fn policies_and_client_code_declare_the_same_topology() {
    let d = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/definitions/shop.json"));
    let policies = export(&d, Format::Policies);
    assert!(policies.contains(r#"rabbitmqctl set_policy --vhost / --priority 1 --apply-to 'queues' 'shop-payments' '^shop\.payments$' '{"dead-letter-exchange":"shop.dlx","max-length":5000,"message-ttl":30000}'"#), "{policies}");
    assert!(
        policies.contains(
            "rabbitmqctl set_operator_policy --vhost / --priority 0 --apply-to 'queues' 'shop-cap'"
        ),
        "{policies}"
    );
    let java = export(&d, Format::Java);
    assert!(java.contains(r#"channel.queueDeclare("shop.orders", true, false, false, new java.util.LinkedHashMap<String, Object>() {{ put("x-dead-letter-exchange", "shop.dlx"); put("x-dead-letter-routing-key", "orders"); put("x-queue-type", "quorum"); }});"#), "{java}");
    assert!(
        java.contains(r##"channel.exchangeBind("shop.audit", "shop.in", "#", null);"##),
        "{java}"
    );
    let js = export(&d, Format::Amqplib);
    assert!(js.contains(r#"await ch.assertQueue("shop.payments", {durable: true, autoDelete: false, arguments: {"x-max-length": 1000, "x-message-ttl": 60000}});"#), "{js}");
    assert!(
        js.contains(r#"await ch.bindQueue("shop.orders.dlq", "shop.dlx", "orders", {});"#),
        "{js}"
    );
    let py = export(&d, Format::Pika);
    assert!(py.contains(r#"ch.exchange_declare(exchange="shop.retry", exchange_type="direct", durable=True, auto_delete=False, internal=False, arguments={"alternate-exchange": "shop.audit"})"#), "{py}");
    assert!(py.contains(r#"ch.queue_bind(queue="shop.wait", exchange="shop.retry", routing_key="shop.wait", arguments={})"#), "{py}");
    for code in [&java, &js, &py] {
        assert!(code.matches("shop.").count() > 20);
        assert!(code.contains("set_policy"), "client code mentions the policies it cannot set");
    }
}

/// Queues with their effective settings, and each exchange's bindings, as one engine holds them.
fn engine_topology(e: &dlx_lab::engine::Engine) -> (Vec<QueueReport>, Vec<String>) {
    use dlx_lab::scenario::definitions::queue_report;
    let queues =
        e.queues().map(|q| queue_report(&q.name, q.kind, &q.arguments, &q.effective)).collect();
    let mut bindings: Vec<String> =
        e.exchanges().map(|x| format!("{} {:?} {:?}", x.name, x.kind, x.bindings)).collect();
    bindings.sort();
    (queues, bindings)
}

#[test]
fn an_imported_definitions_file_runs_as_a_scenario_with_the_same_topology() {
    use dlx_lab::scenario::definitions::import::{
        definitions_from_scenario, scenario_from_definitions,
    };
    use dlx_lab::scenario::{Run, Scenario};
    let shop = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/definitions/shop.json"));
    for d in [
        shop,
        load(&rec().join("example_definitions.json")),
        scenario_defs("k2_arg_overrides_policy_dlx"),
    ] {
        let imported = scenario_from_definitions(&d, "Imported");
        assert!(imported.warnings.starts_with(&d.warnings), "the file's warnings are carried");
        let scenario = Scenario::from_json(imported.json.clone()).unwrap();
        assert_eq!(scenario.profile.name, imported.profile.name);
        let run = Run::new(&scenario).unwrap_or_else(|e| panic!("{e}"));
        let direct = build(&d, imported.profile);
        assert!(direct.refused.is_empty(), "{:?}", direct.refused);
        assert_eq!(engine_topology(run.engine()), engine_topology(&direct.engine));
        // And back: the scenario's topology exports as the same definitions.
        let back = definitions_from_scenario(&imported.json).unwrap();
        assert_eq!(reports(&back, imported.profile), reports(&d, imported.profile));
    }
    let example = load(&rec().join("example_definitions.json"));
    assert_eq!(scenario_from_definitions(&example, "x").profile.name, "rabbitmq-3.10");
}

#[test]
fn a_scenario_with_a_policy_exports_its_set_policy_line() {
    use dlx_lab::scenario::definitions::import::definitions_from_scenario;
    let s = json!({"version": 1, "queues": [{"name": "work.q", "arguments": {}}],
                   "policies": [{"name": "p", "pattern": "^work", "definition": {"message-ttl": 5000}}]});
    let out = export(&definitions_from_scenario(&s).unwrap(), Format::Policies);
    assert!(out.contains(r#"rabbitmqctl set_policy --vhost / --priority 0 --apply-to 'queues' 'p' '^work' '{"message-ttl":5000}'"#), "{out}");
}

#[test]
fn a_topology_declares_what_it_can_and_names_each_refusal() {
    let t = Topology::from_scenario(&json!({
        "exchanges": [{"name": "dlx", "type": "fanout"}, {"name": "odd", "type": "x-weird"}],
        "queues": [
            {"name": "work", "arguments": {"x-dead-letter-exchange": "dlx"}},
            {"name": "bad", "arguments": {"x-overflow": "sideways"}}
        ],
        "bindings": [{"exchange": "dlx", "queue": "work"}, {"exchange": "nowhere", "queue": "work"}]
    }))
    .unwrap();
    let mut e = Engine::new(&RABBITMQ_4);
    let refused = t.apply(&mut e);
    let items: Vec<Item> = refused.iter().map(|r| r.item).collect();
    assert_eq!(items, [Item::Exchange(1), Item::Queue(1), Item::Binding(1)], "{refused:?}");
    assert_eq!(t.path(Item::Binding(1)), "$.bindings[1]");
    assert!(e.queue("work").is_some() && e.queue("bad").is_none());
    // What is simulated leaves the unknown exchange type out instead of refusing it.
    let simulated = t.simulated();
    assert_eq!(simulated.exchanges.len(), 1);
    let kept = t.without(&refused);
    assert_eq!((kept.exchanges.len(), kept.queues.len(), kept.bindings.len()), (1, 1, 1));
    assert!(kept.apply(&mut Engine::new(&RABBITMQ_4)).is_empty());
    // Read back from its own scenario lists, a topology is unchanged.
    let mut doc = json!({});
    for (key, list) in kept.scenario_lists() {
        doc[key] = list;
    }
    assert_eq!(Topology::from_scenario(&doc).unwrap(), kept);
    // A bad field names its path, before anything is declared.
    let err = Topology::from_scenario(&json!({"queues": [{"name": 3}]})).unwrap_err();
    assert!(err.to_string().contains("$.queues[0].name"), "{err}");
}
