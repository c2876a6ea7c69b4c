//! rabbit_fifo_dlx_integration_SUITE (single node): quorum at-least-once dead-lettering.

use super::*;

// =============================================================================================
// rabbit_fifo_dlx_integration_SUITE (single node): quorum at-least-once
// =============================================================================================

/// The suite's names for one case.
struct Fifo {
    e: Engine,
    source: String,
    dlx: String,
    target: String,
    policy: String,
}

fn fifo(name: &str) -> Fifo {
    Fifo {
        e: Engine::new(&RABBITMQ_4),
        source: format!("{name}_source"),
        dlx: format!("{name}_dlx"),
        target: format!("{name}_target_1"),
        policy: format!("{name}_policy"),
    }
}

/// The at-least-once source arguments (`declare_topology/2`'s defaults) plus `extra`.
fn alo_source_args(dlx: &str, extra: Value) -> FieldTable {
    table(&[
        json!({
            "x-dead-letter-exchange": dlx,
            "x-dead-letter-routing-key": "k1",
            "x-dead-letter-strategy": "at-least-once",
            "x-overflow": "reject-publish",
            "x-queue-type": "quorum"
        }),
        extra,
    ])
}

impl Fifo {
    /// `declare_topology/2`: source queue, DLX, classic target bound with `k1`.
    fn declare_topology(&mut self, extra: Value) {
        let args = alo_source_args(&self.dlx, extra);
        self.e.declare_queue(&self.source, true, args).unwrap();
        self.e.declare_exchange(&self.dlx, "direct", false, false, FieldTable::new()).unwrap();
        self.e.declare_queue(&self.target, true, FieldTable::new()).unwrap();
        self.e.bind_queue(&self.target, &self.dlx, "k1", FieldTable::new()).unwrap();
        settle(&mut self.e);
    }

    /// `query_stat_dlx`: (messages, bytes) the source queue holds for dead-lettering.
    fn stat_dlx(&self) -> (usize, u64) {
        let q = self.e.queue(&self.source).expect("source queue");
        (q.held.len(), q.held.iter().map(|h| h.msg.size_bytes()).sum())
    }

    /// `eventually(... query_stat_dlx ...)`.
    fn eventually_dlx(&mut self, n: usize) {
        let src = self.source.clone();
        eventually(&mut self.e, 400_000, &format!("{src} holds {n} dead letters"), |e| {
            e.queue(&src).map(|q| q.held.len()) == Some(n)
        });
    }

    /// `consistently(... query_stat_dlx ...)`: stays so for a while (past a redelivery).
    fn consistently_dlx(&mut self, n: usize) {
        for _ in 0..40 {
            advance(&mut self.e, 5_000);
            assert_eq!(self.stat_dlx().0, n, "{} should keep holding {n}", self.source);
        }
    }

    fn set_policy(&mut self, def: Value) {
        let (p, src) = (self.policy.clone(), self.source.clone());
        self.e.set_policy(&p, &src, table(&[def]), 0, "queues", false).unwrap();
        settle(&mut self.e);
    }
}

/// `assert_dlx_headers/3`.
fn assert_dlx_headers(m: &Message, reason: &str, source: &str) {
    assert_header(m, "x-first-death-reason", reason);
    assert_header(m, "x-first-death-queue", source);
    assert_header(m, "x-first-death-exchange", "");
    let ds = deaths(m);
    assert_eq!(ds.len(), 1);
    let d = &ds[0];
    assert_longstr(d, "queue", source);
    assert_longstr(d, "reason", reason);
    assert_longstr(d, "exchange", "");
    assert_eq!(d.get("count"), Some(&FieldValue::Long(1)));
    assert_eq!(d.get("routing-keys"), Some(&str_array(&[source])));
    if reason == "expired" {
        assert_longstr(d, "original-expiration", "0");
    }
}

/// `?awaitMatch({#'basic.get_ok'{}, ...}, basic.get(Target))`.
fn await_get(e: &mut Engine, q: &str, body: &str) -> Delivery {
    eventually(e, 400_000, &format!("a message in {q}"), |e| {
        e.queue(q).map(|x| x.ready_len() > 0).unwrap_or(false)
    });
    let d = get(e, q).expect("a message");
    assert_eq!(&*d.msg.body, body);
    d
}

