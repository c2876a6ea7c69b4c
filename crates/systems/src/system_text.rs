//! The comparison page's sentences from the catalogues (`sys-*` messages): a line for every
//! event of a system's trace, the takeaways and the count of rows not drawn, in any language.
//! The errors of a workload too (their English is `WorkloadError`'s `Display`). The page's
//! labels are still the Rust catalogue `ui::i18n_systems`.

use crate::i18n::Lang;
use crate::systems::trace::{Loss, Refusal, RowStatus, SysEvent, SysEventKind, Wait};
use crate::systems::workload::{
    OperatorKind, WorkloadError, MAX_HORIZON_MS, MAX_MESSAGES, MAX_TRANSIENT_FAILURES,
};
use crate::systems::{Effect, Strategy, Takeaway};
use crate::{label, msg};

/// "1.234", "12.5", "17" for a virtual time in microseconds (each language writes the unit).
fn secs(us: u64) -> String {
    crate::i18n::seconds_number(us / 1000)
}

/// A row status as the table spells it (the same in every language).
pub fn status_name(s: RowStatus) -> &'static str {
    match s {
        RowStatus::Pending => "PENDING",
        RowStatus::Processing => "PROCESSING",
        RowStatus::Completed => "COMPLETED",
        RowStatus::Failed => "FAILED",
        RowStatus::Skipped => "SKIPPED",
    }
}

/// One sentence saying what event `e` of message `id` was.
pub fn explain(lang: Lang, e: &SysEvent, id: &str) -> String {
    let place = &e.place;
    match &e.kind {
        SysEventKind::Published => msg!(lang, "sys-event-published", id = id, place = place),
        SysEventKind::Received { attempt } => {
            msg!(lang, "sys-event-received", id = id, place = place, attempt = attempt)
        }
        SysEventKind::Succeeded { attempt, effect } => match effect {
            Effect::Applied => msg!(lang, "sys-event-succeeded", id = id, attempt = attempt),
            Effect::Duplicate => msg!(lang, "sys-event-duplicate", id = id, attempt = attempt),
            Effect::AlreadyDone => msg!(lang, "sys-event-already-done", id = id, attempt = attempt),
        },
        SysEventKind::Failed { attempt, reason, permanent, effect_applied } => {
            match (permanent, effect_applied) {
                (false, false) => {
                    msg!(lang, "sys-event-failed", attempt = attempt, reason = reason)
                }
                (true, false) => {
                    msg!(lang, "sys-event-failed-permanent", attempt = attempt, reason = reason)
                }
                (false, true) => {
                    msg!(lang, "sys-event-failed-after-effect", attempt = attempt, reason = reason)
                }
                (true, true) => msg!(
                    lang,
                    "sys-event-failed-permanent-after-effect",
                    attempt = attempt,
                    reason = reason
                ),
            }
        }
        SysEventKind::Waiting { until_us, why } => {
            let until = secs(*until_us);
            match why {
                Wait::Visibility => {
                    msg!(
                        lang,
                        "sys-event-waiting-visibility",
                        id = id,
                        place = place,
                        until = until
                    )
                }
                Wait::Backoff => {
                    msg!(lang, "sys-event-waiting-backoff", id = id, place = place, until = until)
                }
                Wait::NextRetryAt => {
                    msg!(
                        lang,
                        "sys-event-waiting-next-retry",
                        id = id,
                        place = place,
                        until = until
                    )
                }
                Wait::Delay => {
                    msg!(lang, "sys-event-waiting-delay", id = id, place = place, until = until)
                }
            }
        }
        SysEventKind::Moved { from } => {
            msg!(lang, "sys-event-moved", id = id, from = from, place = place)
        }
        SysEventKind::DeadLettered { from, reason } => {
            msg!(
                lang,
                "sys-event-dead-lettered",
                id = id,
                from = from,
                place = place,
                reason = reason
            )
        }
        SysEventKind::Lost { why } => match why {
            Loss::RetentionExpired => msg!(lang, "sys-event-lost-retention", id = id),
            Loss::LoggedOnly => msg!(lang, "sys-event-lost-logged", id = id),
            Loss::Removed => msg!(lang, "sys-event-lost-removed", id = id),
            Loss::Trimmed => msg!(lang, "sys-event-lost-trimmed", id = id),
            Loss::Deduplicated => msg!(lang, "sys-event-lost-deduplicated", id = id),
        },
        SysEventKind::Refused { why: Refusal::MoveTaskRunning } => {
            msg!(lang, "sys-event-refused-move-task", id = id, place = place)
        }
        SysEventKind::Refused { why: Refusal::LockExpired } => {
            msg!(lang, "sys-event-refused-lock", id = id)
        }
        SysEventKind::Interrupted => msg!(lang, "sys-event-interrupted", id = id, place = place),
        SysEventKind::Stalled { count } => {
            msg!(lang, "sys-event-stalled", id = id, place = place, count = *count)
        }
        SysEventKind::Headers { headers } => {
            let list = headers
                .iter()
                .map(|h| format!("{}={}", h.name, h.value.replace('\n', " ")))
                .collect::<Vec<_>>()
                .join(", ");
            msg!(lang, "sys-event-headers", id = id, place = place, headers = list)
        }
        SysEventKind::Status { status } => {
            msg!(lang, "sys-event-status", id = id, place = place, status = status_name(*status))
        }
        SysEventKind::Operator { action, note } if note.is_empty() => match action {
            OperatorKind::Replay => msg!(lang, "sys-event-operator-replay", id = id),
            OperatorKind::Skip => msg!(lang, "sys-event-operator-skip", id = id),
            OperatorKind::Edit => msg!(lang, "sys-event-operator-edit", id = id),
        },
        SysEventKind::Operator { action, note } => {
            let note = super::operator_text::operator_note(lang, note);
            match action {
                OperatorKind::Replay => {
                    msg!(lang, "sys-event-operator-replay-note", id = id, note = note)
                }
                OperatorKind::Skip => {
                    msg!(lang, "sys-event-operator-skip-note", id = id, note = note)
                }
                OperatorKind::Edit => {
                    msg!(lang, "sys-event-operator-edit-note", id = id, note = note)
                }
            }
        }
    }
}

