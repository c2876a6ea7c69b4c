//! dead_lettering_SUITE: dead-letter counters with no DLX configured (cases 37–40).

use super::*;

// =============================================================================================
// Metrics, no DLX configured (groups classic_queue/disabled and quorum_queue/disabled)
// =============================================================================================

/// The two `disabled` groups: queue arguments and durability.
fn disabled_groups() -> [(Value, bool); 2] {
    [(json!({"x-queue-type": "classic"}), false), (json!({"x-queue-type": "quorum"}), true)]
}

fn thousand() -> Vec<String> {
    (1..=1000).map(|n| n.to_string()).collect()
}

#[test]
fn metric_maxlen() {
    for (args, durable) in disabled_groups() {
        let mut e = Engine::new(&RABBITMQ_4);
        let q = "disabled_metric_maxlen";
        e.declare_queue(
            q,
            durable,
            table(&[json!({"x-max-length": 1, "x-overflow": "drop-head"}), args]),
        )
        .unwrap();
        let payloads = thousand();
        let refs: Vec<&str> = payloads.iter().map(String::as_str).collect();
        publish(&mut e, q, &refs);
        assert_eq!(counted(&e, Reason::Maxlen, Strategy::Disabled), 999);
    }
}

#[test]
fn metric_rejected() {
    for (args, durable) in disabled_groups() {
        let mut e = Engine::new(&RABBITMQ_4);
        let q = "disabled_metric_rejected";
        e.declare_queue(q, durable, table(&[args])).unwrap();
        let payloads = thousand();
        let refs: Vec<&str> = payloads.iter().map(String::as_str).collect();
        publish(&mut e, q, &refs);
        wait_for_messages(&mut e, q, (1000, 1000, 0));
        let consumer = e.consume(CH, q, 0, false, false).unwrap();
        settle(&mut e);
        let mut last = 0;
        for p in &payloads {
            let (tag, _, body) =
                deliveries_after(&e, CH, last).into_iter().next().expect("a delivery");
            assert_eq!(&body, p);
            e.reject(CH, tag, false).unwrap();
            last = tag;
        }
        e.cancel(consumer).unwrap();
        settle(&mut e);
        assert_eq!(counted(&e, Reason::Rejected, Strategy::Disabled), 1000);
    }
}

#[test]
fn metric_expired_queue_msg_ttl() {
    for (args, durable) in disabled_groups() {
        let mut e = Engine::new(&RABBITMQ_4);
        let q = "disabled_metric_expired_queue_msg_ttl";
        e.declare_queue(q, durable, table(&[json!({"x-message-ttl": 0}), args])).unwrap();
        let payloads = thousand();
        let refs: Vec<&str> = payloads.iter().map(String::as_str).collect();
        publish(&mut e, q, &refs);
        eventually(&mut e, 3000, "1000 expired", |e| {
            counted(e, Reason::Expired, Strategy::Disabled) == 1000
        });
    }
}

#[test]
fn metric_expired_per_msg_msg_ttl() {
    for (args, durable) in disabled_groups() {
        let mut e = Engine::new(&RABBITMQ_4);
        let q = "disabled_metric_expired_per_msg_msg_ttl";
        e.declare_queue(q, durable, table(&[args])).unwrap();
        for p in thousand() {
            publish_expiring(&mut e, q, &p, "0");
        }
        eventually(&mut e, 3000, "1000 expired", |e| {
            counted(e, Reason::Expired, Strategy::Disabled) == 1000
        });
    }
}
