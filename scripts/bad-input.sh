#!/usr/bin/env bash
# Bad input never crashes or hangs the CLI: each case must end in bounded time (10 s) and
# memory (512 MB peak), with the expected exit status and a clear diagnostic. CRLF line
# endings, tabs and a byte-order mark are accepted. Route files go through `routegen lint`,
# OpenAPI descriptions through `routegen import -o`, which must write nothing on an error.
#   scripts/bad-input.sh [path/to/routegen]   (default: the debug build)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
if [ $# -ge 1 ]; then routegen="$1"; else swift build --product routegen >/dev/null; routegen="$(swift build --show-bin-path)/routegen"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# case NAME EXPECTED-STATUS EXPECTED-TEXT FILE...        (routegen lint FILE...)
# COMMAND=import case NAME EXPECTED-STATUS EXPECTED-TEXT FILE   (routegen import FILE -o OUT)
case_() {
    local name="$1" expected="$2" text="$3"
    shift 3
    local status=0
    local command=(lint "$@")
    rm -f "$work/imported.routes"
    [ "${COMMAND:-lint}" = import ] && command=(import "$1" -o "$work/imported.routes")
    /usr/bin/time -f "%e %M" -o "$work/time" timeout 10 "$routegen" "${command[@]}" >"$work/out" 2>&1 || status=$?
    read -r seconds kilobytes < <(tail -n 1 "$work/time") || true
    if [ "$status" -eq 124 ]; then
        echo "bad-input: FAIL: $name: did not finish in 10 s"; failed=$((failed + 1)); return
    fi
    if [ "$status" -ge 128 ] || grep -q "Fatal error\|Segmentation\|Crash" "$work/out"; then
        echo "bad-input: FAIL: $name: crashed (status $status)"; head -n 5 "$work/out"; failed=$((failed + 1)); return
    fi
    if [ "$status" -ne "$expected" ]; then
        echo "bad-input: FAIL: $name: exit $status, expected $expected"; head -n 5 "$work/out"; failed=$((failed + 1)); return
    fi
    if [ -n "$text" ] && ! grep -qF -- "$text" "$work/out"; then
        echo "bad-input: FAIL: $name: output lacks '$text'"; head -n 5 "$work/out"; failed=$((failed + 1)); return
    fi
    if [ "${COMMAND:-lint}" = import ] && [ "$status" -ne 0 ] && [ -e "$work/imported.routes" ]; then
        echo "bad-input: FAIL: $name: 'routegen import' failed but wrote its output"; failed=$((failed + 1)); return
    fi
    if [ "${kilobytes:-0}" -gt 524288 ]; then
        echo "bad-input: FAIL: $name: peak memory ${kilobytes} KB"; failed=$((failed + 1)); return
    fi
    echo "bad-input: ok: $name (exit $status, ${seconds}s, $((kilobytes / 1024)) MB): $(grep -m1 -E 'error:|warning:' "$work/out" | cut -c1-110 || echo clean)"
    passed=$((passed + 1))
}

python3 - "$work" <<'PY'
import random, sys, os
work = sys.argv[1]
def write(name, data):
    with open(os.path.join(work, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
valid = "api Shop\ngroup Items public\n  items GET /items ?page: Int = 1 -> [Item]\n  item GET /items/{id: ID<Item>} -> Item\n"
write("empty.routes", b"")
rng = random.Random(8)
write("garbage.routes", bytes(rng.getrandbits(8) for _ in range(65536)))
write("garbage-no-nul.routes", bytes(rng.choice([b for b in range(1, 256)]) for _ in range(65536)))
write("invalid-utf8.routes", b"api Shop\ngroup Items public\n  items GET /caf\xe9 -> [Item]\n")
write("huge.routes", ("# " + "x" * 98 + "\n") * (50 * 1024 * 1024 // 101 + 1))
write("long-line.routes", "api Shop\ngroup Items public\n  items GET /items " + " ".join("?p%d: Int = %d" % (i, i) for i in range(800)) + " -> [Item]\n")
write("long-comment.routes", valid + "# " + "y" * 10000 + "\n")
write("deep-generics.routes", "api Shop\ngroup Items public\n  items GET /items -> " + "Page<" * 5000 + "Item" + ">" * 5000 + "\n")
write("deep-arrays.routes", "api Shop\ngroup Items public\n  items GET /items -> " + "[" * 5000 + "Item" + "]" * 5000 + "\n")
write("unclosed.routes", "api Shop\ngroup Items public\n  items GET /items -> " + "Page<" * 5000 + "\n")
write("crlf.routes", valid.replace("\n", "\r\n"))
write("tabs.routes", valid.replace("  ", "\t"))
write("bom.routes", "\ufeff" + valid)
write("many-errors.routes", "api Shop\ngroup Items public\n" + "  items GET /items\n" * 20000)
# OpenAPI descriptions for `routegen import`.
write("not-a-document.json", bytes(rng.getrandbits(8) for _ in range(4096)))
write("not-yaml.yaml", "openapi: 3.1.0\ninfo: {title: [unclosed\npaths: {}\n")
write("swagger.json", '{\n  "swagger": "2.0",\n  "info": {"title": "Old", "version": "1"},\n  "paths": {}\n}\n')
ok = lambda schema: '{"200": {"description": "ok", "content": {"application/json": {"schema": %s}}}}' % schema
write("external-ref.json", '{"openapi": "3.1.0", "info": {"title": "Ext", "version": "1"}, "paths": {"/a": {"get": {"operationId": "a", "responses": %s}}}}' % ok('{"$ref": "other.yaml#/components/schemas/Pet"}'))
write("cyclic-ref.json", '{"openapi": "3.1.0", "info": {"title": "Cycle", "version": "1"}, "paths": {"/a": {"get": {"operationId": "a", "responses": %s}}}, "components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"}}}}' % ok('{"$ref": "#/components/schemas/A"}'))
write("duplicate-keys.json", '{"openapi": "3.1.0", "info": {"title": "Dup", "version": "1"}, "paths": {}, "paths": {}}')
write("deep.json", '{"openapi": "3.1.0", "info": {"title": "Deep", "version": "1"}, "x-deep": ' + "[" * 100000 + "]" * 100000 + ', "paths": {}}')
write("deep.yaml", "openapi: 3.1.0\ninfo: {title: Deep, version: '1'}\npaths: {}\nx-deep: " + "[" * 100000 + "]" * 100000 + "\n")
bomb = "openapi: 3.1.0\ninfo: {title: Bomb, version: '1'}\npaths: {}\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
for i in range(1, 10):
    bomb += "a%d: &a%d [%s]\n" % (i, i, ", ".join(["*a%d" % (i - 1)] * 10))
write("alias-bomb.yaml", bomb)
# Over 256 KB, so read in pieces on every core: an error in a late piece, or one that only the
# whole sees, must be the single reading's error at its line.
big = "openapi: 3.1.0\ninfo: {title: Big, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n" + "".join(
    "    S%d:\n      type: object\n      description: \"%s\"\n" % (i, "x" * 60) for i in range(12000))
write("big-duplicate.yaml", big + "paths: {}\n")
write("big-unclosed.yaml", big.replace('description: "' + "x" * 60 + '"\n    S6001:', 'description: "' + "x" * 60 + '\n    S6001:'))
with open(os.path.join(work, "huge.json"), "wb") as f:
    f.write(b'{"openapi": "3.1.0", "x-pad": "')
    f.write(b"x" * (101 * 1024 * 1024))
    f.write(b'"}')
os.mkdir(os.path.join(work, "folder.routes"))
os.symlink(os.path.join(work, "nowhere.routes"), os.path.join(work, "dangling.routes"))
PY

case_ "empty file" 1 "no 'api' line" "$work/empty.routes"
case_ "binary garbage" 1 "binary file" "$work/garbage.routes"
case_ "random bytes without NUL" 1 "not valid UTF-8" "$work/garbage-no-nul.routes"
case_ "invalid UTF-8" 1 "invalid-utf8.routes:3:17: error: the file is not valid UTF-8 (byte 0xE9)" "$work/invalid-utf8.routes"
case_ "a 50 MB file" 1 "route files over 8 MB are refused" "$work/huge.routes"
case_ "a 10,000-character line" 0 "" "$work/long-line.routes"
case_ "a 10,000-character comment" 0 "" "$work/long-comment.routes"
case_ "deeply nested generics" 1 "type nests deeper than 64 levels" "$work/deep-generics.routes"
case_ "deeply nested arrays" 1 "type nests deeper than 64 levels" "$work/deep-arrays.routes"
case_ "thousands of unclosed '<'" 1 "error:" "$work/unclosed.routes"
case_ "CRLF line endings" 0 "" "$work/crlf.routes"
case_ "tabs as indentation" 0 "" "$work/tabs.routes"
case_ "a byte-order mark" 0 "" "$work/bom.routes"
case_ "20,000 broken routes" 1 "errors" "$work/many-errors.routes"
case_ "a folder named like a route file" 1 "error:" "$work/folder.routes"
case_ "a dangling symbolic link" 1 "error:" "$work/dangling.routes"
case_ "a path that does not exist" 1 "error:" "$work/missing.routes"

COMMAND=import case_ "import: random bytes" 1 "error:" "$work/not-a-document.json"
COMMAND=import case_ "import: broken YAML" 1 "not-yaml.yaml:3:1: error: invalid YAML: a line inside a flow collection is indented too little" "$work/not-yaml.yaml"
COMMAND=import case_ "import: Swagger 2.0" 1 "swagger.json:2:14: error: this is a Swagger 2.0 document; routegen imports OpenAPI 3.0 and 3.1" "$work/swagger.json"
COMMAND=import case_ "import: a \$ref to another file" 0 "points outside this document, which is not fetched" "$work/external-ref.json"
COMMAND=import case_ "import: a cyclic \$ref" 0 "refers to itself through references only" "$work/cyclic-ref.json"
COMMAND=import case_ "import: duplicate keys" 1 "duplicate-keys.json:1:77: error:" "$work/duplicate-keys.json"
COMMAND=import case_ "import: 100,000 nested JSON arrays" 1 "error:" "$work/deep.json"
COMMAND=import case_ "import: 100,000 nested YAML flow sequences" 1 "error:" "$work/deep.yaml"
COMMAND=import case_ "import: a YAML alias bomb" 1 "error:" "$work/alias-bomb.yaml"
COMMAND=import case_ "import: a 101 MiB description" 1 "error:" "$work/huge.json"
COMMAND=import case_ "import: a key repeated across pieces of a 0.9 MB YAML" 1 "big-duplicate.yaml:36006:1: error: duplicate key 'paths' in one mapping; the first is at 3:1" "$work/big-duplicate.yaml"
COMMAND=import case_ "import: a quoted scalar left open in a 0.9 MB YAML" 1 "big-unclosed.yaml:18009:5: error: invalid YAML: a line of the quoted scalar that starts at 18008:20 is indented too little" "$work/big-unclosed.yaml"

echo "bad-input: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
