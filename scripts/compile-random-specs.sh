#!/usr/bin/env bash
# What the parser accepts, the compiler accepts: makes COUNT random valid route files
# (every syntactic form, keywords and reserved names as route and parameter names, unicode
# docs, deep generics, hundreds of parameters, and declared types of every kind: models,
# enums, patches, generic models, includes, unions, recursion), generates code for all of
# them, and type-checks every generated source file, the companions' (<Api>APIPreview: samples
# and preview clients) included, in ONE compiler invocation against stub models; a warning
# fails the run like an error.
# The audit tests of the first AUDITED files (route audits and the models' round trips) are
# compiled against their API and companion modules, without a warning, linked into one test
# runner with EndpointKit, EndpointKitTesting and EndpointKitAudit, and run: every test must pass. This runs beside the big
# type-check, on the second core. Any failure fails the run; turn it into a snippet test.
#   scripts/compile-random-specs.sh [COUNT=300] [SEED=1] [AUDITED=8]
# KNOWN_BUGS=1 adds to each file one form the generator is known to get wrong
# (SyntheticRoutes/KnownGeneratorBugs.swift), to check whether a fix holds.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
count="${1:-300}"
seed="${2:-1}"
audited="${3:-8}"
for number in "$count" "$seed" "$audited"; do
    [[ "$number" =~ ^[0-9]+$ ]] || { echo "random-specs: '$number' is not a whole number; usage: scripts/compile-random-specs.sh [COUNT=300] [SEED=1] [AUDITED=8]" >&2; exit 2; }
done
[ "$audited" -le "$count" ] || audited="$count"
started=$SECONDS
work="$repo/.build/random-specs"
rm -rf "$work"
mkdir -p "$work/modules" "$work/objects"
shopt -s nullglob

swift build --product routegen >/dev/null
swift build --product routegen-fuzz >/dev/null
swift build --target EndpointKitAudit >/dev/null   # and EndpointKit: the audit tests import both
swift build --target EndpointKitTesting >/dev/null # the companions' preview clients import it
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"

known_bugs=()
[ "${KNOWN_BUGS:-0}" = 1 ] && known_bugs=(--known-bugs)
"$bin/routegen-fuzz" --random-specs "$work/specs" "$count" "$seed" "${known_bugs[@]}"
"$bin/routegen" generate "$work/specs" --output "$work/out" >/dev/null
echo "random-specs: generated in $((SECONDS - started)) s"

# The stub models' module, for the type-check (no function bodies: only their interface is
# needed); the audit job compiles their object.
stubs=("$work/specs/RandomSpecModels/"*.swift)
if [ "${#stubs[@]}" -gt 0 ]; then
    swiftc -emit-module -wmo -parse-as-library -module-name RandomSpecModels -I "$modules" \
        -Xfrontend -experimental-skip-all-function-bodies \
        -emit-module-path "$work/modules/RandomSpecModels.swiftmodule" "${stubs[@]}"
fi

# Prints a compiler log's errors and warnings and fails when it has any.
clean_or_report() {
    local log="$1" what="$2"
    if grep -q -E "error:|warning:" "$log"; then
        { grep -A6 -E "error:|warning:" "$log" | head -n 60; } >&2 || true
        echo "random-specs: $what: $(grep -c -E '^[^ ].*(error|warning):' "$log") compiler errors and warnings" >&2
        return 1
    fi
}

