//! The comparison page's sentences as message values from the catalogues (`sys-*` messages):
//! a line for every event of a system's trace, the takeaways and the count of rows not drawn,
//! worded where they are shown. The errors of a workload too (their English is
//! `WorkloadError`'s `Display`). The page's labels are read by key in `ui::i18n_systems`.

use crate::i18n::message_value::{list, IntoMessageArg, MessageArg};
use crate::i18n::Message;
use crate::message;
use crate::systems::trace::{Loss, Refusal, RowStatus, SysEvent, SysEventKind, Wait};
use crate::systems::workload::{
    OperatorKind, WorkloadError, MAX_HORIZON_MS, MAX_MESSAGES, MAX_TRANSIENT_FAILURES,
};
use crate::systems::{Effect, Strategy, Takeaway};

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
pub fn explain(e: &SysEvent, id: &str) -> Message {
    let place = &e.place;
    match &e.kind {
        SysEventKind::Published => message!("sys-event-published", id = id, place = place),
        SysEventKind::Received { attempt } => {
            message!("sys-event-received", id = id, place = place, attempt = attempt)
        }
        SysEventKind::Succeeded { attempt, effect } => match effect {
            Effect::Applied => message!("sys-event-succeeded", id = id, attempt = attempt),
            Effect::Duplicate => message!("sys-event-duplicate", id = id, attempt = attempt),
            Effect::AlreadyDone => message!("sys-event-already-done", id = id, attempt = attempt),
        },
        SysEventKind::Failed { attempt, reason, permanent, effect_applied } => {
            match (permanent, effect_applied) {
                (false, false) => {
                    message!("sys-event-failed", attempt = attempt, reason = reason)
                }
                (true, false) => {
                    message!("sys-event-failed-permanent", attempt = attempt, reason = reason)
                }
                (false, true) => {
                    message!("sys-event-failed-after-effect", attempt = attempt, reason = reason)
                }
                (true, true) => message!(
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
                    message!("sys-event-waiting-visibility", id = id, place = place, until = until)
                }
                Wait::Backoff => {
                    message!("sys-event-waiting-backoff", id = id, place = place, until = until)
                }
                Wait::NextRetryAt => {
                    message!("sys-event-waiting-next-retry", id = id, place = place, until = until)
                }
                Wait::Delay => {
                    message!("sys-event-waiting-delay", id = id, place = place, until = until)
                }
            }
        }
        SysEventKind::Moved { from } => {
            message!("sys-event-moved", id = id, from = from, place = place)
        }
        SysEventKind::DeadLettered { from, reason } => {
            message!(
                "sys-event-dead-lettered",
                id = id,
                from = from,
                place = place,
                reason = reason
            )
        }
        SysEventKind::Lost { why } => match why {
            Loss::RetentionExpired => message!("sys-event-lost-retention", id = id),
            Loss::LoggedOnly => message!("sys-event-lost-logged", id = id),
            Loss::Removed => message!("sys-event-lost-removed", id = id),
            Loss::Trimmed => message!("sys-event-lost-trimmed", id = id),
            Loss::Deduplicated => message!("sys-event-lost-deduplicated", id = id),
        },
        SysEventKind::Refused { why: Refusal::MoveTaskRunning } => {
            message!("sys-event-refused-move-task", id = id, place = place)
        }
        SysEventKind::Refused { why: Refusal::LockExpired } => {
            message!("sys-event-refused-lock", id = id)
        }
        SysEventKind::Interrupted => message!("sys-event-interrupted", id = id, place = place),
        SysEventKind::Stalled { count } => {
            message!("sys-event-stalled", id = id, place = place, count = *count)
        }
        SysEventKind::Headers { headers } => {
            let headers = headers
                .iter()
                .map(|h| format!("{}={}", h.name, h.value.replace('\n', " ")))
                .collect::<Vec<_>>()
                .join(", ");
            message!("sys-event-headers", id = id, place = place, headers = headers)
        }
        SysEventKind::Status { status } => {
            message!("sys-event-status", id = id, place = place, status = status_name(*status))
        }
        SysEventKind::Operator { action, note } if note.is_empty() => match action {
            OperatorKind::Replay => message!("sys-event-operator-replay", id = id),
            OperatorKind::Skip => message!("sys-event-operator-skip", id = id),
            OperatorKind::Edit => message!("sys-event-operator-edit", id = id),
        },
        SysEventKind::Operator { action, note } => {
            let note = super::operator_text::operator_note(note);
            match action {
                OperatorKind::Replay => {
                    message!("sys-event-operator-replay-note", id = id, note = note)
                }
                OperatorKind::Skip => {
                    message!("sys-event-operator-skip-note", id = id, note = note)
                }
                OperatorKind::Edit => {
                    message!("sys-event-operator-edit-note", id = id, note = note)
                }
            }
        }
    }
}

