//! Random topologies and random command sequences: after every step no message copy is lost
//! or duplicated (each is ready, held back, held, unacked or in transit, or was finished with an
//! event).

use dlx_lab::engine::rng::SimRng;
use dlx_lab::engine::{
    Engine, EventKind, FieldTable, Profile, Properties, Publish, SimTime, RABBITMQ_3_10, RABBITMQ_4,
};
use dlx_lab::scenario::clients::scripted_consumer::Behaviour;
use dlx_lab::scenario::clients::ScriptedClients;
use serde_json::json;

const QUEUES: [&str; 5] = ["q0", "q1", "q2", "q3", "q4"];
const EXCHANGES: [&str; 3] = ["x0", "x1", "x2"];

fn pick<'a>(r: &mut SimRng, xs: &[&'a str]) -> &'a str {
    xs[r.below(xs.len() as u64) as usize]
}

fn random_queue_args(r: &mut SimRng) -> FieldTable {
    let mut m = serde_json::Map::new();
    if r.below(2) == 0 {
        m.insert("x-queue-type".into(), json!("quorum"));
        if r.below(2) == 0 {
            m.insert("x-delivery-limit".into(), json!(r.below(4)));
        }
        if r.below(3) == 0 {
            m.insert("x-dead-letter-strategy".into(), json!("at-least-once"));
            m.insert("x-overflow".into(), json!("reject-publish"));
        }
        if r.below(3) == 0 {
            // 4.3 delayed retry (ignored by the 3.10 profile).
            m.insert(
                "x-delayed-retry-type".into(),
                json!(["all", "failed", "returned"][r.below(3) as usize]),
            );
            m.insert("x-delayed-retry-min".into(), json!(r.below(30) + 1));
            if r.below(2) == 0 {
                m.insert("x-delayed-retry-max".into(), json!(r.below(60) + 1));
            }
        }
    } else if r.below(3) == 0 {
        m.insert("x-max-priority".into(), json!(r.below(5) + 1));
    }
    if r.below(3) > 0 {
        let dlx =
            if r.below(6) == 0 { "missing".to_string() } else { pick(r, &EXCHANGES).to_string() };
        m.insert("x-dead-letter-exchange".into(), json!(dlx));
        if r.below(2) == 0 {
            m.insert("x-dead-letter-routing-key".into(), json!(pick(r, &QUEUES)));
        }
    }
    if r.below(2) == 0 {
        m.insert("x-message-ttl".into(), json!(r.below(50)));
    }
    if r.below(3) == 0 {
        m.insert("x-max-length".into(), json!(r.below(4)));
        if !m.contains_key("x-overflow") && r.below(2) == 0 {
            m.insert(
                "x-overflow".into(),
                json!(["drop-head", "reject-publish", "reject-publish-dlx"][r.below(3) as usize]),
            );
        }
    }
    FieldTable::from_json(&serde_json::Value::Object(m), "args").unwrap()
}

fn check(e: &Engine, what: &str) {
    assert_eq!(
        e.census() as i64,
        e.live_copies(),
        "after {what} at {}: copies found in queues/channels/transit differ from copies created minus finished",
        e.now()
    );
}

fn run(profile: &'static Profile, seed: u64) {
    let mut r = SimRng::new(seed);
    let mut e = Engine::new(profile);
    let mut a = ScriptedClients::new(seed);
    for x in EXCHANGES {
        let kind = ["direct", "fanout", "topic"][r.below(3) as usize];
        e.declare_exchange(x, kind, true, false, FieldTable::new()).unwrap();
    }
    for q in QUEUES {
        let _ = e.declare_queue(q, true, random_queue_args(&mut r));
    }
    for _ in 0..8 {
        let _ = e.bind_queue(
            pick(&mut r, &QUEUES),
            pick(&mut r, &EXCHANGES),
            pick(&mut r, &QUEUES),
            FieldTable::new(),
        );
    }
    for i in 0..300u32 {
        let what = match r.below(12) {
            0..=3 => {
                let mut props = Properties::default();
                if r.below(3) == 0 {
                    props.expiration = Some(r.below(40).to_string());
                }
                if r.below(4) == 0 {
                    props.priority = Some(r.below(8) as u8);
                }
                if r.below(5) == 0 {
                    props.headers = FieldTable::from_json(
                        &json!({"CC": [pick(&mut r, &QUEUES)], "BCC": [pick(&mut r, &QUEUES)]}),
                        "h",
                    )
                    .unwrap();
                }
                let ex = if r.below(3) == 0 { "" } else { pick(&mut r, &EXCHANGES) };
                let _ = e.publish(Publish {
                    exchange: ex.into(),
                    routing_key: pick(&mut r, &QUEUES).into(),
                    body: format!("m{i}"),
                    props,
                    mandatory: false,
                });
                "publish"
            }
            4 | 5 => {
                let _ = e.basic_get(1 + r.below(2) as u32, pick(&mut r, &QUEUES), r.below(4) == 0);
                "get"
            }
            6 | 7 => {
                let ch = 1 + r.below(2) as u32;
                if let Some((tag, _)) =
                    e.unacked(ch).get(r.below(3) as usize).map(|(t, u)| (*t, u.queue))
                {
                    let _ = match r.below(4) {
                        0 => e.ack(ch, tag, r.below(2) == 0),
                        1 => e.nack(ch, tag, r.below(2) == 0, r.below(2) == 0),
                        _ => e.reject(ch, tag, r.below(3) == 0),
                    };
                }
                "settle"
            }
            8 => {
                e.close_channel(1 + r.below(2) as u32);
                "close_channel"
            }
            9 => {
                let b = match r.below(3) {
                    0 => Behaviour::Ack { work_ms: r.below(10) },
                    1 => Behaviour::FailPercent {
                        percent: 50,
                        work_ms: r.below(10),
                        requeue: r.below(2) == 0,
                    },
                    _ => Behaviour::CrashAfter { deliveries: 2, work_ms: 3 },
                };
                let _ = a.consume(
                    &mut e,
                    3 + r.below(3) as u32,
                    pick(&mut r, &QUEUES),
                    r.below(3) as u32,
                    false,
                    b,
                );
                "consume"
            }
            10 => {
                match r.below(3) {
                    0 => {
                        let _ = e.purge_queue(pick(&mut r, &QUEUES));
                    }
                    1 => {
                        let _ = e.delete_queue(pick(&mut r, &QUEUES));
                    }
                    _ => {
                        let q = pick(&mut r, &QUEUES);
                        let _ = e.declare_queue(q, true, random_queue_args(&mut r));
                    }
                }
                "purge/delete/declare"
            }
            _ => {
                let t = e.now().plus_ms(r.below(60));
                a.step_until_bounded(&mut e, t, 100_000);
                "time passing"
            }
        };
        check(&e, what);
        // Fire due timers one by one, checking after each.
        let now = e.now();
        let mut n = 0;
        while e.next_event_at().map(|t| t <= now).unwrap_or(false) && n < 10_000 {
            a.step(&mut e);
            n += 1;
            check(&e, "a timer");
        }
    }
    let end = e.now().plus_ms(400_000);
    a.step_until_bounded(&mut e, end, 1_000_000);
    check(&e, "the end");
    // Every copy that finished has an event saying how.
    let finished = e
        .events()
        .iter()
        .filter(|ev| matches!(ev.kind, EventKind::Acked { .. } | EventKind::Dropped(_)))
        .count();
    assert!(finished > 0, "a random run of 300 commands should finish some copies");
}

