//! The database DLQ and the hybrid's table in PostgreSQL: seed 003's `dead_letter_queue` and
//! `dead_letter_record` tables with their indexes, and every statement the model's actors run
//! as a named `PREPARE` (so the file runs as it is in `psql`): the consumer's insert, the
//! scheduler's query (`FOR UPDATE SKIP LOCKED` or the seed's plain query, as the model
//! chooses), its updates (the delay `base × 2^retry_count`, FAILED at `max_retries`), the
//! reaper, and the operator's reprocess and skip.
//!
//! Sources: PostgreSQL 15 manual, `SELECT` "The Locking Clause" (`FOR UPDATE`, `SKIP LOCKED`:
//! "any rows that cannot be immediately locked are skipped"), `PREPARE`, `CREATE INDEX`;
//! seed 003's tables, `findPendingForRetry(status, nextRetryBefore, limit)`, `updateForRetry`,
//! `DlqReprocessService.reprocess` / `skip`.

use super::escape::sql_ident;
use super::refusal::{sql_identifier, ExportError};
use super::Say;
use crate::msg;
use crate::systems::database::DatabaseConfig;
use crate::systems::hybrid::HybridConfig;

/// The database DLQ: the table, the consumer's insert, the scheduler, the operator.
pub fn database(c: &DatabaseConfig, say: &Say) -> Result<String, ExportError> {
    sql_identifier(say.target, "systems.database.table", &c.table)?;
    let lang = say.lang();
    let t = sql_ident(&c.table);
    let mut o = say.line(&msg!(lang, "export-sql-table", source = c.source));
    o += &format!(
        "CREATE TABLE {t} (\n    id BIGSERIAL PRIMARY KEY,\n    message_type VARCHAR(100) NOT NULL,\n    \
         message_key VARCHAR(255),\n    payload JSONB NOT NULL,\n    error_message TEXT,\n    \
         retry_count INT DEFAULT 0,\n    max_retries INT DEFAULT {},\n    \
         status VARCHAR(20) DEFAULT 'PENDING',  -- PENDING, PROCESSING, COMPLETED, FAILED, SKIPPED\n    \
         resolved_by VARCHAR(100),\n    resolution_note TEXT,\n    \
         created_at TIMESTAMP DEFAULT NOW(),\n    updated_at TIMESTAMP DEFAULT NOW(),\n    \
         next_retry_at TIMESTAMP\n);\n",
        c.max_retries
    );
    o += &format!(
        "CREATE INDEX ON {t} (status, next_retry_at);\nCREATE INDEX ON {t} (message_type);\n\n"
    );
    o += &say.line(&msg!(lang, "export-sql-store", delay_ms = c.base_delay_ms));
    o += &format!(
        "PREPARE dlq_store(VARCHAR, VARCHAR, JSONB, TEXT) AS\n  INSERT INTO {t} (message_type, message_key, payload, error_message, next_retry_at)\n  \
         VALUES ($1, $2, $3, $4, NOW() + INTERVAL '{} milliseconds');\n\n",
        c.base_delay_ms
    );
    let lock = if c.skip_locked { "\n  FOR UPDATE SKIP LOCKED" } else { "" };
    o += &say.line(&match c.skip_locked {
        true => msg!(
            lang,
            "export-sql-take-skip-locked",
            fixed_delay_ms = c.fixed_delay_ms,
            schedulers = c.schedulers
        ),
        false => msg!(
            lang,
            "export-sql-take-plain",
            fixed_delay_ms = c.fixed_delay_ms,
            schedulers = c.schedulers
        ),
    });
    o += &format!(
        "PREPARE dlq_take_due AS\n  SELECT id, message_type, message_key, payload, retry_count FROM {t}\n  \
         WHERE status = 'PENDING' AND next_retry_at <= NOW()\n  ORDER BY next_retry_at\n  LIMIT {}{lock};\n\n",
        c.batch
    );
    o += &format!(
        "PREPARE dlq_mark_processing(BIGINT) AS\n  UPDATE {t} SET status = 'PROCESSING', updated_at = NOW() WHERE id = $1;\n\n"
    );
    o += &format!(
        "PREPARE dlq_complete(BIGINT) AS\n  UPDATE {t} SET status = 'COMPLETED', updated_at = NOW() WHERE id = $1;\n\n"
    );
    o += &say.line(&msg!(
        lang,
        "export-sql-retry-later",
        delay_ms = c.base_delay_ms,
        max_retries = c.max_retries
    ));
    let pending = if c.retry_resets_pending { "'PENDING'" } else { "status" };
    if !c.retry_resets_pending {
        o += &say.line(&msg!(lang, "export-sql-no-reset"));
    }
    o += &format!(
        "PREPARE dlq_retry_later(BIGINT, TEXT) AS\n  UPDATE {t} SET\n    \
         status = CASE WHEN retry_count + 1 >= max_retries THEN 'FAILED' ELSE {pending} END,\n    \
         retry_count = CASE WHEN retry_count + 1 >= max_retries THEN retry_count ELSE retry_count + 1 END,\n    \
         next_retry_at = NOW() + {} * power(2, retry_count + 1) * INTERVAL '1 millisecond',\n    \
         error_message = $2, updated_at = NOW()\n  WHERE id = $1;\n\n",
        c.base_delay_ms
    );
    if let Some(ms) = c.reaper_after_ms {
        o += &say.line(&msg!(lang, "export-sql-reaper", after_ms = ms));
        o += &format!(
            "PREPARE dlq_reap AS\n  UPDATE {t} SET status = 'PENDING', next_retry_at = NOW(), updated_at = NOW()\n  \
             WHERE status = 'PROCESSING' AND updated_at <= NOW() - INTERVAL '{ms} milliseconds';\n\n"
        );
    }
    o += &say.line(&msg!(lang, "export-sql-operator"));
    o += &format!(
        "PREPARE dlq_reprocess(BIGINT[], VARCHAR, TEXT) AS\n  UPDATE {t} SET status = 'PENDING', retry_count = 0, next_retry_at = NOW(),\n    \
         resolved_by = $2, resolution_note = $3, updated_at = NOW()\n  WHERE id = ANY($1) AND status = 'FAILED';\n\n"
    );
    o += &format!(
        "PREPARE dlq_skip(BIGINT[], VARCHAR, TEXT) AS\n  UPDATE {t} SET status = 'SKIPPED', resolved_by = $2, resolution_note = $3, updated_at = NOW()\n  \
         WHERE id = ANY($1) AND status IN ('FAILED', 'PENDING');\n"
    );
    Ok(o)
}

