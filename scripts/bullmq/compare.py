"""Compares what scripts/bullmq/run.mjs saw on a real BullMQ with the model's plan.

Usage: compare.py NAME PLAN REAL

Every job's final state, number of attempts and number of `failed` events must be equal, the
attempts must start in the same order, and each within the tolerance of the model's time (why
that tolerance: scripts/bullmq-check.sh, step 3). The figures too: the same jobs completed
(the worker's `completed` event; a result refused with "Missing lock" is none), each within
the tolerance of its last attempt's start, and the latencies (publish to completion: p50, p95
and max, read the way crates/systems/src/metrics.rs reads them) null on both sides or within the
largest tolerance.
"""
import json, sys
name, plan, real = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
want = {j["id"]: j for j in plan["expected"]}
got = {j["id"]: j for j in real["jobs"]}
problems = []
smallest = plan.get("smallest_backoff_ms")
# A retry after a back-off (not one after the operator's replay or a stall) is judged by its
# gap from the same job's previous attempt (so lateness inherited from earlier attempts does
# not count twice). The real gap is never much shorter than the model's: the back-off only
# starts when the previous attempt really ended, and a due job is only ever fetched late, so
# it may be at most EARLY_MS shorter (a gap ended by another job's end, which was less late).
# It may be longer by 30 ms plus 2% of the gap, and always by less than the smallest back-off
# step of the run: so a model one step early or late never passes. Every attempt is also
# judged by its time from the start (a first attempt only so): within 30 ms plus 2% of the
# time elapsed plus 25 ms for each earlier attempt of the job, 300 ms at most; that only keeps
# the run as a whole from drifting. Why those figures: scripts/bullmq-check.sh, step 3.
EARLY_MS = 15
step_cap = min(300, smallest - 1) if smallest else 300
def gap_tolerance(gap_ms):
    return min(30 + gap_ms // 50, step_cap)
def tolerance(at_ms, n):
    return min(30 + at_ms // 50 + 25 * n, 300)
starts = sorted((at, jid, n) for jid, j in want.items() for n, at in enumerate(j["starts_ms"]))
worst = 0
worst_gap = 0
for jid, w in want.items():
    g = got.get(jid, {"starts_ms": [], "state": "missing"})
    if g["state"] != w["state"]:
        problems.append(f"{jid}: ends {g['state']}, the model says {w['state']}")
    if g.get("failed_events") != w["failed_events"]:
        problems.append(f"{jid}: the worker emitted {g.get('failed_events')} failed events, the model says {w['failed_events']} (one per failed attempt)")
    if len(g["starts_ms"]) != len(w["starts_ms"]):
        problems.append(f"{jid}: {len(g['starts_ms'])} attempts at {g['starts_ms']} ms, the model says {len(w['starts_ms'])} at {w['starts_ms']} ms")
        continue
    for n, (a, b) in enumerate(zip(g["starts_ms"], w["starts_ms"])):
        tol = tolerance(b, n)
        worst = max(worst, abs(a - b))
        if abs(a - b) > tol:
            problems.append(f"{jid} attempt {n + 1}: started at {a} ms, the model says {b} ms (tolerance {tol} ms; all: {g['starts_ms']} against {w['starts_ms']})")
        if n > 0 and w["retry_backoff_ms"][n - 1] is not None:
            real_gap, model_gap = a - g["starts_ms"][n - 1], b - w["starts_ms"][n - 1]
            gap_tol = gap_tolerance(model_gap)
            worst_gap = max(worst_gap, abs(real_gap - model_gap))
            if not -EARLY_MS <= real_gap - model_gap <= gap_tol:
                problems.append(f"{jid} attempt {n + 1}: started {real_gap} ms after attempt {n}, the model says {model_gap} ms (from {EARLY_MS} ms shorter to {gap_tol} ms longer, below the smallest back-off step {smallest} ms)")
publish = {m["id"]: m.get("publish_at_ms", 0) for m in plan["workload"]["messages"]}
for jid, w in want.items():
    g = got.get(jid, {})
    a, b = g.get("completed_ms"), w.get("completed_ms")
    if (a is None) != (b is None):
        problems.append(f"{jid}: completed at {a} ms on BullMQ, the model says {b} ms (null: not completed)")
    elif a is not None:
        n = max(len(w["starts_ms"]) - 1, 0)
        tol = tolerance(b, n)
        if abs(a - b) > tol:
            problems.append(f"{jid}: completed at {a} ms, the model says {b} ms (tolerance {tol} ms)")
real_latencies = sorted(max(g["completed_ms"] - publish.get(jid, 0), 0)
                        for jid, g in got.items() if g.get("completed_ms") is not None)
fig = plan.get("figures", {})
if "completed" in fig and len(real_latencies) != fig["completed"]:
    problems.append(f"{len(real_latencies)} jobs completed on BullMQ, the model says {fig['completed']}")
pick = lambda q: real_latencies[(len(real_latencies) - 1) * q // 100] if real_latencies else None
real_fig = {"latency_p50_ms": pick(50), "latency_p95_ms": pick(95),
            "latency_max_ms": real_latencies[-1] if real_latencies else None}
for k, a in real_fig.items():
    b = fig.get(k)
    if (a is None) != (b is None) or (a is not None and abs(a - b) > 300):
        problems.append(f"{k}: {a} on BullMQ, the model says {b}")
real_order = [(jid, n) for _, jid, n in sorted((at, jid, n) for jid, j in got.items() for n, at in enumerate(j["starts_ms"]))]
model_order = [(jid, n) for _, jid, n in starts]
if real_order != model_order:
    fmt = lambda o: " ".join(f"{j}#{n + 1}" for j, n in o)
    problems.append(f"attempts started in the order {fmt(real_order)}; the model says {fmt(model_order)}")
total = sum(len(j["starts_ms"]) for j in want.values())
if problems:
    print(f"FAIL {name}:", *problems, sep="\n  ")
    sys.exit(1)
print(f"ok   {name}: {len(want)} jobs, {total} attempts, same order, final states, failed events and figures (p50 {real_fig['latency_p50_ms']} ms), largest difference {worst} ms, between retries {worst_gap} ms (at most {step_cap} ms)")