#[test]
fn no_copy_is_lost_under_random_commands_rabbitmq_4() {
    for seed in 0..seeds() {
        run(&RABBITMQ_4, seed);
    }
}

#[test]
fn no_copy_is_lost_under_random_commands_rabbitmq_3_10() {
    for seed in 100..100 + seeds() {
        run(&RABBITMQ_3_10, seed);
    }
}

/// Topologies per profile: 40, or `DLX_PROPERTY_SEEDS` for a deeper search.
fn seeds() -> u64 {
    std::env::var("DLX_PROPERTY_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(40)
}

#[test]
fn an_undetected_zero_ttl_loop_advances_only_as_far_as_asked() {
    // 3.10 never detects main -> wait -> main entered by a rejection (conformance rule 3);
    // with zero TTLs the loop runs at one instant forever. The engine must stop on budget.
    let mut e = Engine::new(&RABBITMQ_3_10);
    let t = |v| FieldTable::from_json(&v, "a").unwrap();
    e.declare_exchange("main.x", "direct", true, false, FieldTable::new()).unwrap();
    e.declare_exchange("dlx", "fanout", true, false, FieldTable::new()).unwrap();
    e.declare_queue("main", true, t(json!({"x-dead-letter-exchange": "dlx", "x-message-ttl": 0})))
        .unwrap();
    e.declare_queue(
        "wait",
        true,
        t(json!({"x-dead-letter-exchange": "main.x", "x-message-ttl": 0})),
    )
    .unwrap();
    e.bind_queue("main", "main.x", "k", FieldTable::new()).unwrap();
    e.bind_queue("wait", "dlx", "", FieldTable::new()).unwrap();
    e.consume(1, "main", 1, false, false).unwrap();
    e.publish(Publish {
        exchange: "main.x".into(),
        routing_key: "k".into(),
        body: "m".into(),
        ..Default::default()
    })
    .unwrap();
    e.cancel(1).unwrap();
    e.reject(1, 1, false).unwrap();
    let outcome = e.step_until_bounded(SimTime::from_ms(10), 20_000);
    assert_eq!(outcome, dlx_lab::engine::StepOutcome::BudgetExhausted);
    assert_eq!(e.now(), SimTime::ZERO, "the clock must not jump past a loop it could not finish");
    check(&e, "a bounded loop");
}

#[test]
fn a_delivery_from_a_deleted_queue_is_gone_even_if_the_name_is_declared_again() {
    for profile in [&RABBITMQ_3_10, &RABBITMQ_4] {
        let mut e = Engine::new(profile);
        let t = |v: serde_json::Value| FieldTable::from_json(&v, "args").unwrap();
        e.declare_queue("q", true, t(json!({"x-max-priority": 5}))).unwrap();
        let props = Properties { priority: Some(5), ..Default::default() };
        e.publish(Publish {
            exchange: String::new(),
            routing_key: "q".into(),
            body: "m".into(),
            props,
            mandatory: false,
        })
        .unwrap();
        let d = e.basic_get(1, "q", false).unwrap().expect("delivered");
        e.delete_queue("q").unwrap();
        // Another queue of the same name, without priorities.
        e.declare_queue("q", true, FieldTable::new()).unwrap();
        e.nack(1, d.tag, false, true).unwrap();
        check(&e, "the return");
        assert_eq!(
            e.queue("q").unwrap().ready_len(),
            0,
            "{}: the new queue never had it",
            profile.name
        );
        assert!(matches!(
            e.events().last().map(|ev| ev.kind),
            Some(EventKind::Dropped(dlx_lab::engine::DropRule::QueueGone { .. }))
        ));
    }
}
