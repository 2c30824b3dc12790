#!/usr/bin/env bash
# The generator's promise: the code routegen generates today from Specs/ (checked in under
# Generated/) must compile against the runtime of the API baseline (the commit in
# `api-baseline`, the last release), so an app that upgrades the generator without the
# runtime keeps building. A generator change that needs a newer runtime fails here until
# CHANGELOG.md says so under `## [Unreleased]` → `### Breaking`, in a line containing
# "generated code needs" (for example: "- Generated code needs EndpointKit 0.2: it calls
# `Endpoint.page(after:)`."), and the next release then moves the baseline.
#
#   scripts/generated-against-baseline.sh               # build against the baseline's runtime
#   scripts/generated-against-baseline.sh --self-test   # then prove the check can fail
#
# How: a throwaway package under .build/ with the baseline's Sources/EndpointKit,
# Sources/EndpointKitTesting and Sources/EndpointKitAudit (git archive, no worktree), today's
# hand-written models (Sources/<Api>Models, where an API still has them) and today's Generated/
# (the APIs, their companions <Api>APIPreview and their route-audit tests), built with
# `swift build --build-tests`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

self_test=false
changelog=CHANGELOG.md
while [[ $# -gt 0 ]]; do
    case "$1" in
        --self-test) self_test=true; shift ;;
        *) echo "usage: $0 [--self-test]" >&2; exit 2 ;;
    esac
done

