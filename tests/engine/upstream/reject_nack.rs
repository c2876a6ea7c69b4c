//! RabbitMQ dead_lettering_SUITE: reject and nack (cases 1–11).

use super::*;

// =============================================================================================
// dead_lettering_SUITE: reject and nack
// =============================================================================================

fn dead_letter_nack_case(g: Group) {
    let mut c = case(g, "dead_letter_nack");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1", "msg2", "msg3"]);
    nack(e, tags[2], false, false);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume_empty(e, &q);
    consume(e, &dlq, &["msg3"]);
    consume_empty(e, &dlq);
    nack(e, tags[0], false, false);
    nack(e, tags[1], false, false);
    consume_empty(e, &q);
    consume(e, &dlq, &["msg1", "msg2"]);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Rejected), 3);
}

#[test]
fn dead_letter_nack() {
    ALL.into_iter().for_each(dead_letter_nack_case);
}

fn dead_letter_multiple_nack_case(g: Group) {
    let mut c = case(g, "dead_letter_multiple_nack");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1", "msg2", "msg3"]);
    nack(e, tags[2], true, false);
    wait_for_messages(e, &dlq, (3, 3, 0));
    consume(e, &dlq, &["msg1", "msg2", "msg3"]);
    consume_empty(e, &dlq);
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Rejected), 3);
}

#[test]
fn dead_letter_multiple_nack() {
    ALL.into_iter().for_each(dead_letter_multiple_nack_case);
}

fn dead_letter_nack_requeue_case(g: Group) {
    let mut c = case(g, "dead_letter_nack_requeue");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1", "msg2", "msg3"]);
    consume_empty(e, &q);
    nack(e, tags[2], false, true);
    wait_for_messages(e, &q, (3, 1, 2));
    consume(e, &q, &["msg3"]);
    consume_empty(e, &q);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Rejected), 0);
}

#[test]
fn dead_letter_nack_requeue() {
    ALL.into_iter().for_each(dead_letter_nack_requeue_case);
}

fn dead_letter_nack_requeue_multiple_case(g: Group) {
    let mut c = case(g, "dead_letter_nack_requeue_multiple");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1", "msg2", "msg3"]);
    consume_empty(e, &q);
    nack(e, tags[2], true, true);
    wait_for_messages(e, &q, (3, 3, 0));
    consume(e, &q, &["msg1", "msg2", "msg3"]);
    consume_empty(e, &q);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Rejected), 0);
}

#[test]
fn dead_letter_nack_requeue_multiple() {
    ALL.into_iter().for_each(dead_letter_nack_requeue_multiple_case);
}

fn dead_letter_reject_case(g: Group) {
    let mut c = case(g, "dead_letter_reject");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1"]);
    reject(e, tags[0], false);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume(e, &dlq, &["msg1"]);
    consume_empty(e, &dlq);
    consume(e, &q, &["msg2", "msg3"]);
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Rejected), 1);
}

#[test]
fn dead_letter_reject() {
    ALL.into_iter().for_each(dead_letter_reject_case);
}

