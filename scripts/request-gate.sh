#!/usr/bin/env bash
# The request-side gate, the twin of scripts/conformance.sh: for every operation of each OpenAPI
# description, the request EndpointKit builds from sample arguments (routegen-requests: the
# description imported in memory, each route's request built with the calls generated code
# makes) must be unmarshalled by openapi-core (PyPI, installed into .venv/request-gate) against
# the ORIGINAL description back to those arguments: path, query, header and cookie parameters,
# and a body media type the operation accepts (scripts/request_gate.py says how it reads them).
# Body content problems are listed apart and not counted.
#
#   scripts/request-gate.sh [--min PERCENT] [--body-notes] [DESCRIPTION...]
#
# Without arguments: every description of corpus/real and corpus/public. Prints, per
# description, `request-gate: NAME: N of M operations (P %)` and each failure; fails when one is
# below 99 % (or --min). Descriptions are checked side by side, one per core.
# Environment: ROUTEGEN_REQUESTS (a built routegen-requests; default: build it, debug, which
# is faster overall here than release: see docs/reliability.md).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
started=$SECONDS
minimum=99
body_notes=()
descriptions=()
while [ $# -gt 0 ]; do
    case "$1" in
        --min) minimum="$2"; shift ;;
        --body-notes) body_notes=(--body-notes) ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "request-gate: unknown option '$1'" >&2; exit 2 ;;
        *) descriptions+=("$1") ;;
    esac
    shift
done
if [ ${#descriptions[@]} -eq 0 ]; then
    shopt -s nullglob
    descriptions=("$repo"/corpus/real/*/openapi.{json,yaml,yml} "$repo"/corpus/public/*/openapi.{json,yaml,yml})
    shopt -u nullglob
fi
for description in "${descriptions[@]}"; do
    [ -f "$description" ] || { echo "request-gate: no description at '$description'" >&2; exit 2; }
done

# A venv of its own: openapi-core 0.23 needs openapi-spec-validator below 0.9, and
# scripts/validate-exports.sh pins 0.9.0 in .venv. Pinned, so a release cannot change the verdict.
venv="$repo/.venv/request-gate"
packages=(openapi-core==0.23.1 openapi-spec-validator==0.8.5 openapi-schema-validator==0.8.1 jsonschema==4.26.0 jsonschema-path==0.4.6 PyYAML==6.0.4 Werkzeug==3.1.9)
if ! "$venv/bin/python" -c 'import openapi_core' 2>/dev/null; then
    echo "request-gate: installing ${packages[*]} into $venv" >&2
    [[ -x $venv/bin/pip ]] || python3 -m venv "$venv" >&2 || { echo "request-gate: python3 -m venv failed; install python3-venv" >&2; exit 1; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}" >&2 \
        || { echo "request-gate: pip install failed" >&2; exit 1; }
fi

if [ -z "${ROUTEGEN_REQUESTS:-}" ]; then
    (cd "$repo" && nice swift build --product routegen-requests >&2)
    ROUTEGEN_REQUESTS="$(cd "$repo" && swift build --show-bin-path)/routegen-requests"
fi

work="$(mktemp -d /tmp/routegen-request-gate.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# One description: its report in <index>.out, the checker's exit status in <index>.status.
check_description() {
    local index="$1" description="$2" name
    name="$(basename "$(dirname "$description")")"
    set +e
    "$venv/bin/python" "$repo/scripts/request_gate.py" --tool "$ROUTEGEN_REQUESTS" --name "$name" \
        --min "$minimum" "${body_notes[@]}" "$description" >"$work/$index.out" 2>&1
    echo $? >"$work/$index.status"
}

lanes="$(nproc 2>/dev/null || echo 2)"
for index in "${!descriptions[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n || true; done
    check_description "$index" "${descriptions[$index]}" &
done
wait

failed=0
for index in "${!descriptions[@]}"; do
    cat "$work/$index.out"
    status="$(cat "$work/$index.status")"
    [ "$status" -eq 0 ] || { failed=1; echo "request-gate: ${descriptions[$index]}: exit status $status" >&2; }
    [ "$status" -le 1 ] || echo "request-gate: FAILED: ${descriptions[$index]} could not be checked" >&2
done
echo "request-gate: ${#descriptions[@]} descriptions in $((SECONDS - started)) s"
if [ "$failed" -ne 0 ]; then
    echo "request-gate: FAILED: a description is below $minimum % or could not be checked" >&2
    exit 1
fi
echo "request-gate: OK: every description at or above $minimum %"
