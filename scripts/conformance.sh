#!/usr/bin/env bash
# Served answers conform to the description they came from: for each description in the corpus
# (default corpus/real, or the folder given as the first argument; openapi.json,
# .yaml or .yml in each API folder), `routegen import` it, `routegen serve` the route file, and
# run Schemathesis (a third-party OpenAPI tester, from PyPI, installed into .venv) against the
# original description:
#
#   st run <description> --phases examples,coverage
#      -c response_schema_conformance,not_a_server_error,content_type_conformance
#
# It prints, per description, how many operations answered only conforming responses, and fails
# when one is below the threshold (95 %, or --min PERCENT). The credential Schemathesis sends is
# made from the description's first security scheme, so authenticated routes are exercised too.
# Descriptions are checked side by side, one per core.
#
#   scripts/conformance.sh [corpus-dir] [--min PERCENT] [--keep]
#
# Environment: ROUTEGEN (a built routegen binary; default: build it with `swift build -c release`).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$repo/corpus/real"
minimum=95
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --min) minimum="$2"; shift ;;
        --keep) keep=1 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "conformance: unknown option '$1'" >&2; exit 2 ;;
        *) corpus="$1" ;;
    esac
    shift
done
[ -d "$corpus" ] || { echo "conformance: no corpus folder at '$corpus'" >&2; exit 2; }
corpus="$(cd "$corpus" && pwd)"

venv="$repo/.venv"
packages=(schemathesis==4.32.5)
if [[ ! -x $venv/bin/st ]]; then
    echo "conformance: installing ${packages[*]} into $venv" >&2
    [[ -x $venv/bin/pip ]] || python3 -m venv "$venv" >&2 || { echo "conformance: python3 -m venv failed; install python3-venv" >&2; exit 1; }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}" >&2 \
        || { echo "conformance: pip install failed" >&2; exit 1; }
fi

if [ -z "${ROUTEGEN:-}" ]; then
    (cd "$repo" && swift build -c release --product routegen >&2)
    ROUTEGEN="$repo/.build/release/routegen"
fi

