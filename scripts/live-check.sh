#!/usr/bin/env bash
# Checks the simulator against a real RabbitMQ broker, leaving the machine as it found it:
#   1. builds the CLI with the `live` feature and installs rabbitmq-server (and curl) with apt
#      if missing, then fingerprints /etc/rabbitmq (paths, modes, owners, contents' SHA-256),
#   2. starts a throwaway broker with scripts/rabbitmq.sh: its own temporary folder, node name,
#      Erlang cookie and epmd, run as the current user, on 127.0.0.1 only, on five free ports
#      from 20000-32767 (AMQP, management, distribution, epmd, CLI), so a broker of your own on
#      5672/15672 is left alone; it exports DLX_AMQP_URL, DLX_MGMT_URL and DLX_RABBITMQ_LOG,
#   3. `dlx-lab verify` runs five recorded scenarios on it and on the engine and compares them
#      (reject, queue TTL, max-length, CC/BCC and a dead-letter cycle), and the redrive of
#      tests/live/redrive_to_origin.json (a dead letter sent back where it first died, as the
#      playground's Act now does by default); then checks through the
#      management API that verify left none of their queues, exchanges or policies behind, that
#      `--keep` keeps them, and that a scenario failing midway is cleaned up too,
#   4. round-trips tests/definitions/shop.json: `dlx-lab export --format definitions`, then
#      `rabbitmqctl import_definitions`, then `rabbitmqctl export_definitions`, and compares the
#      topology and every queue's effective settings with the original,
#   5. stops the broker and its epmd by PID and removes its folder (also on failure or Ctrl-C),
#      then fails unless none of its processes, ports or files is left, /etc/rabbitmq's
#      fingerprint is unchanged, and nothing under /var/lib/rabbitmq or /var/log/rabbitmq bears
#      its node name (a system broker may write there meanwhile: that is its own business).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=rabbitmq.sh
source "$root/scripts/rabbitmq.sh"
servers_trap
cargo build --quiet -p dlx-cli --features live --bin dlx-lab
bin="${CARGO_TARGET_DIR:-$root/target}/debug/dlx-lab"
rec=tests/conformance/rabbitmq-3.10

rabbitmq_install
before="$(tree_fingerprint /etc/rabbitmq)"
rabbitmq_start
make_server_dir live-check out
api="$DLX_MGMT_URL/api"
verify() {
    "$bin" verify --amqp "$DLX_AMQP_URL" --http "$DLX_MGMT_URL" --log "$DLX_RABBITMQ_LOG" "$@"
}

# Prints the queues, exchanges and policies that the scenario files declare and the broker
# holds; with --expect-all first, those they declare and the broker lacks instead.
leftovers() {
    python3 - "$api" "$@" <<'PY'
import base64, json, sys, urllib.request
api, args = sys.argv[1], sys.argv[2:]
want_all = args[:1] == ["--expect-all"]
files = args[1:] if want_all else args
auth = "Basic " + base64.b64encode(b"guest:guest").decode()
def names(path):
    req = urllib.request.Request(f"{api}/{path}/%2F", headers={"Authorization": auth})
    return {x["name"] for x in json.load(urllib.request.urlopen(req))}
held = {"queue": names("queues"), "exchange": names("exchanges"),
        "policy": names("policies"), "operator policy": names("operator-policies")}
kinds = {"declare_queue": "queue", "declare_exchange": "exchange",
         "set_policy": "policy", "set_operator_policy": "operator policy"}
for f in files:
    for step in json.load(open(f))["steps"]:
        kind = kinds.get(step.get("op"))
        if kind and (step["name"] in held[kind]) != want_all:
            print(f"{f}: {kind} {step['name']}")
PY
}

# Fails, naming WHO and showing OUTPUT (a file, or ""), when SCENARIO... left anything on the
# broker.
nothing_left() { # WHO OUTPUT SCENARIO...
    local who="$1" output="$2" left
    shift 2
    left="$(leftovers "$@")"
    if [ -n "$left" ]; then
        printf '%s left these on the broker:\n%s\n' "$who" "$left" >&2
        [ -z "$output" ] || cat "$output" >&2
        exit 1
    fi
}

