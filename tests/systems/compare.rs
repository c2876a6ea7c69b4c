//! Every strategy over the same workloads: the built-in workloads read and teach what they
//! say, every message is accounted for, runs are deterministic and stepping does not change
//! them, and random workloads never panic.

use dlx_lab::engine::rng::SimRng;
use dlx_lab::engine::SimTime;
use dlx_lab::systems::presets::PRESETS;
use dlx_lab::systems::{fate, Comparison, Fate, Metrics, Strategy, Workload};

#[path = "../support/json_pointers.rs"]
mod json_pointers;
use json_pointers::pointers;

fn preset(id: &str) -> Comparison {
    let p = PRESETS.iter().find(|p| p.id == id).expect(id);
    Comparison::from_json(p.text).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Runs `s` and accounts for every message twice: by the figures read from the trace, and
/// by where the system's own store (queues, job states, topics, rows) holds it at the end.
fn accounted(c: &Comparison, s: Strategy) {
    let mut system = c.build(s);
    system.step_until(c.workload.horizon());
    let stored = system.ends();
    let o = c.run(s);
    assert_eq!(stored.len(), c.workload.messages.len(), "{s:?}");
    for (msg, end) in stored.iter().enumerate() {
        assert_eq!(
            fate(&o.trace, msg),
            *end,
            "{s:?}: message {} ends differently in the trace than in the store: {:#?}",
            c.workload.messages[msg].id,
            o.trace.of(msg).collect::<Vec<_>>()
        );
    }
    let count = |f: Fate| stored.iter().filter(|&&e| e == f).count();
    let m = &o.metrics;
    assert_eq!(
        (m.completed, m.dead_lettered, m.lost, m.skipped, m.in_flight),
        (
            count(Fate::Completed),
            count(Fate::DeadLettered),
            count(Fate::Lost),
            count(Fate::Skipped),
            count(Fate::InFlight)
        ),
        "{s:?}: the figures differ from the store's count"
    );
    assert!(
        o.trace.events.windows(2).all(|w| w[0].at_us <= w[1].at_us),
        "{s:?}: the trace goes back in time"
    );
    for e in &o.trace.events {
        if let Some(cause) = e.cause {
            assert!(cause < e.seq, "{s:?}: event {} is caused by a later one", e.seq);
        }
        assert!((e.msg as usize) < c.workload.messages.len());
    }
}

#[test]
fn every_preset_reads_and_every_message_is_accounted_for() {
    for p in PRESETS {
        let c = preset(p.id);
        for s in Strategy::ALL {
            accounted(&c, s);
        }
    }
}

#[test]
fn runs_are_deterministic_and_stepping_does_not_change_them() {
    let c = preset("mixed");
    for s in Strategy::ALL {
        let once = c.run(s).trace;
        assert_eq!(once.digest(), c.run(s).trace.digest(), "{s:?} is not deterministic");
        let mut stepped = c.build(s);
        while stepped.step() {}
        assert_eq!(
            stepped.trace().digest(),
            once.digest(),
            "{s:?}: step() differs from one step_until"
        );
        let mut by_second = c.build(s);
        let mut t = 0;
        while t < c.workload.horizon_ms * 1000 {
            t += 1_000_000;
            by_second.step_until(SimTime(t));
            assert_eq!(by_second.now(), SimTime(t));
        }
        assert_eq!(
            by_second.trace().digest(),
            once.digest(),
            "{s:?}: step_until by seconds differs"
        );
    }
}

#[test]
fn a_poison_message_ends_dead_lettered_then_completes_after_the_edit_and_replay() {
    let c = preset("poison");
    let m3 = c.workload.index_of("m3").unwrap();
    for s in Strategy::ALL {
        let o = c.run(s);
        assert_eq!(fate(&o.trace, m3), Fate::Completed, "{s:?}: m3 after the edit and replay");
        let dead_before_edit = o.trace.of(m3).any(|e| {
            e.at_us < 240_000_000 && matches!(fate_at(&o.trace, m3, e.seq), Fate::DeadLettered)
        });
        // The database DLQ parks m3 in a PENDING row between retries and FAILED after them;
        // every strategy has dead-lettered it before the operator edits it at 240 s.
        assert!(dead_before_edit, "{s:?}: m3 was never dead-lettered before the edit");
    }
}

/// The fate of `msg` counting only events up to `seq`.
fn fate_at(trace: &dlx_lab::systems::Trace, msg: usize, seq: u64) -> Fate {
    let mut cut = trace.clone();
    cut.events.truncate(seq as usize + 1);
    fate(&cut, msg)
}

#[test]
fn an_idempotent_consumer_never_duplicates() {
    let mut c = preset("lost-reply");
    let noisy: u64 = Strategy::ALL.iter().map(|&s| c.run(s).metrics.duplicates).sum();
    assert!(noisy > 0, "lost replies duplicate nowhere");
    c.workload.idempotent = true;
    for s in Strategy::ALL {
        assert_eq!(c.run(s).metrics.duplicates, 0, "{s:?}");
    }
}

#[test]
fn kafka_retry_topics_break_a_keys_order_and_a_bug_fix_replay_completes_everything() {
    let ordering = preset("ordering");
    assert!(
        ordering.run(Strategy::Kafka).metrics.reordered > 0,
        "non-blocking retries keep the order?"
    );
    let bug = preset("bug-fix");
    for s in Strategy::ALL {
        let m = bug.run(s).metrics;
        assert_eq!(m.completed, m.messages, "{s:?} after the fix and the replay: {m:?}");
    }
}

#[test]
fn random_workloads_never_panic_and_stay_accounted_for() {
    let rounds: u64 =
        std::env::var("DLX_SYSTEMS_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
    let mut rng = SimRng::new(0x5157_3e75);
    for round in 0..rounds {
        let mut w = Workload::mixed(
            round,
            1 + rng.below(40) as usize,
            rng.below(5_000),
            rng.below(4) as usize,
            rng.below(60) as u32,
            rng.below(40) as u32,
        );
        w.process_ms = 1 + rng.below(40_000);
        w.idempotent = rng.chance_percent(50);
        w.route_permanent_directly = rng.chance_percent(50);
        w.horizon_ms = w.process_ms + 1 + rng.below(900_000);
        w.fix_deployed_at_ms = rng.chance_percent(50).then(|| rng.below(w.horizon_ms));
        let mut c = Comparison::of(w);
        let sys = &mut c.systems;
        sys.rabbitmq.retry_delay_ms = rng.below(10_000);
        if rng.chance_percent(50) {
            sys.rabbitmq.pattern = dlx_lab::systems::rabbitmq::Pattern::QuorumDeliveryLimit;
        }
        if rng.chance_percent(30) {
            sys.rabbitmq.profile = "rabbitmq-3.10".into();
        }
        sys.rabbitmq.max_attempts = 1 + rng.below(6) as u32;
        sys.rabbitmq.consumers = 1 + rng.below(3) as u32;
        {
            use dlx_lab::systems::sqs::*;
            let q = &mut sys.sqs;
            q.visibility_timeout_ms = rng.below(60) * 1000;
            q.max_receive_count = 1 + rng.below(6) as u32;
            q.consumers = 1 + rng.below(3) as u32;
            q.retention_ms = (60 + rng.below(900)) * 1000;
            q.dlq_retention_ms = (60 + rng.below(900)) * 1000;
            q.fifo = rng.chance_percent(30);
            if q.fifo {
                q.queue = "orders.fifo".into();
            }
            q.delay_ms = if rng.chance_percent(20) { rng.below(20) * 1000 } else { 0 };
            q.wait_time_ms = if rng.chance_percent(30) { 0 } else { 20_000 };
            q.poll_interval_ms = 1 + rng.below(5_000);
            q.batch = 1 + rng.below(4) as u32;
            q.on_failure =
                [OnFailure::Wait, OnFailure::Release, OnFailure::Ladder][rng.below(3) as usize];
            q.ladder_ms = (0..1 + rng.below(4)).map(|_| rng.below(120) * 1000).collect();
            q.heartbeat_ms = rng.chance_percent(20).then(|| 1 + rng.below(40_000));
            q.stale_delete = [StaleDelete::Ignored, StaleDelete::Deletes][rng.below(2) as usize];
            q.replay = [ReplayBy::Script, ReplayBy::MoveTask][rng.below(2) as usize];
            q.move_rate_per_s = 1 + rng.below(500) as u32;
        }
        sys.kafka.attempts = 1 + rng.below(8) as u32;
        sys.kafka.multiplier = [0.5, 1.0, 2.0, 3.0][rng.below(4) as usize];
        sys.kafka.partitions = 1 + rng.below(4) as u32;
        sys.kafka.delay_ms = rng.below(10_000);
        sys.kafka.max_delay_ms = rng.below(60_000);
        {
            use dlx_lab::systems::kafka::*;
            let k = &mut sys.kafka;
            if rng.chance_percent(30) {
                k.spring_kafka = SpringKafka::V4_0;
                k.multiplier = k.multiplier.max(1.0);
                k.jitter_ms = rng.below(2_000);
            } else {
                k.random = rng.chance_percent(30);
            }
            if rng.chance_percent(15) {
                k.error_handling = ErrorHandling::ManualLadder;
                k.ladder_ms = (0..1 + rng.below(5)).map(|_| rng.below(20_000)).collect();
            } else if rng.chance_percent(30) {
                k.error_handling = ErrorHandling::Blocking;
                k.blocking_interval_ms = rng.below(5_000);
                k.blocking_max_retries = rng.below(12) as u32;
            }
            k.dlt_strategy =
                [DltStrategy::NoDlt, DltStrategy::AlwaysRetryOnError, DltStrategy::FailOnError]
                    [rng.below(3) as usize];
            k.dlt_handler_failures = rng.below(3) as u32;
            k.topic_suffixing =
                [TopicSuffixing::DelayValue, TopicSuffixing::IndexValue][rng.below(2) as usize];
            k.same_interval_topic_reuse =
                [TopicReuse::SingleTopic, TopicReuse::MultipleTopics][rng.below(2) as usize];
            k.retry_topic_partitions = 1 + rng.below(3) as u32;
            k.timeout_ms = if rng.chance_percent(30) { rng.below(60_000) } else { 0 };
            k.record_bytes = 1 + rng.below(20_000) as u32;
            match rng.below(3) {
                0 => k.exclude = vec!["NullPointerException".into()],
                1 => k.include = vec!["TimeoutError".into()],
                _ => {}
            }
            k.traversing_causes =
                !(k.include.is_empty() && k.exclude.is_empty()) && rng.chance_percent(50);
        }
        sys.hybrid.kafka = sys.kafka.clone();
        sys.hybrid.republish_fails_until_ms =
            rng.chance_percent(30).then(|| rng.below(horizon_ms_for_random()));
        sys.bullmq.attempts = 1 + rng.below(6) as u32;
        sys.bullmq.concurrency = 1 + rng.below(3) as u32;
        sys.bullmq.delay_ms = rng.below(5_000);
        sys.bullmq.remove_on_fail =
            dlx_lab::systems::bullmq::KeepJobs::Remove(rng.chance_percent(30));
        {
            use dlx_lab::systems::bullmq::Backoff;
            let b = &mut sys.bullmq;
            b.backoff =
                [Backoff::Fixed, Backoff::Exponential, Backoff::Custom][rng.below(3) as usize];
            b.custom_delays_ms =
                (0..1 + rng.below(3)).map(|_| rng.below(5_000) as i64 - 1).collect();
            b.jitter = [0.0, 0.25, 1.0][rng.below(3) as usize];
            b.workers = 1 + rng.below(2) as u32;
            if rng.chance_percent(25) {
                b.blocking_handler = true;
                b.concurrency = 1;
                b.workers = 1;
                b.lock_duration_ms = 1 + rng.below(5_000);
                b.stalled_interval_ms = 1 + rng.below(5_000);
                b.max_stalled_count = rng.below(3) as u32;
            }
        }
        sys.database.max_retries = rng.below(7) as u32;
        sys.database.batch = 1 + rng.below(3) as u32;
        sys.database.fixed_delay_ms = 1 + rng.below(20_000);
        sys.database.base_delay_ms = rng.below(10_000);
        sys.database.schedulers = 1 + rng.below(3) as u32;
        sys.database.skip_locked = rng.chance_percent(50);
        sys.database.crash_at_ms = rng.chance_percent(30).then(|| rng.below(600_000));
        sys.database.reaper_after_ms = rng.chance_percent(30).then(|| 1 + rng.below(60_000));
        sys.database.retry_resets_pending = rng.chance_percent(80);
        let text = serde_json::to_string(&c).unwrap();
        let c = Comparison::from_json(&text).unwrap_or_else(|e| panic!("round {round}: {e}"));
        for s in Strategy::ALL {
            accounted(&c, s);
        }
    }
}

#[test]
fn hostile_comparisons_are_refused_with_a_field_or_run_without_panicking() {
    use serde_json::{json, Value};
    let junk = [
        "-1",
        "null",
        "\"\"",
        "{}",
        "[]",
        "true",
        "18446744073709551615",
        "0",
        "1e308",
        "\"quorum_delivery_limit\"",
        "{\"message\": \"nope\"}",
    ];
    let numbers = [0u64, 1, 2, 7, 1000, 60_000, 2_592_000_000, u64::MAX];
    let rounds: usize = std::env::var("DLX_HOSTILE_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(120, |n: usize| n / 50);
    let mut rng = SimRng::new(11);
    let (mut refused, mut ran) = (0, 0);
    for round in 0..rounds.max(20) {
        let mut v: Value = serde_json::from_str(PRESETS[round % PRESETS.len()].text).unwrap();
        // Settings too, not only the workload.
        v["systems"] = json!({"rabbitmq": {"pattern": "quorum_delivery_limit"}, "sqs": {"visibility_timeout_ms": 1000}, "kafka": {"partitions": 3}});
        let mut ps = Vec::new();
        pointers(&v, String::new(), &mut ps);
        // Mostly leaves (so the systems meet odd values), sometimes whole objects and lists.
        let leaves: Vec<String> = ps
            .iter()
            .filter(|p| !matches!(v.pointer(p), Some(Value::Object(_) | Value::Array(_))))
            .cloned()
            .collect();
        for _ in 0..1 + rng.below(3) {
            let ps = if rng.chance_percent(80) { &leaves } else { &ps };
            let p = &ps[rng.below(ps.len() as u64) as usize];
            let replacement = match v.pointer(p) {
                Some(Value::Number(_)) if rng.chance_percent(70) => {
                    json!(numbers[rng.below(numbers.len() as u64) as usize])
                }
                Some(Value::String(_)) if rng.chance_percent(60) => json!(
                    ["", "m1", "x", "fixed", "exponential", "log_only"][rng.below(6) as usize]
                ),
                Some(Value::Bool(b)) if rng.chance_percent(80) => json!(!b),
                _ => serde_json::from_str(junk[rng.below(junk.len() as u64) as usize]).unwrap(),
            };
            if let Some(slot) = v.pointer_mut(p) {
                *slot = replacement;
            }
        }
        match Comparison::from_json(&v.to_string()) {
            Err(e) => {
                // Every refusal names the field: `workload.messages[2].failure: …`.
                let text = e.to_string();
                let field = text.split(": ").next().unwrap_or("");
                assert!(
                    !field.is_empty()
                        && field
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "._[]'".contains(c) || c == ' '),
                    "{text}"
                );
                refused += 1;
            }
            Ok(c) => {
                for s in Strategy::ALL {
                    accounted(&c, s);
                }
                ran += 1;
            }
        }
    }
    eprintln!("hostile comparisons: {refused} refused, {ran} run");
    assert!(refused > 0 && ran > 0, "refused {refused}, ran {ran}");
}

#[test]
fn takeaways_point_at_the_differences() {
    use dlx_lab::systems::{takeaways, Takeaway};
    let lost_reply = preset("lost-reply");
    let t = takeaways(&lost_reply.run_all());
    assert!(matches!(t.first(), Some(Takeaway::Duplicates { .. })), "{t:?}");
    let mut idempotent = lost_reply.clone();
    idempotent.workload.idempotent = true;
    let t = takeaways(&idempotent.run_all());
    assert_eq!(t, vec![Takeaway::AllCompleted { strategies: Strategy::ALL.to_vec() }]);
    let ordering = takeaways(&preset("ordering").run_all());
    assert!(ordering.iter().any(|x| matches!(x, Takeaway::Reordered { strategies, .. } if strategies.contains(&Strategy::Kafka))), "{ordering:?}");
    // The database DLQ only logs a non-retryable error: the one strategy that loses it.
    let mut direct = preset("poison");
    direct.workload.route_permanent_directly = true;
    direct.workload.operator.clear();
    let t = takeaways(&direct.run_all());
    assert_eq!(
        t.first(),
        Some(&Takeaway::Lost { strategies: vec![Strategy::Database], most: 1 }),
        "{t:?}"
    );
}

#[test]
fn the_figures_follow_the_moment() {
    let counts = |ends: &[Fate]| {
        let n = |f: Fate| ends.iter().filter(|&&e| e == f).count();
        [Fate::Completed, Fate::DeadLettered, Fate::Lost, Fate::Skipped, Fate::InFlight].map(n)
    };
    let figures = |m: &Metrics| [m.completed, m.dead_lettered, m.lost, m.skipped, m.in_flight];
    for p in PRESETS {
        let c = p.comparison();
        let w = &c.workload;
        for o in c.run_all() {
            // At moments through the run, the figures read from the finished trace are what
            // the system's store held when it stood at that moment.
            let last_us = o.trace.events.last().map_or(0, |e| e.at_us);
            let mut system = c.build(o.strategy);
            for k in 0..=24u64 {
                let t = last_us * k / 24;
                system.step_until(SimTime(t));
                assert_eq!(
                    figures(&Metrics::until(w, &o.trace, t)),
                    counts(&system.ends()),
                    "{} {:?} at {t} µs",
                    p.id,
                    o.strategy
                );
            }
            // Before anything happens nothing is done.
            let start = Metrics::until(w, &o.trace, 0);
            assert_eq!((start.completed, start.dead_lettered, start.lost), (0, 0, 0), "{}", p.id);
            assert_eq!(start.in_flight, w.messages.len());
        }
    }
    // The poison message waits dead-lettered until the operator's edit and replay: the figures
    // show it then, though the end of the run shows none.
    let c = preset("poison");
    let shown = c.run_all().iter().any(|o| {
        o.metrics.dead_lettered == 0
            && o.trace
                .events
                .iter()
                .any(|e| Metrics::until(&c.workload, &o.trace, e.at_us).dead_lettered > 0)
    });
    assert!(shown, "no strategy shows the poison message dead-lettered before its replay");
}

#[test]
fn what_to_notice_says_every_only_or_lists_the_strategies() {
    use dlx_lab::scenario::Lang;
    use dlx_lab::systems::system_text::takeaway;
    use dlx_lab::systems::Takeaway;
    let say = |t: Takeaway| takeaway(&t).text(Lang::En);
    let all = Strategy::ALL.to_vec();
    assert!(say(Takeaway::Lost { strategies: all.clone(), most: 2 }).starts_with("Every strategy"));
    assert!(say(Takeaway::Reordered { strategies: all, most: 1 }).starts_with("No strategy"));
    let only = say(Takeaway::Lost { strategies: vec![Strategy::Sqs], most: 1 });
    assert!(only.starts_with("Only SQS redrive lost"), "{only}");
    let some = say(Takeaway::Lost { strategies: vec![Strategy::Sqs, Strategy::Kafka], most: 1 });
    assert!(some.starts_with("SQS redrive, Kafka"), "{some}");
}

/// The span the random republish outages fall in, in ms.
fn horizon_ms_for_random() -> u64 {
    600_000
}