/// What strategy `s` is set up as (systems::Comparison::setup): SQS's line a message from
/// the catalogues, keeping SQS's own names (RedrivePolicy, VisibilityTimeout,
/// StartMessageMoveTask); the Kafka lines are Spring's names and the topics' as they are, the
/// same in every language.
pub fn setup(c: &crate::systems::Comparison, s: Strategy) -> Option<MessageArg> {
    use crate::systems::sqs::ReplayBy;
    if s != Strategy::Sqs {
        return c.setup(s).map(MessageArg::Value);
    }
    let q = &c.systems.sqs;
    let replay = match q.replay {
        ReplayBy::Script => message!("sys-sqs-replay-script"),
        ReplayBy::MoveTask => message!("sys-sqs-replay-move-task", rate = q.move_rate_per_s),
    };
    let kind = if q.fifo {
        MessageArg::Value("FIFO".into())
    } else {
        message!("sys-sqs-kind-standard").into_message_arg()
    };
    Some(
        message!(
            "sys-sqs-setup",
            kind = kind,
            queue = &q.queue,
            dlq = q.dlq_name(),
            max = q.max_receive_count,
            visibility = secs(q.visibility_timeout_ms.saturating_mul(1000)),
            replay = replay
        )
        .into_message_arg(),
    )
}

/// A strategy's name ("SQS redrive", …), a label.
pub fn strategy_name(s: Strategy) -> Message {
    match s {
        Strategy::Rabbitmq => message!("sys-rabbit-name"),
        Strategy::Sqs => message!("sys-sqs-name"),
        Strategy::Kafka => message!("sys-kafka-name"),
        Strategy::Bullmq => message!("sys-bullmq-name"),
        Strategy::Database => message!("sys-database-name"),
        Strategy::Hybrid => message!("sys-hybrid-name"),
    }
}

/// A takeaway, naming strategies by their names ([`strategy_name`]).
pub fn takeaway(t: &Takeaway) -> Message {
    let names = |l: &[Strategy]| list(message!("list-sep"), l.iter().map(|s| strategy_name(*s)));
    // Every strategy, only one, or a list of them: each a sentence of its own.
    let how = |l: &[Strategy]| match l.len() {
        n if n == Strategy::ALL.len() => Many::All,
        1 => Many::One,
        _ => Many::Some,
    };
    match t {
        Takeaway::Lost { strategies, most } => match how(strategies) {
            Many::All => message!("sys-takeaway-lost-all", most = most),
            Many::One => {
                message!("sys-takeaway-lost-one", strategies = names(strategies), most = most)
            }
            Many::Some => {
                message!("sys-takeaway-lost", strategies = names(strategies), most = most)
            }
        },
        Takeaway::Duplicates { strategies, most } => match how(strategies) {
            Many::All => message!("sys-takeaway-duplicates-all", most = most),
            Many::One => {
                message!("sys-takeaway-duplicates-one", strategies = names(strategies), most = most)
            }
            Many::Some => {
                message!("sys-takeaway-duplicates", strategies = names(strategies), most = most)
            }
        },
        Takeaway::Reordered { strategies, most } => match how(strategies) {
            Many::All => message!("sys-takeaway-reordered-all", most = most),
            Many::One => {
                message!("sys-takeaway-reordered-one", strategies = names(strategies), most = most)
            }
            Many::Some => {
                message!("sys-takeaway-reordered", strategies = names(strategies), most = most)
            }
        },
        Takeaway::Parked { strategies, most } => match how(strategies) {
            Many::All => message!("sys-takeaway-parked-all", most = most),
            Many::One => {
                message!("sys-takeaway-parked-one", strategies = names(strategies), most = most)
            }
            Many::Some => {
                message!("sys-takeaway-parked", strategies = names(strategies), most = most)
            }
        },
        Takeaway::AllCompleted { strategies } => match how(strategies) {
            Many::All => message!("sys-takeaway-all-completed-all"),
            Many::One => {
                message!("sys-takeaway-all-completed-one", strategies = names(strategies))
            }
            Many::Some => message!("sys-takeaway-all-completed", strategies = names(strategies)),
        },
        Takeaway::SeedAlertCheck { missed, early } => {
            message!("sys-takeaway-seed-alert", missed = *missed, early = *early)
        }
    }
}

