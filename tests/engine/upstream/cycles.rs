//! dead_lettering_SUITE: dead-letter cycles (cases 19–21).

use super::*;

// =============================================================================================
// Cycles
// =============================================================================================

fn dead_letter_routing_key_cycle_max_length_case(g: Group) {
    let mut c = case(g, "dead_letter_routing_key_cycle_max_length");
    let q = c.q.clone();
    c.declare(&q, table(&[json!({"x-max-length": 1, "x-dead-letter-exchange": ""}), g.args()]));
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2"]);
    wait_for_messages(e, &q, (1, 1, 0));
    let t = consume(e, &q, &["msg2"]);
    consume_empty(e, &q);
    e.ack(CH, t[0], false).unwrap();
    // msg1 was not republished in a loop.
    wait_for_messages(e, &q, (0, 0, 0));
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Maxlen), 1);
    assert_eq!(cycle_drops(&c.e), 1);
}

#[test]
fn dead_letter_routing_key_cycle_max_length() {
    AT_MOST_ONCE.into_iter().for_each(dead_letter_routing_key_cycle_max_length_case);
}

fn dead_letter_routing_key_cycle_ttl_case(g: Group) {
    let mut c = case(g, "dead_letter_routing_key_cycle_ttl");
    let q = c.q.clone();
    c.declare(&q, table(&[json!({"x-message-ttl": 1, "x-dead-letter-exchange": ""}), g.args()]));
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2"]);
    wait_for_messages(e, &q, (0, 0, 0));
    consume_empty(e, &q);
    assert_eq!(c.counted(Reason::Expired), 2);
    assert_eq!(cycle_drops(&c.e), 2);
}

#[test]
fn dead_letter_routing_key_cycle_ttl() {
    AT_MOST_ONCE.into_iter().for_each(dead_letter_routing_key_cycle_ttl_case);
}

fn dead_letter_routing_key_cycle_with_reject_case(g: Group) {
    let mut c = case(g, "dead_letter_routing_key_cycle_with_reject");
    let q = c.q.clone();
    c.declare(&q, table(&[json!({"x-dead-letter-exchange": ""}), g.args()]));
    let e = &mut c.e;
    nack_one(e, &q);
    wait_for_messages(e, &q, (1, 1, 0));
    let t1 = consume(e, &q, &["msg1"]);
    nack(e, t1[0], false, false);
    // Republished at every rejection.
    wait_for_messages(e, &q, (1, 1, 0));
    consume(e, &q, &["msg1"]);
    assert_eq!(c.counted(Reason::Rejected), 2);
}

#[test]
fn dead_letter_routing_key_cycle_with_reject() {
    ALL.into_iter().for_each(dead_letter_routing_key_cycle_with_reject_case);
}
