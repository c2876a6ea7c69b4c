//! The workload every system runs: the messages and how each one fails, the consumer, and
//! what the operator does when. Read from JSON with errors that name the field.

use serde::{Deserialize, Serialize};

use crate::engine::rng::SimRng;

/// The most messages one workload may hold (a comparison runs it through every system).
pub const MAX_MESSAGES: usize = 5_000;
/// The longest run, in ms (30 days of virtual time).
pub const MAX_HORIZON_MS: u64 = 30 * 24 * 3_600_000;
/// The most failures a transient message may have before it succeeds.
pub const MAX_TRANSIENT_FAILURES: u32 = 1_000;

/// The same failing workload for every strategy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Workload {
    /// The messages, each with its publish time and the way it fails.
    pub messages: Vec<WorkMessage>,
    /// How long the consumer works on one attempt, in ms.
    #[serde(default = "default_process_ms")]
    pub process_ms: u64,
    /// Whether the consumer records what it has done and skips a message it has seen done.
    #[serde(default)]
    pub idempotent: bool,
    /// When the fix for every [`Failure::Bug`] is deployed, in ms; never when absent.
    #[serde(default)]
    pub fix_deployed_at_ms: Option<u64>,
    /// Whether a permanent failure skips the retries and goes straight to the dead-letter
    /// place (Kafka's `exclude`, BullMQ's `UnrecoverableError`, a `NonRetryableException`).
    #[serde(default)]
    pub route_permanent_directly: bool,
    /// What the operator does, and when.
    #[serde(default)]
    pub operator: Vec<OperatorAction>,
    /// How long to run, in ms.
    #[serde(default = "default_horizon_ms")]
    pub horizon_ms: u64,
    /// The seed of the random choices a system makes (Kafka's sticky partitioner, a random
    /// back-off): the same seed, the same run.
    #[serde(default)]
    pub seed: u64,
}

fn default_process_ms() -> u64 {
    100
}

fn default_horizon_ms() -> u64 {
    600_000
}

/// One message of the workload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkMessage {
    /// Its name, unique in the workload.
    pub id: String,
    /// Its ordering key (Kafka's record key, a FIFO group): messages with the same key should
    /// be handled in publish order. Without one, order does not matter.
    #[serde(default)]
    pub key: Option<String>,
    /// When the producer publishes it, in ms.
    #[serde(default)]
    pub publish_at_ms: u64,
    /// How handling it fails.
    #[serde(default)]
    pub failure: Failure,
    /// Its `MessageDeduplicationId` on an SQS FIFO queue: a producer's resend names the first
    /// send's id (or its id); without it, the message's own id. A standard queue, and every
    /// other system, ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dedup_id: Option<String>,
}

impl WorkMessage {
    /// The deduplication id a FIFO queue knows the message by: `dedup_id`, else its own id.
    pub fn dedup_key(&self) -> &str {
        self.dedup_id.as_deref().unwrap_or(&self.id)
    }
}

/// How handling a message fails.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Failure {
    /// It never fails.
    #[default]
    None,
    /// The first `times` attempts fail (a timeout, a 503, a rate limit), then it succeeds.
    Transient {
        times: u32,
        #[serde(default = "transient_reason")]
        reason: String,
        /// The effect happened before the error (the call went through, its reply was lost),
        /// so a consumer that is not idempotent applies it again on the next attempt.
        #[serde(default)]
        after_effect: bool,
        /// The exception the error wraps (its cause), if any: Spring's classifier can look at
        /// it (`traversingCauses`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<String>,
    },
    /// Every attempt fails until the operator edits its payload (bad data, a failed
    /// validation): retrying it is pointless.
    Permanent {
        #[serde(default = "permanent_reason")]
        reason: String,
        /// The exception the error wraps, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<String>,
    },
    /// Every attempt fails until the fix is deployed (`fix_deployed_at_ms`), then succeeds.
    Bug {
        #[serde(default = "bug_reason")]
        reason: String,
        /// The exception the error wraps, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<String>,
    },
}

fn transient_reason() -> String {
    "TimeoutError".into()
}

fn permanent_reason() -> String {
    "ValidationError".into()
}

fn bug_reason() -> String {
    "NullPointerException".into()
}

impl Failure {
    /// The error the consumer raises, if it ever fails.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Failure::None => None,
            Failure::Transient { reason, .. }
            | Failure::Permanent { reason, .. }
            | Failure::Bug { reason, .. } => Some(reason),
        }
    }

    /// The exception the error wraps, if it names one.
    pub fn cause(&self) -> Option<&str> {
        match self {
            Failure::None => None,
            Failure::Transient { cause, .. }
            | Failure::Permanent { cause, .. }
            | Failure::Bug { cause, .. } => cause.as_deref(),
        }
    }

    /// Whether the failure is permanent (retrying cannot help).
    pub fn is_permanent(&self) -> bool {
        matches!(self, Failure::Permanent { .. })
    }
}

