//! Other modern-broker facts: delivery-limit defaults, x-delivery-count, 4.3 rules.

use super::*;
use dlx_lab::engine::settings::RetryKind;

// =============================================================================================
// Other modern-broker facts
// =============================================================================================

/// A quorum queue dead-lettering into a classic DLQ, with `extra` arguments.
fn quorum_with_dlq(name: &str, extra: Value) -> (Engine, String, String) {
    let mut e = Engine::new(&RABBITMQ_4);
    let (q, dlq) = (format!("{name}_q"), format!("{name}_dlq"));
    e.declare_queue(&dlq, true, FieldTable::new()).unwrap();
    let args = table(&[
        json!({"x-queue-type": "quorum", "x-dead-letter-exchange": "", "x-dead-letter-routing-key": dlq}),
        extra,
    ]);
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

// quorum_queue_SUITE delayed_retry_* (4.3), through AMQP 0-9-1: `basic.reject` with requeue is
// a failed delivery, `basic.nack` with requeue a plain return.

#[test]
fn delayed_retry_disabled() {
    let (mut e, q, _) = quorum_with_dlq("dr_disabled", json!({}));
    publish(&mut e, &q, &["m"]);
    let d = get(&mut e, &q).unwrap();
    nack(&mut e, d.tag, false, true);
    assert_eq!(counts(&e, &q), (1, 1, 0), "available again at once");
    get(&mut e, &q).expect("right away");
}

#[test]
fn delayed_retry_all() {
    let (mut e, q, _) = quorum_with_dlq(
        "dr_all",
        json!({"x-delayed-retry-type": "all", "x-delayed-retry-min": 2000}),
    );
    publish(&mut e, &q, &["m"]);
    let d = get(&mut e, &q).unwrap();
    nack(&mut e, d.tag, false, true);
    // Held back: counted in the queue, not ready. A plain return has no delivery count, so it
    // waits one step of the minimum.
    assert_eq!(counts(&e, &q), (1, 0, 0));
    advance(&mut e, 1999);
    consume_empty(&mut e, &q);
    advance(&mut e, 1);
    assert_eq!(counts(&e, &q), (1, 1, 0));
    get(&mut e, &q).expect("after the delay");
}

#[test]
fn delayed_retry_failed() {
    let (mut e, q, _) = quorum_with_dlq(
        "dr_failed",
        json!({"x-delayed-retry-type": "failed", "x-delayed-retry-min": 2000}),
    );
    publish(&mut e, &q, &["m"]);
    let d = get(&mut e, &q).unwrap();
    nack(&mut e, d.tag, false, true);
    let d = get(&mut e, &q).expect("a plain return is not delayed");
    reject(&mut e, d.tag, true);
    consume_empty(&mut e, &q);
    assert_eq!(counts(&e, &q), (1, 0, 0), "a failed delivery is delayed");
}

#[test]
fn delayed_retry_returned() {
    let (mut e, q, _) = quorum_with_dlq(
        "dr_returned",
        json!({"x-delayed-retry-type": "returned", "x-delayed-retry-min": 2000}),
    );
    publish(&mut e, &q, &["m"]);
    let d = get(&mut e, &q).unwrap();
    reject(&mut e, d.tag, true);
    let d = get(&mut e, &q).expect("a failed delivery is not delayed");
    nack(&mut e, d.tag, false, true);
    consume_empty(&mut e, &q);
    assert_eq!(counts(&e, &q), (1, 0, 0), "a plain return is delayed");
}

#[test]
fn delayed_retry_counts_towards_limit() {
    let (mut e, q, _) = quorum_with_dlq(
        "dr_limit",
        json!({"x-delayed-retry-type": "all", "x-delayed-retry-min": 10000, "x-max-length": 2, "x-overflow": "reject-publish"}),
    );
    assert!(publish_props(&mut e, "", &q, "1", Properties::default()).confirm_ack);
    let d = get(&mut e, &q).unwrap();
    nack(&mut e, d.tag, false, true);
    assert_eq!(counts(&e, &q), (1, 0, 0));
    assert!(publish_props(&mut e, "", &q, "2", Properties::default()).confirm_ack);
    // reject-publish lets one publish overshoot; the held-back message counts toward the limit.
    assert!(publish_props(&mut e, "", &q, "3", Properties::default()).confirm_ack);
    assert!(
        !publish_props(&mut e, "", &q, "4", Properties::default()).confirm_ack,
        "the fourth is refused"
    );
}

#[test]
fn delayed_retry_comes_back_ahead_of_the_others() {
    let (mut e, q, _) = quorum_with_dlq(
        "dr_order",
        json!({"x-delayed-retry-type": "all", "x-delayed-retry-min": 1000}),
    );
    publish(&mut e, &q, &["first", "second", "third"]);
    let d = get(&mut e, &q).unwrap();
    reject(&mut e, d.tag, true);
    advance(&mut e, 1000);
    // Back as a return: delivered before the messages that never left.
    let bodies: Vec<String> =
        (0..3).map(|_| get(&mut e, &q).map(|d| d.msg.body.to_string()).unwrap()).collect();
    assert_eq!(bodies, ["first", "second", "third"]);
    let released =
        e.events().iter().filter(|ev| matches!(&ev.kind, EventKind::RetryDelayed { .. })).count();
    assert_eq!(released, 1);
}

#[test]
fn delayed_retry_settings_merge_as_the_broker_resolves_them() {
    // The policy's type wins over the argument; of the minimums the lower wins.
    let mut e = Engine::new(&RABBITMQ_4);
    e.set_policy(
        "p",
        "^dr_pol",
        table(&[json!({"delayed-retry-type": "returned", "delayed-retry-min": 500})]),
        0,
        "queues",
        false,
    )
    .unwrap();
    e.declare_queue("dr_pol", true, table(&[json!({"x-queue-type": "quorum", "x-delayed-retry-type": "failed", "x-delayed-retry-min": 3000})])).unwrap();
    settle(&mut e);
    let dr = e.queue("dr_pol").unwrap().effective.delayed_retry.clone().expect("on");
    assert_eq!((dr.value.kind, dr.value.min_ms, dr.value.max_ms), (RetryKind::Returned, 500, 500));
    // An operator policy's type wins over the policy's, and the higher minimum of the two.
    e.set_policy("op", "^dr_pol", table(&[json!({"delayed-retry-type": "all", "delayed-retry-min": 800, "delayed-retry-max": 5000})]), 0, "queues", true).unwrap();
    settle(&mut e);
    let dr = e.queue("dr_pol").unwrap().effective.delayed_retry.clone().expect("on");
    assert_eq!((dr.value.kind, dr.value.min_ms, dr.value.max_ms), (RetryKind::All, 800, 5000));
    // A type without a minimum, or an unknown type, leaves it off; classic queues never have it.
    for args in [
        json!({"x-queue-type": "quorum", "x-delayed-retry-type": "all"}),
        json!({"x-queue-type": "quorum", "x-delayed-retry-type": "sometimes", "x-delayed-retry-min": 5}),
    ] {
        e.declare_queue("dr_off", true, table(&[args])).unwrap();
        assert_eq!(e.queue("dr_off").unwrap().effective.delayed_retry, None);
        e.delete_queue("dr_off").unwrap();
    }
    e.declare_queue(
        "dr_classic",
        true,
        table(&[json!({"x-delayed-retry-type": "all", "x-delayed-retry-min": 5})]),
    )
    .unwrap();
    assert_eq!(e.queue("dr_classic").unwrap().effective.delayed_retry, None);
}

#[test]
fn delayed_retry_is_not_in_3_10() {
    let mut e = Engine::new(&RABBITMQ_3_10);
    e.declare_queue("dr_old", true, table(&[json!({"x-queue-type": "quorum", "x-delayed-retry-type": "all", "x-delayed-retry-min": 2000})])).unwrap();
    publish(&mut e, "dr_old", &["m"]);
    let d = get(&mut e, "dr_old").unwrap();
    reject(&mut e, d.tag, true);
    get(&mut e, "dr_old").expect("3.10 redelivers at once");
}

#[test]
fn a_purge_takes_held_back_returns_too() {
    let (mut e, q, _) = quorum_with_dlq(
        "dr_purge",
        json!({"x-delayed-retry-type": "all", "x-delayed-retry-min": 5000}),
    );
    publish(&mut e, &q, &["a", "b"]);
    let d = get(&mut e, &q).unwrap();
    reject(&mut e, d.tag, true);
    assert_eq!(e.purge_queue(&q).unwrap(), 2);
    assert_eq!(counts(&e, &q), (0, 0, 0));
    advance(&mut e, 6000);
    consume_empty(&mut e, &q);
    assert_eq!(e.census() as i64, e.live_copies());
}
