#!/usr/bin/env bash
# Builds the app's other pages beside the playground, each with a module of its own, so a
# visitor downloads only what the page they open needs:
#   embed.html     the embedded player (the dlx-lab-embed binary),
#   workshop.html  the workshop, its exercises, the builder and the text review (dlx-lab-workshop),
#   compare.html   the strategy comparison and its compact embed (dlx-lab-compare).
# Trunk runs it after every build (Trunk.toml [[hooks]], post_build), in its staging folder;
# by hand: scripts/build-pages.sh DIST (after `trunk build`).
#
# The pages compile in English only (feature fetched-catalogues): the other languages'
# catalogues and their texts of the built-in scenarios, tours and exercises are files beside
# them, named by a hash of their content (i18n/ko-HASH.ftl, i18n/ko.content-HASH.json), which
# each page names in a <meta name="dlx-catalogue-CODE"> and <meta name="dlx-content-CODE">
# and fetches when it first shows that language.
#
# Each page is the playground's own index.html as Trunk wrote it, with the module swapped: the
# same styles, loading notice, trap banner and the script that sends the browser to the page
# a query names (crates/links/src/page_file.rs). Modules are named by a hash of their content, like
# Trunk's files, so a host may cache them for good.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-${TRUNK_STAGING_DIR:-}}"
if [ -z "$out" ] || [ ! -f "$out/index.html" ]; then
    echo "build-pages.sh: no built index.html in '${out}': run \`trunk build\` (which runs this)" >&2
    exit 1
fi
profile="${TRUNK_PROFILE:-release}"
pages=(embed workshop compare)
cd "$root"
bins=()
for p in "${pages[@]}"; do bins+=(--bin "dlx-lab-$p"); done
if [ "$profile" = release ]; then
    cargo build --quiet --release --target wasm32-unknown-unknown --features fetched-catalogues "${bins[@]}"
else
    cargo build --quiet --target wasm32-unknown-unknown --features fetched-catalogues "${bins[@]}"
fi
# The playground's module, as Trunk named it in index.html.
main="$(grep -o 'dlx-lab-web-[0-9a-f]*' "$out/index.html" | head -1)"
if [ -z "$main" ]; then
    echo "build-pages.sh: index.html names no dlx-lab-web module" >&2
    exit 1
fi
# The catalogues the pages fetch, named in index.html (and so in every page made from it).
mkdir -p "$out/i18n"
metas=""
for code in ko zh-CN; do
    hash="$(sha256sum < "$root/crates/translations/src/$code.ftl" | cut -c1-16)"
    cp "$root/crates/translations/src/$code.ftl" "$out/i18n/$code-$hash.ftl"
    metas="$metas<meta name=\"dlx-catalogue-$code\" content=\"i18n/$code-$hash.ftl\" />"
    # The same language's texts of the built-in scenarios, tours and exercises.
    hash="$(sha256sum < "$root/crates/translations/src/$code.content.json" | cut -c1-16)"
    cp "$root/crates/translations/src/$code.content.json" "$out/i18n/$code.content-$hash.json"
    metas="$metas<meta name=\"dlx-content-$code\" content=\"i18n/$code.content-$hash.json\" />"
done
if ! grep -q '<meta name="dlx-catalogue-' "$out/index.html"; then
    sed -i "s#<meta charset=\"utf-8\" />#<meta charset=\"utf-8\" />$metas#" "$out/index.html"
fi
if ! grep -q 'name="dlx-catalogue-ko"' "$out/index.html" || ! grep -q 'name="dlx-content-zh-CN"' "$out/index.html"; then
    echo "build-pages.sh: could not name the catalogues in index.html" >&2
    exit 1
fi
work="$root/target/pages"
rm -rf "$work" && mkdir -p "$work"
for p in "${pages[@]}"; do
    bin="dlx-lab-$p"
    wasm-bindgen --target web --no-typescript --out-dir "$work" --out-name "$bin" \
        "$root/target/wasm32-unknown-unknown/$profile/$bin.wasm"
    if [ "$profile" = release ]; then
        # As Trunk does for the playground's module (data-wasm-opt="z").
        wasm-opt -Oz --output="$work/opt.wasm" "$work/${bin}_bg.wasm"
        mv "$work/opt.wasm" "$work/${bin}_bg.wasm"
    fi
    hash="$(cat "$work/$bin.js" "$work/${bin}_bg.wasm" | sha256sum | cut -c1-16)"
    name="$bin-$hash"
    cp "$work/$bin.js" "$out/$name.js"
    cp "$work/${bin}_bg.wasm" "$out/${name}_bg.wasm"
    # Swap the module; drop the integrity hashes of the playground's files (they name other bytes).
    sed -e "s/$main/$name/g" -e 's/ integrity="[^"]*"//g' "$out/index.html" > "$out/$p.html"
    if grep -q 'dlx-lab-web' "$out/$p.html"; then
        echo "build-pages.sh: $p.html still names the playground's module" >&2
        exit 1
    fi
    echo "build-pages.sh: $p.html with $name ($(wc -c < "$out/${name}_bg.wasm") bytes of wasm)"
done
# The pages' policy (Content-Security-Policy in index.html) runs no inline script: Trunk's
# module bootstrap becomes a file of each page's own, named by a hash of its content, which
# public/boot.js starts.
for page in index "${pages[@]}"; do
    python3 - "$out" "$page" <<'PY'
import hashlib, pathlib, re, sys
out, page = pathlib.Path(sys.argv[1]), sys.argv[2]
html = (out / f"{page}.html").read_text()
found = re.findall(r'<script type="module"[^>]*>(.*?)</script>', html, re.S)
if len(found) != 1 or "import init" not in found[0]:
    sys.exit(f"build-pages.sh: {page}.html has {len(found)} inline module scripts; expected Trunk's one bootstrap")
code = found[0].strip() + "\n"
name = f"start-{hashlib.sha256(code.encode()).hexdigest()[:16]}.js"
(out / name).write_text(code)
html = re.sub(r'<script type="module"[^>]*>.*?</script>', '', html, flags=re.S)
# The module's files are named in <meta>s, and public/boot.js starts them only once it knows the
# page stays: a link that sends the browser to another page fetches none of this page's module.
links = re.findall(r'<link rel="(?:modulepreload|preload)" href="([^"]+)"[^>]*>', html)
wasm = [h for h in links if h.endswith("_bg.wasm")]
glue = [h for h in links if h.endswith(".js")]
if len(wasm) != 1 or len(glue) != 1:
    sys.exit(f"build-pages.sh: {page}.html names {len(wasm)} wasm and {len(glue)} script preloads; expected one each")
html = re.sub(r'<link rel="(?:modulepreload|preload)" href="[^"]+"[^>]*>', '', html)
metas = (f'<meta name="dlx-start" content="./{name}" /><meta name="dlx-glue" content="{glue[0]}" />'
         f'<meta name="dlx-wasm" content="{wasm[0]}" />')
html = html.replace('<meta charset="utf-8" />', '<meta charset="utf-8" />' + metas, 1)
if 'name="dlx-start"' not in html:
    sys.exit(f"build-pages.sh: could not name the module's files in {page}.html")
if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html):
    sys.exit(f"build-pages.sh: {page}.html still holds an inline script")
(out / f"{page}.html").write_text(html)
PY
done
