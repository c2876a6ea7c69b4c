//! Other modern-broker facts: delivery-limit defaults, x-delivery-count, 4.3 rules.

use super::*;

// =============================================================================================
// Other modern-broker facts
// =============================================================================================

/// A quorum queue dead-lettering into a classic DLQ, with `extra` arguments.
fn quorum_with_dlq(name: &str, extra: Value) -> (Engine, String, String) {
    let mut e = Engine::new(&RABBITMQ_4, 7);
    let (q, dlq) = (format!("{name}_q"), format!("{name}_dlq"));
    e.declare_queue(&dlq, true, FieldTable::new()).unwrap();
    let args = table(&[json!({"x-queue-type": "quorum", "x-dead-letter-exchange": "", "x-dead-letter-routing-key": dlq}), extra]);
    e.declare_queue(&q, true, args).unwrap();
    settle(&mut e);
    (e, q, dlq)
}

#[test]
fn quorum_delivery_limit_defaults_to_20() {
    let (mut e, q, dlq) = quorum_with_dlq("default_limit", json!({}));
    publish(&mut e, &q, &["m"]);
    // 20 failed deliveries are allowed...
    for n in 0..20 {
        let d = get(&mut e, &q).unwrap_or_else(|| panic!("delivery {} missing", n + 1));
        reject(&mut e, d.tag, true);
    }
    consume_empty(&mut e, &dlq);
    // ...the 21st return goes over the limit.
    let d = get(&mut e, &q).expect("21st delivery");
    assert_eq!(header(&d.msg, "x-delivery-count"), Some(&FieldValue::Long(20)));
    reject(&mut e, d.tag, true);
    consume_empty(&mut e, &q);
    let dead = get(&mut e, &dlq).expect("dead-lettered");
    assert_longstr(&deaths(&dead.msg)[0], "reason", "delivery_limit");
}

#[test]
fn quorum_delivery_limit_minus_one_is_unlimited() {
    let (mut e, q, dlq) = quorum_with_dlq("unlimited", json!({"x-delivery-limit": -1}));
    publish(&mut e, &q, &["m"]);
    for _ in 0..100 {
        let d = get(&mut e, &q).expect("still there");
        reject(&mut e, d.tag, true);
    }
    consume(&mut e, &q, &["m"]);
    consume_empty(&mut e, &dlq);
    assert_eq!(counted(&e, Reason::DeliveryLimit, Strategy::AtMostOnce), 0);
}

#[test]
fn delivery_count_absent_on_first_delivery() {
    let (mut e, q, _) = quorum_with_dlq("first_delivery", json!({}));
    publish(&mut e, &q, &["m"]);
    let d = get(&mut e, &q).expect("first delivery");
    assert_eq!(header(&d.msg, "x-delivery-count"), None);
    reject(&mut e, d.tag, true);
    let d = get(&mut e, &q).expect("second delivery");
    assert_eq!(header(&d.msg, "x-delivery-count"), Some(&FieldValue::Long(1)));
    assert_eq!(header(&d.msg, "x-delivery-count").map(FieldValue::type_code), Some("l"));
}

#[test]
fn nack_requeue_does_not_count_toward_delivery_limit() {
    let (mut e, q, dlq) = quorum_with_dlq("nack_requeue", json!({"x-delivery-limit": 0}));
    publish(&mut e, &q, &["m"]);
    // basic.nack with requeue is a plain return: not a failed delivery.
    for _ in 0..5 {
        let d = get(&mut e, &q).expect("returned by nack");
        assert_eq!(header(&d.msg, "x-delivery-count"), None);
        nack(&mut e, d.tag, false, true);
    }
    consume_empty(&mut e, &dlq);
    // basic.reject with requeue is a failed delivery: over the limit of 0.
    let d = get(&mut e, &q).expect("still there");
    reject(&mut e, d.tag, true);
    consume_empty(&mut e, &q);
    let dead = get(&mut e, &dlq).expect("dead-lettered by the reject");
    assert_longstr(&deaths(&dead.msg)[0], "reason", "delivery_limit");
}

/// 4.3 delayed retry: a returned message waits `min(min × delivery-count, max)` before it can
/// be delivered again.
#[test]
#[ignore = "the engine does not implement 4.3 delayed retry (x-delayed-retry-type/-min/-max) yet"]
fn delayed_retry() {
    let (mut e, q, _) = quorum_with_dlq(
        "delayed_retry",
        json!({"x-delayed-retry-type": "all", "x-delayed-retry-min": 1000, "x-delayed-retry-max": 2500}),
    );
    publish(&mut e, &q, &["m"]);
    for (n, delay) in [(1u64, 1000u64), (2, 2000), (3, 2500), (4, 2500)] {
        let d = get(&mut e, &q).unwrap_or_else(|| panic!("delivery {n}"));
        reject(&mut e, d.tag, true);
        advance(&mut e, delay - 1);
        consume_empty(&mut e, &q);
        advance(&mut e, 1);
        assert_eq!(counts(&e, &q).1, 1, "available again after {delay} ms");
    }
}
