#!/usr/bin/env bash
# What the parser accepts, the compiler accepts: makes COUNT random valid route files
# (every syntactic form, keywords and reserved names as route and parameter names, unicode
# docs, deep generics, hundreds of parameters), generates code for all of them, and
# type-checks every generated source file in ONE compiler invocation against stub models;
# a warning fails the run like an error.
# The route-audit tests of the first AUDITED files are compiled too, each against its own
# API module, and must compile without a warning. Any compiler error fails the run; turn it
# into a snippet test.
#   scripts/compile-random-specs.sh [COUNT=300] [SEED=1] [AUDITED=8]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
count="${1:-300}"
seed="${2:-1}"
audited="${3:-8}"
for number in "$count" "$seed" "$audited"; do
    [[ "$number" =~ ^[0-9]+$ ]] || { echo "random-specs: '$number' is not a whole number; usage: scripts/compile-random-specs.sh [COUNT=300] [SEED=1] [AUDITED=8]" >&2; exit 2; }
done
work="$repo/.build/random-specs"
rm -rf "$work"
mkdir -p "$work/modules"

swift build --product routegen >/dev/null
swift build --product routegen-fuzz >/dev/null
swift build --target EndpointKitAudit >/dev/null   # and EndpointKit: the audit tests import both
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"

"$bin/routegen-fuzz" --random-specs "$work/specs" "$count" "$seed"
"$bin/routegen" generate "$work/specs" --output "$work/out" >/dev/null

swiftc -emit-module -parse-as-library -module-name RandomSpecModels -I "$modules" \
    -emit-module-path "$work/modules/RandomSpecModels.swiftmodule" "$work/specs/RandomSpecModels.swift"

sources=("$work"/out/*API/*.swift)
echo "random-specs: type-checking ${#sources[@]} generated files from $count route files in one invocation"
if ! swiftc -typecheck -wmo -parse-as-library -module-name RandomSpecs -I "$modules" -I "$work/modules" \
    "${sources[@]}" >"$work/compile.log" 2>&1 || grep -q "warning:" "$work/compile.log"; then
    grep -A6 -E "error:|warning:" "$work/compile.log" | head -n 60 >&2
    echo "random-specs: $(grep -c -E 'error:|warning:' "$work/compile.log") compiler errors and warnings" >&2
    exit 1
fi

for index in $(seq 0 $((audited - 1))); do
    api="Random$index"
    swiftc -emit-module -parse-as-library -module-name "${api}API" -I "$modules" -I "$work/modules" \
        -emit-module-path "$work/modules/${api}API.swiftmodule" "$work/out/${api}API/"*.swift
    # Compiled to an object, not only type-checked: some errors (an integer literal that
    # overflows its type) come after type checking. Warnings fail the run too: generated
    # code compiles clean.
    if ! swiftc -c -wmo -Onone -parse-as-library -module-name "${api}APIAuditTests" -I "$modules" -I "$work/modules" \
        -o "$work/audit-$index.o" "$work/out/${api}APIAuditTests/"*.swift >"$work/audit-$index.log" 2>&1 \
        || grep -q "warning:" "$work/audit-$index.log"; then
        grep -A6 -E "error:|warning:" "$work/audit-$index.log" | head -n 40 >&2
        echo "random-specs: the audit tests of $api do not compile cleanly" >&2
        exit 1
    fi
done
echo "random-specs: $count route files generated and type-checked (${#sources[@]} source files), audit tests of $audited compiled"
echo "random-specs: $count passed, 0 failed"
