//! Actions by hand: written into the timeline at the moment they were taken, they replay
//! exactly there on every run of the scenario.

use dlx_lab::engine::event::EventKind;
use dlx_lab::engine::SimTime;
use dlx_lab::scenario::playground::hand_action::{with_hand_action, HandAction};
use dlx_lab::scenario::{playground::presets, Run, Scenario};

fn played(s: &Scenario) -> Run {
    let mut r = Run::new(s).unwrap();
    r.advance_to(r.end()).unwrap();
    r
}

#[test]
fn a_publish_by_hand_happens_at_its_moment_with_its_ttl() {
    let base = presets::preset("four-reasons").unwrap();
    let act = HandAction::Publish {
        exchange: "app".into(),
        routing_key: "let-me-expire".into(),
        expiration_ms: Some(50),
    };
    let s = Scenario::from_json(with_hand_action(&base.json, 1234, &act).unwrap()).unwrap();
    let r = played(&s);
    let by_hand: Vec<_> = r
        .engine()
        .events()
        .iter()
        .filter(|e| {
            e.at_us == SimTime::from_ms(1234) && matches!(e.kind, EventKind::Published { .. })
        })
        .collect();
    assert_eq!(by_hand.len(), 1);
    let lineage = by_hand[0].lineage;
    // The 50 ms expiration (shorter than the queue's TTL) decides when it dies.
    let died = r
        .engine()
        .events()
        .iter()
        .find(|e| e.lineage == lineage && matches!(e.kind, EventKind::Died { .. }))
        .expect("it dies");
    assert_eq!(died.at_us, SimTime::from_ms(1284));
    // The timeline stays in time order: the new step sits after every earlier one.
    let times: Vec<u64> = s.json["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["at_ms"].as_u64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
}

#[test]
fn a_replay_takes_the_head_of_the_dlq_back_to_work_and_a_purge_empties_a_queue() {
    let base = presets::preset("main-queue-dlq").unwrap();
    let before = played(&base);
    let dlq_at = |r: &Run| {
        r.engine().queues().find(|q| &*q.name == "main-dlq").map(|q| q.ready_len()).unwrap()
    };
    let n = dlq_at(&before);
    assert!(n >= 1, "the preset dead-letters something");
    let end_ms = base.duration_ms - 1;
    let replay = HandAction::Replay {
        queue: "main-dlq".into(),
        exchange: "orders".into(),
        routing_key: "order.created".into(),
        to_origin: false,
    };
    let s = Scenario::from_json(with_hand_action(&base.json, end_ms, &replay).unwrap()).unwrap();
    let r = played(&s);
    assert_eq!(dlq_at(&r), n - 1);
    let republished = r
        .engine()
        .events()
        .iter()
        .filter(|e| {
            e.at_us == SimTime::from_ms(end_ms) && matches!(e.kind, EventKind::Published { .. })
        })
        .count();
    assert_eq!(republished, 1);
    let purge = HandAction::Purge { queue: "main-dlq".into() };
    let s = Scenario::from_json(with_hand_action(&base.json, end_ms, &purge).unwrap()).unwrap();
    assert_eq!(dlq_at(&played(&s)), 0);
}

#[test]
fn a_scenario_that_is_not_an_object_takes_no_action() {
    let act = HandAction::Purge { queue: "q".into() };
    assert_eq!(with_hand_action(&serde_json::json!([1, 2]), 0, &act), None);
    assert_eq!(with_hand_action(&serde_json::json!({"timeline": 5}), 0, &act), None);
    let v = with_hand_action(&serde_json::json!({"timeline": null}), 7, &act).unwrap();
    assert_eq!(v["timeline"][0]["op"], "purge_queue");
}

#[test]
fn names_are_checked_against_the_topology_and_errors_name_the_field() {
    let xs = vec!["app".to_string()];
    let qs = vec!["dlq".to_string()];
    let publish = |x: &str| HandAction::Publish {
        exchange: x.into(),
        routing_key: "k".into(),
        expiration_ms: None,
    };
    assert_eq!(publish("app").check(&xs, &qs), Ok(()));
    assert_eq!(publish("").check(&xs, &qs), Ok(()), "the default exchange");
    assert_eq!(
        publish("nope").check(&xs, &qs).unwrap_err().to_string(),
        "exchange: no exchange is named 'nope'"
    );
    let purge = HandAction::Purge { queue: "dl".into() };
    assert_eq!(purge.check(&xs, &qs).unwrap_err().to_string(), "queue: no queue is named 'dl'");
    let replay = |to_origin| HandAction::Replay {
        queue: "dlq".into(),
        exchange: "apx".into(),
        routing_key: String::new(),
        to_origin,
    };
    assert!(matches!(
        replay(false).check(&xs, &qs),
        Err(dlx_lab::scenario::playground::hand_action::HandActionError::UnknownExchange(_))
    ));
    // Back to where it first died: the typed exchange plays no part.
    assert_eq!(replay(true).check(&xs, &qs), Ok(()));
    assert_eq!(dlx_lab::scenario::playground::hand_action::expiration(" 250 "), Ok(Some(250)));
    assert_eq!(dlx_lab::scenario::playground::hand_action::expiration(""), Ok(None));
    assert!(
        dlx_lab::scenario::playground::hand_action::expiration("-1").is_err()
            && dlx_lab::scenario::playground::hand_action::expiration("1.5").is_err()
    );
}

#[test]
fn a_policy_set_by_hand_applies_from_its_moment_and_a_refusal_reads_as_the_broker_wrote_it() {
    use dlx_lab::scenario::playground::hand_action::{definition, refusal};
    let base = presets::preset("main-queue-dlq").unwrap();
    let def = definition(r#"{"message-ttl": 100}"#).unwrap();
    let act = HandAction::SetPolicy {
        name: "short".into(),
        pattern: "^main-queue$".into(),
        definition: def,
    };
    let s = Scenario::from_json(with_hand_action(&base.json, 2000, &act).unwrap()).unwrap();
    let mut r = Run::new(&s).unwrap();
    r.advance_to(SimTime::from_ms(1999)).unwrap();
    let ttl = |r: &Run| {
        r.engine()
            .queue("main-queue")
            .unwrap()
            .effective
            .message_ttl_ms
            .clone()
            .map(|t| (t.value, t.source.to_string()))
    };
    assert_eq!(ttl(&r), Some((60_000, "argument".to_string())));
    r.advance_to(SimTime::from_ms(2000)).unwrap();
    assert_eq!(ttl(&r), Some((100, "policy:short".to_string())), "the lower TTL, from the policy");
    // Clearing it by hand puts the argument back.
    let clear = HandAction::ClearPolicy { name: "short".into() };
    let s = Scenario::from_json(with_hand_action(&s.json, 3000, &clear).unwrap()).unwrap();
    let mut r = Run::new(&s).unwrap();
    r.advance_to(SimTime::from_ms(3000)).unwrap();
    assert_eq!(ttl(&r), Some((60_000, "argument".to_string())));
    // A dry run of a refused action: the broker's own words.
    let mut copy = r.clone();
    let result =
        copy.apply(&HandAction::ClearPolicy { name: "nope".into() }.to_step(3000).unwrap());
    assert_eq!(
        refusal(&result).unwrap().to_string(),
        "the broker refused it: 404 NOT_FOUND - no policy 'nope' in vhost '/'"
    );
    assert!(definition("[1]").is_err() && definition("{").is_err() && definition(" {} ").is_ok());
}

#[test]
fn a_replay_to_its_origin_goes_back_where_the_message_first_died() {
    let base = presets::preset("main-queue-dlq").unwrap();
    let end_ms = base.duration_ms - 1;
    let dead = played(&base);
    let head = dead
        .engine()
        .queue("main-dlq")
        .and_then(|q| q.iter_ready().next())
        .map(|e| e.msg.clone())
        .expect("a dead letter waits in main-dlq");
    let (exchange, key) =
        dlx_lab::scenario::model::redrive::origin(&head.props.headers).expect("it died once");
    let replay = HandAction::Replay {
        queue: "main-dlq".into(),
        exchange: "typed-but-unused".into(),
        routing_key: String::new(),
        to_origin: true,
    };
    let v = with_hand_action(&base.json, end_ms, &replay).unwrap();
    let step = v["timeline"].as_array().unwrap().iter().find(|i| i["op"] == "republish_from");
    assert_eq!(step.unwrap()["to"], "origin");
    let r = played(&Scenario::from_json(v).unwrap());
    let published = r
        .engine()
        .events()
        .iter()
        .find(|e| {
            e.at_us == SimTime::from_ms(end_ms) && matches!(e.kind, EventKind::Published { .. })
        })
        .expect("the replay publishes");
    match &published.kind {
        EventKind::Published { exchange: x, routing_key: k } => {
            assert_eq!((x.to_string(), k.to_string()), (exchange, key));
        }
        _ => unreachable!(),
    }
    // The step itself is checked when the scenario is read: an unknown target names its field.
    let mut bad = base.json.clone();
    bad["timeline"] =
        serde_json::json!([{"at_ms": 1, "op": "republish_from", "queue": "main-dlq", "to": "dlx"}]);
    let err = Scenario::from_json(bad).unwrap_err().to_string();
    assert!(err.starts_with("$.timeline[0].to: is \"dlx\""), "{err}");
}

#[test]
fn the_live_checked_redrive_returns_the_dead_letter_to_its_first_exchange() {
    // The same file scripts/live-check.sh verifies against a real RabbitMQ.
    let text = include_str!("../live/redrive_to_origin.json");
    for profile in [&dlx_lab::engine::RABBITMQ_3_10, &dlx_lab::engine::RABBITMQ_4] {
        let r = dlx_lab::scenario::replay_str(text, profile).unwrap();
        let steps = r["steps"].as_array().unwrap();
        assert_eq!(
            steps[10]["to"],
            serde_json::json!({"exchange": "r1.shop", "routing_key": "order.new"})
        );
        let back = &steps[12]["message"];
        assert_eq!(
            (back["exchange"].as_str(), back["body"].as_str()),
            (Some("r1.shop"), Some("m1"))
        );
        assert_eq!(steps[13]["republished"], serde_json::Value::Null, "the DLQ is empty");
        assert_eq!(steps[15]["error"]["code"], "client", "a message that never died stays");
        assert_eq!(steps[17]["length"]["messages"], 1);
    }
}
