#!/usr/bin/env bash
# Writes a gzip copy (FILE.gz, level 9) beside every text and wasm file of a release build, for
# hosts that serve precompressed files as they are (nginx `gzip_static on;`, Caddy
# `file_server { precompressed gzip }`, many static hosts). A host that compresses on the fly,
# or none at all, ignores them. Prints each file's size and its gzip size.
#
# Usage: scripts/precompress.sh [DIST]   (default dist/, after `trunk build`)
set -euo pipefail

dist="${1:-dist}"
if [ ! -f "$dist/index.html" ]; then
    echo "precompress.sh: $dist/index.html is missing: run \`trunk build\` first" >&2
    exit 1
fi
total=0
while IFS= read -r -d '' file; do
    gzip -9 -n -k -f "$file"
    raw=$(stat -c %s "$file")
    packed=$(stat -c %s "$file.gz")
    total=$((total + packed))
    printf '%10d B  %9d B gzip  %s\n' "$raw" "$packed" "${file#"$dist"/}"
done < <(find "$dist" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' -o -name '*.ftl' \) -print0 | sort -z)
printf '%10s    %9d B gzip  in all\n' '' "$total"
