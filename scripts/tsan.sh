#!/usr/bin/env bash
# Runs EndpointKitTests (the client-under-attack suites included: 200 concurrent requests through
# one client, servers that misbehave) under ThreadSanitizer, and fails on any report.
#
#   scripts/tsan.sh            # from the package root; builds into .build/tsan
#
# Exit status: swift test's own failure, or 1 when ThreadSanitizer reported anything even if the
# test process still exited 0.
set -euo pipefail
cd "$(dirname "$0")/.."

log="$(mktemp "${TMPDIR:-/tmp}/tsan.XXXXXX.log")"
trap 'rm -f "$log"' EXIT

# halt_on_error=0: report every race in one run; exitcode=66 makes a reporting process fail.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 exitcode=66 second_deadlock_stack=1}"
# Backtraces from the Swift runtime would interleave with TSan's own reports.
export SWIFT_BACKTRACE="enable=no"

status=0
swift test --sanitize=thread --scratch-path .build/tsan -j 2 --filter EndpointKitTests 2>&1 | tee "$log" || status=$?

if grep -q "ThreadSanitizer" "$log"; then
    reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
    echo "tsan.sh: ThreadSanitizer reported ${reports} problem(s); see the WARNING blocks above" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "tsan.sh: swift test failed under ThreadSanitizer (exit ${status})" >&2
    exit "$status"
fi
echo "tsan.sh: EndpointKitTests passed under ThreadSanitizer with no report"
