#!/usr/bin/env bash
# A throwaway RabbitMQ broker for the live checks, which leaves the machine as it found it.
#
#   scripts/rabbitmq.sh                 starts a broker, prints how to reach it, runs until Ctrl-C
#   scripts/rabbitmq.sh CMD [ARGS...]   starts a broker, runs CMD with the variables below in its
#                                       environment, stops the broker; exits with CMD's status
#   source scripts/rabbitmq.sh          (bash) defines rabbitmq_install, rabbitmq_start and
#                                       rabbitmq_ctl, with scripts/lib/servers.sh for the cleanup
#
# The broker runs as the current user from its own temporary folder (${TMPDIR:-/tmp}/
# dlx-lab-rabbitmq.*: rabbitmq.conf, enabled_plugins, an empty rabbitmq-env.conf, mnesia/, log/
# and its own Erlang cookie, with HOME pointed there), started from /usr/lib/rabbitmq/bin
# directly (not the /usr/sbin wrapper, which switches to the rabbitmq user and its files), with
# its own node name (dlxlab-PID-N@localhost) and its own epmd. Nothing under /etc/rabbitmq,
# /var/lib/rabbitmq or /var/log/rabbitmq is read or written, and RABBITMQ_* / ERL_* variables of
# the calling shell are ignored. It listens on 127.0.0.1 only, on five ports from 20000-32767
# checked free beforehand: AMQP, management HTTP, Erlang distribution, epmd (ERL_EPMD_PORT) and
# the CLI tools' distribution port, so a broker already on 5672/15672/25672/4369 is left alone.
# The broker and its epmd are stopped by PID, and the folder removed, when the script ends:
# normally, on an error, or on INT/TERM/HUP.
#
# Exported once the broker is up (user guest/guest, vhost /):
#   DLX_AMQP_URL        amqp://guest:guest@127.0.0.1:PORT/
#   DLX_MGMT_URL        http://127.0.0.1:PORT (the management API is under /api)
#   DLX_RABBITMQ_LOG    the broker's log file (for `dlx-lab verify --log`)
#   DLX_RABBITMQ_NODE   its node name; DLX_RABBITMQ_DIR its folder
#   DLX_RABBITMQ_PIDS   the PIDs started (epmd, the server script, the Erlang VM)
#
# When rabbitmq-server is not installed, rabbitmq_install runs `apt-get update` and `apt-get
# install -y rabbitmq-server` (needs root; Debian 12 ships 3.10.8). If the package starts its
# own service, that one is left alone: ours shares nothing with it. Fails loudly, with the
# broker's log tail, when the broker cannot be installed or does not come up in 120 s.

_rmq_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/servers.sh
source "$_rmq_root/scripts/lib/servers.sh"

RMQ_BIN=/usr/lib/rabbitmq/bin
_rmq_env=()
_rmq_dir=

_rmq_say() { echo "rabbitmq.sh: $*" >&2; }

# Installs Debian's rabbitmq-server when it is missing.
rabbitmq_install() {
    local missing=()
    [ -x "$RMQ_BIN/rabbitmq-server" ] || missing+=(rabbitmq-server)
    command -v curl > /dev/null 2>&1 || missing+=(curl)
    [ "${#missing[@]}" -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ]; then
        _rmq_say "${missing[*]} missing and installing needs root (apt-get install ${missing[*]})"
        return 1
    fi
    _rmq_say "installing ${missing[*]} with apt (about a minute)"
    apt-get update
    # Without systemd the package's own service start fails or is refused, harmlessly.
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
    if [ ! -x "$RMQ_BIN/rabbitmq-server" ]; then
        _rmq_say "rabbitmq-server did not install ($RMQ_BIN/rabbitmq-server is missing)"
        return 1
    fi
}

# `env` with our broker's environment only (none of the caller's RABBITMQ_*/ERL_*), as an
# array: "${_rmq_envcmd[@]}" COMMAND...
_rmq_envcmd=()
_rmq_set_envcmd() {
    local v
    _rmq_envcmd=(env)
    for v in $(compgen -e); do
        case "$v" in RABBITMQ_* | ERL_* | CONF_ENV_FILE) _rmq_envcmd+=(-u "$v") ;; esac
    done
    _rmq_envcmd+=("${_rmq_env[@]}")
}

# rabbitmqctl aimed at our broker (same node name, cookie, epmd port), as the current user.
rabbitmq_ctl() {
    if [ "${#_rmq_envcmd[@]}" -eq 0 ]; then
        _rmq_say "rabbitmq_ctl before rabbitmq_start: no broker of ours to talk to"
        return 1
    fi
    "${_rmq_envcmd[@]}" "$RMQ_BIN/rabbitmqctl" "$@"
}

