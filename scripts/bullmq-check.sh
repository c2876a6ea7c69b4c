#!/usr/bin/env bash
# Checks the BullMQ model (crates/systems/src/bullmq/) against a real BullMQ on a real Redis, leaving
# the machine as it found it:
#   1. installs Debian's redis-server with apt if it is missing (the package's own service, if
#      apt starts one, is left alone: ours shares nothing with it), fingerprints /etc/redis, and
#      installs the pinned bullmq (scripts/bullmq/package-lock.json) with `npm ci` into
#      scripts/bullmq/node_modules (git-ignored) when it is not there yet,
#   2. starts a throwaway redis-server as the current user from its own temporary folder
#      (--dir there, no RDB or AOF, on 127.0.0.1 only, on a free port from 20000-32767; no
#      config file of the system's is read), its PID tracked by scripts/lib/servers.sh,
#   3. for each workload: `dlx-lab compare --bullmq-plan` writes the plan (the workload with
#      every time but the handling time divided by --time-scale, BullMQ's options, and the
#      model's expected attempts and final state per job), scripts/bullmq/run.mjs plays it
#      through a real Queue and Worker and writes each job's attempt start times (ms from the
#      first publish) and final state (`job.getState()`), and the two are compared:
#        - every job's final state, number of attempts and number of `failed` events (the
#          worker emits one for every failed attempt, not only the last) must be equal,
#        - the order in which the attempts started must be equal,
#        - every retry that follows a back-off must start, counted from the same job's
#          previous attempt, at most 15 ms sooner and at most GAP_MS later than the model's
#          gap, and GAP_MS stays below the smallest back-off step of the run (so a model one
#          step early or late never passes: a real gap is never shorter than the back-off
#          that ran on the real clock, and was 2-29 ms longer in every run seen),
#        - every attempt must start, counted from the start of the run, within TOLERANCE_MS of
#          the model's time (this only keeps the run as a whole from drifting).
#      Why GAP_MS = 30 ms plus 2% of the gap, and below the smallest back-off step (49 ms for
#      the presets at 1:20, whose smallest step is 50 ms; the largest seen is 29 ms):
#      an idle worker waits for a due retry by BZPOPMIN on the queue's marker with a timeout
#      (worker.ts getBlockTimeout, at least 1-2 ms); Redis ends a blocked client's timeout
#      from its event loop, which without other traffic wakes up every 1000/hz ms (hz 10: up
#      to 100 ms; we start Redis with --hz 50, so up to 20 ms), and the delayed-set scores
#      are whole ms (getDelayedScore.lua) taken from the client's Date.now(). Each job also
#      costs BullMQ a few Redis round trips (moveToFinished / moveToDelayed with the next
#      fetch, about 1-2 ms on loopback) that the model does not count, so a long gap behind
#      other jobs drifts a little (the 2%); Node's timers add a few ms.
#      Why TOLERANCE_MS = 30 ms plus 2% of the time elapsed plus 25 ms for each earlier
#      attempt of the same job (300 ms at most): a back-off starts when the previous attempt
#      really ended, so the lateness above adds up along one job's retries (up to about
#      100 ms late in `mixed`), and a busy run drifts with elapsed time. The workloads keep
#      attempts >= 100 ms apart (one worker slot, 100 ms handling), so the order check is not
#      at the mercy of that jitter: a model that promoted retries at their due time instead
#      of on the next fetch fails it (scripts/bullmq/workloads/lazy-promotion.json and
#      lazy-promotion-late.json, and four of the presets),
#   4. prints `N passed, N failed`, stops Redis by PID and removes its folder (also on failure
#      or Ctrl-C), then fails unless nothing of it is left and /etc/redis is unchanged.
#
# Usage: scripts/bullmq-check.sh [--time-scale N]   (default 20: the presets' minutes become
#        seconds; the repro workloads under scripts/bullmq/workloads/ always run at 1)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib/live.sh
source "$root/scripts/lib/live.sh"
live_begin bullmq-check.sh 20 "$@"

if ! command -v redis-server > /dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
        say "redis-server is missing and installing it needs root (apt-get install redis-server)"
        exit 1
    fi
    say "installing redis-server with apt"
    apt-get update
    # Without systemd the package's own service start is refused, harmlessly.
    DEBIAN_FRONTEND=noninteractive apt-get install -y redis-server
fi
before="$(tree_fingerprint /etc/redis)"
if [ ! -d scripts/bullmq/node_modules/bullmq ]; then
    say "installing the pinned bullmq (npm ci)"
    # `npm ci` refuses a lock file that lacks other platforms' optional packages (msgpackr's
    # prebuilt binaries for macOS and Windows, which some registries leave out of its
    # metadata); then the same locked versions are installed by `npm install`, which follows
    # the lock file and, with --no-save, leaves it as it is.
    (cd scripts/bullmq && { npm ci --no-audit --no-fund --loglevel=error 2>/dev/null ||
        npm install --no-save --no-audit --no-fund --loglevel=error; })
fi
cargo build --quiet -p dlx-cli --bin dlx-lab
bin="${CARGO_TARGET_DIR:-$root/target}/debug/dlx-lab"

start_redis dir port || { say "redis-server did not listen on 127.0.0.1:$port"; tail -20 "$dir/redis.log" >&2; exit 1; }
say "$(redis-server --version | cut -d' ' -f1-3) is up on 127.0.0.1:$port (folder $dir); bullmq $(node -p "require('./scripts/bullmq/node_modules/bullmq/package.json').version")"

# One run of a workload on the real BullMQ, compared with the plan.
run_once() { # NAME
    # In the background and waited for, so that a signal stops the run at once (the trap
    # stops node, newest first, then Redis).
    node scripts/bullmq/run.mjs "$dir/$1.plan.json" "$dir/$1.real.json" "$port" < /dev/null &
    track_pid "$!"
    wait "$!"
    python3 scripts/bullmq/compare.py "$1" "$dir/$1.plan.json" "$dir/$1.real.json"
}

live_check_all --bullmq-plan "late start" scripts/bullmq/workloads
# The same runner and comparer through the CLI, as a user checks their own Redis.
live_count "$bin" verify --bullmq "redis://127.0.0.1:$port" scripts/bullmq/workloads/lazy-promotion.json
live_end
after="$(tree_fingerprint /etc/redis)"
if [ "$before" != "$after" ]; then
    say "/etc/redis changed during the check"
    diff <(echo "$before") <(echo "$after") >&2 || true
    exit 1
fi
echo "/etc/redis unchanged"
[ "$failed" -eq 0 ]
