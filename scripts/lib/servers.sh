# Shared by the scripts that start a throwaway server for a live check (RabbitMQ today; Redis
# and an SQS-compatible server later). Source it from bash; it defines functions only.
#
# The pattern every such script follows:
#   - the server runs from its own folder (`make_server_dir NAME VAR`: config, data, logs,
#     cookie), as the current user, never from the system's configuration or data folders;
#   - it listens on loopback only, on ports checked free (`free_port VAR`), never on a default
#     port a developer's own server may hold;
#   - it is started in the background and its PID recorded (`track_pid PID`);
#   - `servers_trap` (once, at the top of the calling script) stops every tracked PID (TERM,
#     then KILL after a few seconds), runs the registered cleanup commands (`on_cleanup CMD`)
#     and removes the folders, when the script ends: success, failure (`set -e`) or a signal
#     (INT, TERM, HUP). `servers_cleanup` does the same earlier, once;
#   - `servers_check_gone` then confirms that no tracked PID is alive, no process still names
#     one of the folders, and every port handed out is free again.
#
# The functions that hand something out store it in the variable named by their last argument
# (not on standard output: a command substitution would run them in a subshell, which would
# forget what they registered). Needs python3 (to test that a port is free by binding it).

_servers_dirs=()
_servers_pids=()
_servers_ports=()
_servers_cleanups=()
_servers_cleaned=no

# Sets the variable named $1 to a TCP port that is free on loopback and on every interface,
# from 20000-32767 (below Linux's ephemeral range; away from 4369, 5672, 15672, 25672, 6379,
# 9324), and not handed out before by this script. Fails after 200 tries.
free_port() {
    local _fp_port _fp_tries=0 _fp_used _fp_p
    while [ "$_fp_tries" -lt 200 ]; do
        _fp_tries=$((_fp_tries + 1))
        _fp_port=$((20000 + RANDOM % 12768))
        _fp_used=no
        for _fp_p in "${_servers_ports[@]}"; do [ "$_fp_p" = "$_fp_port" ] && _fp_used=yes; done
        [ "$_fp_used" = yes ] && continue
        if python3 - "$_fp_port" <<'PY' 2>/dev/null; then
import socket, sys
port = int(sys.argv[1])
for host in ("127.0.0.1", "0.0.0.0"):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((host, port))  # no SO_REUSEADDR: a port in TIME_WAIT counts as taken too
    s.close()
PY
            _servers_ports+=("$_fp_port")
            printf -v "$1" '%s' "$_fp_port"
            return 0
        fi
    done
    echo "servers.sh: no free port found" >&2
    return 1
}

# True when something listens on 127.0.0.1:PORT.
port_open() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# True when something listens on 127.0.0.1:PORT within TENTHS tenths of a second.
await_port() { # PORT TENTHS
    local _ap_i
    for ((_ap_i = 0; _ap_i < $2; _ap_i++)); do port_open "$1" && return 0; sleep 0.1; done
    port_open "$1"
}

# Creates a private folder for server $1 (mode 700, under TMPDIR or /tmp), registers it for
# removal and sets the variable named $2 to its path.
make_server_dir() {
    local made
    made="$(mktemp -d "${TMPDIR:-/tmp}/dlx-lab-$1.XXXXXXXX")"
    chmod 700 "$made"
    _servers_dirs+=("$made")
    printf -v "$2" '%s' "$made"
}

# Records a PID to stop at cleanup.
track_pid() {
    _servers_pids+=("$1")
}

# Registers a command (a string, run with eval) to run at cleanup, before the PIDs are stopped.
on_cleanup() {
    _servers_cleanups+=("$1")
}

_servers_alive() {
    kill -0 "$1" 2>/dev/null
}

# The PIDs of processes (other than this shell) whose command line names one of our folders.
_servers_strays() {
    local dir pid
    for dir in "${_servers_dirs[@]}"; do
        for pid in $(pgrep -f -- "$dir" 2>/dev/null || true); do
            [ "$pid" != "$$" ] && [ "$pid" != "$BASHPID" ] && echo "$pid"
        done
    done
}

# Stops everything this script started and removes its folders. Safe to call more than once;
# never fails.
servers_cleanup() {
    [ "$_servers_cleaned" = yes ] && return 0
    _servers_cleaned=yes
    local i pid waited
    for ((i = ${#_servers_cleanups[@]} - 1; i >= 0; i--)); do
        eval "${_servers_cleanups[$i]}" >/dev/null 2>&1 || true
    done
    # Newest first: a server before the helper (epmd) it registered with.
    for ((i = ${#_servers_pids[@]} - 1; i >= 0; i--)); do
        pid="${_servers_pids[$i]}"
        _servers_alive "$pid" || continue
        kill -TERM "$pid" 2>/dev/null || true
        waited=0
        while _servers_alive "$pid" && [ "$waited" -lt 100 ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        if _servers_alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
        wait "$pid" 2>/dev/null || true
    done
    # Children a server left behind (they name its folder on their command line).
    for pid in $(_servers_strays); do kill -KILL "$pid" 2>/dev/null || true; done
    for dir in "${_servers_dirs[@]}"; do rm -rf "$dir"; done
    return 0
}

# Installs the cleanup for the end of the script and for INT, TERM and HUP (which exit with
# 130, 143 and 129 through the EXIT trap).
servers_trap() {
    trap servers_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    trap 'exit 129' HUP
}

# After servers_cleanup: fails, naming what is left, if a tracked PID is alive, a process
# still names one of the folders, a folder remains or a handed-out port is still taken.
servers_check_gone() {
    local left=() pid dir port
    for pid in "${_servers_pids[@]}"; do
        _servers_alive "$pid" && left+=("process $pid")
    done
    for pid in $(_servers_strays); do left+=("process $pid ($(ps -o comm= -p "$pid" 2>/dev/null))"); done
    for dir in "${_servers_dirs[@]}"; do [ -e "$dir" ] && left+=("folder $dir"); done
    for port in "${_servers_ports[@]}"; do port_open "$port" && left+=("a listener on port $port"); done
    if [ "${#left[@]}" -gt 0 ]; then
        printf 'servers.sh: left behind: %s\n' "${left[@]}" >&2
        return 1
    fi
    echo "nothing left behind: ${#_servers_pids[@]} processes stopped, ports ${_servers_ports[*]} free, ${#_servers_dirs[@]} folders removed"
}

# Prints a fingerprint of a folder tree (paths, modes, owners, sizes, contents' SHA-256 where
# readable), or "absent". Two equal fingerprints mean the tree was left as it was.
tree_fingerprint() {
    if [ ! -e "$1" ]; then
        echo "$1: absent"
        return 0
    fi
    find "$1" -printf '%p %y %m %u:%g %s %l\n' 2>/dev/null | LC_ALL=C sort
    find "$1" -type f -readable -print0 2>/dev/null | LC_ALL=C sort -z | xargs -0 -r sha256sum
}
