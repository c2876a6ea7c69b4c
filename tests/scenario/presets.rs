//! Every preset runs to its end without a scenario error and teaches what it says; time travel
//! (seek back, then forward) gives the same log as a straight run.

use dlx_lab::engine::{DropRule, EventKind, FieldValue, Reason, SimTime};
use dlx_lab::scenario::model::json::Obj;
use dlx_lab::scenario::model::step::Step;
use dlx_lab::scenario::playground::presets::{preset, PRESETS};
use dlx_lab::scenario::Run;

fn run_to_end(id: &str) -> Run {
    let s = preset(id).unwrap_or_else(|e| panic!("preset {id}: {e}"));
    let mut r = Run::new(&s).unwrap_or_else(|e| panic!("preset {id}: {e}"));
    let end = r.end();
    r.advance_to(end).unwrap();
    let errors: Vec<_> =
        r.engine().log_lines().iter().filter(|l| l.starts_with("[error]")).collect();
    assert!(errors.is_empty(), "preset {id} logged errors: {errors:?}");
    assert!(!r.stalled, "preset {id} stalled in a zero-delay loop");
    r
}

fn ready(r: &Run, q: &str) -> u64 {
    r.engine().queue(q).map(|q| q.ready_len()).unwrap_or_else(|| panic!("queue {q} missing"))
}

/// When the events `pick` chooses happened.
fn times(r: &Run, pick: impl Fn(&EventKind) -> bool) -> Vec<SimTime> {
    r.engine().events().iter().filter(|e| pick(&e.kind)).map(|e| e.at_us).collect()
}

fn deaths(r: &Run, reason: Reason) -> usize {
    r.engine()
        .events()
        .iter()
        .filter(|e| matches!(&e.kind, EventKind::Died { reason: x, .. } if *x == reason))
        .count()
}

#[test]
fn every_preset_parses_and_runs() {
    for (id, _) in PRESETS {
        let r = run_to_end(id);
        assert_eq!(r.now(), r.end(), "preset {id} did not reach its end");
        assert!(!r.engine().events().is_empty(), "preset {id} did nothing");
    }
}

#[test]
fn four_reasons_each_reach_the_dlq() {
    let r = run_to_end("four-reasons");
    assert_eq!(ready(&r, "dead.letters"), 4);
    for reason in [Reason::Rejected, Reason::Expired, Reason::Maxlen, Reason::DeliveryLimit] {
        assert_eq!(deaths(&r, reason), 1, "{reason:?}");
    }
}

#[test]
fn email_queue_overflows_then_expires() {
    let r = run_to_end("email-queue");
    assert_eq!(ready(&r, "email.dlq"), 520);
    assert_eq!(deaths(&r, Reason::Maxlen), 20);
    assert_eq!(deaths(&r, Reason::Expired), 500);
}

#[test]
fn retry_ladder_parks_after_four_retries() {
    let r = run_to_end("retry-ladder");
    assert_eq!(ready(&r, "main.dlq"), 1);
    let expired_in: Vec<String> = r
        .engine()
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Died { queue, reason: Reason::Expired } => Some(queue.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(expired_in, ["retry.1s", "retry.10s", "retry.60s", "retry.600s"]);
    let parked_at = r
        .engine()
        .events()
        .iter()
        .rev()
        .find(|e| matches!(&e.kind, EventKind::Enqueued { queue, .. } if &**queue == "main.dlq"))
        .unwrap()
        .at_us;
    // 4 deliveries of 100 ms work plus 1 + 10 + 60 + 600 s of waiting.
    assert_eq!(parked_at, SimTime::from_ms(671_500));
}

#[test]
fn the_automatic_cycle_is_dropped_and_the_rejected_one_lives() {
    let r = run_to_end("dead-letter-cycle");
    assert!(r.engine().events().iter().any(|e| matches!(&e.kind, EventKind::Dropped(DropRule::Cycle { queue, .. }) if &**queue == "loop.ttl")));
    assert!(r.engine().log_lines().iter().any(|l| l.contains("cycle detected")));
    let acked = r
        .engine()
        .events()
        .iter()
        .filter(|e| matches!(&e.kind, EventKind::Acked { queue } if &**queue == "loop.reject"))
        .count();
    assert_eq!(acked, 1, "the rejected message survives its four rejections and is finally acked");
}

#[test]
fn the_poison_message_hits_the_delivery_limit() {
    let r = run_to_end("quorum-poison-message");
    assert_eq!(ready(&r, "poison.dlq"), 1);
    assert_eq!(deaths(&r, Reason::DeliveryLimit), 1);
}

#[test]
fn delayed_retry_backs_off_on_4_and_not_on_3_10() {
    // On rabbitmq-4 the failed returns wait 1 s, 2 s, 3 s, 3 s; the fifth failure (at
    // 10.35 s) is over the limit of 4.
    let r = run_to_end("quorum-delayed-retry");
    let died = times(&r, |k| matches!(k, EventKind::Died { reason: Reason::DeliveryLimit, .. }));
    assert_eq!(died, vec![SimTime::from_ms(10_350)]);
    let waits: Vec<u64> = r
        .engine()
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::RetryDelayed { until_us, .. } => {
                Some((until_us.as_us() - e.at_us.as_us()) / 1000)
            }
            _ => None,
        })
        .collect();
    assert_eq!(waits, vec![1000, 2000, 3000, 3000]);
    assert_eq!(ready(&r, "poison.dlq"), 1);
    // The same scenario on 3.10: no delay, dead-lettered after five quick deliveries.
    let s = preset("quorum-delayed-retry").unwrap().with_profile(&dlx_lab::engine::RABBITMQ_3_10);
    let mut r = Run::new(&s).unwrap();
    r.advance_to(r.end()).unwrap();
    let died = times(&r, |k| matches!(k, EventKind::Died { reason: Reason::DeliveryLimit, .. }));
    assert_eq!(died, vec![SimTime::from_ms(1_350)]);
}

