#!/usr/bin/env bash
# A 50 MiB download must not sit in memory: runs DownloadTests' 50 MiB test alone in its own
# test process (so the peak resident memory is its own, not the other tests' 10 MB bodies) with
# DOWNLOAD_MEMORY_CHECK=1, which makes it assert that the peak grew by less than half the body.
# Expects `swift build --build-tests` to have run.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! DOWNLOAD_MEMORY_CHECK=1 swift test --skip-build --filter fiftyMegabytesGoToDiskWithProgressAndTheRightRequest >"$log" 2>&1; then
    cat "$log" >&2
    echo "download-memory.sh: the 50 MiB download test failed" >&2
    exit 1
fi
grep -q "Test run with 1 test" "$log" || { cat "$log" >&2; echo "download-memory.sh: the test did not run" >&2; exit 1; }
grep -o "download-memory: .*" "$log"