/// What strategy `s` is set up as (systems::Comparison::setup) in `lang`: SQS's line is
/// worded from the catalogues, keeping SQS's own names (RedrivePolicy, VisibilityTimeout,
/// StartMessageMoveTask); the Kafka lines are Spring's names and the topics' as they are.
pub fn setup(lang: Lang, c: &crate::systems::Comparison, s: Strategy) -> Option<String> {
    use crate::systems::sqs::ReplayBy;
    if s != Strategy::Sqs {
        return c.setup(s);
    }
    let q = &c.systems.sqs;
    let replay = match q.replay {
        ReplayBy::Script => msg!(lang, "sys-sqs-replay-script"),
        ReplayBy::MoveTask => msg!(lang, "sys-sqs-replay-move-task", rate = q.move_rate_per_s),
    };
    let kind = if q.fifo { "FIFO" } else { label!(lang, "sys-sqs-kind-standard") };
    Some(msg!(
        lang,
        "sys-sqs-setup",
        kind = kind,
        queue = q.queue,
        dlq = q.dlq_name(),
        max = q.max_receive_count,
        visibility = secs(q.visibility_timeout_ms.saturating_mul(1000)),
        replay = replay
    ))
}

/// A strategy's name in `lang` ("SQS redrive", …).
pub fn strategy_name(lang: Lang, s: Strategy) -> &'static str {
    match s {
        Strategy::Rabbitmq => label!(lang, "sys-rabbit-name"),
        Strategy::Sqs => label!(lang, "sys-sqs-name"),
        Strategy::Kafka => label!(lang, "sys-kafka-name"),
        Strategy::Bullmq => label!(lang, "sys-bullmq-name"),
        Strategy::Database => label!(lang, "sys-database-name"),
        Strategy::Hybrid => label!(lang, "sys-hybrid-name"),
    }
}

/// A takeaway; `name` gives a strategy's name in `lang`.
pub fn takeaway(lang: Lang, t: &Takeaway, name: &dyn Fn(Strategy) -> String) -> String {
    let names = |l: &[Strategy]| {
        l.iter().map(|s| name(*s)).collect::<Vec<_>>().join(&msg!(lang, "list-sep"))
    };
    // Every strategy, only one, or a list of them: each a sentence of its own.
    let how = |l: &[Strategy]| match l.len() {
        n if n == Strategy::ALL.len() => Many::All,
        1 => Many::One,
        _ => Many::Some,
    };
    match t {
        Takeaway::Lost { strategies, most } => match how(strategies) {
            Many::All => msg!(lang, "sys-takeaway-lost-all", most = most),
            Many::One => {
                msg!(lang, "sys-takeaway-lost-one", strategies = names(strategies), most = most)
            }
            Many::Some => {
                msg!(lang, "sys-takeaway-lost", strategies = names(strategies), most = most)
            }
        },
        Takeaway::Duplicates { strategies, most } => match how(strategies) {
            Many::All => msg!(lang, "sys-takeaway-duplicates-all", most = most),
            Many::One => msg!(
                lang,
                "sys-takeaway-duplicates-one",
                strategies = names(strategies),
                most = most
            ),
            Many::Some => {
                msg!(lang, "sys-takeaway-duplicates", strategies = names(strategies), most = most)
            }
        },
        Takeaway::Reordered { strategies, most } => match how(strategies) {
            Many::All => msg!(lang, "sys-takeaway-reordered-all", most = most),
            Many::One => msg!(
                lang,
                "sys-takeaway-reordered-one",
                strategies = names(strategies),
                most = most
            ),
            Many::Some => {
                msg!(lang, "sys-takeaway-reordered", strategies = names(strategies), most = most)
            }
        },
        Takeaway::Parked { strategies, most } => match how(strategies) {
            Many::All => msg!(lang, "sys-takeaway-parked-all", most = most),
            Many::One => {
                msg!(lang, "sys-takeaway-parked-one", strategies = names(strategies), most = most)
            }
            Many::Some => {
                msg!(lang, "sys-takeaway-parked", strategies = names(strategies), most = most)
            }
        },
        Takeaway::AllCompleted { strategies } => match how(strategies) {
            Many::All => msg!(lang, "sys-takeaway-all-completed-all"),
            Many::One => {
                msg!(lang, "sys-takeaway-all-completed-one", strategies = names(strategies))
            }
            Many::Some => msg!(lang, "sys-takeaway-all-completed", strategies = names(strategies)),
        },
        Takeaway::SeedAlertCheck { missed, early } => {
            msg!(lang, "sys-takeaway-seed-alert", missed = *missed, early = *early)
        }
    }
}

