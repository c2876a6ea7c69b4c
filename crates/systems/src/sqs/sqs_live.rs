//! What scripts/sqs-check.sh plays through a real SQS-compatible server (moto's): a
//! comparison with its clock compressed, the queues' attributes in SQS's own spelling, and
//! what the model expects of every message (its receives' times and where it ends).
//!
//! moto's known departures from AWS are excluded by rule, never by file, and each plan says
//! which rules it applied:
//! - moto deletes with any receipt handle the message ever had (`Queue.delete_message`
//!   matches `had_receipt_handle`), one of the two outcomes AWS's `DeleteMessage` allows: the
//!   plan runs the model with the comparison's own rule (by default [`StaleDelete::Ignored`],
//!   AWS's worst case) and again with [`StaleDelete::Deletes`]; a message whose expectation
//!   differs between the two is listed under `stale_handle` with both, and expected as moto
//!   ends it (the default's outcome is checked against AWS's words natively, in
//!   tests/systems/sqs_rules.rs);
//! - moto never deletes a message whose retention period ended (it only skips it on receive):
//!   a message the model loses to retention is left out of the comparison;
//! - moto deduplicates a FIFO send only against the messages still in the queue
//!   (`Queue.add_message` walks `_messages`; a delete or a move to the DLQ takes the message
//!   out), where AWS keeps every accepted id for 5 minutes, "even after the message has been
//!   received and deleted": a send the model deduplicates against a copy that had left the
//!   queue is left out; one deduplicated against a copy still there is compared (never
//!   received, in neither queue);
//! - moto has no `StartMessageMoveTask`: a plan whose replay is a move task is refused.

use serde_json::{json, Value};

use super::{At, Gone, ReplayBy, Sqs, SqsConfig, StaleDelete};
use crate::systems::compare::Comparison;
use crate::systems::trace::{Loss, SysEventKind};
use crate::systems::workload::{OperatorKind, WorkloadError};
use crate::systems::System;

/// The comparison with every time of the workload and every SQS duration divided by
/// `divisor`, except the handling time `process_ms`, which stays as it is (each SQS call
/// costs the server a little; it must stay small beside the handling). SQS durations must
/// stay whole seconds: a divisor that breaks one is refused, naming the field.
pub fn compressed(c: &Comparison, divisor: u64) -> Result<Comparison, WorkloadError> {
    let d = divisor.max(1);
    let mut c = c.clone();
    c.workload.compress_times(d);
    let s = &mut c.systems.sqs;
    let whole = |field: &str, ms: u64| {
        if ms % d == 0 && (ms / d) % 1000 == 0 {
            Ok(ms / d)
        } else {
            Err(WorkloadError::Setting {
                field: format!("systems.sqs.{field}"),
                problem: format!(
                    "{ms} ms divided by the time scale {d} is not a whole number of seconds, \
                     which SQS needs: use a time scale that divides it into whole seconds"
                ),
            })
        }
    };
    s.visibility_timeout_ms = whole("visibility_timeout_ms", s.visibility_timeout_ms)?;
    s.delay_ms = whole("delay_ms", s.delay_ms)?;
    for (id, ms) in s.message_delays_ms.iter_mut() {
        *ms = whole(&format!("message_delays_ms.{id}"), *ms)?;
    }
    s.poll_interval_ms = (s.poll_interval_ms / d).max(1);
    for (i, step) in s.ladder_ms.iter_mut().enumerate() {
        *step = whole(&format!("ladder_ms[{i}]"), *step)?;
    }
    s.heartbeat_ms = s.heartbeat_ms.map(|ms| (ms / d).max(1));
    // Retention is left as it is: moto never applies it (see the module's rules).
    c.workload.check()?;
    c.systems.sqs.check()?;
    Ok(c)
}

