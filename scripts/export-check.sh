#!/usr/bin/env bash
# Checks the exports (`dlx-lab compare --export`, crates/systems/src/export/) for real, leaving the
# machine as it found it (throwaway servers from scripts/lib/servers.sh: their own temporary
# folders, free loopback ports, stopped by PID and checked gone):
#   1. SQS: the CloudFormation export passes the pinned cfn-lint (scripts/sqs/requirements.txt)
#      and is applied to a throwaway moto server (moto implements CloudFormation); the
#      comparison's workload then runs against the queues the stack made, with the SQS live
#      check's runner and comparer (scripts/sqs/run.py, compare.py); the Terraform export
#      parses with the pinned python-hcl2 (scripts/export/requirements.txt) and its resources
#      and attributes match the plan's (scripts/export/check_tf.py);
#   2. BullMQ: the bullmq:ts export is compiled with the pinned typescript
#      (scripts/export/package.json; `satisfies` checks every option against bullmq's types),
#      and the BullMQ live check's runner takes its job and Worker options from it on a
#      throwaway Redis, compared with the model as scripts/bullmq-check.sh compares;
#   3. PostgreSQL (Debian's package; initdb in a temporary folder, run as `nobody` when this
#      runs as root): the database:sql and hybrid:sql exports run as they are, then two
#      connections run the exported scheduler query at once: without SKIP LOCKED both read the
#      same rows, with it each row goes to one of them (the model's claim);
#   4. Prometheus: alerts:prometheus passes `promtool check rules` (Debian's prometheus
#      package; skipped with the reason when the package cannot be had);
#   5. Spring: kafka:java parses with the pinned java-parser and kafka:kotlin with the pinned
#      tree-sitter-kotlin, each in the retry-topic, 4.0, blocking and hand-made ladder forms (their topic names
#      are checked against the model natively, tests/systems/export.rs);
#   then prints `N passed, N failed`, stops every server and fails unless nothing is left.
#
# Usage: scripts/export-check.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib/live.sh
source "$root/scripts/lib/live.sh"
servers_trap
say() { echo "export-check.sh: $*" >&2; }

# The pinned tools, each installed once into a git-ignored folder.
install_venv() { # DIR REQUIREMENTS
    if ! cmp -s "$2" "$1/.requirements" 2> /dev/null; then
        say "installing $2 into $1"
        rm -rf "$1"
        python3 -m venv "$1"
        PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
            "$1/bin/pip" install --quiet --require-virtualenv -r "$2"
        cp "$2" "$1/.requirements"
    fi
}
install_venv scripts/sqs/.venv scripts/sqs/requirements.txt
install_venv scripts/export/.venv scripts/export/requirements.txt
if ! cmp -s scripts/export/package-lock.json scripts/export/node_modules/.package-lock.json 2> /dev/null; then
    say "installing the pinned typescript and java-parser (npm ci)"
    (cd scripts/export && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ ! -d scripts/bullmq/node_modules/bullmq ]; then
    (cd scripts/bullmq && { npm ci --no-audit --no-fund --loglevel=error 2>/dev/null ||
        npm install --no-save --no-audit --no-fund --loglevel=error; })
fi
for pkg in postgresql:initdb redis-server:redis-server prometheus:promtool; do
    if ! command -v "${pkg#*:}" > /dev/null 2>&1 && [ ! -x "/usr/lib/postgresql/15/bin/${pkg#*:}" ]; then
        if [ "$(id -u)" = 0 ]; then
            say "installing ${pkg%%:*} with apt"
            DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${pkg%%:*}" > /dev/null || true
        fi
    fi
done
cargo build --quiet -p dlx-cli --bin dlx-lab
bin="${CARGO_TARGET_DIR:-$root/target}/debug/dlx-lab"
sqs_py="$root/scripts/sqs/.venv/bin/python"
ex_py="$root/scripts/export/.venv/bin/python"
passed=0
failed=0
check() { # WHAT COMMAND...
    local what="$1"
    shift
    if "$@"; then passed=$((passed + 1)); else say "FAILED: $what"; failed=$((failed + 1)); fi
}
make_server_dir export work
printf '{"workload": {"messages": [{"id": "m1"}]}, "systems": {"kafka": {"spring_kafka": "4.0", "exclude": ["com.example.NonRetryableException"], "max_delay_ms": 60000}}}\n' > "$work/v4.json"
printf '{"workload": {"messages": [{"id": "m1"}]}, "systems": {"kafka": {"error_handling": "blocking"}}}\n' > "$work/blocking.json"
printf '{"workload": {"messages": [{"id": "m1"}]}, "systems": {"kafka": {"error_handling": "manual_ladder"}}}\n' > "$work/ladder.json"

