#!/usr/bin/env bash
# No silent breaking change: compares the public API of the runtime products (EndpointKit,
# EndpointKitTesting, EndpointKitAudit) with the commit recorded in `api-baseline`, using
# `swift package diagnose-api-breaking-changes`. Each break it reports must be named in
# CHANGELOG.md, in the `### Breaking` section of `## [Unreleased]`, by the declaration the tool
# prints: for `💔 API breakage: constructor APIErrorBody.init(message:error:title:detail:) has
# been removed`, a line with `APIErrorBody.init(message:error:title:detail:)` in backticks (or the
# tool's whole message). Otherwise
# the check fails and lists what to write.
#
#   scripts/api-check.sh                        # baseline from api-baseline, CHANGELOG.md
#   scripts/api-check.sh --baseline COMMIT      # another baseline (scripts/test-api-check.sh)
#
# The baseline's API is built once per commit into .build/api-baseline/<commit>/ and reused
# (API_BASELINE_CACHE=DIR puts that cache elsewhere). Exit status: 0 no break or every break
# named, 1 an unnamed break or a failure, 2 usage.
set -euo pipefail
cd "$(dirname "$0")/.."

products=(EndpointKit EndpointKitTesting EndpointKitAudit)
baseline=
changelog=CHANGELOG.md

while [[ $# -gt 0 ]]; do
    case "$1" in
        --baseline) baseline=${2:?--baseline needs a commit}; shift 2 ;;
        --changelog) changelog=${2:?--changelog needs a file}; shift 2 ;;
        *) echo "usage: $0 [--baseline COMMIT] [--changelog FILE]" >&2; exit 2 ;;
    esac
done

say() { printf 'api-check.sh: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

commit=$(scripts/api-baseline.sh ${baseline:+"$baseline"}) || exit 1
[[ -f $changelog ]] || fail "$changelog is missing"

# The tool keeps the baseline API per commit (DIR/<commit>/<Module>.json) and reuses it.
cache=${API_BASELINE_CACHE:-$PWD/.build/api-baseline}
mkdir -p "$cache"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

say "comparing ${products[*]} with $commit (baseline API cached in $cache)"
started=$SECONDS
status=0
swift package diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
    --baseline-dir "$cache" >"$log" 2>&1 || status=$?
say "diagnose-api-breaking-changes took $((SECONDS - started)) s (exit $status)"

# The changelog's `### Breaking` section under `## [Unreleased]`: from that heading to the next
# `### ` or `## ` heading.
breaking_section=$(awk '
    /^## / { in_unreleased = ($0 ~ /^## \[Unreleased\]/); in_breaking = 0; next }
    /^### / { in_breaking = in_unreleased && ($0 ~ /^### Breaking[[:space:]]*$/); next }
    in_breaking { print }
' "$changelog")

# One line per break, without the marker: `constructor X.init(a:) has been removed`.
breaks=$(sed -n 's/^.*API breakage: //p' "$log" | sort -u)
if [[ -z $breaks ]]; then
    if [[ $status -ne 0 ]]; then
        cat "$log" >&2
        fail "diagnose-api-breaking-changes failed without reporting a break (above)"
    fi
    grep -E 'No breaking changes detected' "$log" >&2 || true
    say "no breaking change to ${products[*]} since $commit"
    exit 0
fi
[[ $status -ne 0 ]] || { cat "$log" >&2; fail "the tool reported breaks but exited 0; its output format changed, check this script"; }

unnamed=0
while IFS= read -r line; do
    # The declaration is the word after the kind (`func`, `var`, `constructor`, `case`, ...).
    declaration=$(awk '{ print $2 }' <<<"$line")
    # In backticks, so a short name (`Empty`) is not found inside other words.
    if [[ -n $declaration ]] && grep -qF -- "\`$declaration\`" <<<"$breaking_section"; then
        say "named in $changelog: $line"
    elif grep -qF -- "$line" <<<"$breaking_section"; then
        say "named in $changelog: $line"
    else
        say "NOT NAMED: $line"
        say "  add under '### Breaking' in '## [Unreleased]' of $changelog a line such as:"
        say "  - \`$declaration\`: <what changed and what users write instead>"
        unnamed=$((unnamed + 1))
    fi
done <<<"$breaks"

if (( unnamed > 0 )); then
    fail "$unnamed breaking change(s) since $commit are not named in $changelog; a minor or patch release must not break code that compiled before (docs/versioning.md)"
fi
say "every breaking change since $commit is named in $changelog"