/// The hybrid: the DLT handler's table, its insert, and the operator's reprocess and skip.
pub fn hybrid(c: &HybridConfig, say: &Say) -> Result<String, ExportError> {
    sql_identifier(say.target, "systems.hybrid.table", &c.table)?;
    let lang = say.lang();
    let t = sql_ident(&c.table);
    let mut o = say.line(&msg!(lang, "export-sql-record", topic = c.kafka.topic));
    o += &format!(
        "CREATE TABLE {t} (\n    id BIGSERIAL PRIMARY KEY,\n    original_topic VARCHAR(255) NOT NULL,\n    \
         original_partition INT NOT NULL,\n    original_offset BIGINT NOT NULL,\n    message_key VARCHAR(255),\n    \
         payload JSONB NOT NULL,\n    error_message TEXT,\n    stack_trace TEXT,\n    \
         status VARCHAR(20) DEFAULT 'PENDING',  -- PENDING, PROCESSING, COMPLETED, FAILED, SKIPPED\n    \
         retry_count INT DEFAULT 0,\n    last_retry_at TIMESTAMP,\n    resolved_by VARCHAR(100),\n    \
         resolution_note TEXT,\n    created_at TIMESTAMP DEFAULT NOW(),\n    updated_at TIMESTAMP DEFAULT NOW()\n);\n"
    );
    o += &format!(
        "CREATE INDEX ON {t} (status);\nCREATE INDEX ON {t} (original_topic);\nCREATE INDEX ON {t} (created_at);\n\n"
    );
    o += &say.line(&msg!(lang, "export-sql-dlt-insert"));
    o += &format!(
        "PREPARE dlr_store(VARCHAR, INT, BIGINT, VARCHAR, JSONB, TEXT, TEXT) AS\n  INSERT INTO {t} (original_topic, original_partition, original_offset, message_key, payload, error_message, stack_trace)\n  \
         VALUES ($1, $2, $3, $4, $5, $6, $7);\n\n"
    );
    o += &say.line(&msg!(lang, "export-sql-operator"));
    o += &format!(
        "PREPARE dlr_pick(BIGINT[]) AS\n  SELECT id, original_topic, message_key, payload FROM {t} WHERE id = ANY($1) ORDER BY id FOR UPDATE;\n\n"
    );
    o += &format!(
        "PREPARE dlr_mark_processing(BIGINT) AS\n  UPDATE {t} SET status = 'PROCESSING', updated_at = NOW() WHERE id = $1;\n\n"
    );
    o += &format!(
        "PREPARE dlr_republished(BIGINT, VARCHAR, TEXT) AS\n  UPDATE {t} SET status = 'COMPLETED', resolved_by = $2, resolution_note = $3,\n    \
         last_retry_at = NOW(), updated_at = NOW()\n  WHERE id = $1;\n\n"
    );
    o += &format!(
        "PREPARE dlr_republish_failed(BIGINT, TEXT) AS\n  UPDATE {t} SET status = 'FAILED', retry_count = retry_count + 1, error_message = $2, updated_at = NOW()\n  \
         WHERE id = $1;\n\n"
    );
    o += &format!(
        "PREPARE dlr_skip(BIGINT[], VARCHAR, TEXT) AS\n  UPDATE {t} SET status = 'SKIPPED', resolved_by = $2, resolution_note = $3, updated_at = NOW()\n  \
         WHERE id = ANY($1);\n"
    );
    Ok(o)
}
