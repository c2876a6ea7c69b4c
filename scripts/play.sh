#!/usr/bin/env bash
# Builds DLX Lab and serves it at http://127.0.0.1:8080/ (rebuilding on every change).
# It builds into target/play/, never dist/: dist/ only ever holds `trunk build`'s release
# output, the one to copy to a site. No live-reload client is added (the pages' policy runs
# no inline script): reload the page after a change.
# Usage: scripts/play.sh [PORT]     (or PORT=9000 scripts/play.sh)
# The first run installs the tools (see scripts/setup.sh); later runs skip that.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
port="${1:-${PORT:-8080}}"
case "$port" in
    '' | *[!0-9]*) echo "play.sh: port must be a number, got '$port'" >&2; exit 2 ;;
esac

set -- # `source` would otherwise hand our arguments to setup.sh
source "$root/scripts/setup.sh"
export TRUNK_SKIP_VERSION_CHECK=true

echo
echo "DLX Lab: building, then serving at http://127.0.0.1:$port/  (Ctrl-C to stop)"
echo
exec trunk serve --dist target/play --no-autoreload --address 127.0.0.1 --port "$port"
