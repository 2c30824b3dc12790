#!/usr/bin/env bash
# Runs EndpointKitTests (the client-under-attack suites included: 200 concurrent requests through
# one client, servers that misbehave) under ThreadSanitizer, and fails on any report.
#
#   scripts/tsan.sh            # from anywhere; builds into .build/tsan
#
# The suite runs in a package of its own that holds only the runtime (scripts/runtime-manifest.sh)
# and its tests, linked to this checkout's sources: the generator's modules
# and tests have no threads of their own, and instrumenting them would triple the build.
#
# Exit status: swift test's own failure, or 1 when ThreadSanitizer reported anything even if the
# test process still exited 0.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"

package="$repo/.build/tsan-package"
mkdir -p "$package/Sources" "$package/Tests"
for target in EndpointKit EndpointKitTesting EndpointKitAudit HTTPWire; do
    ln -sfn "$repo/Sources/$target" "$package/Sources/$target"
done
ln -sfn "$repo/Tests/EndpointKitTests" "$package/Tests/EndpointKitTests"
"$repo/scripts/runtime-manifest.sh" --tests >"$package/Package.swift"

log="$(mktemp "${TMPDIR:-/tmp}/tsan.XXXXXX.log")"
trap 'rm -f "$log"' EXIT

# halt_on_error=0: report every race in one run; exitcode=66 makes a reporting process fail.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 exitcode=66 second_deadlock_stack=1}"
# Backtraces from the Swift runtime would interleave with TSan's own reports.
export SWIFT_BACKTRACE="enable=no"

status=0
swift test --package-path "$package" --sanitize=thread --scratch-path "$repo/.build/tsan" -j 2 2>&1 | tee "$log" || status=$?

if grep -q "ThreadSanitizer" "$log"; then
    reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
    echo "tsan.sh: ThreadSanitizer reported ${reports} problem(s); see the WARNING blocks above" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "tsan.sh: swift test failed under ThreadSanitizer (exit ${status})" >&2
    exit "$status"
fi
if ! grep -qE "Test run with [0-9]+ tests? .*passed" "$log"; then
    echo "tsan.sh: swift test ran no Swift Testing tests" >&2
    exit 1
fi
echo "tsan.sh: EndpointKitTests passed under ThreadSanitizer with no report"