/// Something the operator does at a moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperatorAction {
    /// When, in ms.
    pub at_ms: u64,
    /// What.
    #[serde(rename = "do")]
    pub kind: OperatorKind,
    /// Which of the dead-lettered messages (all of them when absent).
    #[serde(default)]
    pub select: Selection,
    /// The note kept in the audit trail.
    #[serde(default)]
    pub note: String,
}

/// What the operator does to the dead-lettered messages selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OperatorKind {
    /// Send them back to where they were first published (an SQS redrive, a republish from
    /// the DLT or the database, `job.retry()`).
    Replay,
    /// Mark them handled without handling them (a database row becomes SKIPPED).
    Skip,
    /// Fix their payload: a permanent failure no longer fails. Does not replay them.
    Edit,
}

/// Which dead-lettered messages an operator action applies to.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Selection {
    /// Every message in the dead-letter place.
    #[default]
    All,
    /// One message, by id.
    Message(String),
    /// The ones whose failure reason contains this text (`TimeoutError`).
    Reason(String),
}

impl Selection {
    /// Whether the message `id`, which failed with `reason`, is selected.
    pub fn picks(&self, id: &str, reason: &str) -> bool {
        match self {
            Selection::All => true,
            Selection::Message(m) => m == id,
            Selection::Reason(r) => reason.contains(r.as_str()),
        }
    }
}

/// Why a workload cannot be run; each names the field to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkloadError {
    /// The text is not a workload: the field the reader stopped at (empty at the top) and
    /// its own words, with line and column.
    Json { path: String, problem: String },
    /// `messages` is empty.
    NoMessages,
    /// `messages` holds more than [`MAX_MESSAGES`].
    TooManyMessages { count: usize },
    /// Two messages share an id.
    DuplicateId { id: String },
    /// A message id is empty.
    EmptyId { index: usize },
    /// `horizon_ms` is 0 or over [`MAX_HORIZON_MS`].
    Horizon { horizon_ms: u64 },
    /// `process_ms` is 0 or longer than the horizon.
    ProcessTime { process_ms: u64 },
    /// A transient failure's `times` is over [`MAX_TRANSIENT_FAILURES`].
    TooManyFailures { id: String, times: u32 },
    /// An operator action selects a message id the workload does not have.
    UnknownMessage { action: usize, id: String },
    /// A strategy's setting is unusable (`field` is its path, `problem` the broker's words).
    Setting { field: String, problem: String },
    /// The runs together would make more than `limit` events: `strategy`'s run passed it at
    /// `at_s` seconds of virtual time ([`super::computing::COMPARISON_EVENTS`]).
    TooManyEvents { strategy: super::compare::Strategy, limit: usize, at_s: u64 },
}

impl std::fmt::Display for WorkloadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::systems::system_text::workload_error(self).text(crate::i18n::Lang::En))
    }
}

impl std::error::Error for WorkloadError {}

impl WorkloadError {
    /// A reader's error in `text`, with the path of the field it stopped at.
    pub fn json(text: &str, e: &serde_json::Error) -> WorkloadError {
        WorkloadError::Json {
            path: super::json_path::path_at(text, e.line(), e.column()),
            problem: e.to_string(),
        }
    }
}

impl Workload {
    /// Where the run ends on the virtual clock.
    pub fn horizon(&self) -> crate::engine::SimTime {
        crate::engine::SimTime::from_ms(self.horizon_ms)
    }

    /// Every time of the workload (publishes, the operator's actions, the fix, the horizon)
    /// divided by `divisor`, for a live run on a compressed clock; the handling time
    /// `process_ms` stays as it is.
    pub fn compress_times(&mut self, divisor: u64) {
        for m in &mut self.messages {
            m.publish_at_ms /= divisor;
        }
        for a in &mut self.operator {
            a.at_ms /= divisor;
        }
        self.fix_deployed_at_ms = self.fix_deployed_at_ms.map(|ms| ms / divisor);
        self.horizon_ms /= divisor;
    }

    /// Reads and checks a workload from JSON text.
    pub fn from_json(text: &str) -> Result<Workload, WorkloadError> {
        let w: Workload = serde_json::from_str(text).map_err(|e| WorkloadError::json(text, &e))?;
        w.check()?;
        Ok(w)
    }