#[test]
fn expired() {
    let mut f = fifo("expired");
    f.declare_topology(json!({}));
    let (src, target) = (f.source.clone(), f.target.clone());
    let e = &mut f.e;
    publish_expiring(e, &src, "msg", "0");
    let d = await_get(e, &target, "msg");
    assert_eq!(d.msg.props.expiration, None);
    assert_dlx_headers(&d.msg, "expired", &src);
    assert_eq!(counted(e, Reason::Expired, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(e), 1);
}

#[test]
fn rejected() {
    let mut f = fifo("rejected");
    f.declare_topology(json!({}));
    let (src, target) = (f.source.clone(), f.target.clone());
    let e = &mut f.e;
    publish(e, &src, &["msg"]);
    wait_for_messages(e, &src, (1, 1, 0));
    let t = consume(e, &src, &["msg"]);
    nack(e, t[0], false, false);
    let d = await_get(e, &target, "msg");
    assert_dlx_headers(&d.msg, "rejected", &src);
    assert_eq!(counted(e, Reason::Rejected, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(e), 1);
}

#[test]
fn delivery_limit() {
    let mut f = fifo("delivery_limit");
    f.declare_topology(json!({"x-delivery-limit": 0}));
    let (src, target) = (f.source.clone(), f.target.clone());
    let e = &mut f.e;
    publish(e, &src, &["msg"]);
    wait_for_messages(e, &src, (1, 1, 0));
    // Taken without an ack, then the channel closes: a failed delivery.
    consume(e, &src, &["msg"]);
    e.close_channel(CH);
    settle(e);
    let d = await_get(e, &target, "msg");
    assert_dlx_headers(&d.msg, "delivery_limit", &src);
    assert_eq!(counted(e, Reason::DeliveryLimit, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(e), 1);
}

#[test]
fn target_queue_not_bound() {
    let mut f = fifo("target_queue_not_bound");
    let (src, target, dlx) = (f.source.clone(), f.target.clone(), f.dlx.clone());
    f.e.declare_queue(&src, true, alo_source_args(&dlx, json!({}))).unwrap();
    f.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
    f.e.declare_queue(&target, true, FieldTable::new()).unwrap();
    publish_expiring(&mut f.e, &src, "msg", "0");
    // No binding from the DLX to the target: the source keeps the message.
    f.eventually_dlx(1);
    f.consistently_dlx(1);
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(&f.e), 0);
    // Fix the topology: the message reaches the target and leaves the source.
    f.e.bind_queue(&target, &dlx, "k1", FieldTable::new()).unwrap();
    f.eventually_dlx(0);
    let d = get(&mut f.e, &target).expect("delivered once bound");
    assert_eq!(&*d.msg.body, "msg");
    assert_eq!(d.msg.props.expiration, None);
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(&f.e), 1);
}

#[test]
fn target_queue_deleted() {
    let mut f = fifo("target_queue_deleted");
    let (src, target, dlx) = (f.source.clone(), f.target.clone(), f.dlx.clone());
    f.e.declare_queue(&src, true, alo_source_args(&dlx, json!({}))).unwrap();
    f.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
    f.e.declare_queue(&target, true, table(&[json!({"x-queue-type": "quorum"})])).unwrap();
    f.e.bind_queue(&target, &dlx, "k1", FieldTable::new()).unwrap();
    publish_expiring(&mut f.e, &src, "m1", "0");
    await_get(&mut f.e, &target, "m1");
    f.eventually_dlx(0);
    assert_eq!(f.e.delete_queue(&target).unwrap(), 0);
    publish_expiring(&mut f.e, &src, "m2", "0");
    // Not lost despite the deleted target.
    f.eventually_dlx(1);
    f.consistently_dlx(1);
    // Delivered once the target exists again (a classic queue this time).
    f.e.declare_queue(&target, true, FieldTable::new()).unwrap();
    f.e.bind_queue(&target, &dlx, "k1", FieldTable::new()).unwrap();
    await_get(&mut f.e, &target, "m2");
    f.eventually_dlx(0);
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 2);
    assert_eq!(confirmed(&f.e), 2);
}