/// The plan: the workload, the queues' attributes as `CreateQueue` takes them, the
/// consumers' settings, each message's expected receives (ms from the start of the run) and
/// final place, the rules applied, and how long to run (`run_ms`).
pub fn plan(c: &Comparison) -> Result<Value, WorkloadError> {
    let cfg = c.systems.sqs.clone();
    let replays = c.workload.operator.iter().any(|a| a.kind == OperatorKind::Replay);
    if cfg.replay == ReplayBy::MoveTask && replays {
        return Err(WorkloadError::Setting {
            field: "systems.sqs.replay".into(),
            problem: "moto's server has no StartMessageMoveTask, so a move task cannot be \
                      checked live: use script"
                .into(),
        });
    }
    // The model runs with the comparison's own rule for stale handles (by default AWS's worst
    // case: nothing deleted), and again as moto behaves; a message whose expectation differs
    // between the two is decided by that rule, and expected as moto decides it.
    let default = Expectations::of(&cfg, c);
    let moto =
        Expectations::of(&SqsConfig { stale_delete: StaleDelete::Deletes, ..cfg.clone() }, c);
    let mut excluded = Vec::new();
    let mut expected = Vec::new();
    let mut stale_rule = Vec::new();
    for (i, m) in c.workload.messages.iter().enumerate() {
        let (ours, theirs) = (&default.per_message[i], &moto.per_message[i]);
        if ours != theirs {
            let said = |e: &Result<Value, &str>| e.clone().unwrap_or_else(|rule| json!(rule));
            stale_rule.push(json!({"id": m.id, "default": said(ours), "moto": said(theirs)}));
        }
        match theirs {
            Ok(e) => expected.push(e.clone()),
            Err(rule) => excluded.push(json!({"id": m.id, "rule": rule})),
        }
    }
    let last_ms = default.last_ms.max(moto.last_ms);
    let mut rules = vec![
        "moto never deletes expired messages: messages the model loses to retention are left out",
        "moto forgets a message's deduplication id once it leaves the queue (deleted or moved to the DLQ), where AWS keeps it 5 minutes: sends the model deduplicates against such a copy are left out",
    ];
    if !stale_rule.is_empty() {
        rules.insert(0, "moto deletes with any receipt handle the message had, where AWS may delete nothing (stale_delete = ignored, the default): the messages under stale_handle are expected as moto ends them, beside what the default predicts");
    }
    let secs = |ms: u64| (ms / 1000).to_string();
    let mut source = json!({
        "VisibilityTimeout": secs(cfg.visibility_timeout_ms),
        "DelaySeconds": secs(cfg.delay_ms),
    });
    let mut dlq = json!({});
    if cfg.fifo {
        source["FifoQueue"] = "true".into();
        let content = if cfg.content_based_deduplication { "true" } else { "false" };
        source["ContentBasedDeduplication"] = content.into();
        dlq["FifoQueue"] = "true".into();
        dlq["ContentBasedDeduplication"] = content.into();
    }
    Ok(json!({
        "workload": c.workload,
        "sqs": {
            "queue": cfg.queue,
            "dlq": cfg.dlq_name(),
            "source_attributes": source,
            "dlq_attributes": dlq,
            "max_receive_count": cfg.max_receive_count,
            "consumers": cfg.consumers,
            "batch": cfg.batch,
            "on_failure": cfg.on_failure,
            "ladder_s": cfg.ladder_ms.iter().map(|ms| ms / 1000).collect::<Vec<_>>(),
            "heartbeat_ms": cfg.heartbeat_ms,
            "visibility_timeout_s": cfg.visibility_timeout_ms / 1000,
            // A long-polling consumer is approximated by short polls 5 ms apart.
            "poll_pause_ms": if cfg.wait_time_ms == 0 { cfg.poll_interval_ms } else { 5 },
            "message_delays_s": cfg.message_delays_ms.iter().map(|(id, ms)| (id.clone(), ms / 1000)).collect::<std::collections::BTreeMap<_, _>>(),
        },
        "rules": rules,
        "stale_handle": stale_rule,
        "excluded": excluded,
        "expected": expected,
        "run_ms": last_ms.saturating_add(1500).min(c.workload.horizon_ms.max(1500)),
    }))
}

/// What one run of the model expects of each message (its receives in ms and where it ends),
/// or the rule that leaves the message out, and when its last event happened.
struct Expectations {
    per_message: Vec<Result<Value, &'static str>>,
    last_ms: u64,
}

impl Expectations {
    fn of(cfg: &SqsConfig, c: &Comparison) -> Expectations {
        let mut s = Sqs::new(cfg.clone(), c.workload.clone());
        s.step_until(c.workload.horizon());
        let trace = s.trace();
        let per_message = c
            .workload
            .messages
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let lost = |why: Loss| trace.of(i).any(|e| e.kind == SysEventKind::Lost { why });
                if lost(Loss::RetentionExpired) {
                    return Err("moto never deletes expired messages");
                }
                if lost(Loss::Deduplicated) && s.dedup.after_the_copy_left.contains(&i) {
                    return Err(
                        "moto forgets a message's deduplication id once it leaves the queue",
                    );
                }
                let receives_ms: Vec<u64> = trace
                    .of(i)
                    .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
                    .map(|e| e.at_us / 1000)
                    .collect();
                let state = match s.at[i] {
                    At::Source => "source",
                    At::Dlq => "dlq",
                    At::Gone(Gone::Deleted | Gone::Skipped) => "deleted",
                    At::Gone(Gone::Expired | Gone::Deduplicated) => "lost",
                    At::Nowhere => "unsent",
                };
                Ok(json!({"id": m.id, "receives_ms": receives_ms, "state": state}))
            })
            .collect();
        let last_ms = trace.events.last().map_or(0, |e| e.at_us / 1000);
        Expectations { per_message, last_ms }
    }
}
