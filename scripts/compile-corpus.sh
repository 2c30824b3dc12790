#!/usr/bin/env bash
# Real APIs compile: for each API folder in the corpus (default corpus/real, or the
# folder given as the first argument), lint its .routes file, generate it into a temporary
# folder, and compile the generated sources, their companion module <Api>APIPreview (samples and
# preview client, against EndpointKitTesting) with the folder's stub models against EndpointKit,
# all in one temporary SwiftPM package. The import step does the same for each folder's OpenAPI
# description (openapi.json, .yaml or .yml; a folder may hold only one): `routegen import` it (no error allowed), then lint,
# generate and compile the imported route file with the models it declares (--no-import skips it);
# with --audit-tests, the imports' generated route-audit tests are compiled and run too. The import
# of Box compiles with Xcode 26's new-project settings and the strict import features.
# Any lint error, generate error or compiler error fails the run loudly; the last line is a summary.
#
#   scripts/compile-corpus.sh [corpus-dir] [--audit-tests] [--no-import] [--keep]
#
# Environment: ROUTEGEN (a built routegen binary; default: build it with `swift build`),
# SCRATCH_PATH (the scratch path for that build), CORPUS_BUILD_PATH (the temporary package's
# build folder, to reuse it between runs).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$repo/corpus/real"
audit_tests=0
keep=0
import=1
for argument in "$@"; do
    case "$argument" in
        --audit-tests) audit_tests=1 ;;
        --keep) keep=1 ;;
        --no-import) import=0 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "compile-corpus: unknown option '$argument'" >&2; exit 2 ;;
        *) corpus="$argument" ;;
    esac
done
[ -d "$corpus" ] || { echo "compile-corpus: no corpus folder at '$corpus'" >&2; exit 2; }
corpus="$(cd "$corpus" && pwd)"

fail() { echo "compile-corpus: FAILED: $*" >&2; exit 1; }
# The imported API compiled with Xcode 26's new-project settings and InternalImportsByDefault and
# MemberImportVisibility (scripts/compile-settings.sh does the same for the example specs).
app_settings_api="BoxImported"
started=$SECONDS

