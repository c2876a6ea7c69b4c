#!/usr/bin/env bash
# Checks the simulator against a real RabbitMQ broker on loopback:
#   1. starts the broker (scripts/rabbitmq.sh installs it with apt when missing; any failure
#      to install or start it fails this script),
#   2. `dlx-lab verify` runs five recorded scenarios on the broker and on the engine and
#      compares them (reject, queue TTL, max-length, CC/BCC and a dead-letter cycle),
#   3. round-trips tests/definitions/shop.json: `dlx-lab export --format definitions`, then
#      `rabbitmqctl import_definitions`, then `rabbitmqctl export_definitions`, and compares the
#      topology and every queue's effective settings with the original,
#   4. removes what it created and stops the broker if it started it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo build --quiet --no-default-features --features live --bin dlx-lab
bin="${CARGO_TARGET_DIR:-$root/target}/debug/dlx-lab"
rec=tests/conformance/rabbitmq-3.10
api="http://127.0.0.1:15672/api"

started_here=no
if ! rabbitmqctl -q status >/dev/null 2>&1; then
    started_here=yes
fi
"$root/scripts/rabbitmq.sh" start
out="$(mktemp -d)"
finish() {
    rm -rf "$out"
    if [ "$started_here" = yes ]; then "$root/scripts/rabbitmq.sh" stop; fi
}
trap finish EXIT

for scenario in a_reject_to_dlx c1_queue_ttl d1_maxlen_drop_head f1_cc_bcc_no_dlrk h1_self_cycle_ttl_dropped; do
    "$bin" verify "$rec/scenarios/$scenario.json"
done

original=tests/definitions/shop.json
"$bin" export --format definitions "$original" > "$out/exported.json"
# rabbitmqctl runs as the broker's own user: let it read the file (3.10 cannot import from
# standard input, but exports to standard output).
chmod 755 "$out"
chmod 644 "$out/exported.json"
rabbitmqctl -q import_definitions "$out/exported.json"
rabbitmqctl -q export_definitions - > "$out/back.json"
for f in exported back; do
    "$bin" export --format definitions "$out/$f.json" > "$out/$f.canonical.json" 2>/dev/null
    "$bin" definitions --json --profile rabbitmq-3.10 "$out/$f.json" > "$out/$f.effective.json"
done
# The broker's export lists everything it holds, in its own order: compare what the original
# declares, order aside.
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
a = json.load(open(f"{out}/exported.canonical.json"))
b = json.load(open(f"{out}/back.canonical.json"))
queues = {q["name"] for q in a["queues"]}
exchanges = {x["name"] for x in a["exchanges"]}
policies = {p["name"] for p in a["policies"]} | {p["name"] for p in a["parameters"]}
def ours(section, item):
    if section == "queues": return item["name"] in queues
    if section == "exchanges": return item["name"] in exchanges
    if section == "bindings": return item["source"] in exchanges
    return item["name"] in policies
failed = 0
for section in ["exchanges", "queues", "bindings", "policies", "parameters"]:
    sa = sorted(json.dumps(i, sort_keys=True) for i in a[section])
    sb = sorted(json.dumps(i, sort_keys=True) for i in b[section] if ours(section, i))
    if sa != sb:
        failed += 1
        print(f"round trip: {section} differ\n  exported: {sa}\n  back:     {sb}")
ea = {q["name"]: q for q in json.load(open(f"{out}/exported.effective.json"))["queues"]}
eb = {q["name"]: q for q in json.load(open(f"{out}/back.effective.json"))["queues"] if q["name"] in queues}
if ea != eb:
    failed += 1
    print(f"round trip: effective settings differ\n  exported: {ea}\n  back:     {eb}")
print(f"definitions round trip through rabbitmqctl: {len(queues)} queues, {len(exchanges)} exchanges, {len(policies)} policies")
print(f"{1 - min(failed, 1)} passed, {min(failed, 1)} failed")
sys.exit(1 if failed else 0)
PY
python3 - "$out/exported.canonical.json" <<'PY' | while read -r path; do curl -sf -u guest:guest -X DELETE "$api/$path" >/dev/null || true; done
import json, sys, urllib.parse
d = json.load(open(sys.argv[1]))
q = lambda s: urllib.parse.quote(s, safe="")
for p in d["policies"]: print(f"policies/%2F/{q(p['name'])}")
for p in d["parameters"]: print(f"operator-policies/%2F/{q(p['name'])}")
for x in d["queues"]: print(f"queues/%2F/{q(x['name'])}")
for x in d["exchanges"]: print(f"exchanges/%2F/{q(x['name'])}")
PY
