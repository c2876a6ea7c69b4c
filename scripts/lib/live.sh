# Shared by the scripts that check a model against a real system (sqs-check.sh,
# bullmq-check.sh, export-check.sh): the throwaway moto and Redis servers they start, and the
# run of one workload through the real system. Source it from bash (it sources
# scripts/lib/servers.sh); it defines functions only.

# shellcheck source=servers.sh
source "$(dirname "${BASH_SOURCE[0]}")/servers.sh"

# Begins a check of a model against a real system: its servers are stopped when it ends
# (servers_trap), scale is read from its arguments (`--time-scale N`, or DEFAULT; any other
# argument exits 2), `say` prints SCRIPT's messages on standard error, and the counts
# passed, failed and again start at 0.
live_begin() { # SCRIPT DEFAULT ARGS...
    _live_script="$1"
    scale="$2"
    shift 2
    servers_trap
    while [ "$#" -gt 0 ]; do
        case "$1" in
            --time-scale) scale="$2"; shift 2 ;;
            *) echo "$_live_script: unknown argument: $1 (expected --time-scale N)" >&2; exit 2 ;;
        esac
    done
    passed=0
    failed=0
    again=0
}

say() { echo "$_live_script: $*" >&2; }

# One more passed or failed check, by whether COMMAND succeeds.
live_count() { # COMMAND...
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}

# Prints the counts, stops the servers and removes their folders, then fails unless nothing
# of them is left.
live_end() {
    echo "$passed passed ($again of them on a second run), $failed failed"
    servers_cleanup
    servers_check_gone
}

# Starts a throwaway moto_server from the venv VENV, as the current user, from a folder of its
# own (its HOME, so nothing of the user's is read or written), on 127.0.0.1 only, on a free
# port; sets the variables named DIR-VAR and PORT-VAR. False when it does not listen within
# 15 s (its log is DIR/moto.log).
start_moto() { # VENV DIR-VAR PORT-VAR
    make_server_dir moto "$2"
    free_port "$3"
    local _sm_dir="${!2}" _sm_port="${!3}"
    (cd "$_sm_dir" && HOME="$_sm_dir" exec "$1/bin/moto_server" -H 127.0.0.1 -p "$_sm_port") \
        > "$_sm_dir/moto.log" 2>&1 < /dev/null &
    track_pid "$!"
    await_port "$_sm_port" 150
}

# Starts a throwaway redis-server as the current user from a folder of its own (--dir there,
# no RDB or AOF, no config file of the system's), on 127.0.0.1 only, on a free port; sets the
# variables named DIR-VAR and PORT-VAR. False when it does not listen within 10 s (its log is
# DIR/redis.log).
start_redis() { # DIR-VAR PORT-VAR
    make_server_dir redis "$1"
    free_port "$2"
    local _sr_dir="${!1}" _sr_port="${!2}"
    (cd "$_sr_dir" && exec redis-server --port "$_sr_port" --bind 127.0.0.1 --dir "$_sr_dir" \
        --save '' --appendonly no --daemonize no --hz 50 --logfile "$_sr_dir/redis.log") \
        < /dev/null &
    track_pid "$!"
    await_port "$_sr_port" 100
}

# One workload: `$bin compare PLAN-FLAG PLAN-ARGS...` writes its plan to $dir/NAME.plan.json,
# then the caller's `run_once NAME` plays and compares it. A run that differs is run once
# more: a machine busy with other work can be LATE by more than the tolerance, once; a model
# that is wrong differs every time, so it still fails. Counts into passed, failed and again
# (passed only on the second run), which the caller prints with the total.
live_check() { # PLAN-FLAG LATE NAME PLAN-ARGS...
    local flag="$1" late="$2" name="$3"
    shift 3
    "$bin" compare "$flag" "$@" > "$dir/$name.plan.json"
    if run_once "$name"; then
        passed=$((passed + 1))
    elif say "running $name again once (a $late on a busy machine differs once; a wrong model every time)" && run_once "$name"; then
        passed=$((passed + 1))
        again=$((again + 1))
    else
        failed=$((failed + 1))
    fi
}

# Every workload under WORKLOADS (at its own times), then every preset at the time scale
# $scale, each through live_check.
live_check_all() { # PLAN-FLAG LATE WORKLOADS
    local file id
    for file in "$3"/*.json; do
        live_check "$1" "$2" "$(basename "$file" .json)" "$file"
    done
    for id in $("$bin" compare --list); do
        live_check "$1" "$2" "$id-scaled-1-to-$scale" --preset "$id" --time-scale "$scale"
    done
}
