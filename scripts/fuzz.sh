#!/usr/bin/env bash
# Fuzzes the whole generator (lex → parse → resolve → lint → emit → format) with libFuzzer
# for a bounded time, seeded with every route file in the repository (its corpus/ included), and
# with random route files that declare types (models, enums, patches, unions, generics), valid
# and broken. Before that, the debug replayer runs RANDOM_FILES such files and three broken
# variants of each through the same pipeline, deterministically (FUZZ_SEED, default 1): every
# valid one must load, and on every input formatting must be idempotent and keep the model.
# Inputs are capped at 16 KB (-max_len): the big real-API seeds are cut, which keeps each
# execution cheap (about 8x more executions per second than whole files) while the
# structure the fuzzer needs is in the first lines.
# Fails on any crash, hang (-timeout) or memory blow-up (-rss_limit_mb); the input that
# did it lands in fuzz-artifacts/, to be replayed with `swift run routegen-fuzz <file>` and
# kept as a regression test.
# FUZZ_TARGET=yaml fuzzes the JSON and YAML document readers instead (FuzzYAML), seeded with
# every in.yaml of corpus/yaml-test-suite and the real descriptions (cut by -max_len);
# its crashes replay with `swift run routegen-fuzz --yaml <file>`.
#   scripts/fuzz.sh [seconds]     (default 300; CI runs 60)
#   FUZZ_SEED=7 RANDOM_FILES=100 scripts/fuzz.sh 60
#   FUZZ_TARGET=yaml scripts/fuzz.sh 300
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
seconds="${1:-300}"
scratch="$repo/.build/fuzz"
corpus="$repo/.build/fuzz-corpus"
artifacts="$repo/fuzz-artifacts"
fuzz_seed="${FUZZ_SEED:-1}"
random_files="${RANDOM_FILES:-40}"
target="${FUZZ_TARGET:-routes}"
export SWIFT_BACKTRACE=enable=no
if [ "$target" = yaml ]; then
    corpus="$repo/.build/fuzz-corpus-yaml"
    artifacts="$repo/fuzz-artifacts/yaml"
fi

if [ "$target" = routes ]; then
echo "fuzz: $random_files random route files with declared types, valid and broken (seed $fuzz_seed), through the debug replayer"
swift build --product routegen-fuzz >/dev/null
replayer="$(swift build --show-bin-path)/routegen-fuzz"
mkdir -p "$artifacts"
current="$repo/.build/fuzz-random-current.routes"
if ! "$replayer" --random-pipeline "$random_files" "$fuzz_seed" "$current"; then
    cp "$current" "$artifacts/random-pipeline-failure.routes"
    echo "fuzz: FAILED on a random file; it is $artifacts/random-pipeline-failure.routes (replay: swift run routegen-fuzz <file>)" >&2
    exit 1
fi
fi

echo "fuzz: building routegen-fuzz with -sanitize=fuzzer,address (release)"
swift build -c release --scratch-path "$scratch" --product routegen-fuzz \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >"$scratch.log" 2>&1 \
    || { tail -n 40 "$scratch.log"; echo "fuzz: build failed" >&2; exit 1; }
binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/routegen-fuzz"

mkdir -p "$corpus" "$artifacts"
seeds=0
if [ "$target" = yaml ]; then
    suite=corpus/yaml-test-suite
    [ -d "$suite" ] || { echo "fuzz: the YAML test suite is missing at $suite" >&2; exit 1; }
    while IFS= read -r -d '' file; do
        cp "$file" "$corpus/seed-$(echo "${file#"$suite"/}" | tr '/' '-')"
        seeds=$((seeds + 1))
    done < <(find "$suite" \( -name in.yaml -o -name in.json \) -print0)
    while IFS= read -r -d '' file; do
        cp "$file" "$corpus/seed-real-$(basename "$(dirname "$file")")-$(basename "$file")"
        seeds=$((seeds + 1))
    done < <(find corpus/real \( -name '*.yaml' -o -name '*.json' \) -print0)
    export ROUTEGEN_FUZZ_TARGET=yaml
else
    while IFS= read -r -d '' file; do
        cp "$file" "$corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
        seeds=$((seeds + 1))
    done < <(find Specs Tests corpus -name '*.routes' -not -path '*/.build/*' -print0 2>/dev/null)
    "$replayer" --fuzz-seeds "$corpus" "$random_files" "$fuzz_seed"
    seeds=$((seeds + 2 * random_files))
fi
echo "fuzz ($target): $seeds seed files; running for ${seconds}s"

log="$repo/.build/fuzz-run-$target.log"
status=0
"$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
summary="$(grep -E '^#[0-9]+.*(DONE|pulse)' "$log" | tail -n 1 || true)"
executions="$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)"
echo "fuzz: $summary"
echo "fuzz: executions: ${executions:-unknown}"
if [ "$status" -ne 0 ]; then
    grep -E 'ERROR|==[0-9]+==|Fatal error|SUMMARY|artifact' "$log" | head -n 30 >&2 || true
    echo "fuzz: FAILED (exit $status); the input is in $artifacts/ (replay: swift run routegen-fuzz$([ "$target" = yaml ] && echo " --yaml") <file>)" >&2
    exit 1
fi
echo "fuzz: 1 passed, 0 failed"
