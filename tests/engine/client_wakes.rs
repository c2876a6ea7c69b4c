//! Clients live outside the broker: the engine wakes them on its clock and they answer with
//! commands. A consumer's work time and a publisher's rhythm are the client's, not the broker's.

use dlx_lab::engine::Publish;
use dlx_lab::engine::{Engine, EventKind, FieldTable, SimTime, StepOutcome, Wake, RABBITMQ_4};
use dlx_lab::scenario::clients::publisher::PublisherSpec;
use dlx_lab::scenario::clients::scripted_consumer::Behaviour;
use dlx_lab::scenario::clients::ScriptedClients;

fn one_queue() -> Engine {
    let mut e = Engine::new(&RABBITMQ_4);
    e.declare_queue("q", true, FieldTable::new()).unwrap();
    e
}

fn publish(e: &mut Engine) {
    let p = Publish { routing_key: "q".into(), body: "m".into(), ..Default::default() };
    e.publish(p).unwrap();
}

#[test]
fn the_engine_hands_a_delivery_back_at_once_and_settles_nothing_itself() {
    let mut e = one_queue();
    let consumer = e.consume(1, "q", 1, false, true).unwrap();
    publish(&mut e);
    // The delivery comes back as it happens, with its moment and its place in the order.
    let Some(Wake::Delivery { consumer: c, channel: 1, tag: 1, at, place }) = e.take_wake() else {
        panic!("the delivery is handed back at once");
    };
    assert_eq!((c, at), (consumer, SimTime::ZERO));
    assert_eq!(e.take_wake(), None);
    // The work time is the client's: a timer of its own, in the delivery's place.
    e.schedule_wake_in_place(at.plus_ms(250), place, 7);
    assert_eq!(e.step_until(SimTime::from_ms(1_000)), StepOutcome::Woken);
    assert_eq!(e.now(), SimTime::from_ms(250));
    assert_eq!(e.take_wake(), Some(Wake::Client { token: 7 }));
    // Nobody acted: the delivery is still unacked.
    assert!(e.delivery(1, 1).is_some());
    assert_eq!(e.step_until(SimTime::from_ms(1_000)), StepOutcome::Reached);
    assert!(e.delivery(1, 1).is_some());
}

#[test]
fn a_client_timer_in_a_delivery_s_place_keeps_the_order_of_the_delivery() {
    // A message with a TTL of 250 ms, published right after a delivery: its expiry timer is
    // scheduled after the delivery. A work time of 250 ms ends at the same instant: set in the
    // delivery's place, the client's timer fires first, though the client set it later.
    let mut e = one_queue();
    let mut args = FieldTable::new();
    args.set("x-message-ttl", dlx_lab::engine::FieldValue::Long(250));
    e.declare_queue("short", true, args).unwrap();
    publish(&mut e);
    e.consume(1, "q", 1, false, true).unwrap();
    let p = Publish { routing_key: "short".into(), body: "m".into(), ..Default::default() };
    e.publish(p).unwrap();
    let Some(Wake::Delivery { at, place, .. }) = e.take_wake() else { panic!("a delivery") };
    e.schedule_wake_in_place(at.plus_ms(250), place, 7);
    assert_eq!(e.step_until(SimTime::from_ms(1_000)), StepOutcome::Woken);
    assert_eq!(e.take_wake(), Some(Wake::Client { token: 7 }));
    assert_eq!(e.now(), SimTime::from_ms(250));
    assert_eq!(e.queue("short").unwrap().ready_len(), 1, "the message has not expired yet");
    assert_eq!(e.step_until(SimTime::from_ms(1_000)), StepOutcome::Reached);
    assert_eq!(e.queue("short").unwrap().ready_len(), 0, "then it expires, at the same instant");
}

#[test]
fn a_scripted_consumer_settles_when_woken_with_its_own_cause() {
    let mut e = one_queue();
    let mut a = ScriptedClients::new(1);
    a.consume(&mut e, 1, "q", 1, false, Behaviour::Reject { work_ms: 250, requeue: false })
        .unwrap();
    publish(&mut e);
    assert_eq!(a.step_until(&mut e, SimTime::from_ms(1_000)), StepOutcome::Reached);
    let rejected = e
        .events()
        .iter()
        .find(|ev| matches!(ev.kind, EventKind::Dropped(_) | EventKind::DeadLettered { .. }))
        .expect("the rejection without a DLX drops the copy");
    assert_eq!(rejected.at_us, SimTime::from_ms(250));
    assert_eq!(format!("{:?}", rejected.cause), r#"Rule { rule: "consumer_behaviour" }"#);
    assert!(e.delivery(1, 1).is_none());
}

#[test]
fn a_publisher_is_woken_at_its_rhythm_and_stops_when_done() {
    let mut e = one_queue();
    let mut a = ScriptedClients::new(1);
    let spec = PublisherSpec {
        exchange: String::new(),
        routing_key: "q".into(),
        body: "job-{n}".into(),
        props: Default::default(),
        every_ms: 100,
        remaining: 3,
    };
    a.add_publisher(&mut e, spec);
    a.step_until(&mut e, SimTime::from_ms(10_000));
    let at: Vec<u64> = e
        .events()
        .iter()
        .filter(|ev| matches!(ev.kind, EventKind::Published { .. }))
        .map(|ev| ev.at_us.as_us() / 1000)
        .collect();
    assert_eq!(at, vec![0, 100, 200]);
    assert_eq!(e.queue("q").unwrap().ready_len(), 3);
    assert_eq!(e.next_event_at(), None, "no wake-up is left once the last message is out");
}

#[test]
fn a_message_s_death_count_is_read_for_its_queue_and_reason_only() {
    use dlx_lab::engine::dead_letter::{death_count, Reason};
    let headers = FieldTable::from_json(
        &serde_json::json!({"x-death": [
            {"queue": "work.wait", "reason": "expired", "count": 2},
            {"queue": "work", "reason": "rejected", "count": 3},
            {"queue": "work", "reason": "expired", "count": 7},
        ]}),
        "headers",
    )
    .unwrap();
    assert_eq!(death_count(&headers, "work", Reason::Rejected), 3);
    assert_eq!(death_count(&headers, "work", Reason::Expired), 7);
    assert_eq!(death_count(&headers, "work.wait", Reason::Rejected), 0);
    assert_eq!(death_count(&FieldTable::new(), "work", Reason::Rejected), 0);
}