#[test]
fn cc_and_bcc_keys_route_dead_letters() {
    let r = run_to_end("cc-bcc-routing");
    for q in ["dlq.k1", "dlq.k2", "dlq.k3", "dlq.dl"] {
        assert_eq!(ready(&r, q), 1, "{q}");
    }
}

#[test]
fn at_least_once_keeps_what_at_most_once_loses() {
    let r = run_to_end("at-least-once");
    assert_eq!(ready(&r, "dlq"), 1);
    let e = r.engine();
    assert!(e
        .events()
        .iter()
        .any(|ev| matches!(&ev.kind, EventKind::Dropped(DropRule::NoDeadLetterRoute { .. }))));
    let q = e.queue("dlq").unwrap();
    let msg = &q.iter_ready().next().unwrap().msg;
    assert_eq!(&*msg.body, "at-least-once");
}

#[test]
fn head_of_queue_ttl_makes_the_short_message_late() {
    let r = run_to_end("trap-head-of-queue-ttl");
    let died = times(&r, |k| matches!(k, EventKind::Died { .. }));
    assert_eq!(
        died,
        [SimTime::from_ms(10_000), SimTime::from_ms(10_000)],
        "the 1 s message dies only when the head does"
    );
    let bodies: Vec<&str> =
        r.engine().queue("expired").unwrap().iter_ready().map(|e| &*e.msg.body).collect();
    assert_eq!(bodies, ["long (10 s)", "short (1 s)"]);
}

#[test]
fn priority_overflow_drops_the_highest_priority() {
    let r = run_to_end("trap-priority-overflow");
    let q = r.engine().queue("jobs.dlq").unwrap();
    let bodies: Vec<&str> = q.iter_ready().map(|e| &*e.msg.body).collect();
    assert_eq!(bodies, ["high"]);
}

#[test]
fn traps_lose_messages_silently_with_the_rule_recorded() {
    let r = run_to_end("trap-missing-dlx");
    assert!(r
        .engine()
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::Dropped(DropRule::DeadLetterExchangeMissing { .. }))));
    let r = run_to_end("trap-dlx-without-binding");
    assert!(r
        .engine()
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::Dropped(DropRule::NoDeadLetterRoute { .. }))));
    assert_eq!(ready(&r, "invoices.dlq"), 0);
}

#[test]
fn seeking_back_and_forth_matches_a_straight_run() {
    let s = preset("email-queue").unwrap();
    let mut straight = Run::new(&s).unwrap();
    straight.advance_to(SimTime::from_ms(31_000)).unwrap();
    let mut travel = Run::new(&s).unwrap();
    travel.advance_to(SimTime::from_ms(36_000)).unwrap();
    travel.seek(SimTime::from_ms(6_000)).unwrap();
    assert_eq!(travel.now(), SimTime::from_ms(6_000));
    assert_eq!(travel.engine().queue("email.dlq").unwrap().ready_len(), 20);
    travel.seek(SimTime::from_ms(31_000)).unwrap();
    assert_eq!(
        format!("{:?}", travel.engine().events()),
        format!("{:?}", straight.engine().events())
    );
}

