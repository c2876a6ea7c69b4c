//! dead_lettering_SUITE: x-death and first/last-death headers (cases 25–36).

use super::*;

// =============================================================================================
// Headers
// =============================================================================================

fn dead_letter_headers_case(g: Group) {
    let mut c = case(g, "dead_letter_headers");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    nack_one(e, &q);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d = get(e, &dlq).expect("dead letter");
    assert_eq!(&*d.msg.body, "msg1");
    let ds = deaths(&d.msg);
    assert_eq!(ds.len(), 1, "one x-death table");
    let death = &ds[0];
    assert_longstr(death, "queue", &q);
    assert_longstr(death, "reason", "rejected");
    assert!(matches!(death.get("time"), Some(FieldValue::Timestamp(_))));
    assert_longstr(death, "exchange", "");
    assert_eq!(death.get("count"), Some(&FieldValue::Long(1)));
    assert_eq!(death.get("routing-keys"), Some(&str_array(&[&q])));
}

#[test]
fn dead_letter_headers() {
    ALL.into_iter().for_each(dead_letter_headers_case);
}

fn dead_letter_headers_reason_expired_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_reason_expired");
    c.declare_dead_letter_queues(json!({"x-message-ttl": 1}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1"]);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d = get(e, &dlq).expect("dead letter");
    assert_eq!(&*d.msg.body, "msg1");
    let ds = deaths(&d.msg);
    assert_eq!(ds.len(), 1);
    assert_longstr(&ds[0], "reason", "expired");
    assert_eq!(ds[0].get("original-expiration"), None);
}

#[test]
fn dead_letter_headers_reason_expired() {
    ALL.into_iter().for_each(dead_letter_headers_reason_expired_case);
}

fn dead_letter_headers_reason_expired_per_message_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_reason_expired_per_message");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish_expiring(e, &q, "msg1", "1");
    // Another message makes sure the queue performs expirations.
    publish(e, &q, &["msg2"]);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d = get(e, &dlq).expect("dead letter");
    assert_eq!(&*d.msg.body, "msg1");
    let ds = deaths(&d.msg);
    assert_eq!(ds.len(), 1);
    assert_longstr(&ds[0], "reason", "expired");
    assert_longstr(&ds[0], "original-expiration", "1");
}

#[test]
fn dead_letter_headers_reason_expired_per_message() {
    ALL.into_iter().for_each(dead_letter_headers_reason_expired_per_message_case);
}

fn dead_letter_headers_reason_maxlen_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_reason_maxlen");
    c.declare_dead_letter_queues(json!({"x-max-length": 1}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2"]);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d = get(e, &dlq).expect("dead letter");
    assert_eq!(&*d.msg.body, "msg1");
    let ds = deaths(&d.msg);
    assert_eq!(ds.len(), 1);
    assert_longstr(&ds[0], "reason", "maxlen");
}

#[test]
fn dead_letter_headers_reason_maxlen() {
    AT_MOST_ONCE.into_iter().for_each(dead_letter_headers_reason_maxlen_case);
}

fn dead_letter_headers_cycle_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_cycle");
    let q = c.q.clone();
    c.declare(&q, table(&[json!({"x-dead-letter-exchange": ""}), g.args()]));
    let e = &mut c.e;
    nack_one(e, &q);
    wait_for_messages(e, &q, (1, 1, 0));
    let d1 = get(e, &q).expect("republished");
    assert_eq!(&*d1.msg.body, "msg1");
    let ds1 = deaths(&d1.msg);
    assert_eq!(ds1.len(), 1);
    assert_eq!(ds1[0].get("count"), Some(&FieldValue::Long(1)));
    nack(e, d1.tag, false, false);
    wait_for_messages(e, &q, (1, 1, 0));
    let d2 = get(e, &q).expect("republished again");
    assert_eq!(&*d2.msg.body, "msg1");
    let ds2 = deaths(&d2.msg);
    assert_eq!(ds2.len(), 1);
    assert_eq!(ds2[0].get("count"), Some(&FieldValue::Long(2)));
}

#[test]
fn dead_letter_headers_cycle() {
    ALL.into_iter().for_each(dead_letter_headers_cycle_case);
}

