#!/usr/bin/env bash
# Builds the embed's own page beside the playground: `embed.html` with a module that holds only
# the embedded player (the dlx-lab-embed binary), so a documentation page downloads a fraction
# of the whole app. Trunk runs it after every build (Trunk.toml [[hooks]], post_build), in its
# staging folder; by hand: scripts/build-embed.sh DIST (after `trunk build`).
#
# The page is the playground's own index.html as Trunk wrote it, with the module swapped: the
# same styles, loading notice and trap banner. Its module is named by a hash of its content,
# like Trunk's files, so a host may cache it for good.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-${TRUNK_STAGING_DIR:-}}"
if [ -z "$out" ] || [ ! -f "$out/index.html" ]; then
    echo "build-embed.sh: no built index.html in '${out}': run \`trunk build\` (which runs this)" >&2
    exit 1
fi
profile="${TRUNK_PROFILE:-release}"
cd "$root"
if [ "$profile" = release ]; then
    cargo build --quiet --release --target wasm32-unknown-unknown --bin dlx-lab-embed
else
    cargo build --quiet --target wasm32-unknown-unknown --bin dlx-lab-embed
fi
work="$root/target/embed-page"
rm -rf "$work" && mkdir -p "$work"
wasm-bindgen --target web --no-typescript --out-dir "$work" --out-name dlx-lab-embed \
    "$root/target/wasm32-unknown-unknown/$profile/dlx-lab-embed.wasm"
if [ "$profile" = release ]; then
    # As Trunk does for the playground's module (data-wasm-opt="z").
    wasm-opt -Oz --output="$work/opt.wasm" "$work/dlx-lab-embed_bg.wasm"
    mv "$work/opt.wasm" "$work/dlx-lab-embed_bg.wasm"
fi
hash="$(cat "$work/dlx-lab-embed.js" "$work/dlx-lab-embed_bg.wasm" | sha256sum | cut -c1-16)"
name="dlx-lab-embed-$hash"
cp "$work/dlx-lab-embed.js" "$out/$name.js"
cp "$work/dlx-lab-embed_bg.wasm" "$out/${name}_bg.wasm"
# The playground's module, as Trunk named it in index.html.
main="$(grep -o 'dlx-lab-web-[0-9a-f]*' "$out/index.html" | head -1)"
if [ -z "$main" ]; then
    echo "build-embed.sh: index.html names no dlx-lab-web module" >&2
    exit 1
fi
# Swap the module; drop the integrity hashes of the playground's files (they name other bytes).
sed -e "s/$main/$name/g" -e 's/ integrity="[^"]*"//g' "$out/index.html" > "$out/embed.html"
if grep -q 'dlx-lab-web' "$out/embed.html"; then
    echo "build-embed.sh: embed.html still names the playground's module" >&2
    exit 1
fi
echo "build-embed.sh: embed.html with $name ($(wc -c < "$out/${name}_bg.wasm") bytes of wasm)"