/// What the model assumes where the seed's code is silent, for strategy `s` (the comparison
/// page shows it beside the lanes; docs/systems-database.md lists the same).
pub fn assumptions(s: Strategy) -> Vec<Message> {
    match s {
        Strategy::Database => vec![
            message!("sys-assume-db-order"),
            message!("sys-assume-db-reset"),
            message!("sys-assume-db-pass"),
            message!("sys-assume-db-instances"),
            message!("sys-assume-db-operator"),
        ],
        Strategy::Kafka => kafka_assumptions(),
        Strategy::Hybrid => {
            let mut said =
                vec![message!("sys-assume-hybrid-ids"), message!("sys-assume-hybrid-once")];
            said.extend(kafka_assumptions());
            said
        }
        _ => Vec::new(),
    }
}

/// What the Kafka model assumes, and where Spring Kafka's documents and code disagree (the
/// model follows the code; docs/systems-kafka.md § Where the documents and the code disagree).
fn kafka_assumptions() -> Vec<Message> {
    vec![
        message!("sys-assume-kafka-dlt-time"),
        message!("sys-assume-kafka-max-delay"),
        message!("sys-assume-kafka-traversing"),
    ]
}

/// How many strategies a takeaway names.
enum Many {
    All,
    One,
    Some,
}

/// "N more messages are not drawn".
pub fn more_rows(n: usize) -> Message {
    message!("sys-more-rows", n = n)
}

/// What is wrong with a workload, naming the field.
pub fn workload_error(e: &WorkloadError) -> Message {
    match e {
        WorkloadError::Json { path, problem } if path.is_empty() => {
            message!("sys-workload-unreadable", problem = problem)
        }
        WorkloadError::Json { path, problem } => {
            message!("sys-workload-bad-value", path = path, problem = problem)
        }
        WorkloadError::NoMessages => message!("sys-workload-no-messages"),
        WorkloadError::TooManyMessages { count } => {
            message!("sys-workload-too-many", count = count, max = MAX_MESSAGES)
        }
        WorkloadError::DuplicateId { id } => message!("sys-workload-duplicate-id", id = id),
        WorkloadError::EmptyId { index } => message!("sys-workload-empty-id", index = index),
        WorkloadError::Horizon { horizon_ms } => {
            message!("sys-workload-horizon", horizon_ms = horizon_ms, max_ms = MAX_HORIZON_MS)
        }
        WorkloadError::ProcessTime { process_ms } => {
            message!("sys-workload-process-time", process_ms = process_ms)
        }
        WorkloadError::TooManyFailures { id, times } => message!(
            "sys-workload-too-many-failures",
            id = id,
            times = times,
            max = MAX_TRANSIENT_FAILURES
        ),
        WorkloadError::UnknownMessage { action, id } => {
            message!("sys-workload-unknown-message", action = action, id = id)
        }
        WorkloadError::Setting { field, problem } => {
            message!("sys-workload-setting", field = field, problem = problem)
        }
        WorkloadError::TooManyEvents { strategy, limit, at_s } => message!(
            "sys-workload-too-many-events",
            strategy = strategy_name(*strategy),
            limit = limit,
            at_s = at_s
        ),
    }
}
