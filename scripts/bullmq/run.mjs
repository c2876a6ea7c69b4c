// Plays a plan from `dlx-lab compare --bullmq-plan` through a real BullMQ Queue and Worker on
// the Redis at 127.0.0.1:PORT (or at a redis:// URL) and writes what happened to each job as
// JSON:
//   node scripts/bullmq/run.mjs PLAN.json OUT.json PORT|redis://HOST:PORT[/DB]
// The processor fails the way the workload says, as the model's consumer does: a transient
// failure for its first `times` attempts, a permanent one until the operator edits the job
// (an UnrecoverableError when `route_permanent_directly`), a bug until `fix_deployed_at_ms`.
// Jobs are added at their publish times and the operator acts at its times, counted from the
// first publish (t0; with a blocking handler, the worker's start); each attempt's start is
// recorded in ms from t0, and so is the moment the worker's `completed` event fired. After
// `run_ms` every
// job's state is read (`unknown` once BullMQ has removed it), with the number of `failed`
// events the worker emitted for it, and everything is closed.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Queue, Worker, UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';

const [planFile, outFile, redisAt, exportedFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const w = plan.workload;
const opts = plan.bullmq;
// An optional fourth argument: `dlx-lab compare --export bullmq:ts` compiled to JavaScript;
// its jobOptions, workerOptions and workers then replace the plan's, so the options a user
// copies are the ones this run checks (scripts/export-check.sh).
const exported = exportedFile ? await import(pathToFileURL(exportedFile).href) : null;
// BullMQ 6 takes a ready-made client in an ES module (ioredis is an optional peer there).
const clients = [];
const connect = () => {
  // A port on 127.0.0.1, or a redis:// URL (a user's own Redis, for `dlx-lab verify --bullmq`).
  const c = /^\d+$/.test(redisAt)
    ? new Redis({ host: '127.0.0.1', port: Number(redisAt), maxRetriesPerRequest: null })
    : new Redis(redisAt, { maxRetriesPerRequest: null });
  clients.push(c);
  return c;
};
const name = `dlx-${process.pid}-${Date.now()}`;
const sleep = ms => new Promise(r => setTimeout(r, Math.max(0, ms)));

const byId = new Map(w.messages.map(m => [m.id, m]));
const starts = new Map(w.messages.map(m => [m.id, []]));
const failures = new Map(w.messages.map(m => [m.id, 0]));
let t0 = 0;
const now = () => Date.now() - t0;

const queue = new Queue(name, { connection: connect() });
const processor = async job => {
    starts.get(job.id).push(now());
    if (opts.blockingHandler) {
      // CPU work with no await: the event loop (lock renewal, the stalled checker) waits.
      const end = Date.now() + w.process_ms;
      while (Date.now() < end);
    } else {
      await sleep(w.process_ms);
    }
    const m = byId.get(job.id);
    const f = m.failure ?? { kind: 'none' };
    let fail = null;
    if (f.kind === 'transient' && failures.get(job.id) < f.times) fail = f.reason ?? 'TimeoutError';
    if (f.kind === 'permanent' && !job.data.edited) fail = f.reason ?? 'ValidationError';
    const fixed = w.fix_deployed_at_ms != null && now() >= w.fix_deployed_at_ms;
    if (f.kind === 'bug' && !fixed) fail = f.reason ?? 'NullPointerException';
    if (fail === null) return 'done';
    failures.set(job.id, failures.get(job.id) + 1);
    if (f.kind === 'permanent' && w.route_permanent_directly) throw new UnrecoverableError(fail);
    const e = new Error(fail);
    e.name = fail;
    throw e;
};
// A custom back-off is the Worker's settings.backoffStrategy: the plan's ladder, -1 stops.
const ladder = opts.customDelays ?? [];
const backoffStrategy = attemptsMade => ladder[Math.min(attemptsMade, ladder.length) - 1];
const workers = Array.from({ length: exported?.workers ?? opts.workers ?? 1 }, () => new Worker(
  name,
  processor,
  exported ? { connection: connect(), autorun: false, ...exported.workerOptions } : {
    connection: connect(),
    settings: { backoffStrategy },
    concurrency: opts.concurrency,
    autorun: false,
    lockDuration: opts.lockDuration,
    stalledInterval: opts.stalledInterval,
    maxStalledCount: opts.maxStalledCount,
    // The seed's snippet sets these here, where BullMQ has no such options and ignores them.
    ...(opts.attemptsOnWorker ? { attempts: opts.attempts, backoff: opts.backoff } : {}),
  },
));
const failedEvents = new Map(w.messages.map(m => [m.id, 0]));
// The worker emits `completed` only once BullMQ took the result (moveToFinished succeeded).
const completedAt = new Map();
for (const worker of workers) {
  worker.on('failed', job => job && failedEvents.set(job.id, failedEvents.get(job.id) + 1));
  worker.on('completed', job => completedAt.has(job.id) || completedAt.set(job.id, now()));
  worker.on('error', e => console.error('run.mjs: worker error:', e.message));
}

function picks(select, id, reason) {
  if (select === undefined || select === 'all') return true;
  if (select.message !== undefined) return select.message === id;
  if (select.reason !== undefined) return (reason ?? '').includes(select.reason);
  return false;
}

async function operator(a) {
  for (const m of w.messages) {
    const job = await queue.getJob(m.id);
    if (!job || (await job.getState()) !== 'failed' || !picks(a.select, m.id, job.failedReason)) continue;
    if (a.do === 'replay') await job.retry('failed', { resetAttemptsMade: opts.resetAttemptsMade });
    else if (a.do === 'skip') await job.remove();
    else if (a.do === 'edit') await job.updateData({ ...job.data, edited: true });
  }
}

await queue.waitUntilReady();
for (const worker of workers) await worker.waitUntilReady();
// With a blocking handler the stalled checker's timing matters: it runs when the worker
// starts, then every stalledInterval, and the model counts from that start; such workloads
// publish their first job at 300 ms or later.
if (opts.blockingHandler) t0 = Date.now();
const running = Promise.all(workers.map(worker => worker.run()));
await sleep(200); // the worker is blocked on the queue's marker before the first publish
if (!opts.blockingHandler) t0 = Date.now();
const jobOpts = exported ? exported.jobOptions : {
  ...(opts.attemptsOnWorker ? {} : { attempts: opts.attempts, backoff: opts.backoff }),
  removeOnFail: opts.removeOnFail,
  removeOnComplete: opts.removeOnComplete,
};
const timers = [];
for (const m of w.messages) {
  timers.push(sleep(m.publish_at_ms - now()).then(() => queue.add('job', { id: m.id }, { ...jobOpts, jobId: m.id })));
}
// Operator actions run one after another, in the workload's order.
let acts = Promise.resolve();
for (const a of w.operator ?? []) {
  const due = sleep(a.at_ms - now());
  acts = acts.then(() => due).then(() => operator(a));
}
timers.push(acts);
await Promise.all(timers);
await sleep(plan.run_ms - now());

const jobs = [];
for (const m of w.messages) {
  const job = await queue.getJob(m.id);
  jobs.push({
    id: m.id,
    starts_ms: starts.get(m.id),
    failed_events: failedEvents.get(m.id),
    completed_ms: completedAt.get(m.id) ?? null,
    state: job ? await job.getState() : 'unknown',
  });
}
for (const worker of workers) await worker.close(true);
await running.catch(() => {});
await queue.obliterate({ force: true }).catch(() => {});
await queue.close();
// Clients handed to BullMQ stay open after close(): end them, or node never exits.
for (const c of clients) c.disconnect();
writeFileSync(outFile, JSON.stringify({ jobs }, null, 1));
process.exit(0);