scenarios=()
for scenario in a_reject_to_dlx c1_queue_ttl d1_maxlen_drop_head f1_cc_bcc_no_dlrk h1_self_cycle_ttl_dropped; do
    scenarios+=("$rec/scenarios/$scenario.json")
    verify "$rec/scenarios/$scenario.json"
done
scenarios+=(tests/live/redrive_to_origin.json)
verify tests/live/redrive_to_origin.json
nothing_left "verify" "" "${scenarios[@]}"
# --keep leaves the scenario's objects; a later run without it removes them.
verify --keep "${scenarios[0]}" > /dev/null
missing="$(leftovers --expect-all "${scenarios[0]}")"
if [ -n "$missing" ]; then
    printf 'verify --keep did not keep:\n%s\n' "$missing" >&2
    exit 1
fi
verify "${scenarios[0]}" > /dev/null
nothing_left "verify after a --keep run" "" "${scenarios[0]}"
# A scenario that fails midway is cleaned up too: after its declarations, an exchange type
# the broker does not know closes the connection (503 COMMAND_INVALID), so verify stops
# with an error and must reconnect to remove what it declared.
cat > "$out/fails.json" <<'JSON'
{"name": "fails_midway", "steps": [
  {"op": "declare_exchange", "name": "live-check.fails.x", "type": "fanout"},
  {"op": "declare_queue", "name": "live-check.fails.q",
   "arguments": {"x-dead-letter-exchange": "live-check.fails.x"}},
  {"op": "set_policy", "name": "live-check.fails.p", "pattern": "^live-check\\.fails\\.",
   "definition": {"message-ttl": 1000}, "apply_to": "queues"},
  {"op": "declare_exchange", "name": "live-check.fails.bad", "type": "nonsense"},
  {"op": "publish", "exchange": "live-check.fails.x", "routing_key": "k", "body": "after"}
]}
JSON
if verify "$out/fails.json" > "$out/fails.out" 2>&1; then
    echo "verify went on after the broker closed the connection:" >&2
    cat "$out/fails.out" >&2
    exit 1
fi
nothing_left "a failed verify" "$out/fails.out" "$out/fails.json"
# A file with a bad step is refused before anything is declared.
python3 - "$out/fails.json" "$out/refused.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["steps"][-1] = {"op": "no_such_op"}
json.dump(d, open(sys.argv[2], "w"))
PY
if verify "$out/refused.json" > "$out/refused.out" 2>&1 ||
    ! grep -q 'steps\[4\].op' "$out/refused.out"; then
    echo "verify did not refuse an unknown op by its path:" >&2
    cat "$out/refused.out" >&2
    exit 1
fi
nothing_left "a refused scenario" "" "$out/refused.json"
echo "verify removes what it declared, after success and after an error; --keep keeps it"
echo "1 passed, 0 failed"

original=tests/definitions/shop.json
"$bin" export --format definitions "$original" > "$out/exported.json"
# 3.10 cannot import from standard input, but exports to standard output.
rabbitmq_ctl -q import_definitions "$out/exported.json"
rabbitmq_ctl -q export_definitions - > "$out/back.json"
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

# Stop everything now (the trap would too), then check that nothing is left.
servers_cleanup
servers_check_gone
after="$(tree_fingerprint /etc/rabbitmq)"
if [ "$before" != "$after" ]; then
    echo "live-check: /etc/rabbitmq changed during the live checks:" >&2
    diff <(echo "$before") <(echo "$after") >&2 || true
    exit 1
fi
ours="$(find /var/lib/rabbitmq /var/log/rabbitmq -name "*${DLX_RABBITMQ_NODE%@*}*" 2>/dev/null || true)"
if [ -n "$ours" ]; then
    printf 'live-check: the broker wrote into the system folders:\n%s\n' "$ours" >&2
    exit 1
fi
echo "/etc/rabbitmq unchanged; nothing of node $DLX_RABBITMQ_NODE under /var/lib/rabbitmq or /var/log/rabbitmq"
