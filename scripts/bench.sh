#!/usr/bin/env bash
# The benchmark: generation speed (100, 1,000 and 10,000 routes), compile cost of generated
# code next to hand-written code, and runtime overhead, each against its target. Release build.
# Prints a table and writes bench-results/results.json. A few minutes on 2 cores.
#   scripts/bench.sh [--quick] [--skip-compile] [--compile-only] [--compile-runs N] [--json PATH]
#   scripts/bench.sh --import-only   # only `routegen import` of Box and OpenAI (wall, CPU, peak
#                                    # RSS, own growth) and the YAML/JSON reader rows; no compile
# Other row filters: --models-only, --documents-only, --imported-only (routegen-bench --help).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product routegen >/dev/null
swift build -c release --product routegen-bench >/dev/null
exec "$(swift build -c release --show-bin-path)/routegen-bench" "$@"