fn dead_letter_reject_expire_expire_case(g: Group) {
    let mut c = case(g, "dead_letter_reject_expire_expire");
    // The names that exposed rabbitmq-server#11159 (x-death map ordering in 3.13.0-3.13.2).
    let (q1, q2, q3) = ("b", "a2", "a3");
    c.declare(
        q1,
        table(&[g.args(), json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": q2})]),
    );
    c.declare(q2, table(&[g.args(), json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": q3, "x-message-ttl": 5})]));
    c.declare(q3, table(&[g.args(), json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": q1, "x-message-ttl": 5})]));
    let e = &mut c.e;
    publish(e, q1, &["msg"]);
    wait_for_messages(e, q1, (1, 1, 0));
    // Reject the 1st time: b -rejected-> a2 -expired-> a3 -expired-> b.
    let t1 = consume(e, q1, &["msg"]);
    reject(e, t1[0], false);
    wait_for_messages(e, q1, (1, 1, 0));
    // And again: the rejection in the cycle keeps it alive.
    let t2 = consume(e, q1, &["msg"]);
    reject(e, t2[0], false);
    wait_for_messages(e, q1, (1, 1, 0));
    assert_eq!(cycle_drops(e), 0);
}

#[test]
fn dead_letter_reject_expire_expire() {
    ALL.into_iter().for_each(dead_letter_reject_expire_expire_case);
}

fn dead_letter_reject_many_case(g: Group) {
    let mut c = case(g, "dead_letter_reject_many");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    let payloads: Vec<String> = (1..=100).map(|n| n.to_string()).collect();
    let refs: Vec<&str> = payloads.iter().map(String::as_str).collect();
    publish(e, &q, &refs);
    wait_for_messages(e, &q, (100, 100, 0));
    // Reject every delivery of one push consumer, in the order they arrive.
    let consumer = e.consume(CH, &q, 0, false, false).unwrap();
    settle(e);
    let mut last = 0;
    for p in &payloads {
        let (tag, _, body) = deliveries_after(e, CH, last).into_iter().next().expect("a delivery");
        assert_eq!(&body, p);
        reject(e, tag, false);
        last = tag;
    }
    e.cancel(consumer).unwrap();
    wait_for_messages(e, &dlq, (100, 100, 0));
    consume(e, &dlq, &refs);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Rejected), 100);
}

#[test]
fn dead_letter_reject_many() {
    ALL.into_iter().for_each(dead_letter_reject_many_case);
}

fn dead_letter_reject_requeue_case(g: Group) {
    let mut c = case(g, "dead_letter_reject_requeue");
    c.declare_dead_letter_queues(json!({}));
    // A delivery limit makes a quorum queue requeue at the head, as classic queues do.
    let q = c.q.clone();
    c.set_policy(&q, json!({"delivery-limit": 50}));
    let dlq = c.dlq.clone();
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1"]);
    reject(e, tags[0], true);
    wait_for_messages(e, &q, (3, 3, 0));
    consume(e, &q, &["msg1", "msg2", "msg3"]);
    consume_empty(e, &q);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Rejected), 0);
}

#[test]
fn dead_letter_reject_requeue() {
    ALL.into_iter().for_each(dead_letter_reject_requeue_case);
}

fn dead_letter_reject_requeue_reject_norequeue_case(g: Group) {
    let mut c = case(g, "dead_letter_reject_requeue_reject_norequeue");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t0 = consume(e, &q, &["msg"]);
    wait_for_messages(e, &q, (1, 0, 1));
    reject(e, t0[0], true);
    wait_for_messages(e, &q, (1, 1, 0));
    let t1 = consume(e, &q, &["msg"]);
    wait_for_messages(e, &q, (1, 0, 1));
    reject(e, t1[0], false);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume(e, &dlq, &["msg"]);
    consume_empty(e, &dlq);
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Rejected), 1);
}

#[test]
fn dead_letter_reject_requeue_reject_norequeue() {
    ALL.into_iter().for_each(dead_letter_reject_requeue_reject_norequeue_case);
}

fn dead_letter_nack_requeue_nack_norequeue_basic_get_case(g: Group) {
    let mut c = case(g, "dead_letter_nack_requeue_nack_norequeue_basic_get");
    let q = c.q.clone();
    c.set_policy(&q, json!({"delivery-limit": 50}));
    c.declare_dead_letter_queues(json!({}));
    let dlq = c.dlq.clone();
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 3, 0));
    let tags = consume(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (3, 0, 3));
    // Nack 2 out of 3 with requeue.
    nack(e, tags[1], true, true);
    wait_for_messages(e, &q, (3, 2, 1));
    let again = consume(e, &q, &["msg1", "msg2"]);
    wait_for_messages(e, &q, (3, 0, 3));
    // Nack all 3 without requeue: they arrive in the order of their delivery tags.
    nack(e, again[1], true, false);
    wait_for_messages(e, &dlq, (3, 3, 0));
    consume(e, &dlq, &["msg3", "msg1", "msg2"]);
    consume_empty(e, &dlq);
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Rejected), 3);
}

#[test]
fn dead_letter_nack_requeue_nack_norequeue_basic_get() {
    ALL.into_iter().for_each(dead_letter_nack_requeue_nack_norequeue_basic_get_case);
}

fn dead_letter_nack_requeue_nack_norequeue_basic_consume_case(g: Group) {
    let mut c = case(g, "dead_letter_nack_requeue_nack_norequeue_basic_consume");
    let q = c.q.clone();
    c.set_policy(&q, json!({"delivery-limit": 50}));
    c.declare_dead_letter_queues(json!({}));
    let dlq = c.dlq.clone();
    let e = &mut c.e;
    publish(e, &q, &["m1", "m2", "m3"]);
    e.consume(CH, &q, 0, false, false).unwrap();
    e.consume(CH, &dlq, 0, false, false).unwrap();
    settle(e);
    let first = deliveries_after(e, CH, 0);
    let bodies: Vec<(&str, &str)> =
        first.iter().map(|(_, q, b)| (q.as_str(), b.as_str())).collect();
    assert_eq!(bodies, vec![(q.as_str(), "m1"), (q.as_str(), "m2"), (q.as_str(), "m3")]);
    let d2 = first[1].0;
    wait_for_messages(e, &q, (3, 0, 3));
    // Nack 2 out of 3 with requeue: m1 and m2 come back, in order.
    nack(e, d2, true, true);
    let again = deliveries_after(e, CH, first[2].0);
    let bodies: Vec<&str> = again.iter().map(|(_, _, b)| b.as_str()).collect();
    assert_eq!(bodies, vec!["m1", "m2"]);
    let d5 = again[1].0;
    // Nack all 3 without requeue: the DLQ consumer sees them in the order they were nacked.
    nack(e, d5, true, false);
    let dead = deliveries_after(e, CH, d5);
    let seen: Vec<(&str, &str)> = dead.iter().map(|(_, q, b)| (q.as_str(), b.as_str())).collect();
    assert_eq!(seen, vec![(dlq.as_str(), "m3"), (dlq.as_str(), "m1"), (dlq.as_str(), "m2")]);
    wait_for_messages(e, &dlq, (3, 0, 3));
    let last = dead[2].0;
    e.ack(CH, last, true).unwrap();
    wait_for_messages(e, &q, (0, 0, 0));
    wait_for_messages(e, &dlq, (0, 0, 0));
    assert_eq!(c.counted(Reason::Rejected), 3);
}

#[test]
fn dead_letter_nack_requeue_nack_norequeue_basic_consume() {
    ALL.into_iter().for_each(dead_letter_nack_requeue_nack_norequeue_basic_consume_case);
}
