#!/usr/bin/env bash
# A 50 MiB download and a 100 MB event stream must not sit in memory: runs DownloadTests' 50 MiB
# test and EventStreamTests' long stream, each alone in its own test process (so the peak resident
# memory is its own, not the other tests' 10 MB bodies) with DOWNLOAD_MEMORY_CHECK=1, which makes
# each assert that the peak grew by less than 25 MB.
# Expects `swift build --build-tests` to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for test in fiftyMegabytesGoToDiskWithProgressAndTheRightRequest aLongStreamIsReadAtFlatMemory; do
    if ! DOWNLOAD_MEMORY_CHECK=1 swift test --skip-build --filter "$test" >"$log" 2>&1; then
        cat "$log" >&2
        echo "download-memory.sh: $test failed" >&2
        exit 1
    fi
    grep -q "Test run with 1 test" "$log" || { cat "$log" >&2; echo "download-memory.sh: $test did not run" >&2; exit 1; }
    grep -o "download-memory: .*" "$log"
done
