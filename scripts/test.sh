#!/usr/bin/env bash
# Runs every test of DLX Lab, stopping at the first failure:
#   0. the house: `cargo fmt --check` and `cargo clippy -D warnings` (native, with the command
#      line's live feature, `dlx-cli/live`, and for wasm with the UI),
#   1. native: engine, geometry and tidy tests, the engine crate's own with the rest
#      (`cargo test --no-default-features --workspace`), then the
#      recorded broker scenarios replayed by the CLI and judged by compare.py, then the live
#      broker checks (scripts/live-check.sh: starts a throwaway RabbitMQ from a temporary
#      folder on free loopback ports, installing the package if missing, verifies five
#      scenarios against it and round-trips a definitions file, then checks that nothing of it
#      is left and /etc/rabbitmq is unchanged; fails if the broker cannot be started), then
#      the live BullMQ check (scripts/bullmq-check.sh: a throwaway redis-server on a free
#      loopback port, the pinned bullmq from scripts/bullmq/package-lock.json, the presets
#      and the repro workloads played through a real Queue and Worker and compared with the
#      model; nothing left, /etc/redis unchanged), then the live SQS check
#      (scripts/sqs-check.sh: a throwaway moto_server, pinned in scripts/sqs/requirements.txt
#      and installed into a venv of its own, on a free loopback port; the presets and the
#      rule workloads played through real queues with boto3 and compared with the model;
#      nothing left),
#   2. browser: tests/web.rs (and any other run_in_browser test file) in headless Chromium,
#   3. release build with Trunk into dist/, and gzip copies beside its files
#      (scripts/precompress.sh), which the end-to-end server sends as a gzip_static host does,
#   4. end to end: e2e/download.mjs measures what each page downloads, compressed, and
#      each page's first render (median of five cold loads), and fails on a console error
#      or warning or a page that starts another page's module;
#      e2e/smoke.mjs loads dist/ in headless Chromium and checks the page;
#      e2e/playground.mjs plays a preset, checks x-death, scrubs, opens links, measures;
#      e2e/i18n.mjs opens a `lang=ko` link, switches to zh-CN in one click, reloads;
#      e2e/screens.mjs opens every page at 320, 360, 390, 800 and 1280 px: no sideways
#      scrolling, a graph with readable names;
#      e2e/face.mjs measures the first screens (the playground at 1280x800 and 390x844,
#      360x420 embeds, an exercise): the graph's share, its smallest word, every word in view,
#      Play in view and reached by a tap, no empty band, no control with the browser's default
#      look; and keeps screenshots of every page at every width, dark, ko and zh-CN
#      (e2e/screenshots/face-*.png);
#      e2e/review.mjs reads every sample sentence on ?review=texts in en/ko/zh-CN at desktop
#      and phone widths and saves their screenshots (e2e/screenshots/review-*.png);
#      e2e/embed.mjs serves dist/ under /playground/ and drives embeds by postMessage;
#      e2e/workshop.mjs solves an exercise, checks progress after a reload, steps a tour;
#      e2e/compare.mjs runs the strategy comparison (figures, lanes, play, idempotent toggle);
#      e2e/picture.mjs edits on the picture: the Add menu's Add queue, undo and redo, a value
#      refused at its field, and every broker exercise solved through the forms alone;
#      e2e/element.mjs puts two <dlx-lab> elements (dist/dlx-lab.js) far down a host page:
#      nothing loads until scrolled to, the frame follows the embed's height, events and
#      methods work, a comparison shows its table, a broken attribute shows its error;
#      e2e/hostile.mjs loads every page under its Content-Security-Policy with no violation,
#      refuses the links that used to freeze a page by name, offers back a run a stopped page
#      left, and refuses oversized messages to an embed; scripts/play-check.sh runs
#      scripts/play.sh and checks that dist/ is left as the release build made it;
#      e2e/bigrun.mjs applies a 100 000-message backlog (computed in slices with a progress
#      bar, then played), cancels another, and two runs that must be refused (a million
#      messages by the event limit, 600 MB of bodies by the memory budget), losing nothing.
# The first run installs the tools (see scripts/setup.sh); later runs skip that.
#
# Usage: scripts/test.sh [--fast]
#   --fast  the inner loop: formatting, native clippy, the native tests and the recordings
#           through the CLI; no installs, no live broker, no browser, no release build.
set -euo pipefail
# A clean checkout builds once: incremental caches would only take disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

fast=no
for arg in "$@"; do
    case "$arg" in
        --fast) fast=yes ;;
        *) echo "test.sh: unknown argument: $arg (expected --fast)" >&2; exit 2 ;;
    esac