#[test]
fn seeking_back_keeps_exactly_the_message_copies_made_so_far() {
    // Snapshots do not carry the kept copies; a restore cuts them back by id.
    let mut snapshotted = 0;
    for (id, _) in PRESETS {
        let s = preset(id).unwrap();
        let mut travel = Run::new(&s).unwrap();
        travel.advance_to(travel.end()).unwrap();
        let end_ms = travel.now().as_us() / 1000;
        let last_id = travel.engine().events().iter().filter_map(|e| e.msg).max().unwrap_or(0);
        snapshotted += usize::from(
            travel.engine().events().len()
                > dlx_lab::scenario::playground::run::SNAPSHOT_EVERY_EVENTS,
        );
        for at in [end_ms / 3, end_ms / 7, 0] {
            travel.seek(SimTime::from_ms(at)).unwrap();
            let mut straight = Run::new(&s).unwrap();
            straight.advance_to(SimTime::from_ms(at)).unwrap();
            for m in 0..=last_id + 1 {
                assert_eq!(
                    format!("{:?}", travel.engine().message_copy(m)),
                    format!("{:?}", straight.engine().message_copy(m)),
                    "{id} at {at} ms, copy {m}"
                );
            }
        }
    }
    assert!(snapshotted > 0, "some preset runs long enough to snapshot");
}

#[test]
fn a_user_action_while_scrubbed_back_forks_the_run() {
    let s = preset("trap-missing-dlx").unwrap();
    let mut r = Run::new(&s).unwrap();
    r.advance_to(SimTime::from_ms(2_000)).unwrap();
    r.seek(SimTime::from_ms(50)).unwrap();
    for step in [
        serde_json::json!({"op": "declare_exchange", "name": "payments.dlx", "type": "fanout"}),
        serde_json::json!({"op": "declare_queue", "name": "payments.dlq"}),
        serde_json::json!({"op": "bind", "queue": "payments.dlq", "exchange": "payments.dlx"}),
    ] {
        let step = Step::parse(&Obj::new(&step, "action").unwrap()).unwrap();
        assert_eq!(r.apply(&step), dlx_lab::scenario::model::step_reply::StepReply::Done);
    }
    r.advance_to(SimTime::from_ms(2_000)).unwrap();
    assert_eq!(
        r.engine().queue("payments.dlq").unwrap().ready_len(),
        1,
        "the fixed topology now catches the dead letter"
    );
    let headers =
        &r.engine().queue("payments.dlq").unwrap().iter_ready().next().unwrap().msg.props.headers;
    assert_eq!(headers.get("x-first-death-reason"), Some(&FieldValue::LongStr("rejected".into())));
}

