#!/usr/bin/env bash
# Checks that ./scripts/play.sh serves the playground without touching dist/: it starts it on
# a free loopback port, waits until the page is served, fetches the page and its bootstrap,
# stops it, and fails if dist/ changed or the served page holds a live-reload client.
# Usage: scripts/play-check.sh   (after `trunk build`; scripts/test.sh runs it)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib/servers.sh
source "$root/scripts/lib/servers.sh"
servers_trap
[ -f dist/index.html ] || { echo "play-check.sh: no dist/index.html: run \`trunk build\` first" >&2; exit 1; }
before="$(tree_fingerprint dist)"
free_port port
make_server_dir play log_dir
setsid ./scripts/play.sh "$port" > "$log_dir/play.log" 2>&1 &
track_pid "$!"
# setsid: trunk and its children form a group of their own, stopped together.
on_cleanup "kill -TERM -- -$! 2>/dev/null"
waited=0
until curl -fsS "http://127.0.0.1:$port/" -o "$log_dir/index.html" 2>/dev/null; do
    if [ "$waited" -ge 900 ] || ! kill -0 "$!" 2>/dev/null; then
        echo "play-check.sh: play.sh did not serve the page within ${waited}s:" >&2
        tail -30 "$log_dir/play.log" >&2
        exit 1
    fi
    sleep 2
    waited=$((waited + 2))
done
start="$(grep -o 'start-[0-9a-f]*\.js' "$log_dir/index.html" | head -1)"
[ -n "$start" ] || { echo "play-check.sh: the served page names no bootstrap file" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/$start" -o "$log_dir/start.js"
if grep -qiE '__trunk|TRUNK_ADDRESS|autoreload|WebSocket' "$log_dir/index.html" "$log_dir/start.js"; then
    echo "play-check.sh: the served playground holds a live-reload client" >&2
    exit 1
fi
servers_cleanup
after="$(tree_fingerprint dist)"
if [ "$before" != "$after" ]; then
    echo "play-check.sh: ./scripts/play.sh changed dist/:" >&2
    diff <(echo "$before") <(echo "$after") | head -20 >&2
    exit 1
fi
[ -f target/play/index.html ] || { echo "play-check.sh: play.sh did not build into target/play/" >&2; exit 1; }
echo "play-check.sh: play.sh served from target/play/ in ${waited}s; dist/ unchanged; no live-reload client"