# The audit tests of the first files: each API module compiled to an object, its audit tests
# compiled to an object (not only type-checked: some errors, such as an integer literal that
# overflows its type, come after type checking), all linked into one runner and run.
audit() {
    local objects=() stubs=()
    for index in $(seq 0 $((audited - 1))); do
        if [ -e "$work/specs/RandomSpecModels/Random$index.swift" ]; then
            stubs+=("$work/specs/RandomSpecModels/Random$index.swift")
        fi
    done
    if [ "${#stubs[@]}" -gt 0 ]; then
        # Only the stubs of the audited files: the runner links no other.
        swiftc -c -wmo -Onone -parse-as-library -module-name RandomSpecModels -I "$modules" \
            -o "$work/objects/RandomSpecModels.o" "${stubs[@]}"
        objects+=("$work/objects/RandomSpecModels.o")
    fi
    for index in $(seq 0 $((audited - 1))); do
        local api="Random$index"
        local sources=("$work/out/${api}API/"*.swift "$work/out/${api}API/Models/"*.swift)
        # One package name for a module and its companion, as SwiftPM gives them: the companion's
        # conformances of the API's types are then not retroactive.
        swiftc -c -wmo -Onone -parse-as-library -package-name RandomSpecs -module-name "${api}API" -I "$modules" -I "$work/modules" \
            -emit-module -emit-module-path "$work/modules/${api}API.swiftmodule" \
            -o "$work/objects/${api}API.o" "${sources[@]}" >"$work/api-$index.log" 2>&1 || true
        clean_or_report "$work/api-$index.log" "the sources of $api" || return 1
        swiftc -c -wmo -Onone -parse-as-library -package-name RandomSpecs -module-name "${api}APIPreview" -I "$modules" -I "$work/modules" \
            -emit-module -emit-module-path "$work/modules/${api}APIPreview.swiftmodule" \
            -o "$work/objects/${api}APIPreview.o" "$work/out/${api}APIPreview/"*.swift "$work/out/${api}APIPreview/Models/"*.swift \
            >"$work/preview-$index.log" 2>&1 || true
        clean_or_report "$work/preview-$index.log" "the companion of $api" || return 1
        swiftc -c -wmo -Onone -parse-as-library -module-name "${api}APIAuditTests" -I "$modules" -I "$work/modules" \
            -o "$work/objects/${api}APIAuditTests.o" "$work/out/${api}APIAuditTests/"*.swift >"$work/audit-$index.log" 2>&1 || true
        clean_or_report "$work/audit-$index.log" "the audit tests of $api" || return 1
        objects+=("$work/objects/${api}API.o" "$work/objects/${api}APIPreview.o" "$work/objects/${api}APIAuditTests.o")
    done
    printf '%s\n' 'import Testing' '' '@main struct RandomAuditRunner {' \
        '    static func main() async { await Testing.__swiftPMEntryPoint() as Never }' '}' >"$work/runner.swift"
    swiftc -Onone -parse-as-library -module-name RandomAuditRunner -I "$modules" -o "$work/audit-runner" "$work/runner.swift" \
        "${objects[@]}" "$bin/EndpointKit.build/"*.o "$bin/EndpointKitTesting.build/"*.o "$bin/HTTPWire.build/"*.o \
        "$bin/EndpointKitAudit.build/"*.o \
        >"$work/link.log" 2>&1 || { head -n 30 "$work/link.log" >&2; echo "random-specs: the audit runner does not link" >&2; return 1; }
    if ! "$work/audit-runner" >"$work/audit-run.log" 2>&1; then
        { grep -E "✘|Fatal error|Crash|signal" "$work/audit-run.log" | grep -v -E "^✘ (Suite|Test run)" | head -n 40; } >&2 || true
        tail -n 3 "$work/audit-run.log" >&2
        echo "random-specs: the audit tests of the first $audited files fail (log: $work/audit-run.log)" >&2
        return 1
    fi
    echo "$(tail -n 1 "$work/audit-run.log") (done at $((SECONDS - started)) s)"
}
audit_status=0
audit_pid=""
# The audit job and the compiler it runs stop with the script, whichever way it ends.
trap '[ -n "$audit_pid" ] && { pkill -P "$audit_pid" 2>/dev/null; kill "$audit_pid" 2>/dev/null; }; true' EXIT
if [ "$audited" -gt 0 ]; then
    audit >"$work/audit.out" 2>"$work/audit.err" &
    audit_pid=$!
fi

# The companions join the one module without their imports of <Api>API, whole or by name (the
# module they extend is this one), each file named after its API so two APIs' `BooksSamples.swift`
# do not clash.
mkdir -p "$work/previews"
for companion in "$work"/out/*APIPreview/*.swift "$work"/out/*APIPreview/Models/*.swift; do
    api="$(basename "${companion%%APIPreview/*}")"
    sed -E '/^(@testable )?((public|package|internal) )?import ([a-z]+ )?[A-Za-z0-9_]+API(\.[^ ]+)?$/d' "$companion" >"$work/previews/$api-$(basename "$companion")"
done
sources=("$work"/out/*API/*.swift "$work"/out/*API/Models/*.swift "$work"/previews/*.swift)
# The declared types, counted where the emitter put them (beside their groups: docs/generated-code.md).
declared=$(cat "$work"/out/*API/*Models.swift "$work"/out/*API/Models/*.swift /dev/null | grep -c -E "^(public )?(nonisolated )?(indirect )?(struct|enum) " || true)
echo "random-specs: type-checking ${#sources[@]} generated files ($declared declared types) from $count route files in one invocation"
typecheck_status=0
swiftc -typecheck -wmo -parse-as-library -module-name RandomSpecs -I "$modules" -I "$work/modules" \
    "${sources[@]}" >"$work/compile.log" 2>&1 || typecheck_status=$?
if [ "$typecheck_status" -ne 0 ] || grep -q "warning:" "$work/compile.log"; then
    { grep -A6 -E "error:|warning:" "$work/compile.log" | head -n 60; } >&2 || true
    echo "random-specs: $(grep -c -E '^[^ ].*(error|warning):' "$work/compile.log") compiler errors and warnings" >&2
    exit 1
fi
echo "random-specs: type-checked in $((SECONDS - started)) s"

if [ "$audited" -gt 0 ]; then
    wait "$audit_pid" || audit_status=$?
    audit_pid=""
    cat "$work/audit.err" >&2
    if [ "$audit_status" -ne 0 ]; then
        exit 1
    fi
    echo "random-specs: audit tests of $audited files: $(cat "$work/audit.out")"
fi
echo "random-specs: $count route files generated and type-checked (${#sources[@]} source files, $declared declared types), audit tests of $audited compiled and run, in $((SECONDS - started)) s"
echo "random-specs: $count passed, 0 failed"
