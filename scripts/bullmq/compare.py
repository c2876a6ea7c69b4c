"""Compares what scripts/bullmq/run.mjs saw on a real BullMQ with the model's plan.

Usage: compare.py NAME PLAN REAL

Every job's final state, number of attempts and number of `failed` events must be equal, the
attempts must start in the same order, and each within the tolerance of the model's time (why
that tolerance: scripts/bullmq-check.sh, step 3). The figures too: the same jobs completed
(the worker's `completed` event; a result refused with "Missing lock" is none), each within
the tolerance of its last attempt's start, and the latencies (publish to completion: p50, p95
and max, read the way src/systems/metrics.rs reads them) null on both sides or within the
largest tolerance.
"""
import json, sys
name, plan, real = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
want = {j["id"]: j for j in plan["expected"]}
got = {j["id"]: j for j in real["jobs"]}
problems = []
starts = sorted((at, jid, n) for jid, j in want.items() for n, at in enumerate(j["starts_ms"]))
rank = {(jid, n): k for k, (_, jid, n) in enumerate(starts)}
worst = 0
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
        tol = min(50 + 25 * n + 2 * rank[(jid, n)], 300)
        worst = max(worst, abs(a - b))
        if abs(a - b) > tol:
            problems.append(f"{jid} attempt {n + 1}: started at {a} ms, the model says {b} ms (tolerance {tol} ms; all: {g['starts_ms']} against {w['starts_ms']})")
publish = {m["id"]: m.get("publish_at_ms", 0) for m in plan["workload"]["messages"]}
for jid, w in want.items():
    g = got.get(jid, {})
    a, b = g.get("completed_ms"), w.get("completed_ms")
    if (a is None) != (b is None):
        problems.append(f"{jid}: completed at {a} ms on BullMQ, the model says {b} ms (null: not completed)")
    elif a is not None:
        n = max(len(w["starts_ms"]) - 1, 0)
        tol = min(50 + 25 * n + 2 * rank.get((jid, n), 0), 300)
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
print(f"ok   {name}: {len(want)} jobs, {total} attempts, same order, final states, failed events and figures (p50 {real_fig['latency_p50_ms']} ms), largest difference {worst} ms")