#[test]
fn bad_scenarios_name_the_field() {
    use dlx_lab::scenario::Scenario;
    let e = Scenario::parse(r#"{"profile": "rabbitmq-2"}"#).unwrap_err().to_string();
    assert!(e.starts_with("$.profile"), "{e}");
    let s = Scenario::parse(r#"{"queues": [{"name": "q", "arguments": {"x-message-ttl": -5}}]}"#)
        .unwrap();
    let e = Run::new(&s).unwrap_err().to_string();
    assert!(e.starts_with("$.queues[0]") && e.contains("x-message-ttl"), "{e}");
    let e = Scenario::parse(r#"{"consumers": [{"queue": "q", "behaviour": {"kind": "dance"}}]}"#)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("$.consumers[0].behaviour"), "{e}");
}

#[test]
fn every_hop_of_a_message_can_be_inspected() {
    let r = run_to_end("retry-ladder");
    let e = r.engine();
    let hops: Vec<(String, Option<i64>)> = e
        .events()
        .iter()
        .filter_map(|ev| match &ev.kind {
            EventKind::Enqueued { queue, .. } => {
                let m = e.message_copy(ev.msg.unwrap()).expect("kept copy");
                Some((
                    queue.to_string(),
                    m.props.headers.get("x-retry-count").and_then(FieldValue::as_i64),
                ))
            }
            _ => None,
        })
        .collect();
    assert_eq!(hops.first(), Some(&("main".to_string(), None)));
    assert_eq!(hops.last(), Some(&("main.dlq".to_string(), Some(4))));
    assert_eq!(
        hops.len(),
        10,
        "main, then four times a retry queue and main again, then main.dlq: {hops:?}"
    );
}

#[test]
fn a_bad_timeline_step_is_a_load_error_naming_its_path() {
    let base = |step: serde_json::Value| {
        let v = serde_json::json!({
            "duration_ms": 1000,
            "queues": [{"name": "q"}],
            "timeline": [{"at_ms": 0, "op": "purge_queue", "queue": "q"}, step]
        });
        // Read with the scenario, once: a bad step never reaches the run.
        match dlx_lab::scenario::Scenario::from_json(v) {
            Ok(s) => Run::new(&s).map(|_| "loaded".to_string()).unwrap_or_else(|e| e.to_string()),
            Err(e) => e.to_string(),
        }
    };
    let unknown = base(serde_json::json!({"at_ms": 10, "op": "declare_qeue", "name": "x"}));
    assert!(unknown.starts_with("$.timeline[1].op:"), "{unknown}");
    let missing = base(serde_json::json!({"at_ms": 10, "op": "declare_queue", "queue": "x"}));
    assert!(missing.starts_with("$.timeline[1].name:"), "{missing}");
    let typed = base(serde_json::json!({"at_ms": 10, "op": "wait", "ms": "soon"}));
    assert!(typed.starts_with("$.timeline[1].ms:"), "{typed}");
    assert_eq!(base(serde_json::json!({"at_ms": 10, "op": "wait", "ms": 5})), "loaded");
}

#[test]
fn a_run_past_its_event_limit_is_refused_naming_the_limit() {
    let v = serde_json::json!({
        "duration_ms": 200_000,
        "queues": [{"name": "backlog"}],
        "publishers": [{"exchange": "", "routing_key": "backlog", "count": 10_000, "every_ms": 1}]
    });
    let s = dlx_lab::scenario::Scenario::from_json(v).unwrap();
    let mut r = Run::new(&s).unwrap().with_event_limit(1_000);
    let err = r.advance_to(r.end()).unwrap_err().to_string();
    assert!(err.starts_with("$.duration_ms: the run makes more than 1000 events by "), "{err}");
    assert!(err.contains("publish fewer messages"), "{err}");
    // Under the limit, the same scenario runs to its end.
    let mut r = Run::new(&s).unwrap().with_event_limit(100_000);
    r.advance_to(r.end()).unwrap();
    assert_eq!(r.engine().queue("backlog").unwrap().ready_len(), 10_000);
}

#[test]
fn a_scenario_plays_at_its_own_pace_so_a_first_play_lasts_at_least_twenty_seconds() {
    use dlx_lab::scenario::playground::document::{default_pace, PACES};
    use dlx_lab::scenario::Scenario;
    // four-reasons (4 s) at 0.1×, the ladder (700 s) at 10×, a minute at 2×.
    assert_eq!(default_pace(4_000), 0.1);
    assert_eq!(default_pace(700_000), 10.0);
    assert_eq!(default_pace(60_000), 2.0);
    for p in PRESETS {
        let s = preset(p.0).unwrap();
        assert!(PACES.contains(&s.pace), "{}: {}", p.0, s.pace);
        assert!(s.duration_ms as f64 / s.pace >= 20_000.0 || s.pace == PACES[0], "{}", p.0);
    }
    // A scenario may set its own; out of range it is refused by name.
    let with = |pace: &str| {
        Scenario::parse(&format!(
            r#"{{"version": 1, "queues": [{{"name": "q"}}], "duration_ms": 4000, "pace": {pace}}}"#
        ))
    };
    assert_eq!(with("1").unwrap().pace, 1.0);
    for bad in ["0", "0.05", "5000", "\"fast\""] {
        let e = with(bad).unwrap_err().to_string();
        assert!(e.contains("$.pace"), "{bad}: {e}");
    }
}

#[test]
fn a_run_past_the_memory_budget_is_refused_naming_the_budget_and_the_figure() {
    // 10 KB bodies: 3 000 waiting messages hold about 30 MB, over a 16 MB budget.
    let body = format!("{} {{n}}", "x".repeat(10_000));
    let v = serde_json::json!({
        "duration_ms": 10_000,
        "queues": [{"name": "backlog"}],
        "publishers": [{"exchange": "", "routing_key": "backlog", "body": body, "count": 3_000, "every_ms": 1}]
    });
    let s = dlx_lab::scenario::Scenario::from_json(v).unwrap();
    let mut r = Run::new(&s).unwrap().with_memory_limit(16 << 20);
    let err = r.advance_to(r.end()).unwrap_err().to_string();
    assert!(err.starts_with("$.duration_ms: the run would hold about "), "{err}");
    assert!(err.contains("more than the page's 16 MB"), "{err}");
    // Within the page's own budget, the same scenario runs to its end.
    let mut r = Run::new(&s).unwrap();
    r.advance_to(r.end()).unwrap();
    assert!(r.memory_bytes() > 16 << 20);
}

#[test]
fn the_presets_lint_clean_but_the_traps_that_teach_the_lint() {
    for (id, _) in dlx_lab::scenario::playground::presets::PRESETS {
        let s = dlx_lab::scenario::playground::presets::preset(id).unwrap();
        let (w, l) =
            dlx_lab::scenario::definitions::scenario_lints::scenario_lints(&s.json, s.profile)
                .unwrap();
        let codes: Vec<&str> = l.iter().map(|l| l.code).collect();
        let expected: &[&str] = match id {
            "trap-missing-dlx" => &["dlx-missing"],
            "trap-dlx-without-binding" => &["dlx-unroutable"],
            "dead-letter-cycle" => &["dead-letter-cycle"],
            _ => &[],
        };
        assert!(w.is_empty(), "{id}: {w:?}");
        assert_eq!(codes, expected, "{id}");
    }
}