fn dead_letter_headers_should_be_appended_for_each_event_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_should_be_appended_for_each_event");
    let (q, dlx1, dlx2) = (c.q.clone(), c.dlq.clone(), c.dlq2.clone());
    c.declare(
        &q,
        table(&[
            json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": dlx1}),
            g.args(),
        ]),
    );
    c.declare(
        &dlx1,
        table(&[
            json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": dlx2}),
            g.args(),
        ]),
    );
    c.declare(&dlx2, table(&[g.args()]));
    let e = &mut c.e;
    publish(e, &q, &["msg1"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t = consume(e, &q, &["msg1"]);
    wait_for_messages(e, &q, (1, 0, 1));
    nack(e, t[0], false, false);
    wait_for_messages(e, &dlx1, (1, 1, 0));
    let d1 = get(e, &dlx1).expect("in DLQ1");
    assert_eq!(&*d1.msg.body, "msg1");
    let ds1 = deaths(&d1.msg);
    assert_eq!(ds1.len(), 1);
    assert_longstr(&ds1[0], "queue", &q);
    wait_for_messages(e, &dlx1, (1, 0, 1));
    nack(e, d1.tag, false, false);
    wait_for_messages(e, &dlx2, (1, 1, 0));
    let d2 = get(e, &dlx2).expect("in DLQ2");
    assert_eq!(&*d2.msg.body, "msg1");
    let ds2 = deaths(&d2.msg);
    assert_eq!(ds2.len(), 2, "one entry per event");
    assert_longstr(&ds2[0], "queue", &dlx1);
    assert_longstr(&ds2[1], "queue", &q);
}

#[test]
fn dead_letter_headers_should_be_appended_for_each_event() {
    ALL.into_iter().for_each(dead_letter_headers_should_be_appended_for_each_event_case);
}

fn dead_letter_headers_should_not_be_appended_for_republish_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_should_not_be_appended_for_republish");
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let dl_args = json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": dlq});
    c.declare(&q, table(&[dl_args.clone(), g.args()]));
    c.declare(&dlq, table(&[g.args()]));
    let e = &mut c.e;
    publish(e, &q, &["msg1"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t = consume(e, &q, &["msg1"]);
    wait_for_messages(e, &q, (1, 0, 1));
    nack(e, t[0], false, false);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d1 = get(e, &dlq).expect("dead letter");
    let ds1 = deaths(&d1.msg);
    assert_eq!(ds1.len(), 1);
    assert_longstr(&ds1[0], "reason", "rejected");
    e.ack(CH, d1.tag, false).unwrap();
    wait_for_messages(e, &dlq, (0, 0, 0));
    e.delete_queue(&q).unwrap();
    c.declare(&q, table(&[dl_args, json!({"x-message-ttl": 1}), g.args()]));
    // A client republishes the message with the headers it received (x-death included).
    let e = &mut c.e;
    let props = Properties { headers: d1.msg.props.headers.clone(), ..Default::default() };
    publish_props(e, "", &q, "msg1", props);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d2 = get(e, &dlq).expect("expired copy");
    assert_eq!(&*d2.msg.body, "msg1");
    let ds2 = deaths(&d2.msg);
    assert_eq!(
        ds2.len(),
        1,
        "client-supplied x-death is not interpreted: {:?}",
        header(&d2.msg, "x-death").map(FieldValue::to_json)
    );
    assert_longstr(&ds2[0], "reason", "expired");
}

#[test]
fn dead_letter_headers_should_not_be_appended_for_republish() {
    ALL.into_iter().for_each(dead_letter_headers_should_not_be_appended_for_republish_case);
}

/// `dead_letter_headers_CC` / `_CC_with_routing_key`: CC is kept on the dead-lettered copy.
fn headers_cc_case(g: Group, name: &str, with_routing_key: bool) {
    let mut c = case(g, name);
    let (q, dlq, dlx) = (c.q.clone(), c.dlq.clone(), c.dlx.clone());
    let dl_args = if with_routing_key {
        json!({"x-dead-letter-routing-key": dlq, "x-dead-letter-exchange": dlx})
    } else {
        json!({"x-dead-letter-exchange": dlx})
    };
    c.declare_with_dlx(dl_args);
    let e = &mut c.e;
    e.bind_queue(&dlq, &dlx, &dlq, FieldTable::new()).unwrap();
    publish_headers(e, &q, &["msg1"], json!({"CC": [dlq]}));
    wait_for_messages(e, &q, (1, 1, 0));
    // Published to both queues: CC routes through the default exchange too.
    let d1 = get(e, &q).expect("in source");
    let d2 = get(e, &dlq).expect("CC copy");
    assert_eq!((&*d1.msg.body, &*d2.msg.body), ("msg1", "msg1"));
    assert_eq!(header(&d1.msg, "x-death"), None);
    assert_eq!(header(&d2.msg, "x-death"), None);
    nack(e, d1.tag, false, false);
    wait_for_messages(e, &dlq, (2, 1, 1));
    let d3 = get(e, &dlq).expect("dead letter");
    assert_eq!(&*d3.msg.body, "msg1");
    consume_empty(e, &q);
    assert_eq!(header(&d3.msg, "CC"), Some(&str_array(&[&dlq])), "CC kept");
    assert!(matches!(header(&d3.msg, "x-death"), Some(FieldValue::Array(_))));
    if !with_routing_key {
        e.ack(CH, d3.tag, true).unwrap();
        wait_for_messages(e, &dlq, (0, 0, 0));
    }
}

#[test]
#[allow(non_snake_case)]
fn dead_letter_headers_CC() {
    for g in ALL {
        headers_cc_case(g, "dead_letter_headers_CC", false);
    }
}

#[test]
#[allow(non_snake_case)]
fn dead_letter_headers_CC_with_routing_key() {
    for g in ALL {
        headers_cc_case(g, "dead_letter_headers_CC_with_routing_key", true);
    }
}

fn dead_letter_headers_bcc_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_BCC");
    let (q, dlq, dlx) = (c.q.clone(), c.dlq.clone(), c.dlx.clone());
    c.declare_with_dlx(json!({"x-dead-letter-exchange": dlx}));
    let e = &mut c.e;
    e.bind_queue(&dlq, &dlx, &dlq, FieldTable::new()).unwrap();
    publish_headers(e, &q, &["msg1"], json!({"CC": ["cc 1", "cc 2"], "BCC": [dlq, "bcc 2"]}));
    wait_for_messages(e, &q, (1, 1, 0));
    let d1 = get(e, &q).expect("in source");
    let d2 = get(e, &dlq).expect("BCC copy");
    assert_eq!((&*d1.msg.body, &*d2.msg.body), ("msg1", "msg1"));
    assert_eq!(header(&d1.msg, "x-death"), None);
    assert_eq!(header(&d2.msg, "x-death"), None);
    nack(e, d1.tag, false, false);
    wait_for_messages(e, &dlq, (2, 1, 1));
    let d3 = get(e, &dlq).expect("dead letter");
    assert_eq!(&*d3.msg.body, "msg1");
    consume_empty(e, &q);
    assert_eq!(header(&d3.msg, "BCC"), None, "BCC removed");
    let ds = deaths(&d3.msg);
    assert_eq!(ds.len(), 1);
    let mut keys: Vec<String> = match ds[0].get("routing-keys") {
        Some(FieldValue::Array(items)) => {
            items.iter().map(|v| v.as_str().expect("longstr key").to_string()).collect()
        }
        other => panic!("routing-keys: {other:?}"),
    };
    keys.sort();
    let mut want = vec![q.clone(), "cc 1".to_string(), "cc 2".to_string()];
    want.sort();
    assert_eq!(keys, want, "CC keys in, BCC keys out");
}

#[test]
#[allow(non_snake_case)]
fn dead_letter_headers_BCC() {
    ALL.into_iter().for_each(dead_letter_headers_bcc_case);
}

fn dead_letter_headers_first_death_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_first_death");
    let (q, dlq, dlx) = (c.q.clone(), c.dlq.clone(), c.dlx.clone());
    // A small loop: Q -> DLQ -> Q.
    c.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
    c.declare(
        &q,
        table(&[
            json!({"x-dead-letter-routing-key": dlq, "x-dead-letter-exchange": dlx}),
            g.args(),
        ]),
    );
    c.declare(
        &dlq,
        table(&[json!({"x-dead-letter-routing-key": q, "x-dead-letter-exchange": ""})]),
    );
    let e = &mut c.e;
    e.bind_queue(&dlq, &dlx, &dlq, FieldTable::new()).unwrap();
    nack_one(e, &q);
    wait_for_messages(e, &dlq, (1, 1, 0));
    let d = get(e, &dlq).expect("in DLQ");
    assert_eq!(&*d.msg.body, "msg1");
    assert_header(&d.msg, "x-first-death-reason", "rejected");
    assert_header(&d.msg, "x-first-death-queue", &q);
    assert_header(&d.msg, "x-first-death-exchange", "");
    // Dead-lettered back to Q: the x-first-death headers do not change.
    nack(e, d.tag, false, false);
    wait_for_messages(e, &q, (1, 1, 0));
    let d2 = get(e, &q).expect("back in Q");
    assert_eq!(&*d2.msg.body, "msg1");
    assert_header(&d2.msg, "x-first-death-reason", "rejected");
    assert_header(&d2.msg, "x-first-death-queue", &q);
    assert_header(&d2.msg, "x-first-death-exchange", "");
}

