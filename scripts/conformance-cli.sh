#!/usr/bin/env bash
# Replays every recorded RabbitMQ 3.10.8 scenario with the command-line tool and judges the
# output with the recordings' own compare.py (the same rules the Rust conformance test uses).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo build --quiet -p dlx-cli --bin dlx-lab
bin="${CARGO_TARGET_DIR:-$root/target}/debug/dlx-lab"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
rec=tests/conformance/rabbitmq-3.10
for scenario in "$rec"/scenarios/*.json; do
    "$bin" replay --profile rabbitmq-3.10 "$scenario" > "$out/$(basename "$scenario")"
done
python3 tests/conformance/compare.py --dir "$rec/results" "$out"