# 5. Spring: Java and Kotlin parse.
for input in "--preset poison" "$work/v4.json" "$work/blocking.json" "$work/ladder.json"; do
    n="$(basename "${input##* }" .json)"
    # shellcheck disable=SC2086
    "$bin" compare --export kafka:java $input > "$work/$n.java"
    # shellcheck disable=SC2086
    "$bin" compare --export kafka:kotlin --lang ko $input > "$work/$n.kt"
    check "kafka:java $n" node scripts/export/check_java.mjs "$work/$n.java"
    check "kafka:kotlin $n" "$ex_py" scripts/export/check_kotlin.py "$work/$n.kt"
done

# 4. Prometheus.
if command -v promtool > /dev/null 2>&1; then
    "$bin" compare --export alerts:prometheus --preset poison > "$work/alerts.rules.yml"
    check "promtool check rules" promtool check rules "$work/alerts.rules.yml"
else
    say "skipped promtool check rules: Debian's prometheus package is not installed and could not be (not root, or no apt)"
fi

# 3. PostgreSQL.
pg_bin=/usr/lib/postgresql/15/bin
make_server_dir postgres pg
free_port pg_port
as_pg=()
if [ "$(id -u)" = 0 ]; then chown nobody "$pg"; as_pg=(setpriv --reuid=nobody --regid=nogroup --clear-groups); fi
"${as_pg[@]}" "$pg_bin/initdb" -D "$pg/data" -A trust -U dlx --no-sync > "$pg/initdb.log" 2>&1
("${as_pg[@]}" "$pg_bin/postgres" -D "$pg/data" -h 127.0.0.1 -p "$pg_port" -k "$pg" -c fsync=off) > "$pg/postgres.log" 2>&1 < /dev/null &
track_pid "$!"
await_port "$pg_port" 100 || { say "postgres did not listen"; tail -20 "$pg/postgres.log" >&2; exit 1; }
say "$("$pg_bin/postgres" --version) is up on 127.0.0.1:$pg_port (folder $pg)"
psql_at() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$pg_port" -U dlx "$@"; }
# The ids one session's scheduler pass takes: BEGIN, the exported PREPARE, EXECUTE, then
# (after SLEEP seconds) COMMIT, so two sessions overlap.
take() { # DB SQLFILE SLEEP OUT
    local prepare
    prepare="$(awk '/^PREPARE dlq_take_due/,/;$/' "$2")"
    psql_at -At -d "$1" -c "BEGIN" -c "$prepare" -c "EXECUTE dlq_take_due" -c "SELECT pg_sleep($3)" -c "COMMIT" |
        awk -F'|' '$1 ~ /^[0-9]+$/ {print $1}' | sort -n | tr '\n' ' ' > "$4"
}
claims() { # SKIP_LOCKED WANT
    local db="claims_$1"
    printf '{"workload": {"messages": [{"id": "m1"}]}, "systems": {"database": {"skip_locked": %s, "batch": 2, "schedulers": 2}}}\n' "$1" > "$work/$db.json"
    "$bin" compare --export database:sql "$work/$db.json" > "$work/$db.sql"
    psql_at -d postgres -c "CREATE DATABASE $db"
    psql_at -d "$db" -f "$work/$db.sql"
    psql_at -d "$db" -c "INSERT INTO dead_letter_queue (message_type, payload, next_retry_at) SELECT 'order', '{}', NOW() - i * INTERVAL '1 second' FROM generate_series(4, 1, -1) i"
    take "$db" "$work/$db.sql" 2 "$work/$db.a" &
    local a=$!
    sleep 0.5
    take "$db" "$work/$db.sql" 0 "$work/$db.b"
    wait "$a"
    local got="A: $(cat "$work/$db.a")B: $(cat "$work/$db.b")"
    if [ "$got" = "$2" ]; then
        echo "scheduler passes with skip_locked $1: $got"
    else
        say "skip_locked $1: expected '$2', got '$got'"
        return 1
    fi
}
check "database:sql without SKIP LOCKED" claims false "A: 1 2 B: 1 2 "
check "database:sql with SKIP LOCKED" claims true "A: 1 2 B: 3 4 "
"$bin" compare --export hybrid:sql --preset poison > "$work/hybrid.sql"
psql_at -d postgres -c "CREATE DATABASE hybrid"
check "hybrid:sql runs" psql_at -d hybrid -f "$work/hybrid.sql"

# 1. SQS on moto.
start_moto "$root/scripts/sqs/.venv" moto moto_port || { say "moto_server did not listen"; tail -20 "$moto/moto.log" >&2; exit 1; }
endpoint="http://127.0.0.1:$moto_port"
sqs_run() { # NAME SCALE INPUT...
    local name="$1" scale="$2"
    shift 2
    "$bin" compare --sqs-plan --time-scale "$scale" "$@" > "$work/$name.plan.json"
    "$bin" compare --export sqs:cloudformation --time-scale "$scale" "$@" > "$work/$name.yaml"
    "$bin" compare --export sqs:terraform --time-scale "$scale" "$@" > "$work/$name.tf"
    HOME="$work" "$root/scripts/sqs/.venv/bin/cfn-lint" "$work/$name.yaml" || return 1
    "$ex_py" scripts/export/check_tf.py "$work/$name.tf" "$work/$name.plan.json" || return 1
    local queues
    queues="$(HOME="$moto" "$sqs_py" scripts/export/cfn_stack.py create "$work/$name.yaml" "$endpoint" "dlx-$name")" || return 1
    local ok=0
    HOME="$moto" AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null DLX_SQS_QUEUES="$queues" \
        "$sqs_py" scripts/sqs/run.py "$work/$name.plan.json" "$work/$name.real.json" "$endpoint" < /dev/null &&
        python3 scripts/sqs/compare.py "$name" "$work/$name.plan.json" "$work/$name.real.json" || ok=1
    HOME="$moto" "$sqs_py" scripts/export/cfn_stack.py delete "$endpoint" "dlx-$name"
    return "$ok"
}
check "sqs:cloudformation poison on moto" sqs_run poison 30 --preset poison
check "sqs:cloudformation fifo-group on moto" sqs_run fifo-group 1 scripts/sqs/workloads/fifo-group.json

# 2. BullMQ with the exported options.
start_redis redis redis_port || { say "redis-server did not listen"; exit 1; }
bullmq_run() { # NAME INPUT...
    local name="$1"
    shift
    "$bin" compare --bullmq-plan --time-scale 20 "$@" > "$work/$name.plan.json"
    "$bin" compare --export bullmq:ts --time-scale 20 "$@" > "$work/$name.ts"
    # bullmq's own types from the BullMQ check's pinned package; the export imports types only.
    cat > "$work/$name.tsconfig.json" <<JSON
{"compilerOptions": {"target": "es2022", "module": "es2022", "moduleResolution": "node10",
  "strict": true, "skipLibCheck": true, "outDir": "$work/js", "baseUrl": "$root/scripts/bullmq",
  "paths": {"bullmq": ["node_modules/bullmq"]}}, "files": ["$work/$name.ts"]}
JSON
    node scripts/export/node_modules/typescript/bin/tsc -p "$work/$name.tsconfig.json" || return 1
    node scripts/bullmq/run.mjs "$work/$name.plan.json" "$work/$name.real.json" "$redis_port" "$work/js/$name.js" < /dev/null &&
        python3 scripts/bullmq/compare.py "$name" "$work/$name.plan.json" "$work/$name.real.json"
}
check "bullmq:ts poison in the real Worker" bullmq_run poison --preset poison
check "bullmq:ts custom-ladder in the real Worker" bullmq_run custom-ladder scripts/bullmq/workloads/custom-ladder.json

echo "$passed passed, $failed failed"
servers_cleanup
servers_check_gone
[ "$failed" -eq 0 ]
