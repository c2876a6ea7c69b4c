#!/usr/bin/env bash
# Checks the SQS model (crates/systems/src/sqs/) against a real SQS-compatible server, moto's
# (pinned in scripts/sqs/requirements.txt), leaving the machine as it found it:
#   1. makes a Python venv in scripts/sqs/.venv (git-ignored) with the pinned moto server and
#      boto3 when it is not there yet (pip's cache off, so nothing is written outside it),
#   2. starts a throwaway moto_server as the current user from its own temporary folder (its
#      HOME, so nothing of the user's is read or written), on 127.0.0.1 only, on a free port
#      from 20000-32767, its PID tracked by scripts/lib/servers.sh,
#   3. for each workload: `dlx-lab compare --sqs-plan` writes the plan (the workload with every
#      time but the handling time divided by --time-scale, the queues' attributes, the
#      consumers' settings, and the model's receives and final place per message),
#      scripts/sqs/run.py plays it through real queues with boto3, and scripts/sqs/compare.py
#      compares the two (the tolerance is justified in its header):
#        - every message ends in the same place (deleted, in the DLQ, or neither) and the
#          source queue holds as many messages as the model says,
#        - every message is received as many times, each receive near the model's time,
#        - receives the model puts 100 ms apart or more happen in the same order.
#      moto's known departures from AWS are excluded by rule (crates/systems/src/sqs/sqs_live.rs): it
#      deletes with any old receipt handle (the plans run the model's default, AWS's worst
#      case, and again as moto deletes; the messages whose end differs are listed under
#      stale_handle with both outcomes and expected as moto ends them), it never deletes
#      expired messages (those are left out), it forgets a FIFO message's deduplication id
#      once the message leaves the queue (a resend the model deduplicates against such a copy
#      is left out), it has no StartMessageMoveTask (the workloads replay with the script);
#      fifo-resend-after-five-minutes takes 5 minutes, the deduplication interval,
#   4. runs one workload again through `dlx-lab verify --sqs URL` (the user's way in),
#   5. prints `N passed, N failed`, stops the server by PID and removes its folder (also on
#      failure or Ctrl-C), then fails unless nothing of it is left.
#
# Usage: scripts/sqs-check.sh [--time-scale N]   (default 30: the presets' 30 s visibility
#        timeout becomes 1 s; the workloads under scripts/sqs/workloads/ always run at 1)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib/live.sh
source "$root/scripts/lib/live.sh"
live_begin sqs-check.sh 30 "$@"

venv="$root/scripts/sqs/.venv"
stamp="$venv/.requirements"
if ! cmp -s scripts/sqs/requirements.txt "$stamp" 2> /dev/null; then
    say "installing the pinned moto server and boto3 into scripts/sqs/.venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
        "$venv/bin/pip" install --quiet --require-virtualenv -r scripts/sqs/requirements.txt
    cp scripts/sqs/requirements.txt "$stamp"
fi
cargo build --quiet -p dlx-cli --bin dlx-lab
bin="${CARGO_TARGET_DIR:-$root/target}/debug/dlx-lab"

start_moto "$venv" dir port || { say "moto_server did not listen on 127.0.0.1:$port"; tail -20 "$dir/moto.log" >&2; exit 1; }
say "moto $("$venv/bin/python" -c 'import moto; print(moto.__version__)') is up on 127.0.0.1:$port (folder $dir)"

# One run of a workload through real queues, compared with the plan.
run_once() { # NAME
    # In the background and waited for, so that a signal stops the run at once.
    HOME="$dir" AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null \
        "$venv/bin/python" scripts/sqs/run.py "$dir/$1.plan.json" "$dir/$1.real.json" \
        "http://127.0.0.1:$port" < /dev/null &
    track_pid "$!"
    wait "$!"
    python3 scripts/sqs/compare.py "$1" "$dir/$1.plan.json" "$dir/$1.real.json"
}

live_check_all --sqs-plan "late receive" scripts/sqs/workloads
# The same runner and comparer through the CLI, as a user checks their own endpoint.
live_count env HOME="$dir" AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null \
    "$bin" verify --sqs "http://127.0.0.1:$port" scripts/sqs/workloads/fifo-group.json
live_end
[ "$failed" -eq 0 ]
