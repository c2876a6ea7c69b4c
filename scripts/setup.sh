#!/usr/bin/env bash
# Installs what building and testing DLX Lab needs, skipping whatever is already in place:
#   - the Rust target wasm32-unknown-unknown,
#   - trunk 0.21.14 (cargo install; ~11 min the first time),
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (~3.5 min),
#   - e2e/node_modules (npm: binaryen 132 for wasm-opt, playwright-core),
#   - with --browser: Debian's chromium and chromium-driver, and a font with Hangul and Han
#     (fonts-wqy-microhei, 1.6 MB) so Korean and Chinese screenshots show text, not boxes (apt).
# The crates in Cargo.lock are fetched too, since Trunk builds offline.
#
# Usage: scripts/setup.sh [--browser]
# Sourced (`source scripts/setup.sh [--browser]`, as play.sh and test.sh do), it also leaves
# PATH with e2e/node_modules/.bin and ~/.cargo/bin first. The installs themselves always run
# in a child shell with `set -euo pipefail`, so any failure stops them.

_dlx_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

_dlx_setup() {
    local root="$_dlx_root" browser=0 arg
    for arg in "$@"; do
        case "$arg" in
            --browser) browser=1 ;;
            *) echo "setup.sh: unknown argument: $arg (expected --browser)" >&2; return 2 ;;
        esac
    done

    # `cargo install` puts tools in $CARGO_INSTALL_ROOT/bin when that is set.
    local cargo_bin="${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin"
    export PATH="$root/e2e/node_modules/.bin:$cargo_bin:$PATH"
    say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

    # Rust target for the browser build.
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        say "adding Rust target wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown
    fi

    # Trunk, at the version that works with this rustc.
    local trunk_version=0.21.14
    if [ "$(trunk --version 2>/dev/null || true)" != "trunk $trunk_version" ]; then
        say "installing trunk $trunk_version (takes about 11 minutes)"
        cargo install --locked trunk --version "$trunk_version"
    fi

    # wasm-bindgen-cli must match the wasm-bindgen crate exactly, or Trunk would try to
    # download one (and fail, since it builds offline).
    local wbg_version
    wbg_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")"
    if [ -z "$wbg_version" ]; then
        echo "setup.sh: no wasm-bindgen in Cargo.lock" >&2
        return 1
    fi
    if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wbg_version" ] ||
        ! wasm-bindgen-test-runner --version >/dev/null 2>&1; then
        say "installing wasm-bindgen-cli $wbg_version (takes about 4 minutes)"
        # --locked fails for some versions (their lockfile pins a crate the registry lacks).
        cargo install wasm-bindgen-cli --version "$wbg_version" --locked --force ||
            cargo install wasm-bindgen-cli --version "$wbg_version" --force
    fi
    if ! grep -q "wasm_bindgen = \"$wbg_version\"" "$root/Trunk.toml"; then
        echo "setup.sh: Trunk.toml [tools] wasm_bindgen must be \"$wbg_version\" (the version in Cargo.lock)" >&2
        return 1
    fi

    # npm tools: wasm-opt (binaryen 132) and playwright-core. `npm ci` again only when
    # package.json or package-lock.json changed since the last install.
    local e2e="$root/e2e" stamp="$root/e2e/node_modules/.package-lock.json"
    if [ ! -f "$stamp" ] || [ "$e2e/package.json" -nt "$stamp" ] ||
        { [ -f "$e2e/package-lock.json" ] && [ "$e2e/package-lock.json" -nt "$stamp" ]; }; then
        say "installing e2e/node_modules (npm)"
        if [ -f "$e2e/package-lock.json" ]; then
            (cd "$e2e" && npm ci --no-audit --no-fund)
        else
            (cd "$e2e" && npm install --no-audit --no-fund)
        fi
        touch "$stamp"
    fi
    local wasm_opt_version
    wasm_opt_version="$(wasm-opt --version 2>/dev/null || true)"
    case "$wasm_opt_version" in
        "wasm-opt version 132 "*) ;;
        *)
            echo "setup.sh: wasm-opt on PATH is '$wasm_opt_version' ($(command -v wasm-opt || echo none)), expected 132 from e2e/node_modules" >&2
            return 1
            ;;
    esac

    # Crates for the offline Trunk build (quick when they are already downloaded).
    (cd "$root" && cargo fetch --quiet)

    # Headless Chromium and its WebDriver, for the browser tests, and a CJK font for the
    # Korean and Chinese screenshots (e2e/review.mjs).
    local cjk_font=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
    if [ "$browser" = 1 ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || [ ! -f "$cjk_font" ]; }; then
        say "installing chromium, chromium-driver and fonts-wqy-microhei (apt)"
        local sudo=""
        if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
        $sudo apt-get update
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver fonts-wqy-microhei
    fi
    # PostgreSQL (its initdb and server, run from a temporary folder) and promtool, for
    # scripts/export-check.sh; the packages' own services are left alone.
    if [ ! -x /usr/lib/postgresql/15/bin/initdb ] || ! command -v promtool > /dev/null 2>&1; then
        say "installing postgresql and prometheus (apt, for promtool)"
        local sudo=""
        if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
        $sudo apt-get update
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql prometheus
    fi
    return 0
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    _dlx_setup "$@"
else
    # Sourced: install in a child shell (so `set -e` really applies), then set PATH here.
    bash "${BASH_SOURCE[0]}" "$@" || return $?
    export PATH="$_dlx_root/e2e/node_modules/.bin:${CARGO_INSTALL_ROOT:-${CARGO_HOME:-$HOME/.cargo}}/bin:$PATH"
fi
