//! dead_lettering_SUITE: policies versus arguments (cases 22–24).

use super::*;

// =============================================================================================
// Policies
// =============================================================================================

fn dead_letter_policy_case(g: Group) {
    let mut c = case(g, "dead_letter_policy");
    let (q, dlq, dlx) = (c.q.clone(), c.dlq.clone(), c.dlx.clone());
    // A quorum queue cannot be declared with a dead-letter strategy but no DLX.
    let mut args = g.args();
    args.as_object_mut().unwrap().remove("x-dead-letter-strategy");
    c.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
    c.declare(&q, table(&[args]));
    c.declare(&dlq, FieldTable::new());
    c.e.bind_queue(&dlq, &dlx, &dlq, FieldTable::new()).unwrap();
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2"]);
    wait_for_messages(e, &q, (2, 2, 0));
    let tags = consume(e, &q, &["msg1", "msg2"]);
    nack(e, tags[0], false, false);
    wait_for_messages(e, &q, (1, 0, 1));
    consume_empty(e, &q);
    consume_empty(e, &dlq);
    c.set_policy(&q, json!({"dead-letter-exchange": dlx, "dead-letter-routing-key": dlq}));
    let e = &mut c.e;
    advance(e, 1000);
    nack(e, tags[1], false, false);
    wait_for_messages(e, &q, (0, 0, 0));
    consume_empty(e, &q);
    consume(e, &dlq, &["msg2"]);
    consume_empty(e, &dlq);
}

#[test]
fn dead_letter_policy() {
    ALL.into_iter().for_each(dead_letter_policy_case);
}

fn dead_letter_override_policy_case(g: Group) {
    let mut c = case(g, "dead_letter_override_policy");
    let q = c.q.clone();
    // The policy would make a self-cycle; the queue's arguments win.
    c.set_policy(&q, json!({"dead-letter-exchange": "", "dead-letter-routing-key": q}));
    c.declare_dead_letter_queues(json!({}));
    let dlq = c.dlq.clone();
    let e = &mut c.e;
    nack_one(e, &q);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume_empty(e, &q);
    consume(e, &dlq, &["msg1"]);
}

#[test]
fn dead_letter_override_policy() {
    ALL.into_iter().for_each(dead_letter_override_policy_case);
}

fn dead_letter_ignore_policy_case(g: Group) {
    let mut c = case(g, "dead_letter_ignore_policy");
    c.declare_dead_letter_queues(json!({}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    c.set_policy(&q, json!({"dead-letter-exchange": "", "dead-letter-routing-key": q}));
    let e = &mut c.e;
    nack_one(e, &q);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume(e, &dlq, &["msg1"]);
    consume_empty(e, &q);
}

#[test]
fn dead_letter_ignore_policy() {
    ALL.into_iter().for_each(dead_letter_ignore_policy_case);
}