/// What the model assumes where the seed's code is silent, for strategy `s` (the comparison
/// page shows it beside the lanes; docs/systems-database.md lists the same).
pub fn assumptions(lang: Lang, s: Strategy) -> Vec<&'static str> {
    match s {
        Strategy::Database => vec![
            label!(lang, "sys-assume-db-order"),
            label!(lang, "sys-assume-db-reset"),
            label!(lang, "sys-assume-db-pass"),
            label!(lang, "sys-assume-db-instances"),
            label!(lang, "sys-assume-db-operator"),
        ],
        Strategy::Kafka => kafka_assumptions(lang),
        Strategy::Hybrid => {
            let mut said =
                vec![label!(lang, "sys-assume-hybrid-ids"), label!(lang, "sys-assume-hybrid-once")];
            said.extend(kafka_assumptions(lang));
            said
        }
        _ => Vec::new(),
    }
}

/// What the Kafka model assumes, and where Spring Kafka's documents and code disagree (the
/// model follows the code; docs/systems-kafka.md § Where the documents and the code disagree).
fn kafka_assumptions(lang: Lang) -> Vec<&'static str> {
    vec![
        label!(lang, "sys-assume-kafka-dlt-time"),
        label!(lang, "sys-assume-kafka-max-delay"),
        label!(lang, "sys-assume-kafka-traversing"),
    ]
}

/// How many strategies a takeaway names.
enum Many {
    All,
    One,
    Some,
}

/// "N more messages are not drawn".
pub fn more_rows(lang: Lang, n: usize) -> String {
    msg!(lang, "sys-more-rows", n = n)
}

/// What is wrong with a workload, naming the field.
pub fn workload_error(lang: Lang, e: &WorkloadError) -> String {
    match e {
        WorkloadError::Json { path, problem } if path.is_empty() => {
            msg!(lang, "sys-workload-unreadable", problem = problem)
        }
        WorkloadError::Json { path, problem } => {
            msg!(lang, "sys-workload-bad-value", path = path, problem = problem)
        }
        WorkloadError::NoMessages => msg!(lang, "sys-workload-no-messages"),
        WorkloadError::TooManyMessages { count } => {
            msg!(lang, "sys-workload-too-many", count = count, max = MAX_MESSAGES)
        }
        WorkloadError::DuplicateId { id } => msg!(lang, "sys-workload-duplicate-id", id = id),
        WorkloadError::EmptyId { index } => msg!(lang, "sys-workload-empty-id", index = index),
        WorkloadError::Horizon { horizon_ms } => {
            msg!(lang, "sys-workload-horizon", horizon_ms = horizon_ms, max_ms = MAX_HORIZON_MS)
        }
        WorkloadError::ProcessTime { process_ms } => {
            msg!(lang, "sys-workload-process-time", process_ms = process_ms)
        }
        WorkloadError::TooManyFailures { id, times } => msg!(
            lang,
            "sys-workload-too-many-failures",
            id = id,
            times = times,
            max = MAX_TRANSIENT_FAILURES
        ),
        WorkloadError::UnknownMessage { action, id } => {
            msg!(lang, "sys-workload-unknown-message", action = action, id = id)
        }
        WorkloadError::Setting { field, problem } => {
            msg!(lang, "sys-workload-setting", field = field, problem = problem)
        }
        WorkloadError::TooManyEvents { strategy, limit, at_s } => msg!(
            lang,
            "sys-workload-too-many-events",
            strategy = strategy_name(lang, *strategy),
            limit = limit,
            at_s = at_s
        ),
    }
}
