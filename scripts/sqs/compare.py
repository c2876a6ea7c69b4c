"""Compares what scripts/sqs/run.py saw on a real SQS endpoint with the model's plan.

Usage: compare.py NAME PLAN REAL

Every message must end in the same place (deleted by a consumer or the operator, in the DLQ,
or neither), the source queue must hold as many messages as the model says, every message
must be received as many times, each receive within the tolerance of the model's time, and
receives the model puts at least 100 ms apart must happen in the same order.

Why the tolerance is 60 ms, plus 20 ms for each earlier receive of the same message, plus
3 ms for each earlier receive in the run (400 ms at most): the consumers short-poll with a
10 ms pause, and each SQS call is an HTTP round trip to the server (a few ms on loopback);
the server keeps visibility in whole ms of its own clock and compares strictly (moto's
`Message.visible`), and a visibility timeout starts when the receive really happened, so
lateness adds up along one message's receives (20 ms each) and a busy stretch of a run
drifts a little with each call the model does not count (3 ms each).
"""

import json
import sys

name, plan, real = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
want = {m["id"]: m for m in plan["expected"]}
got = {m["id"]: m for m in real["messages"]}
problems = []
place = {"dlq": "dlq", "deleted": "deleted", "source": "neither", "lost": "neither", "unsent": "neither"}
for mid, w in want.items():
    g = got[mid]
    real_place = "dlq" if g["in_dlq"] else "deleted" if g["deleted"] else "neither"
    if real_place != place[w["state"]]:
        problems.append(f"{mid}: ends {real_place}, the model says {w['state']}")
in_source = sum(1 for w in want.values() if w["state"] == "source")
if real["source_count"] != in_source:
    problems.append(f"the source queue holds {real['source_count']} messages, the model says {in_source}")
flat = sorted((at, mid, n) for mid, w in want.items() for n, at in enumerate(w["receives_ms"]))
rank = {(mid, n): k for k, (_, mid, n) in enumerate(flat)}
worst = 0
for mid, w in want.items():
    g = got[mid]["receives_ms"]
    if len(g) != len(w["receives_ms"]):
        problems.append(f"{mid}: {len(g)} receives at {g} ms, the model says {len(w['receives_ms'])} at {w['receives_ms']} ms")
        continue
    for n, (a, b) in enumerate(zip(g, w["receives_ms"])):
        tol = min(60 + 20 * n + 3 * rank[(mid, n)], 400)
        worst = max(worst, abs(a - b))
        if abs(a - b) > tol:
            problems.append(f"{mid} receive {n + 1}: at {a} ms, the model says {b} ms (tolerance {tol} ms)")
if not problems:
    real_at = {(mid, n): at for mid, m in got.items() for n, at in enumerate(m["receives_ms"])}
    for i, (ta, ma, na) in enumerate(flat):
        for tb, mb, nb in flat[i + 1:]:
            if tb - ta >= 100 and real_at[(ma, na)] > real_at[(mb, nb)]:
                problems.append(f"{ma} receive {na + 1} came after {mb} receive {nb + 1}; the model has it {tb - ta} ms before")
excluded = "".join(f"; left out: {e['id']} ({e['rule']})" for e in plan["excluded"])
# Messages whose end the stale-handle rule decides: moto deletes with an old receipt handle,
# where AWS may delete nothing (the model's default); they are expected as moto ends them.
excluded += "".join(
    f"; {e['id']} as moto ends it (stale handle deleted; the default predicts "
    f"{e['default']['state'] if isinstance(e['default'], dict) else e['default']})"
    for e in plan.get("stale_handle", []))
if problems:
    print(f"FAIL {name}:", *problems[:20], sep="\n  ")
    sys.exit(1)
total = len(flat)
print(f"ok   {name}: {len(want)} messages, {total} receives, same places and order, largest difference {worst} ms{excluded}")
