//! dead_lettering_SUITE: TTL and length (cases 12–14).

use super::*;

// =============================================================================================
// TTL and length
// =============================================================================================

fn dead_letter_ttl_case(g: Group) {
    let mut c = case(g, "dead_letter_ttl");
    c.declare_dead_letter_queues(json!({"x-message-ttl": 1}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1"]);
    wait_for_messages(e, &dlq, (1, 1, 0));
    consume_empty(e, &q);
    consume(e, &dlq, &["msg1"]);
    assert_eq!(c.counted(Reason::Expired), 1);
}

#[test]
fn dead_letter_ttl() {
    ALL.into_iter().for_each(dead_letter_ttl_case);
}

fn dead_letter_max_length_drop_head_case(g: Group) {
    let mut c = case(g, "dead_letter_max_length_drop_head");
    c.declare_dead_letter_queues(json!({"x-max-length": 1}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (1, 1, 0));
    consume(e, &q, &["msg3"]);
    consume_empty(e, &q);
    wait_for_messages(e, &dlq, (2, 2, 0));
    consume(e, &dlq, &["msg1", "msg2"]);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Maxlen), 2);
}

#[test]
fn dead_letter_max_length_drop_head() {
    AT_MOST_ONCE.into_iter().for_each(dead_letter_max_length_drop_head_case);
}

#[test]
fn dead_letter_max_length_reject_publish_dlx() {
    let mut c = case(Classic, "dead_letter_max_length_reject_publish_dlx");
    c.declare_dead_letter_queues(json!({"x-max-length": 1, "x-overflow": "reject-publish-dlx"}));
    let (q, dlq) = (c.q.clone(), c.dlq.clone());
    let e = &mut c.e;
    publish(e, &q, &["msg1", "msg2", "msg3"]);
    wait_for_messages(e, &q, (1, 1, 0));
    consume(e, &q, &["msg1"]);
    consume_empty(e, &q);
    wait_for_messages(e, &dlq, (2, 2, 0));
    consume(e, &dlq, &["msg2", "msg3"]);
    consume_empty(e, &dlq);
    assert_eq!(c.counted(Reason::Maxlen), 2);
}
