#!/usr/bin/env bash
# The test of scripts/api-check.sh itself: a check that cannot fail is a defect. In a throwaway
# clone of this repository (the working tree's api-check.sh, api-baseline and CHANGELOG.md
# copied in), it removes a public initializer and asserts:
#   1. api-check.sh fails and names the removed initializer;
#   2. naming it outside `## [Unreleased]` → `### Breaking` (under `### Added`) still fails;
#   3. naming it under `### Breaking` passes;
#   4. a baseline commit missing from the clone fails with a message saying so.
# The baseline's API is cached in .build/api-baseline, shared with the real check, so CI builds
# the baseline once. The clone's manifest (scripts/runtime-manifest.sh) keeps only the runtime's
# products, the ones api-check.sh compares, so the check builds the runtime alone: about 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

say() { printf 'test-api-check.sh: %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
clone=$scratch/repo
git clone --quiet --no-hardlinks "$root" "$clone"
cp scripts/api-check.sh scripts/api-baseline.sh "$clone/scripts/"
cp api-baseline CHANGELOG.md "$clone/"
scripts/runtime-manifest.sh >"$clone/Package.swift"
export API_BASELINE_CACHE=$root/.build/api-baseline

# The deliberate break: remove APIErrorBody's public memberwise initializer.
declaration='APIErrorBody.init(message:error:title:detail:)'
python3 - "$clone/Sources/EndpointKit/APIError.swift" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
pattern = re.compile(r"    /// Creates an error body\.\n    public init\(message: String\? = nil, error: String\? = nil, title: String\? = nil, detail: String\? = nil\) \{\n(?:        .*\n)*?    \}\n\n")
text, count = pattern.subn("", text)
if count != 1:
    sys.exit(f"expected to remove one public initializer from {path}, removed {count}")
open(path, "w", encoding="utf-8").write(text)
PY
grep -q 'public init(message: String?' "$clone/Sources/EndpointKit/APIError.swift" && fail "the initializer is still there"

run_check() { (cd "$clone" && scripts/api-check.sh "$@") >"$scratch/out.log" 2>&1; }

# 1. The break, not named: fails, and says which declaration to name.
started=$SECONDS
if run_check; then cat "$scratch/out.log" >&2; fail "removing $declaration did not fail api-check.sh"; fi
grep -q "NOT NAMED: .*$declaration" "$scratch/out.log" || { cat "$scratch/out.log" >&2; fail "the failure does not name $declaration"; }
grep -q "are not named in CHANGELOG.md" "$scratch/out.log" || { cat "$scratch/out.log" >&2; fail "the failure does not say what to do"; }
say "ok: an unnamed removal of $declaration fails ($((SECONDS - started)) s)"

# add_line HEADING: the line naming the break, as the first line under HEADING in [Unreleased].
add_line() {
    python3 - "$clone/CHANGELOG.md" "$1" "- \`$declaration\` is removed; write \`APIErrorBody()\` and set the fields." <<'PY'
import sys
path, heading, line = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
unreleased = text.index("## [Unreleased]\n")
section_end = text.find("\n## ", unreleased + 1)
section_end = len(text) if section_end < 0 else section_end + 1
found = text.find(heading + "\n", unreleased, section_end)
if found < 0:
    # Right after a release the section may not have this heading yet: add it.
    top = unreleased + len("## [Unreleased]\n")
    text = text[:top] + "\n" + heading + "\n" + text[top:]
    found = top + 1
at = found + len(heading) + 1
open(path, "w", encoding="utf-8").write(text[:at] + "\n" + line + "\n" + text[at:])
PY
}

# 2. Named, but in the wrong section: still fails.
cp "$clone/CHANGELOG.md" "$scratch/CHANGELOG.orig"
add_line "### Added"
if run_check; then cat "$scratch/out.log" >&2; fail "a break named under ### Added passed; it must be under ### Breaking"; fi
grep -q "NOT NAMED: .*$declaration" "$scratch/out.log" || { cat "$scratch/out.log" >&2; fail "expected $declaration to be reported as not named"; }
say "ok: naming it under ### Added does not count"

# 3. Named under ### Breaking: passes.
cp "$scratch/CHANGELOG.orig" "$clone/CHANGELOG.md"
add_line "### Breaking"
if ! run_check; then cat "$scratch/out.log" >&2; fail "the break named under ### Breaking still failed"; fi
grep -q "named in CHANGELOG.md: .*$declaration" "$scratch/out.log" || { cat "$scratch/out.log" >&2; fail "the pass does not list $declaration as named"; }
say "ok: naming it under ## [Unreleased] → ### Breaking passes"

# 4. A baseline the clone does not have: a clear failure, before any build.
if run_check --baseline 0123456789abcdef0123456789abcdef01234567; then fail "a missing baseline commit passed"; fi
grep -q "is not in this clone" "$scratch/out.log" || { cat "$scratch/out.log" >&2; fail "a missing baseline does not say so"; }
say "ok: a missing baseline commit fails with a message"

say "api-check.sh fails on an unnamed break and passes once CHANGELOG.md names it ($((SECONDS - started)) s)"
