#!/usr/bin/env bash
# The benchmark: generation speed (100, 1,000 and 10,000 routes), compile cost of generated
# code next to hand-written code, and runtime overhead, each against its target. Release build.
# The whole-process rows run `routegen` as scripts/install.sh builds the command users install
# (the Swift runtime and Foundation linked in; its own folder, .build/static, built once); the
# in-process stages run in routegen-bench, an everyday `swift build -c release` binary.
# Prints a table and writes bench-results/results.json. A few minutes on 2 cores.
#   scripts/bench.sh [--quick] [--skip-compile] [--compile-only] [--compile-runs N] [--json PATH]
#   scripts/bench.sh --import-only   # only `routegen import` of Box and OpenAI (wall, CPU, peak
#                                    # RSS, own growth) and the YAML/JSON reader rows; no compile
# Other row filters: --models-only, --documents-only, --imported-only (routegen-bench --help).
# BENCH_LINKING=dynamic measures the `swift build -c release` routegen instead of the installed one.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product routegen >/dev/null
swift build -c release --product routegen-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
# The benchmark's work folder goes in a folder marked as a top of the hierarchy (`chattr +T`,
# ext4's "top directory" flag), so ext4 places it in a block group it picks by free inodes rather
# than beside the system's temporary folder. On this host's ext4 (no journal), creating a file
# first skips every inode of the folder's block group freed in the last 30 s or more, so the
# whole-process rows measured whatever else had just deleted files in /tmp (a test run, another
# benchmark): 1,000 routes took 84 ms into a folder of /tmp right after 1,600 files there were
# deleted, 61 ms into a +T folder, 57 ms into tmpfs. Elsewhere `chattr` fails and nothing changes.
runs="${TMPDIR:-/tmp}/routegen-bench-runs"
mkdir -p "$runs"
chattr +T "$runs" 2>/dev/null || true
if [ "${BENCH_LINKING:-static}" = "dynamic" ]; then
    TMPDIR="$runs" exec "$bin/routegen-bench" "$@"
fi
# Built before TMPDIR points into the work folder: SwiftPM leaves an empty temporary folder behind
# for every build, and they piled up there.
if ! installed="$(scripts/install.sh --print-path 2>/dev/null)"; then
    echo "bench.sh: the installed build failed: run scripts/install.sh --print-path to see why" >&2
    exit 1
fi
TMPDIR="$runs" exec "$bin/routegen-bench" --routegen "$installed" "$@"