say() { printf 'generated-against-baseline.sh: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

commit=$(scripts/api-baseline.sh) || exit 1
apis=(Library Pizzeria)

package=$root/.build/generated-against-baseline
rm -rf "$package"
mkdir -p "$package/Baseline" "$package/Current" "$package/Generated"
trap 'rm -rf "$package"' EXIT

git archive "$commit" Sources/EndpointKit Sources/EndpointKitTesting | tar -x -C "$package/Baseline" --strip-components=1 \
    || fail "git archive of Sources/EndpointKit and Sources/EndpointKitTesting at $commit failed"
# EndpointKitTesting's loopback server stands on HTTPWire's sockets once HTTPWire exists.
wire_target=""
testing_dependencies='"EndpointKit"'
if git cat-file -e "$commit:Sources/HTTPWire" 2>/dev/null; then
    git archive "$commit" Sources/HTTPWire | tar -x -C "$package/Baseline" --strip-components=1
    wire_target='        .target(name: "HTTPWire", path: "Baseline/HTTPWire"),'
    testing_dependencies='"EndpointKit", "HTTPWire"'
fi
with_audit=true
if git cat-file -e "$commit:Sources/EndpointKitAudit" 2>/dev/null; then
    git archive "$commit" Sources/EndpointKitAudit | tar -x -C "$package/Baseline" --strip-components=1
else
    with_audit=false
    say "the baseline has no EndpointKitAudit; compiling the generated APIs without their audit tests"
fi

targets=""
for api in "${apis[@]}"; do
    # An API whose route file declares its models has no hand-written models module.
    models=""
    if [[ -d "Sources/${api}Models" ]]; then
        cp -R "Sources/${api}Models" "$package/Current/"
        models=", \"${api}Models\""
        targets+="        .target(name: \"${api}Models\", dependencies: [\"EndpointKit\"], path: \"Current/${api}Models\"),
"
    fi
    cp -R "Generated/${api}API" "$package/Generated/"
    targets+="        .target(name: \"${api}API\", dependencies: [\"EndpointKit\"$models], path: \"Generated/${api}API\"),
"
    cp -R "Generated/${api}APIPreview" "$package/Generated/"
    targets+="        .target(name: \"${api}APIPreview\", dependencies: [\"${api}API\"$models, \"EndpointKit\", \"EndpointKitTesting\"], path: \"Generated/${api}APIPreview\"),
"
    if $with_audit; then
        cp -R "Generated/${api}APIAuditTests" "$package/Generated/"
        targets+="        .testTarget(
            name: \"${api}APIAuditTests\",
            dependencies: [\"${api}API\", \"${api}APIPreview\"$models, \"EndpointKit\", \"EndpointKitAudit\"],
            path: \"Generated/${api}APIAuditTests\"
        ),
"
    fi
done
audit_target=""
$with_audit && audit_target='        .target(name: "EndpointKitAudit", dependencies: ["EndpointKit"], path: "Baseline/EndpointKitAudit"),'
cat >"$package/Package.swift" <<EOF
// swift-tools-version: 6.1
// Written by scripts/generated-against-baseline.sh: today's generated code, the runtime of $commit.
import PackageDescription

let package = Package(
    name: "GeneratedAgainstBaseline",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    targets: [
        .target(name: "EndpointKit", path: "Baseline/EndpointKit"),
$wire_target
        .target(name: "EndpointKitTesting", dependencies: [$testing_dependencies], path: "Baseline/EndpointKitTesting"),
$audit_target
$targets    ]
)
EOF

# breaking_section FILE: the `### Breaking` section under `## [Unreleased]`.
breaking_section() {
    awk '
        /^## / { in_unreleased = ($0 ~ /^## \[Unreleased\]/); in_breaking = 0; next }
        /^### / { in_breaking = in_unreleased && ($0 ~ /^### Breaking[[:space:]]*$/); next }
        in_breaking { print }
    ' "$1"
}
# acknowledged FILE: whether FILE says, in that section, that the generated code needs a newer runtime.
acknowledged() { breaking_section "$1" | grep -qi 'generated code needs'; }

build() { swift build --build-tests --package-path "$package" >"$package/build.log" 2>&1; }

say "compiling Generated/ (${apis[*]}, audit tests: $with_audit) against the runtime of $commit"
started=$SECONDS
if build; then
    say "ok: today's generated code compiles against the runtime of $commit ($((SECONDS - started)) s)"
else
    grep -E 'error:' "$package/build.log" | sort -u | head -n 40 >&2 || cat "$package/build.log" >&2
    if acknowledged "$changelog"; then
        say "the generated code needs a newer runtime than $commit, and CHANGELOG.md says so under [Unreleased] → Breaking:"
        breaking_section "$changelog" | grep -i 'generated code needs' >&2
        exit 0
    fi
    fail "the generated code no longer compiles against the runtime of the API baseline $commit (errors above): an app that updates routegen but not EndpointKit would break. Make the generator keep to the old runtime, or note it in CHANGELOG.md under '## [Unreleased]' → '### Breaking' with a line containing 'Generated code needs' (which EndpointKit, and why); see docs/versioning.md"
fi

if $self_test; then
    # A generated file that calls an API the baseline's runtime lacks must fail the build.
    cat >"$package/Generated/LibraryAPI/NeedsANewerRuntime.swift" <<'EOF'
import EndpointKit

public let needsANewerRuntime = Endpoint<Empty>.endpointKitAPIThatNoBaselineHas
EOF
    if build; then
        fail "self-test: a generated file using an API the baseline lacks still compiled; the check cannot fail"
    fi
    grep -q "endpointKitAPIThatNoBaselineHas" "$package/build.log" \
        || { cat "$package/build.log" >&2; fail "self-test: the build failed for another reason"; }
    # Only a line under [Unreleased] → Breaking acknowledges it.
    notes=$package/changelog-probes
    mkdir -p "$notes"
    line="- Generated code needs EndpointKit 9.9: it calls \`Endpoint.endpointKitAPIThatNoBaselineHas\`."
    printf '# Changelog\n\n## [Unreleased]\n\n### Breaking\n\n%s\n\n## [0.1.0] - 2026-12-01\n' "$line" >"$notes/breaking.md"
    printf '# Changelog\n\n## [Unreleased]\n\n### Added\n\n%s\n\n### Breaking\n\n## [0.1.0] - 2026-12-01\n' "$line" >"$notes/added.md"
    printf '# Changelog\n\n## [Unreleased]\n\n### Breaking\n\n## [0.1.0] - 2026-12-01\n\n### Breaking\n\n%s\n' "$line" >"$notes/released.md"
    acknowledged "$notes/breaking.md" || fail "self-test: the note under [Unreleased] → Breaking is not seen"
    ! acknowledged "$notes/added.md" || fail "self-test: a note under [Unreleased] → Added counted"
    ! acknowledged "$notes/released.md" || fail "self-test: a note under a released version counted"
    ! acknowledged "$changelog" || say "note: $changelog already acknowledges a generated-code break"
    say "self-test passed: generated code using an API the baseline lacks fails to compile; only a note under [Unreleased] → Breaking acknowledges it"
fi