done
set -- # `source` would otherwise hand our arguments to setup.sh

if [ "$fast" = no ]; then
    source "$root/scripts/setup.sh" --browser
fi
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

step() {
    printf '\n\033[1m==> %s\033[0m\n' "$1"
    shift
    local started=$SECONDS
    "$@"
    printf '\033[1m<== ok (%ss)\033[0m\n' "$((SECONDS - started))"
}

step "formatting (cargo fmt --check)" cargo fmt --check
step "lints, native (cargo clippy -D warnings)" \
    cargo clippy --quiet --workspace --no-default-features --features dlx-cli/live --all-targets -- -D warnings
step "native tests (every crate of the workspace)" cargo test --no-default-features --workspace
step "conformance through the CLI, judged by compare.py" "$root/scripts/conformance-cli.sh"
if [ "$fast" = yes ]; then
    printf '\n\033[1mAll fast tests passed\033[0m (the full run: scripts/test.sh).\n'
    exit 0
fi
step "lints, wasm with the UI (cargo clippy -D warnings)" \
    cargo clippy --quiet --workspace --target wasm32-unknown-unknown --all-targets -- -D warnings
step "live RabbitMQ: verify scenarios, definitions round trip" "$root/scripts/live-check.sh"
step "live BullMQ: the model against a real Queue and Worker on a throwaway Redis" \
    "$root/scripts/bullmq-check.sh"
step "live SQS: the model against moto's SQS server, on real queues" \
    "$root/scripts/sqs-check.sh"
step "exports for real: SQS template on moto, BullMQ options in the Worker, both scheduler queries on PostgreSQL, promtool, Java and Kotlin parsers" "$root/scripts/export-check.sh"
# Every tests/*.rs that runs in the browser (tests/web.rs and any other file with
# `wasm_bindgen_test_configure!(run_in_browser)`), in one cargo call.
browser_tests=()
for file in tests/*.rs; do
    if grep -q 'wasm_bindgen_test_configure!(run_in_browser)' "$file"; then
        browser_tests+=(--test "$(basename "$file" .rs)")
    fi
done
if [ "${#browser_tests[@]}" -eq 0 ]; then
    echo "test.sh: no browser test files found under tests/" >&2
    exit 1
fi
# ChromeDriver gives every browser a fresh profile in TMPDIR (over 100 MB each) and does not
# always remove it: point TMPDIR at a folder of our own for this step, and remove it after.
browser_tmp="$root/target/browser-tmp"
rm -rf "$browser_tmp" && mkdir -p "$browser_tmp"
trap 'rm -rf "$browser_tmp"' EXIT
step "browser tests (headless Chromium): ${browser_tests[*]}" \
    env TMPDIR="$browser_tmp" cargo test --target wasm32-unknown-unknown "${browser_tests[@]}"
rm -rf "$browser_tmp"
step "release build (trunk)" trunk build
step "precompressed copies of the build (gzip, as a host with gzip_static serves them)" ./scripts/precompress.sh dist
# The end-to-end scripts on the release build, in headless Chromium, in this order: each
# script and what it checks.
e2e_scripts=(
    "download|downloads: what each page downloads, compressed"
    "smoke|smoke test"
    "playground|playground test"
    "i18n|languages test: a ko link, one-click zh-CN, reload"
    "screens|screens: every page from 320 px up, no sideways scrolling"
    "face|face: the first screens' geometry (graph share, word sizes, Play in reach, empty bands, no default-looking control) and screenshots of every page"
    "review|text review: every sentence kind in ko and zh-CN, screenshots"
    "embed|embed test: docs page, postMessage API, sub-path"
    "workshop|workshop and tour test"
    "compare|strategy comparison test"
    "picture|editing on the picture: Add queue, undo/redo, a refused value, every broker exercise solved through the forms"
    "element|<dlx-lab> element: lazy, sized, events, methods, errors"
    "hostile|hostile input: the strict Content-Security-Policy on every page, links refused by name, interrupted runs offered back, oversized embed messages"
)
for e2e in "${e2e_scripts[@]}"; do
    step "end-to-end ${e2e#*|} (headless Chromium)" node "e2e/${e2e%%|*}.mjs"
done
step "the playground server (scripts/play.sh) builds outside dist/, with no live-reload client" ./scripts/play-check.sh
step "end-to-end big runs: a 100 000-message backlog loads in slices and plays, a Cancel, two refusals by name" node e2e/bigrun.mjs

printf '\n\033[1mAll tests passed.\033[0m\n'
