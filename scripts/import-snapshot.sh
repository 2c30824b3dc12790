#!/usr/bin/env bash
# Writes everything the OpenAPI bridge makes from the repository's inputs into one folder, so
# two builds of routegen can be compared byte for byte (a change to the importer or the exporter
# that must not change its output): for each description of corpus/real and corpus/public, the
# imported route file and the import's diagnostics; for each route file of Specs/, the corpus and
# COUNT random route files (the compile check's, same SEED), its exports in JSON and YAML (with
# and without the carried text) and the imports of those exports.
#
#   scripts/import-snapshot.sh DIR [COUNT=300] [SEED=1]
#   diff -r BEFORE AFTER
#
# Environment: ROUTEGEN, ROUTEGEN_FUZZ (built binaries; default: this checkout's debug build).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: scripts/import-snapshot.sh DIR [COUNT=300] [SEED=1]}"
count="${2:-300}"
seed="${3:-1}"
if [ -z "${ROUTEGEN:-}" ] || [ -z "${ROUTEGEN_FUZZ:-}" ]; then
    swift build --package-path "$repo" --product routegen >/dev/null
    swift build --package-path "$repo" --product routegen-fuzz >/dev/null
    bin="$(swift build --package-path "$repo" --show-bin-path)"
    ROUTEGEN="${ROUTEGEN:-$bin/routegen}"
    ROUTEGEN_FUZZ="${ROUTEGEN_FUZZ:-$bin/routegen-fuzz}"
fi
rm -rf "$out"
mkdir -p "$out/imports" "$out/exports" "$out/routes"
cd "$repo"
started=$SECONDS

shopt -s nullglob
# Descriptions: the route file imported and every diagnostic, both kept.
for description in corpus/real/*/openapi.* corpus/public/*/openapi.*; do
    name="$(basename "$(dirname "$(dirname "$description")")")-$(basename "$(dirname "$description")")"
    status=0
    "$ROUTEGEN" import "$description" -o "$out/imports/$name.routes" >"$out/imports/$name.log" 2>&1 || status=$?
    echo "exit $status" >>"$out/imports/$name.log"
done

# Route files: exported both ways, and each export imported back.
"$ROUTEGEN_FUZZ" --random-specs "$out/random" "$count" "$seed" >/dev/null
for file in Specs/*.routes; do cp "$file" "$out/routes/spec-$(basename "$file")"; done
for file in corpus/real/*/*.routes; do cp "$file" "$out/routes/corpus-$(basename "$file")"; done
for file in "$out/random/"*.routes; do cp "$file" "$out/routes/random-$(basename "$file")"; done
rm -rf "$out/random"
for file in "$out/routes/"*.routes; do
    name="$(basename "$file" .routes)"
    for format in json yaml; do
        for variant in with without; do
            flag=()
            [ "$variant" = without ] && flag=(--without-source)
            export="$out/exports/$name-$variant.$format"
            status=0
            "$ROUTEGEN" export "$file" "${flag[@]}" -o "$export" >"$export.log" 2>&1 || status=$?
            echo "exit $status" >>"$export.log"
            [ -f "$export" ] || continue
            status=0
            "$ROUTEGEN" import "$export" -o "$export.routes" >>"$export.log" 2>&1 || status=$?
            echo "import exit $status" >>"$export.log"
        done
    done
done
# Diagnostics name the files by the snapshot's folder, which differs between two snapshots.
find "$out" -name '*.log' -exec sed -i "s#$out/#SNAPSHOT/#g" {} +
echo "import-snapshot: $(find "$out" -type f | wc -l) files in $out in $((SECONDS - started)) s"
