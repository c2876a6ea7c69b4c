//! dead_lettering_SUITE: missing exchange and routing keys, CC and BCC (cases 15–18).

use super::*;

// =============================================================================================
// Missing exchange, routing
// =============================================================================================

fn dead_letter_missing_exchange_case(g: Group) {
    let mut c = case(g, "dead_letter_missing_exchange");
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let dlx = "dlx-exchange-2";
    c.declare(&q, table(&[json!({"x-max-length": 1, "x-dead-letter-exchange": dlx, "x-dead-letter-routing-key": dlq}), g.args()]));
    c.declare(&dlq, FieldTable::new());
    let e = &mut c.e;
    publish(e, &q, &["msg1"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t = consume(e, &q, &["msg1"]);
    reject(e, t[0], false);
    wait_for_messages(e, &q, (0, 0, 0));
    // Not in the dead letter queue: the exchange does not exist.
    consume_empty(e, &dlq);
    e.declare_exchange(dlx, "direct", false, false, FieldTable::new()).unwrap();
    e.bind_queue(&dlq, dlx, &dlq, FieldTable::new()).unwrap();
    publish(e, &q, &["msg2"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t2 = consume(e, &q, &["msg2"]);
    reject(e, t2[0], false);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume(e, &dlq, &["msg2"]);
    consume_empty(e, &dlq);
    // The first rejection went to the `disabled` counter, not the strategy's.
    assert_eq!(c.counted(Reason::Rejected), 1);
    assert_eq!(counted(&c.e, Reason::Rejected, Strategy::Disabled), 1);
}

#[test]
fn dead_letter_missing_exchange() {
    AT_MOST_ONCE.into_iter().for_each(dead_letter_missing_exchange_case);
}

fn dead_letter_routing_key_case(g: Group) {
    let mut c = case(g, "dead_letter_routing_key");
    let (q, dlq, dlx) = (c.q.clone(), c.dlq.clone(), c.dlx.clone());
    c.declare_with_dlx(json!({"x-dead-letter-exchange": dlx}));
    let e = &mut c.e;
    nack_one(e, &q);
    match g {
        // Unroutable in the DLX: lost.
        Classic | QuorumAtMostOnce => wait_for_messages(e, &q, (0, 0, 0)),
        // Kept by the source queue.
        QuorumAtLeastOnce => wait_for_messages(e, &q, (1, 0, 0)),
    }
    consume_empty(e, &q);
    consume_empty(e, &dlq);
    // Bind the DLQ with the original routing key.
    e.bind_queue(&dlq, &dlx, &q, FieldTable::new()).unwrap();
    publish(e, &q, &["msg2"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t2 = consume(e, &q, &["msg2"]);
    nack(e, t2[0], false, false);
    match g {
        Classic | QuorumAtMostOnce => {
            wait_for_messages(e, &dlq, (1, 1, 0));
            consume(e, &dlq, &["msg2"]);
        }
        QuorumAtLeastOnce => {
            wait_for_messages(e, &dlq, (2, 2, 0));
            consume(e, &dlq, &["msg1", "msg2"]);
            assert_eq!(confirmed(e), 2);
        }
    }
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Rejected), 2);
}

#[test]
fn dead_letter_routing_key() {
    ALL.into_iter().for_each(dead_letter_routing_key_case);
}

/// `dead_letter_routing_key_header_CC` / `_BCC`: the shared body.
fn routing_key_header_case(g: Group, name: &str, header_name: &str) {
    let mut c = case(g, name);
    let (q, dlq, dlx) = (c.q.clone(), c.dlq.clone(), c.dlx.clone());
    c.declare_with_dlx(json!({"x-dead-letter-exchange": dlx}));
    let e = &mut c.e;
    e.bind_queue(&dlq, &dlx, &dlq, FieldTable::new()).unwrap();
    publish(e, &q, &["msg1"]);
    publish_headers(e, &q, &["msg2"], json!({ header_name: [dlq] }));
    wait_for_messages(e, &q, (2, 2, 0));
    let tags = consume(e, &q, &["msg1", "msg2"]);
    // msg2 also reached the DLQ through the default exchange.
    consume(e, &dlq, &["msg2"]);
    nack(e, tags[1], true, false);
    // msg1 is unroutable; msg2 was dead-lettered with its header's routing key.
    wait_for_messages(e, &dlq, (2, 1, 1));
    consume_empty(e, &q);
    consume(e, &dlq, &["msg2"]);
    consume_empty(e, &dlq);
}

#[test]
#[allow(non_snake_case)]
fn dead_letter_routing_key_header_CC() {
    for g in ALL {
        routing_key_header_case(g, "dead_letter_routing_key_header_CC", "CC");
    }
}

#[test]
#[allow(non_snake_case)]
fn dead_letter_routing_key_header_BCC() {
    for g in ALL {
        routing_key_header_case(g, "dead_letter_routing_key_header_BCC", "BCC");
    }
}