_rmq_log_tail() {
    local f
    for f in "$_rmq_dir"/log/*; do
        [ -f "$f" ] || continue
        echo "--- $f (last 40 lines)" >&2
        tail -n 40 "$f" >&2
    done
}

_rmq_epmd_up() {
    ERL_EPMD_PORT="$1" epmd -port "$1" -names > /dev/null 2>&1
}

_rmq_fail() {
    _rmq_say "$*"
    _rmq_log_tail
    return 1
}

# Starts the broker and waits until AMQP, the management API and rabbitmqctl answer. Call
# servers_trap first: the broker is stopped and its folder removed when the script ends.
rabbitmq_start() {
    local dir amqp mgmt dist epmd ctl node cookie epmd_pid server_pid beam_pid i
    make_server_dir rabbitmq dir
    _rmq_dir="$dir"
    free_port amqp
    free_port mgmt
    free_port dist
    free_port epmd
    free_port ctl
    node="dlxlab-$$-$RANDOM@localhost"
    mkdir -p "$dir/mnesia" "$dir/log"
    cookie="$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s' "$cookie" > "$dir/.erlang.cookie"
    chmod 400 "$dir/.erlang.cookie"
    : > "$dir/rabbitmq-env.conf"
    cat > "$dir/rabbitmq.conf" <<CONF
listeners.tcp.1 = 127.0.0.1:$amqp
management.tcp.ip = 127.0.0.1
management.tcp.port = $mgmt
log.console = false
log.file.level = info
CONF
    echo '[rabbitmq_management].' > "$dir/enabled_plugins"
    _rmq_env=(
        HOME="$dir"
        RABBITMQ_CONF_ENV_FILE="$dir/rabbitmq-env.conf"
        RABBITMQ_CONFIG_FILE="$dir/rabbitmq.conf"
        RABBITMQ_ADVANCED_CONFIG_FILE="$dir/advanced.config"
        RABBITMQ_BASE="$dir"
        RABBITMQ_MNESIA_BASE="$dir/mnesia"
        RABBITMQ_LOG_BASE="$dir/log"
        RABBITMQ_LOGS="$dir/log/rabbit.log"
        RABBITMQ_ENABLED_PLUGINS_FILE="$dir/enabled_plugins"
        RABBITMQ_PID_FILE="$dir/rabbit.pid"
        RABBITMQ_NODENAME="$node"
        RABBITMQ_USE_LONGNAME=false
        RABBITMQ_DIST_PORT="$dist"
        RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
        RABBITMQ_CTL_DIST_PORT_MIN="$ctl"
        RABBITMQ_CTL_DIST_PORT_MAX="$ctl"
        RABBITMQ_CTL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
        ERL_EPMD_PORT="$epmd"
        ERL_EPMD_ADDRESS=127.0.0.1
    )
    _rmq_set_envcmd
    # Our own epmd, in the foreground of a background job so that its PID is known (the Erlang
    # VM would otherwise start a daemon of its own that outlives it).
    (cd "$dir" && exec "${_rmq_envcmd[@]}" epmd -port "$epmd" -address 127.0.0.1) \
        > "$dir/log/epmd.log" 2>&1 < /dev/null &
    epmd_pid=$!
    track_pid "$epmd_pid"
    for ((i = 0; i < 50; i++)); do _rmq_epmd_up "$epmd" && break; sleep 0.1; done
    _rmq_epmd_up "$epmd" || _rmq_fail "epmd did not listen on 127.0.0.1:$epmd" || return 1
    # The server script runs the VM as its child and stops it on TERM; both PIDs are tracked.
    (cd "$dir" && exec "${_rmq_envcmd[@]}" "$RMQ_BIN/rabbitmq-server") \
        > "$dir/log/startup.log" 2>&1 < /dev/null &
    server_pid=$!
    track_pid "$server_pid"
    _rmq_say "starting node $node in $dir (AMQP 127.0.0.1:$amqp, management 127.0.0.1:$mgmt, distribution $dist, epmd $epmd)"
    beam_pid=
    for ((i = 0; i < 240; i++)); do
        kill -0 "$server_pid" 2>/dev/null || _rmq_fail "the broker exited while starting" || return 1
        if [ -z "$beam_pid" ] && [ -s "$dir/rabbit.pid" ]; then
            beam_pid="$(cat "$dir/rabbit.pid")"
            track_pid "$beam_pid"    # stopped first: TERM makes the VM shut the broker down
        fi
        curl -sf -u guest:guest "http://127.0.0.1:$mgmt/api/overview" > /dev/null 2>&1 && break
        sleep 0.5
    done
    curl -sf -u guest:guest "http://127.0.0.1:$mgmt/api/overview" > /dev/null 2>&1 \
        || _rmq_fail "the broker did not come up in 120 s" || return 1
    if [ -z "$beam_pid" ] && [ -s "$dir/rabbit.pid" ]; then
        beam_pid="$(cat "$dir/rabbit.pid")"
        track_pid "$beam_pid"
    fi
    rabbitmq_ctl -q await_startup --timeout 60 > /dev/null \
        || _rmq_fail "rabbitmqctl cannot reach node $node" || return 1
    port_open "$amqp" || _rmq_fail "nothing listens on AMQP port $amqp" || return 1
    export DLX_AMQP_URL="amqp://guest:guest@127.0.0.1:$amqp/"
    export DLX_MGMT_URL="http://127.0.0.1:$mgmt"
    export DLX_RABBITMQ_LOG="$dir/log/rabbit.log"
    export DLX_RABBITMQ_NODE="$node"
    export DLX_RABBITMQ_DIR="$dir"
    export DLX_RABBITMQ_PIDS="$epmd_pid $server_pid $beam_pid"
    _rmq_say "RabbitMQ $(rabbitmq_ctl -q version 2> /dev/null || echo '?') is up: $DLX_AMQP_URL, $DLX_MGMT_URL"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    servers_trap
    rabbitmq_install
    rabbitmq_start
    if [ "$#" -eq 0 ]; then
        printf 'export DLX_AMQP_URL=%q DLX_MGMT_URL=%q DLX_RABBITMQ_LOG=%q\n' \
            "$DLX_AMQP_URL" "$DLX_MGMT_URL" "$DLX_RABBITMQ_LOG"
        _rmq_say "running until Ctrl-C (then it stops the broker and removes $DLX_RABBITMQ_DIR)"
        pid="${DLX_RABBITMQ_PIDS##* }"
        while kill -0 "$pid" 2>/dev/null; do sleep 1; done
        _rmq_fail "the broker stopped on its own"
        exit 1
    fi
    set +e
    "$@"
    status=$?
    set -e
    exit "$status"
fi
