//! The database DLQ's settings: the table, the scheduler as seed 003 writes it
//! (`@Scheduled(fixedDelay = 10_000)`, `findPendingForRetry(limit = 100)`, `max_retries` 5,
//! `5 s × 2^retry_count`), and the failures a reader must plan for (a scheduler that dies
//! mid-row, several instances with or without row locking), each off by default.

use serde::{Deserialize, Serialize};

use crate::systems::workload::{WorkloadError, MAX_HORIZON_MS};

/// What happens to a non-retryable failure (a permanent one, when permanent failures are
/// routed directly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NonRetryable {
    /// Logged and dropped, as the seed's consumer does: the message is lost.
    LogOnly,
    /// Stored as a FAILED row, for the operator.
    FailedRow,
}

/// The table and the scheduler's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// Where messages arrive (a queue or topic the consumer reads).
    pub source: String,
    /// The table's name.
    pub table: String,
    /// `max_retries`: retries from the table before a row is FAILED.
    pub max_retries: u32,
    /// The first retry's delay; each later one doubles it (`5 s × 2^retry_count`), in ms.
    pub base_delay_ms: u64,
    /// `@Scheduled(fixedDelay)`: the pause between the end of a pass and the next, in ms.
    pub fixed_delay_ms: u64,
    /// Rows taken per pass (`LIMIT`).
    pub batch: u32,
    pub non_retryable: NonRetryable,
    /// Scheduler instances running the same job (one per pod), all started together.
    pub schedulers: u32,
    /// Whether the pass reads its rows with `SELECT … FOR UPDATE SKIP LOCKED`, so a row taken
    /// by one instance is invisible to the others until that pass ends. The seed's
    /// `findPendingForRetry` is a plain query: every instance takes the same rows.
    pub skip_locked: bool,
    /// The first scheduler instance dies at this moment (a crash, a redeploy) and starts again
    /// at once; the row it was handling stays PROCESSING, the rest of its pass is dropped.
    pub crash_at_ms: Option<u64>,
    /// A reaper, run at the start of every pass: PROCESSING rows untouched for this long go
    /// back to PENDING, due now. None: nothing ever frees a stuck row.
    pub reaper_after_ms: Option<u64>,
    /// Whether `updateForRetry` also sets the row back to PENDING. The seed's call passes only
    /// `retryCount`, `nextRetryAt` and `errorMessage`; the model assumes the query resets the
    /// status (without it the row stays PROCESSING and is never retried).
    pub retry_resets_pending: bool,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            source: "vehicle.event".into(),
            table: "dead_letter_queue".into(),
            max_retries: 5,
            base_delay_ms: 5_000,
            fixed_delay_ms: 10_000,
            batch: 100,
            non_retryable: NonRetryable::LogOnly,
            schedulers: 1,
            skip_locked: false,
            crash_at_ms: None,
            reaper_after_ms: None,
            retry_resets_pending: true,
        }
    }
}

impl DatabaseConfig {
    /// Checks the settings; the error names the field (`systems.database.…`).
    pub fn check(&self, prefix: &str) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: &str| {
            Err(WorkloadError::Setting {
                field: format!("{prefix}.{field}"),
                problem: problem.into(),
            })
        };
        if self.source.is_empty() || self.table.is_empty() || self.source == self.table {
            return bad("table", "give the source and the table two different, non-empty names");
        }
        if self.fixed_delay_ms == 0 || self.fixed_delay_ms > MAX_HORIZON_MS {
            return bad("fixed_delay_ms", "use 1 ms to 30 days between the scheduler's passes");
        }
        if self.base_delay_ms > MAX_HORIZON_MS {
            return bad("base_delay_ms", "use at most 30 days");
        }
        if self.batch == 0 {
            return bad("batch", "a pass must take at least 1 row");
        }
        if !(1..=8).contains(&self.schedulers) {
            return bad("schedulers", "use 1 to 8 scheduler instances");
        }
        if self.crash_at_ms.is_some_and(|ms| ms > MAX_HORIZON_MS) {
            return bad("crash_at_ms", "use at most 30 days");
        }
        if self.reaper_after_ms.is_some_and(|ms| ms == 0 || ms > MAX_HORIZON_MS) {
            return bad("reaper_after_ms", "use 1 ms to 30 days, or leave the reaper out");
        }
        Ok(())
    }

    /// `next_retry_at` − now for a row with `retry_count` retries behind it, in µs.
    pub fn delay_us(&self, retry_count: u32) -> u64 {
        let factor = 1u64.checked_shl(retry_count.min(40)).unwrap_or(u64::MAX);
        self.base_delay_ms.saturating_mul(factor).min(MAX_HORIZON_MS).saturating_mul(1000)
    }
}