    /// Checks the limits and names; the systems may assume a checked workload.
    pub fn check(&self) -> Result<(), WorkloadError> {
        if self.messages.is_empty() {
            return Err(WorkloadError::NoMessages);
        }
        if self.messages.len() > MAX_MESSAGES {
            return Err(WorkloadError::TooManyMessages { count: self.messages.len() });
        }
        if self.horizon_ms == 0 || self.horizon_ms > MAX_HORIZON_MS {
            return Err(WorkloadError::Horizon { horizon_ms: self.horizon_ms });
        }
        if self.process_ms == 0 || self.process_ms >= self.horizon_ms {
            return Err(WorkloadError::ProcessTime { process_ms: self.process_ms });
        }
        let mut seen = std::collections::BTreeSet::new();
        for (index, m) in self.messages.iter().enumerate() {
            if m.id.trim().is_empty() {
                return Err(WorkloadError::EmptyId { index });
            }
            if !seen.insert(m.id.as_str()) {
                return Err(WorkloadError::DuplicateId { id: m.id.clone() });
            }
            // SendMessage, MessageDeduplicationId: "up to 128 alphanumeric characters (a-z,
            // A-Z, 0-9) and punctuation".
            if let Some(d) = &m.dedup_id {
                if d.is_empty() || d.len() > 128 || !d.chars().all(|c| c.is_ascii_graphic()) {
                    return Err(WorkloadError::Setting {
                        field: format!("messages[{index}].dedup_id"),
                        problem: "SQS takes 1 to 128 letters, digits and punctuation as a \
                                  MessageDeduplicationId"
                            .into(),
                    });
                }
            }
            if let Failure::Transient { times, .. } = m.failure {
                if times > MAX_TRANSIENT_FAILURES {
                    return Err(WorkloadError::TooManyFailures { id: m.id.clone(), times });
                }
            }
        }
        for (action, a) in self.operator.iter().enumerate() {
            if let Selection::Message(id) = &a.select {
                if !seen.contains(id.as_str()) {
                    return Err(WorkloadError::UnknownMessage { action, id: id.clone() });
                }
            }
        }
        Ok(())
    }

    /// The index of the message called `id`.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.messages.iter().position(|m| m.id == id)
    }

    /// A mixed workload made from `seed`: `count` messages published `gap_ms` apart over
    /// `keys` ordering keys, `transient_pct` % failing twice with a timeout, `permanent_pct` %
    /// with bad data, the rest fine.
    pub fn mixed(
        seed: u64,
        count: usize,
        gap_ms: u64,
        keys: usize,
        transient_pct: u32,
        permanent_pct: u32,
    ) -> Workload {
        let mut rng = SimRng::new(seed);
        let count = count.clamp(1, MAX_MESSAGES);
        let messages = (0..count)
            .map(|i| {
                let roll = rng.below(100) as u32;
                let failure = if roll < transient_pct {
                    Failure::Transient {
                        times: 2,
                        reason: transient_reason(),
                        after_effect: rng.chance_percent(50),
                        cause: None,
                    }
                } else if roll < transient_pct.saturating_add(permanent_pct) {
                    Failure::Permanent { reason: permanent_reason(), cause: None }
                } else {
                    Failure::None
                };
                WorkMessage {
                    id: format!("m{}", i + 1),
                    key: (keys > 0).then(|| format!("k{}", i % keys + 1)),
                    publish_at_ms: i as u64 * gap_ms,
                    failure,
                    dedup_id: None,
                }
            })
            .collect();
        Workload {
            messages,
            process_ms: default_process_ms(),
            idempotent: false,
            fix_deployed_at_ms: None,
            route_permanent_directly: false,
            operator: vec![],
            horizon_ms: default_horizon_ms(),
            seed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_workload_with_defaults() {
        let w = Workload::from_json(
            r#"{"messages": [{"id": "a"}, {"id": "b", "key": "k", "failure": {"kind": "transient", "times": 2}}],
                "operator": [{"at_ms": 1000, "do": "replay", "select": {"reason": "Timeout"}}]}"#,
        )
        .unwrap();
        assert_eq!(w.process_ms, 100);
        assert_eq!(w.messages[1].failure.reason(), Some("TimeoutError"));
        assert!(w.operator[0].select.picks("x", "TimeoutError"));
        assert!(!w.operator[0].select.picks("x", "ValidationError"));
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            (r#"{"messages": []}"#, "messages"),
            (r#"{"messages": [{"id": "a"}, {"id": "a"}]}"#, "'a'"),
            (r#"{"messages": [{"id": "a"}], "horizon_ms": 0}"#, "horizon_ms"),
            (
                r#"{"messages": [{"id": "a"}], "operator": [{"at_ms": 1, "do": "skip", "select": {"message": "z"}}]}"#,
                "operator[0]",
            ),
            (r#"{"messages": [{"id": "a", "colour": 1}]}"#, "colour"),
            (
                r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 5000}}]}"#,
                "failure.times",
            ),
        ];
        for (text, field) in cases {
            let e = Workload::from_json(text).unwrap_err().to_string();
            assert!(e.contains(field), "{text}: {e}");
        }
    }

    #[test]
    fn mixed_workloads_are_fixed_by_their_seed() {
        let a = Workload::mixed(7, 50, 100, 3, 30, 10);
        assert_eq!(a, Workload::mixed(7, 50, 100, 3, 30, 10));
        assert_ne!(a, Workload::mixed(8, 50, 100, 3, 30, 10));
        assert!(a.check().is_ok());
    }
}
