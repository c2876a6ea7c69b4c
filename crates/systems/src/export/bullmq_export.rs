//! BullMQ's options as the model runs them, in TypeScript: the job options `Queue.add` takes
//! (`attempts`, `backoff`, `removeOnFail`, `removeOnComplete`) and the Worker's
//! (`concurrency`, `lockDuration`, `stalledInterval`, `maxStalledCount`, a custom
//! `backoffStrategy` in `settings`), each object checked by the compiler with `satisfies`
//! against bullmq's own types, so an option in the wrong place does not compile.
//!
//! Sources (taskforcesh/bullmq 6.2.0): `src/interfaces/base-job-options.ts` (`attempts`,
//! `backoff`, `removeOnComplete`, `removeOnFail`), `src/interfaces/backoff-options.ts`
//! (`type`, `delay`, `jitter`), `src/interfaces/worker-options.ts` (`concurrency`,
//! `lockDuration`, `stalledInterval`, `maxStalledCount`, `settings.backoffStrategy`),
//! `src/classes/job.ts` `retry(state, { resetAttemptsMade })`.

use super::escape::lit;
use super::refusal::{ExportError, Limit};
use super::Say;
use crate::msg;
use crate::systems::bullmq::{Backoff, BullMqConfig};

/// The options in TypeScript; the names the live check imports are `queueName`,
/// `jobOptions`, `workerOptions`, `workers` and `retryOptions`.
pub fn typescript(c: &BullMqConfig, say: &Say) -> Result<String, ExportError> {
    let t = say.target;
    if c.queue.is_empty() || c.queue.contains(':') {
        return Err(ExportError::refused(
            t,
            "systems.bullmq.queue",
            &c.queue,
            Limit::BullmqQueueName,
        ));
    }
    if c.attempts_on_worker {
        return Err(ExportError::refused(
            t,
            "systems.bullmq.attempts_on_worker",
            "true",
            Limit::BullmqAttemptsOnWorker,
        ));
    }
    let lang = say.lang();
    let mut o = String::from("import type { JobsOptions, WorkerOptions } from 'bullmq';\n\n");
    o += &format!("export const queueName = {};\n\n", lit(&c.queue));
    o += &say.line(&msg!(lang, "export-bullmq-job", attempts = c.attempts));
    let kind = match c.backoff {
        Backoff::Fixed => "fixed",
        Backoff::Exponential => "exponential",
        Backoff::Custom => "custom",
    };
    let jitter = if c.jitter > 0.0 { format!(", jitter: {}", c.jitter) } else { String::new() };
    o += &format!(
        "export const jobOptions = {{\n  attempts: {},\n  backoff: {{ type: '{kind}', delay: {}{jitter} }},\n  \
         removeOnFail: {},\n  removeOnComplete: {},\n}} satisfies JobsOptions;\n\n",
        c.attempts,
        c.delay_ms,
        c.remove_on_fail.to_bullmq(),
        c.remove_on_complete.to_bullmq()
    );
    let settings = if c.backoff == Backoff::Custom {
        o += &say.line(&msg!(lang, "export-bullmq-custom"));
        let steps: Vec<String> = c.custom_delays_ms.iter().map(i64::to_string).collect();
        o += &format!(
            "const ladderMs = [{}];\nexport function backoffStrategy(attemptsMade: number): number {{\n  \
             return ladderMs[Math.min(attemptsMade, ladderMs.length) - 1];\n}}\n\n",
            steps.join(", ")
        );
        "  settings: { backoffStrategy },\n"
    } else {
        ""
    };
    o += &say.line(&msg!(lang, "export-bullmq-worker", workers = c.workers));
    o += &format!(
        "export const workerOptions = {{\n  concurrency: {},\n  lockDuration: {},\n  stalledInterval: {},\n  \
         maxStalledCount: {},\n{settings}}} satisfies Omit<WorkerOptions, 'connection'>;\n\n",
        c.concurrency, c.lock_duration_ms, c.stalled_interval_ms, c.max_stalled_count
    );
    o += &format!("export const workers = {};\n\n", c.workers);
    o += &say.line(&msg!(lang, "export-bullmq-retry"));
    o += &format!(
        "export const retryOptions = {{ resetAttemptsMade: {} }};\n\n",
        c.retry_resets_attempts
    );
    if c.blocking_handler {
        o += &say.line(&msg!(lang, "export-bullmq-blocking"));
    }
    o += &say.line(&msg!(lang, "export-bullmq-usage"));
    o += "// const queue = new Queue(queueName, { connection });\n";
    o += "// await queue.add('job', data, jobOptions);\n";
    o += "// for (let i = 0; i < workers; i++) new Worker(queueName, processor, { connection, ...workerOptions });\n";
    o += "// await job.retry('failed', retryOptions);\n";
    Ok(o)
}