#[test]
fn dlx_missing() {
    let mut f = fifo("dlx_missing");
    let (src, target, dlx) = (f.source.clone(), f.target.clone(), f.dlx.clone());
    f.e.declare_queue(&src, true, alo_source_args(&dlx, json!({}))).unwrap();
    f.e.declare_queue(&target, true, FieldTable::new()).unwrap();
    publish_expiring(&mut f.e, &src, "msg", "0");
    // The DLX does not exist: the source keeps the message.
    f.eventually_dlx(1);
    f.consistently_dlx(1);
    f.e.declare_exchange(&dlx, "direct", false, false, FieldTable::new()).unwrap();
    f.e.bind_queue(&target, &dlx, "k1", FieldTable::new()).unwrap();
    f.eventually_dlx(0);
    let d = get(&mut f.e, &target).expect("delivered once the DLX exists");
    assert_eq!(&*d.msg.body, "msg");
    assert_eq!(d.msg.props.expiration, None);
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(&f.e), 1);
}

#[test]
fn cycle() {
    let mut f = fifo("cycle");
    let (src, target) = (f.source.clone(), f.target.clone());
    let args = table(&[json!({
        "x-dead-letter-exchange": "",
        "x-dead-letter-strategy": "at-least-once",
        "x-overflow": "reject-publish",
        "x-queue-type": "quorum"
    })]);
    f.e.declare_queue(&src, true, args).unwrap();
    publish_expiring(&mut f.e, &src, "msg", "0");
    // source -> default exchange -> source is a cycle: the source keeps the message.
    f.eventually_dlx(1);
    f.consistently_dlx(1);
    // Fix the cycle: source -> default exchange -> target.
    f.e.declare_queue(&target, true, FieldTable::new()).unwrap();
    f.set_policy(json!({"dead-letter-routing-key": target}));
    f.eventually_dlx(0);
    let d = get(&mut f.e, &target).expect("delivered once the cycle is fixed");
    assert_eq!(&*d.msg.body, "msg");
    let p = f.policy.clone();
    f.e.clear_policy(&p, false).unwrap();
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 1);
    assert_eq!(confirmed(&f.e), 1);
}

#[test]
fn drop_head_falls_back_to_at_most_once() {
    let mut f = fifo("drop_head_falls_back_to_at_most_once");
    let (src, dlx) = (f.source.clone(), f.dlx.clone());
    let args = table(&[json!({
        "x-dead-letter-exchange": dlx,
        "x-dead-letter-strategy": "at-least-once",
        "x-overflow": "drop-head",
        "x-queue-type": "quorum"
    })]);
    f.e.declare_queue(&src, true, args).unwrap();
    // At-least-once would keep a dead letter whose DLX is missing; at-most-once drops it.
    publish_expiring(&mut f.e, &src, "msg", "0");
    f.consistently_dlx(0);
    assert_eq!(counts(&f.e, &src), (0, 0, 0));
    assert!(!f.e.events().iter().any(|ev| matches!(ev.kind, EventKind::HeldForDeadLetter { .. })));
    assert!(f.e.events().iter().any(|ev| matches!(
        ev.kind,
        EventKind::Dropped(DropRule::DeadLetterExchangeMissing { .. })
    )));
}

#[test]
fn switch_strategy() {
    let mut f = fifo("switch_strategy");
    let (src, dlx) = (f.source.clone(), f.dlx.clone());
    let args = table(&[
        json!({"x-dead-letter-exchange": dlx, "x-overflow": "reject-publish", "x-queue-type": "quorum"}),
    ]);
    f.e.declare_queue(&src, true, args).unwrap();
    // The default strategy is at-most-once.
    assert!(!f
        .e
        .queue(&src)
        .unwrap()
        .effective
        .at_least_once
        .as_ref()
        .map(|a| a.value)
        .unwrap_or(false));
    f.set_policy(json!({"dead-letter-strategy": "at-least-once"}));
    for _ in 0..5 {
        publish_expiring(&mut f.e, &src, "m", "0");
    }
    f.eventually_dlx(5);
    assert_eq!(f.stat_dlx(), (5, 5));
    assert_eq!(counts(&f.e, &src), (5, 0, 0));
    // Switching back to at-most-once deletes the pending dead letters.
    f.set_policy(json!({"dead-letter-strategy": "at-most-once"}));
    assert_eq!(f.stat_dlx(), (0, 0));
    assert_eq!(counts(&f.e, &src), (0, 0, 0));
    let p = f.policy.clone();
    f.e.clear_policy(&p, false).unwrap();
    settle(&mut f.e);
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 5);
    assert_eq!(confirmed(&f.e), 0);
}