work="$(mktemp -d /tmp/routegen-conformance.XXXXXX)"
cleanup() {
    # The checks still running: each server and Schemathesis name a file in the work folder.
    for job in $(jobs -p); do kill "$job" 2>/dev/null || true; done
    pkill -f "$work/" 2>/dev/null || true
    [ "$keep" -eq 1 ] && echo "conformance: kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

# The header that carries a credential of the description's first security scheme, as
# `Name: value`; nothing when it declares none.
credential_header() {
    "$venv/bin/python" - "$1" <<'PYTHON'
import json, sys, base64
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
if path.endswith(".json"):
    document = json.loads(text)
else:
    import yaml
    document = yaml.safe_load(text)
schemes = (document.get("components") or {}).get("securitySchemes") or {}
requirements = [key for requirement in document.get("security") or [] for key in requirement] or list(schemes)
scheme = schemes.get(requirements[0]) if requirements else None
if scheme is None:
    sys.exit(0)
kind = scheme.get("type")
if kind == "apiKey" and scheme.get("in") == "header":
    print(scheme["name"] + ": " + scheme.get("x-routegen-prefix", "") + "conformance")
elif kind == "http" and scheme.get("scheme", "").lower() == "basic":
    print("Authorization: Basic " + base64.b64encode(b"conformance:").decode())
else:
    print("Authorization: Bearer conformance")
PYTHON
}

# `passed total untestable pinned` from a Schemathesis JUnit report: an operation conforms when
# its test case has neither a failure nor an error; one whose description Schemathesis cannot
# generate a request for ("Schema Error": branches nothing satisfies, duplicate `required`
# entries) sent nothing, so it is counted apart. So is one whose only failures are ST111
# ("Unknown discriminator value") for a value that the description itself pins the property to
# (its `const` or `enum`): a discriminator without a `mapping` whose variants each allow other
# values than their schema's name. Schemathesis knows only the names there, while the variants'
# own schemas (ST108) refuse the names, so no answer passes both; routegen sends the pinned
# value, which is what the variant's schema allows.
count_operations() {
    "$venv/bin/python" - "$1" "$2" <<'PYTHON'
import sys, re, json, xml.etree.ElementTree as tree
report, path = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
if path.endswith(".json"):
    document = json.loads(text)
else:
    import yaml
    document = yaml.safe_load(text)

def resolve(node):
    for _ in range(16):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/")):
            return node
        target = document
        for token in node["$ref"][2:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            target = target.get(token) if isinstance(target, dict) else None
        node = target
    return node

# Every (property, value) that a schema pins a property to with `const` or `enum`.
pinned = set()
stack = [document]
while stack:
    node = stack.pop()
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            for name, schema in properties.items():
                schema = resolve(schema)
                if isinstance(schema, dict):
                    values = ([schema["const"]] if "const" in schema else []) + (schema.get("enum") or [])
                    pinned.update((name, value) for value in values if isinstance(value, str))
        stack.extend(node.values())
    elif isinstance(node, list):
        stack.extend(node)

def pinned_discriminator(problem):
    body = (problem.get("message") or "") + "\n" + (problem.text or "")
    titles = re.findall(r"^- (ST\d+)", body, re.M)
    found = re.findall(r"discriminator property '([^']*)' with value '([^']*)'", body)
    return bool(titles) and all(title == "ST111" for title in titles) and bool(found) and all(pair in pinned for pair in found)

total = passed = untestable = contradicted = 0
for case in tree.parse(report).getroot().iter("testcase"):
    problems = case.findall("failure") + case.findall("error")
    if problems and all("Schema Error" in ((problem.get("message") or "") + (problem.text or ""))[:200] for problem in problems):
        untestable += 1
        continue
    if problems and all(pinned_discriminator(problem) for problem in problems):
        contradicted += 1
        continue
    total += 1
    if not problems:
        passed += 1
print(passed, total, untestable, contradicted)
PYTHON
}

# Imports, serves and tests one description; writes `passed total untestable pinned seconds` to
# <name>.result, or why it could not to <name>.failure.
check_description() {
    local name="$1" description="$2" routes="$work/$1.routes" port server header started
    "$ROUTEGEN" import "$description" -o "$routes" >/dev/null 2>"$work/$name.import.log" \
        || { echo "routegen import $description (see $work/$name.import.log)" >"$work/$name.failure"; return; }
    port="$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    "$ROUTEGEN" serve "$routes" --port "$port" >"$work/$name.serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 100); do
        "$venv/bin/python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
        sleep 0.1
    done
    header="$(credential_header "$description")"
    local arguments=(run "$description" --url "http://127.0.0.1:$port" --phases examples,coverage
        -c response_schema_conformance,not_a_server_error,content_type_conformance
        --report junit --report-junit-path "$work/$name.xml" --workers 2)
    [ -n "$header" ] && arguments+=(-H "$header")
    started=$SECONDS
    # From a folder of its own, where Schemathesis keeps its `.schemathesis` cache.
    mkdir -p "$work/$name.st"
    (cd "$work/$name.st" && "$venv/bin/st" "${arguments[@]}" >"$work/$name.st.log" 2>&1) || true
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    [ -f "$work/$name.xml" ] || { echo "Schemathesis wrote no report for $name (see $work/$name.st.log)" >"$work/$name.failure"; return; }
    echo "$(count_operations "$work/$name.xml" "$description") $((SECONDS - started))" >"$work/$name.result"
}

# One Schemathesis process keeps one core busy (its workers share Python's lock), so the
# descriptions are checked side by side, as many at once as there are cores.
names=()
lanes="$(nproc 2>/dev/null || echo 2)"
for folder in "$corpus"/*/; do
    name="$(basename "$folder")"
    description=""
    for candidate in openapi.json openapi.yaml openapi.yml; do
        [ -f "$folder$candidate" ] && description="$folder$candidate" && break
    done
    [ -n "$description" ] || continue
    names+=("$name")
    while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n || true; done
    check_description "$name" "$description" &
done
wait

failed=0
for name in "${names[@]}"; do
    if [ -f "$work/$name.failure" ]; then
        echo "conformance: FAILED: $(cat "$work/$name.failure")" >&2
        exit 1
    fi
    read -r passed total untestable contradicted seconds <"$work/$name.result"
    percent=$(( total == 0 ? 100 : passed * 100 / total ))
    echo "conformance: $name: $passed of $total operations answered only conforming responses ($percent %; $untestable the description gives no request for; $contradicted answered a discriminator value the variant pins; $seconds s)"
    [ "$percent" -ge "$minimum" ] || failed=1
done

if [ "$failed" -ne 0 ]; then
    echo "conformance: FAILED: a description is below $minimum % (reports: rerun with --keep)" >&2
    exit 1
fi
echo "conformance: OK: every description at or above $minimum %"
