#!/usr/bin/env bash
# Prints the full hash of the API baseline commit named in `api-baseline` (the first line that
# is not blank or a # comment), or fails with a message saying how to get it. The baseline is
# the release the runtime's public API and the generated code are checked against; the lead
# moves it to each release's commit when releasing.
#
#   commit=$(scripts/api-baseline.sh)        # or: scripts/api-baseline.sh SOMEREF
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { printf 'api-baseline.sh: error: %s\n' "$*" >&2; exit 1; }

baseline=${1:-}
if [[ -z $baseline ]]; then
    [[ -f api-baseline ]] || fail "no api-baseline file: it holds the commit the API is compared with"
    baseline=$(grep -Ev '^[[:space:]]*(#|$)' api-baseline | head -n 1 | tr -d '[:space:]')
    [[ -n $baseline ]] || fail "api-baseline names no commit"
fi
if ! commit=$(git rev-parse --verify --quiet "$baseline^{commit}"); then
    hint="fetch it (git fetch origin $baseline)"
    [[ $(git rev-parse --is-shallow-repository 2>/dev/null) == true ]] && hint="this is a shallow clone: run 'git fetch --unshallow'"
    fail "the API baseline commit '$baseline' is not in this clone; $hint, or correct api-baseline"
fi
echo "$commit"
