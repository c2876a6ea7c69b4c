//! A producer's resend to an SQS FIFO queue (crates/systems/src/sqs/dedup.rs): a message that names
//! an earlier one's `dedup_id` is accepted and not stored within 5 minutes of the first send,
//! also after the first copy was received and deleted; after 5 minutes it is delivered; a
//! standard queue has no deduplication.

use super::common::finish;
use dlx_lab::systems::sqs::{Sqs, SqsConfig};
use dlx_lab::systems::{fate, Fate, Loss, SysEventKind, Trace, Workload, WorkloadError};

fn run(w: &Workload, config: SqsConfig) -> Trace {
    config.check().unwrap();
    finish(Sqs::new(config, w.clone()), w)
}

fn fifo(content_based: bool) -> SqsConfig {
    SqsConfig {
        queue: "orders.fifo".into(),
        fifo: true,
        content_based_deduplication: content_based,
        ..SqsConfig::default()
    }
}

/// `a` at 0 (handled and deleted by 100 ms), its resend `a-again` at 60 s, another at 301 s.
fn resends() -> Workload {
    Workload::from_json(
        r#"{"messages": [
              {"id": "a"},
              {"id": "a-again", "dedup_id": "a", "publish_at_ms": 60000},
              {"id": "a-late", "dedup_id": "a", "publish_at_ms": 301000}],
            "horizon_ms": 400000}"#,
    )
    .unwrap()
}

fn received(t: &Trace, msg: usize) -> usize {
    t.of(msg).filter(|e| matches!(e.kind, SysEventKind::Received { .. })).count()
}

#[test]
fn a_fifo_resend_within_five_minutes_is_accepted_and_not_stored_even_after_the_delete() {
    for content_based in [false, true] {
        let t = run(&resends(), fifo(content_based));
        // The first copy was deleted at 100 ms; AWS still knows its id at 60 s.
        assert_eq!(fate(&t, 0), Fate::Completed);
        assert_eq!(received(&t, 1), 0);
        assert!(t.of(1).any(|e| e.kind == SysEventKind::Lost { why: Loss::Deduplicated }));
        // 301 s is past the interval from the accepted send at 0 s: a new message.
        assert_eq!((received(&t, 2), fate(&t, 2)), (1, Fate::Completed));
    }
}

#[test]
fn a_deduplicated_send_does_not_restart_the_interval() {
    // Sends at 0, 200 s (deduplicated) and 301 s: the interval runs from the accepted send.
    let w = Workload::from_json(
        r#"{"messages": [
              {"id": "a"},
              {"id": "b", "dedup_id": "a", "publish_at_ms": 200000},
              {"id": "c", "dedup_id": "a", "publish_at_ms": 301000}],
            "horizon_ms": 400000}"#,
    )
    .unwrap();
    let t = run(&w, fifo(false));
    assert_eq!((received(&t, 1), received(&t, 2)), (0, 1));
}

#[test]
fn a_standard_queue_delivers_every_resend() {
    let t = run(&resends(), SqsConfig::default());
    assert_eq!((received(&t, 0), received(&t, 1), received(&t, 2)), (1, 1, 1));
}

#[test]
fn dedup_settings_aws_refuses_are_refused_naming_the_field() {
    let standard = SqsConfig { content_based_deduplication: true, ..SqsConfig::default() };
    let e = standard.check().unwrap_err();
    assert!(
        matches!(&e, WorkloadError::Setting { field, .. } if field == "systems.sqs.content_based_deduplication"),
        "{e:?}"
    );
    let too_long = format!(r#"{{"messages": [{{"id": "a", "dedup_id": "{}"}}]}}"#, "x".repeat(129));
    for text in [too_long.as_str(), r#"{"messages": [{"id": "a", "dedup_id": "a b"}]}"#] {
        let e = Workload::from_json(text).unwrap_err();
        assert!(
            matches!(&e, WorkloadError::Setting { field, .. } if field == "messages[0].dedup_id"),
            "{e:?}"
        );
    }
}

/// The live plan (scripts/sqs/workloads/fifo-resend.json) compares a resend deduplicated
/// against a copy still in the queue, and leaves out by rule one deduplicated against a copy
/// that was deleted (moto forgets its id; AWS does not).
#[test]
fn the_live_plan_leaves_out_only_what_moto_forgets() {
    use dlx_lab::systems::sqs::sqs_live::plan;
    use dlx_lab::systems::Comparison;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/sqs/workloads/fifo-resend.json");
    let c = Comparison::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let p = plan(&c).unwrap();
    let state = |id: &str| {
        p["expected"].as_array().unwrap().iter().find(|m| m["id"] == id).map(|m| m["state"].clone())
    };
    assert_eq!(state("a-again"), Some("lost".into()));
    assert_eq!(state("b-again"), None);
    assert!(p["excluded"].as_array().unwrap().iter().any(|e| e["id"] == "b-again"));
    assert_eq!(p["sqs"]["source_attributes"]["ContentBasedDeduplication"], "false");
}
