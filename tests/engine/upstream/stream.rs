//! dead_lettering_SUITE: a stream as the final dead-letter queue (case 41).

use super::*;

// =============================================================================================
// Stream as the final dead-letter queue (group stream_queue)
// =============================================================================================

#[test]
fn stream() {
    let mut e = Engine::new(&RABBITMQ_4);
    let (q1, q2, q3) = ("q1", "q2", "q3");
    e.declare_queue(
        q1,
        false,
        table(&[json!({"x-dead-letter-exchange": "", "x-dead-letter-routing-key": q2})]),
    )
    .unwrap();
    e.declare_queue(
        q2,
        false,
        table(&[json!({"x-message-ttl": 2500, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": q3})]),
    )
    .unwrap();
    e.declare_queue(
        q3,
        true,
        table(&[json!({"x-queue-type": "stream", "x-initial-cluster-size": 1})]),
    )
    .unwrap();
    // The message travels Q1 -> Q2 -> Q3.
    let props = Properties {
        expiration: Some("0".into()),
        headers: table(&[json!({"CC": ["cc 1", "cc 2"], "BCC": ["bcc 1", "bcc 2"]})]),
        ..Default::default()
    };
    publish_props(&mut e, "", q1, "my payload", props);
    let ch1 = 2;
    e.consume(ch1, q3, 1, false, false).unwrap();
    eventually(&mut e, 10_000, "delivery from the stream", |e| !e.unacked(ch1).is_empty());
    let (tag, msg) = {
        let u = e.unacked(ch1);
        assert_eq!(u.len(), 1);
        (u[0].0, u[0].1.entry.msg.clone())
    };
    e.ack(ch1, tag, false).unwrap();
    assert_eq!(&*msg.body, "my payload");

    assert_header(&msg, "x-first-death-reason", "expired");
    assert_header(&msg, "x-first-death-queue", q1);
    assert_header(&msg, "x-first-death-exchange", "");
    assert_header(&msg, "x-last-death-reason", "expired");
    assert_header(&msg, "x-last-death-queue", q2);
    assert_header(&msg, "x-last-death-exchange", "");

    // Ordered by recency.
    let ds = deaths(&msg);
    assert_eq!(ds.len(), 2);
    let (death2, death1) = (&ds[0], &ds[1]);

    assert_longstr(death1, "queue", q1);
    assert_longstr(death1, "reason", "expired");
    assert_longstr(death1, "exchange", "");
    assert_eq!(death1.get("count"), Some(&FieldValue::Long(1)));
    // CC keys in, BCC keys out.
    assert_eq!(death1.get("routing-keys"), Some(&str_array(&[q1, "cc 1", "cc 2"])));
    assert_longstr(death1, "original-expiration", "0");
    let t1 = timestamp(death1);

    assert_longstr(death2, "queue", q2);
    assert_longstr(death2, "reason", "expired");
    assert_longstr(death2, "exchange", "");
    assert_eq!(death2.get("count"), Some(&FieldValue::Long(1)));
    assert_eq!(death2.get("routing-keys"), Some(&str_array(&[q2])));
    assert_eq!(death2.get("original-expiration"), None);
    let t2 = timestamp(death2);
    assert!(t1 < t2, "T1 {t1} < T2 {t2}");

    assert_eq!(header(&msg, "CC"), Some(&str_array(&["cc 1", "cc 2"])));
}