#[test]
fn dead_letter_headers_first_death() {
    ALL.into_iter().for_each(dead_letter_headers_first_death_case);
}

fn dead_letter_headers_first_death_route_case(g: Group) {
    let mut c = case(g, "dead_letter_headers_first_death_route");
    let q1 = c.q.clone();
    let q2 = "dead_letter_headers_first_death_route_source_queue_2".to_string();
    let (expired_q, rejected_q, dlx) = (c.dlq.clone(), c.dlq2.clone(), c.dlx.clone());
    c.e.declare_exchange(&dlx, "headers", false, false, FieldTable::new()).unwrap();
    c.declare(&q1, table(&[json!({"x-dead-letter-exchange": dlx}), g.args()]));
    c.declare(&q2, table(&[json!({"x-dead-letter-exchange": dlx}), g.args()]));
    c.declare(&expired_q, FieldTable::new());
    c.declare(&rejected_q, FieldTable::new());
    let e = &mut c.e;
    e.bind_queue(
        &expired_q,
        &dlx,
        "",
        table(&[json!({"x-match": "all-with-x", "x-first-death-reason": "expired", "x-first-death-queue": q1})]),
    )
    .unwrap();
    e.bind_queue(
        &rejected_q,
        &dlx,
        "",
        table(&[json!({"x-match": "any-with-x", "x-first-death-reason": "rejected"})]),
    )
    .unwrap();
    // Q1's expired message reaches the expired-DLQ.
    publish_expiring(e, &q1, "msg1", "0");
    wait_for_messages(e, &expired_q, (1, 1, 0));
    consume(e, &expired_q, &["msg1"]);
    consume_empty(e, &expired_q);
    wait_for_messages(e, &q1, (0, 0, 0));
    // Q2's expired message matches no binding.
    publish_expiring(e, &q2, "msg2", "0");
    for _ in 0..10 {
        advance(e, 100);
        consume_empty(e, &expired_q);
    }
    // Q2's rejected message reaches the rejected-DLQ.
    publish(e, &q2, &["msg3"]);
    match g {
        Classic | QuorumAtMostOnce => wait_for_messages(e, &q2, (1, 1, 0)),
        QuorumAtLeastOnce => wait_for_messages(e, &q2, (2, 1, 0)),
    }
    let t = consume(e, &q2, &["msg3"]);
    reject(e, t[0], false);
    wait_for_messages(e, &rejected_q, (1, 1, 0));
    consume(e, &rejected_q, &["msg3"]);
    consume_empty(e, &rejected_q);
    e.delete_queue(&q2).unwrap();
}

#[test]
fn dead_letter_headers_first_death_route() {
    ALL.into_iter().for_each(dead_letter_headers_first_death_route_case);
}