/// `reject_publish/2`: held dead letters count toward the source queue's limit.
fn reject_publish(name: &str, limit: Value) {
    let mut f = fifo(name);
    let (src, target) = (f.source.clone(), f.target.clone());
    // This routing key routes the dead letters nowhere.
    f.set_policy(json!({"dead-letter-routing-key": "fake"}));
    let args = table(&[
        json!({
            "x-dead-letter-exchange": "",
            "x-dead-letter-strategy": "at-least-once",
            "x-overflow": "reject-publish",
            "x-queue-type": "quorum",
            "x-message-ttl": 0
        }),
        limit,
    ]);
    f.e.declare_queue(&src, true, args).unwrap();
    f.e.declare_queue(&target, true, FieldTable::new()).unwrap();
    assert!(publish_props(&mut f.e, "", &src, "m", Properties::default()).confirm_ack);
    assert!(publish_props(&mut f.e, "", &src, "m", Properties::default()).confirm_ack);
    f.eventually_dlx(2);
    assert_eq!(f.stat_dlx(), (2, 2), "2 messages of 1 byte");
    // Over the limit: publishes are nacked.
    assert!(!publish_props(&mut f.e, "", &src, "m", Properties::default()).confirm_ack);
    // Fix the dead-letter routing.
    f.set_policy(json!({"dead-letter-routing-key": target}));
    f.eventually_dlx(0);
    // Publishes are accepted again.
    assert!(publish_props(&mut f.e, "", &src, "m", Properties::default()).confirm_ack);
    consume(&mut f.e, &target, &["m", "m"]);
    await_get(&mut f.e, &target, "m");
    let p = f.policy.clone();
    f.e.clear_policy(&p, false).unwrap();
}

#[test]
fn reject_publish_source_queue_max_length() {
    reject_publish("reject_publish_source_queue_max_length", json!({"x-max-length": 1}));
}

#[test]
fn reject_publish_source_queue_max_length_bytes() {
    reject_publish(
        "reject_publish_source_queue_max_length_bytes",
        json!({"x-max-length-bytes": 1}),
    );
}

#[test]
fn reject_publish_target_classic_queue() {
    let mut f = fifo("reject_publish_target_classic_queue");
    let (src, target) = (f.source.clone(), f.target.clone());
    let args = table(&[json!({
        "x-dead-letter-exchange": "",
        "x-dead-letter-routing-key": target,
        "x-dead-letter-strategy": "at-least-once",
        "x-overflow": "reject-publish",
        "x-queue-type": "quorum",
        "x-message-ttl": 1
    })]);
    f.e.declare_queue(&src, true, args).unwrap();
    f.e.declare_queue(
        &target,
        true,
        table(&[json!({"x-overflow": "reject-publish", "x-max-length": 1})]),
    )
    .unwrap();
    publish(&mut f.e, &src, &["m", "m"]);
    // The target took one and refused the other.
    f.eventually_dlx(1);
    assert_eq!(f.stat_dlx(), (1, 1));
    f.consistently_dlx(1);
    assert_eq!(counted(&f.e, Reason::Expired, Strategy::AtLeastOnce), 2);
    assert_eq!(confirmed(&f.e), 1);
    // Make room: the held dead letter is retried until it fits.
    consume(&mut f.e, &target, &["m"]);
    eventually(&mut f.e, 400_000, "2 confirmed", |e| confirmed(e) == 2);
    assert_eq!(f.stat_dlx(), (0, 0));
    consume(&mut f.e, &target, &["m"]);
}