if [ -z "${ROUTEGEN:-}" ]; then
    scratch=()
    [ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
    swift build --package-path "$repo" "${scratch[@]}" --product routegen -j 2 >/dev/null \
        || fail "could not build routegen (run: swift build --product routegen)"
    ROUTEGEN="$(swift build --package-path "$repo" "${scratch[@]}" --show-bin-path)/routegen"
fi
[ -x "$ROUTEGEN" ] || fail "no routegen binary at '$ROUTEGEN'"

work="$(mktemp -d "${TMPDIR:-/tmp}/routegen-corpus.XXXXXX")"
if [ "$keep" = 1 ]; then
    echo "compile-corpus: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/Sources" "$work/Generated"
ln -s "$repo/Sources/EndpointKit" "$work/Sources/EndpointKit"
ln -s "$repo/Sources/EndpointKitTesting" "$work/Sources/EndpointKitTesting"
ln -s "$repo/Sources/HTTPWire" "$work/Sources/HTTPWire"
runtime_targets='        .target(name: "EndpointKit"),'
runtime_targets+=$'\n''        .target(name: "HTTPWire"),'
runtime_targets+=$'\n''        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit", "HTTPWire"]),'
if [ "$audit_tests" = 1 ]; then
    ln -s "$repo/Sources/EndpointKitAudit" "$work/Sources/EndpointKitAudit"
    runtime_targets+=$'\n''        .target(name: "EndpointKitAudit", dependencies: ["EndpointKit"]),'
fi

targets=""
apis=0
routes=0
warnings=0
for folder in "$corpus"/*/; do
    specs=("$folder"*.routes)
    models=("$folder"*Models.swift)
    [ -e "${specs[0]}" ] || continue
    [ "${#specs[@]}" -eq 1 ] || fail "$folder holds more than one .routes file"
    [ -e "${models[0]}" ] || fail "$folder has no *Models.swift stub models"
    spec="${specs[0]}"
    api="$(awk '$1 == "api" { print $2; exit }' "$spec")"
    module="$(basename "${models[0]}" .swift)"
    [ -n "$api" ] || fail "$spec has no 'api Name' line"

    lint_log="$work/$api-lint.log"
    if ! "$ROUTEGEN" lint "$spec" >"$lint_log" 2>&1; then
        cat "$lint_log" >&2
        fail "$spec does not lint"
    fi
    found="$(grep -c ': warning: ' "$lint_log" || true)"
    warnings=$((warnings + found))

    if ! "$ROUTEGEN" generate "$spec" --output "$work/Generated" >"$work/$api-generate.log" 2>&1; then
        cat "$work/$api-generate.log" >&2
        fail "$spec does not generate"
    fi
    count="$(grep -cE '^  +[a-zA-Z_][a-zA-Z0-9_]* +[A-Z]+ +/' "$spec" || true)"
    routes=$((routes + count))
    apis=$((apis + 1))
    echo "compile-corpus: $api: $count routes, lint ok ($found warnings), generated"

    mkdir -p "$work/Sources/$module"
    cp "${models[0]}" "$work/Sources/$module/"
    targets+="        .target(name: \"$module\", dependencies: [\"EndpointKit\"]),"$'\n'
    targets+="        .target(name: \"${api}API\", dependencies: [\"EndpointKit\", \"$module\"], path: \"Generated/${api}API\"),"$'\n'
    targets+="        .target(name: \"${api}APIPreview\", dependencies: [\"${api}API\", \"$module\", \"EndpointKit\", \"EndpointKitTesting\"], path: \"Generated/${api}APIPreview\"),"$'\n'
    # The audit tests run on the imports of the same descriptions (below): these hand-converted
    # files keep the vendors' paths (`/users/{user_id}/...`) without the import's record that
    # only the server decides them, and compiling their tests twice would double the step.
    rm -rf "$work/Generated/${api}APIAuditTests"
done

imported=0
if [ "$import" = 1 ]; then
    mkdir -p "$work/imported"
    for folder in "$corpus"/*/; do
        description=""
        for candidate in "$folder"openapi.json "$folder"openapi.yaml "$folder"openapi.yml; do
            [ -e "$candidate" ] && { description="$candidate"; break; }
        done
        [ -n "$description" ] || continue
        # A name of its own, so the imported module never meets the hand-made one.
        base="$(basename "$folder")"
        api="$(printf '%s' "${base:0:1}" | tr '[:lower:]' '[:upper:]')${base:1}Imported"
        spec="$work/imported/$api.routes"
        if ! "$ROUTEGEN" import "$description" --api "$api" -o "$spec" >"$work/$api-import.log" 2>&1; then
            if grep -q 'YAML is not read yet' "$work/$api-import.log"; then
                echo "compile-corpus: $api: skipped, the YAML reader is still a placeholder"
                continue
            fi
            grep -E 'error:' "$work/$api-import.log" | head -n 20 >&2 || true
            fail "$description does not import"
        fi
        summary="$(grep -E '^imported ' "$work/$api-import.log" || true)"
        lint_log="$work/$api-lint.log"
        if ! "$ROUTEGEN" lint "$spec" >"$lint_log" 2>&1; then
            grep -E ': error: ' "$lint_log" | head -n 20 >&2 || true
            fail "the import of $description does not lint"
        fi
        found="$(grep -c ': warning: ' "$lint_log" || true)"
        warnings=$((warnings + found))
        if ! "$ROUTEGEN" generate "$spec" --output "$work/Generated" >"$work/$api-generate.log" 2>&1; then
            cat "$work/$api-generate.log" >&2
            fail "the import of $description does not generate"
        fi
        count="$(grep -cE '^  +[a-zA-Z_][a-zA-Z0-9_]* +[A-Z]+ +/' "$spec" || true)"
        routes=$((routes + count))
        imported=$((imported + 1))
        echo "compile-corpus: $api (imported from $(basename "$description")): $summary; $count routes, lint ok ($found warnings), generated"
        # One imported API compiles in the settings of an app target made by Xcode 26 (see appSettings).
        settings=""
        [ "$api" = "$app_settings_api" ] && settings=", swiftSettings: appSettings"
        targets+="        .target(name: \"${api}API\", dependencies: [\"EndpointKit\"], path: \"Generated/${api}API\"$settings),"$'\n'
        targets+="        .target(name: \"${api}APIPreview\", dependencies: [\"${api}API\", \"EndpointKit\", \"EndpointKitTesting\"], path: \"Generated/${api}APIPreview\"$settings),"$'\n'
        if [ "$audit_tests" = 1 ]; then
            # Hand-written tests of an imported API's generated code (OpenAI's chat streamed from a
            # local server) run beside its audit tests: Tests/CorpusCompanions/<Api>Imported.
            companions="$repo/Tests/CorpusCompanions/$api"
            if [ -d "$companions" ]; then
                cp "$companions"/*.swift "$work/Generated/${api}APIAuditTests/"
                echo "compile-corpus: $api: with the tests in Tests/CorpusCompanions/$api"
            fi
            targets+="        .testTarget(name: \"${api}APIAuditTests\", dependencies: [\"${api}API\", \"${api}APIPreview\", \"EndpointKit\", \"EndpointKitAudit\", \"EndpointKitTesting\"], path: \"Generated/${api}APIAuditTests\"$settings),"$'\n'
        else
            rm -rf "$work/Generated/${api}APIAuditTests"
        fi
    done
fi

[ "$apis" -gt 0 ] || [ "$imported" -gt 0 ] || fail "no API folders with a .routes file or an OpenAPI description in $corpus"

cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

$("$repo/scripts/app-settings.sh")

let package = Package(
    name: "RoutegenCorpus",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    targets: [
$runtime_targets
$targets    ]
)
MANIFEST

build_path="${CORPUS_BUILD_PATH:-$work/.build}"
build_log="$work/build.log"
build_flags=(--package-path "$work" --scratch-path "$build_path" -j 2)
build_started=$SECONDS
[ "$audit_tests" = 1 ] && build_flags+=(--build-tests)
if ! swift build "${build_flags[@]}" >"$build_log" 2>&1; then
    grep -E 'error:' "$build_log" | sort -u | head -n 40 >&2 || true
    tail -n 20 "$build_log" >&2
    fail "the generated code of the corpus does not compile (full log: $build_log; rerun with --keep to inspect)"
fi
if grep -q 'warning:' "$build_log"; then
    grep 'warning:' "$build_log" | sort -u | head -n 20 >&2
    fail "the generated code of the corpus compiles with warnings"
fi

what="sources and their companions"
echo "compile-corpus: compiled in $((SECONDS - build_started)) s"
if [ "$audit_tests" = 1 ]; then
    test_log="$work/test.log"
    tests_started=$SECONDS
    if ! swift test --skip-build --package-path "$work" --scratch-path "$build_path" >"$test_log" 2>&1; then
        grep -E '✘|error:|failed' "$test_log" | head -n 40 >&2 || true
        tail -n 20 "$test_log" >&2
        fail "the generated audit tests of the corpus fail (full log: $test_log; rerun with --keep to inspect)"
    fi
    echo "compile-corpus: audit tests ran in $((SECONDS - tests_started)) s"
    ran="$(grep -oE 'Test run with [0-9]+ tests?( in [0-9]+ suites?)? passed' "$test_log" | tail -n 1)"
    [ -n "$ran" ] || { tail -n 20 "$test_log" >&2; fail "no passing Swift Testing run in $test_log"; }
    what="sources, companions and audit tests; ${ran#Test run with }"
fi
echo "compile-corpus: OK: $apis APIs and $imported imported descriptions, $routes routes linted ($warnings warnings), generated and compiled ($what) in $((SECONDS - started)) s"
