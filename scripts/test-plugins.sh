#!/usr/bin/env bash
# Proves the SwiftPM plugins work in a consumer package (Tests/Fixtures/PluginConsumer):
# the build plugin's code and its companion (PetStorePreview: samples, preview client) compile
# without warnings in targets with Xcode 26's new-project settings and the strict import features,
# its audit tests run and pass, a no-op build reruns and rewrites nothing, an edited route file
# is picked up, a new group, route and model are generated, compiled and used with no change to
# Package.swift, and a broken route file fails the build with its path:line:column, each error
# listed once. The fixture is copied to
# .build/plugin-consumer (pointing at this checkout) so its build state is kept between runs.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$repo/Tests/Fixtures/PluginConsumer"
work="$repo/.build/plugin-consumer"
routes="Sources/PetStore/PetStore.routes"

fail() { echo "test-plugins: FAIL: $*" >&2; exit 1; }
pass() { echo "test-plugins: ok: $*"; passed=$((passed + 1)); }
passed=0

mkdir -p "$work"
rm -rf "$work/Sources" "$work/Tests" "$work/Package.swift"
cp -R "$fixture/Package.swift" "$fixture/Sources" "$fixture/Tests" "$work/"
sed -i "s|path: \"../../..\"|path: \"$repo\"|" "$work/Package.swift"
cd "$work"

snapshot() { find .build/plugins/outputs -name '*.swift' -printf '%T@ %p\n' 2>/dev/null | sort; }

echo "test-plugins: first build (builds routegen from source, then generates)"
swift build --build-tests >build-1.log 2>&1 || { cat build-1.log; fail "the consumer package does not build"; }
grep -q "routegen: generating endpoints from PetStore.routes" build-1.log || { cat build-1.log; fail "the build plugin did not run"; }
grep -q "routegen: generating route-audit tests from PetStore.routes" build-1.log || { cat build-1.log; fail "the audit-test plugin did not run on the test target"; }
grep -q "routegen: generating samples and the preview client from PetStore.routes" build-1.log || { cat build-1.log; fail "the plugin did not generate the companion PetStorePreview"; }
if grep -q "route-audit tests generated for" build-1.log; then cat build-1.log; fail "the plugin warns about a dependency the test target has"; fi
grep -rq "sampleJSON" .build/plugins/outputs/*/PetStore && fail "samples were generated into the library PetStore"
if grep -E "plugins/outputs/.*: warning: " build-1.log; then fail "the generated code compiles with warnings"; fi
pass "generated code compiles without warnings in the library (Xcode 26's app settings), its companion PetStorePreview and the test target"

for generated in "endpoints" "samples and the preview client" "route-audit tests"; do
    grep -q "routegen: generating $generated from openapi.yaml" build-1.log || { cat build-1.log; fail "the plugin did not generate the $generated of Shelf's openapi.yaml"; }
done
grep -qE "Sources/SOGClient/openapi-generator-config\.yaml:[0-9]+:1: warning: 'namingStrategy' of swift-openapi-generator's configuration is ignored" build-1.log \
    || { cat build-1.log; fail "swift-openapi-generator's configuration: no warning at the key routegen ignores"; }
pass "openapi.yaml drives the build of Shelf (with routegen.json and openapi.overlay.yaml) and of SOGClient (with openapi-generator-config.yaml, its ignored key a warning at its line)"

swift test --skip-build >test.log 2>&1 || { cat test.log; fail "the consumer's tests fail"; }
grep -qE "Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed" test.log || { cat test.log; fail "no passing Swift Testing run"; }
grep -q "Suite \"PetStore route table\" passed" test.log && grep -q "Suite \"Pets routes\" passed" test.log || { cat test.log; fail "the generated audit suites did not run"; }
pass "generated audit tests run and pass ($(grep -oE 'Test run with [0-9]+ tests?' test.log | head -1))"
grep -q 'Suite "Shelf, imported at build time" passed' test.log && grep -q 'Suite "Shelf route table" passed' test.log \
    || { cat test.log; fail "the tests of the API imported from openapi.yaml did not pass"; }
pass "the imported API's own and generated tests pass: filter, renames, the app's Money, the overlay's field and removal"

# SwiftPM reruns a build command once after the first build following a clean one; the
# generator writes only changed files, so even that rerun touches nothing.
before="$(snapshot)"
swift build --build-tests >build-2.log 2>&1 || { cat build-2.log; fail "second build failed"; }
swift build --build-tests >build-3.log 2>&1 || { cat build-3.log; fail "third build failed"; }
after="$(snapshot)"
[ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after") || true; fail "a no-op build rewrote generated files"; }
if grep -q "routegen: generating" build-3.log; then cat build-3.log; fail "a no-op build ran the generator"; fi
pass "a no-op build reruns nothing and rewrites no file"

cp "$routes" "$routes.orig"
restore() { [ -f "$work/$routes.orig" ] && mv "$work/$routes.orig" "$work/$routes"; }
trap restore EXIT
printf '  settings GET /me/settings -> Owner\n' >>"$routes"
swift build --build-tests >build-4.log 2>&1 || { cat build-4.log; fail "build after editing the route file failed"; }
grep -rq "func settings" .build/plugins/outputs || fail "the edited route file was not picked up"
pass "an edited route file is picked up"

# The backend changes the description, and the team its configuration. Each is an
# input of the plugin's commands, so the next build imports again.
description="Sources/Shelf/openapi.yaml"
configuration="Sources/Shelf/routegen.json"
for file in "$description" "$configuration"; do cp "$file" "$file.orig"; done
restore_description() { for file in "$description" "$configuration"; do [ -f "$work/$file.orig" ] && mv "$work/$file.orig" "$work/$file"; done; return 0; }
trap 'restore; restore_description' EXIT
sed -i 's/summary: Lists the books on the shelf\./summary: Lists every book the shop has on its shelf./' "$description"
swift build --build-tests >build-4d.log 2>&1 || { cat build-4d.log; fail "build after editing openapi.yaml failed"; }
grep -rq "Lists every book the shop has on its shelf" .build/plugins/outputs/*/Shelf || fail "the edited openapi.yaml was not picked up"
sed -i 's/"operations": \["getAuthor"\]/"operations": ["getAuthor", "listAuthors"]/' "$configuration"
swift build --build-tests >build-4c.log 2>&1 || { cat build-4c.log; fail "build after editing routegen.json failed"; }
grep -rq "static var listAuthors: Endpoint<\[Author\]>" .build/plugins/outputs/*/Shelf || fail "the operation the edited filter keeps was not generated"
pass "an edited openapi.yaml and an edited routegen.json are picked up by the next build"
restore_description
line="$(( $(grep -n "operationId: getAuthor" "$description" | cut -d: -f1) + 1 ))"
cp "$description" "$description.orig"
sed -i 's/operationId: getAuthor$/operationId: getAuthor\n      operationId: fetchAuthor/' "$description"
if swift build --build-tests >build-4e.log 2>&1; then fail "a broken openapi.yaml did not fail the build"; fi
grep -qE "Sources/Shelf/openapi\.yaml:$line:[0-9]+: error: " build-4e.log || { cat build-4e.log; fail "the build error does not point at openapi.yaml:$line"; }
pass "a broken openapi.yaml fails the build at $(grep -oE "openapi\.yaml:$line:[0-9]+: error: .*" build-4e.log | head -1)"
restore_description
trap restore EXIT

# A new group adds output files to the plugin's list; SwiftPM 6.3 asks the plugin for its
# commands on every build, so a new group, route and model build, and code using them compiles
# and runs, with Package.swift untouched.
package_before="$(sha256sum Package.swift)"
consumer="Sources/PetStore/Models.swift"
tests="Tests/PetStoreTests/PetStoreTests.swift"
cp "$consumer" "$consumer.orig"
cp "$tests" "$tests.orig"
restore_code() { for file in "$consumer" "$tests"; do [ -f "$work/$file.orig" ] && mv "$work/$file.orig" "$work/$file"; done; return 0; }
trap 'restore; restore_code' EXIT
printf '\nmodel Toy\n  name: String\n\ngroup Toys public\n  toys GET /toys -> [Toy]\n' >>"$routes"
printf '\n/// The first toy the store lists: the added group'"'"'s endpoint and model.\npublic func firstToy(client: any HTTPClient) async throws -> Toy? {\n    try await client.send(ToysEndpoints.toys).first\n}\n' >>"$consumer"
sed -i 's|^// The models are declared|public import EndpointKit\n\n// The models are declared|' "$consumer"
printf '\n@Test func addedGroupAnswersThroughThePreviewClient() async throws {\n    #expect(try await firstToy(client: PetStorePreviewClient()) == Toy.sample)\n}\n' >>"$tests"
swift build --build-tests >build-4m.log 2>&1 || { cat build-4m.log; fail "build after adding a group, a route and a model failed"; }
[ "$(sha256sum Package.swift)" = "$package_before" ] || fail "Package.swift changed"
find .build/plugins/outputs/*/PetStore -path '*/PetStoreAPI/ToysEndpoints.swift' | grep -q . \
    || { find .build/plugins/outputs -name 'Toys*'; fail "the added group's file was not generated"; }
grep -rq "struct Toy: Codable" .build/plugins/outputs/*/PetStore || fail "the added model was not generated"
swift test --skip-build --filter addedGroupAnswersThroughThePreviewClient >test-4m.log 2>&1 || { cat test-4m.log; fail "the test using the added group fails"; }
grep -qE "Test run with 1 test (in [0-9]+ suites? )?passed" test-4m.log || { cat test-4m.log; fail "the test using the added group did not run"; }
pass "an added group, route and model are generated, compiled and used without a change to Package.swift"
restore_code

cp "$routes.orig" "$routes"
printf '  unfinished GET /me/unfinished\n  broken GET /me/broken\n' >>"$routes"
line="$(wc -l <"$routes" | tr -d ' ')"
if swift build --build-tests >build-5.log 2>&1; then fail "a broken route file did not fail the build"; fi
grep -qE "PetStore\.routes:$line:[0-9]+: error: " build-5.log || { cat build-5.log; fail "the build error does not point at PetStore.routes:$line"; }
pass "a broken route file fails the build at $(grep -oE "PetStore\.routes:$line:[0-9]+: error: .*" build-5.log | head -1)"

# The library (endpoints), its companion (samples) and the test target (route-audit tests) run
# the generator on the file. Only the library's build lists the errors and fails; the other two
# each sum them up in one note without a location and succeed, so swift build and Xcode show
# each error once, and the build, which stops at its first failing command, never stops before
# the errors are listed. Whether those commands ran, and SwiftPM printed their output, before
# the build stopped depends on scheduling, so each note is there at most once. With -j 1 the
# commands run one after the other, in any order.
note="^note: '[^']*/PetStore\.routes' has 2 errors, listed by the build of its endpoints; no (route-audit tests|samples or preview client) generated\$"
each_error_once() { # log
    local errors notes
    errors="$(grep -oE "PetStore\.routes:[0-9]+:[0-9]+: error: .*" "$1" | sort | uniq -c)"
    [ "$(echo "$errors" | wc -l)" -eq 2 ] && echo "$errors" | grep -qE "PetStore\.routes:$((line - 1)):[0-9]+: error: " \
        || { cat "$1"; fail "$1: expected the two errors at PetStore.routes:$((line - 1)) and :$line, got: $errors"; }
    if echo "$errors" | grep -qvE '^ *1 '; then cat "$1"; fail "$1: an error is listed more than once: $errors"; fi
    if grep -E "^error: " "$1"; then cat "$1"; fail "$1: an error line without a location"; fi
    notes="$(grep -cE "$note" "$1" || true)"
    if grep -E "$note" "$1" | sort | uniq -d | grep -q .; then cat "$1"; fail "$1: a build's note is there more than once"; fi
    case "$notes" in
        0) summed="no note: the build stopped before they were printed" ;;
        1) summed="summed up in one note" ;;
        *) summed="summed up in $notes notes, one per build" ;;
    esac
}
each_error_once build-5.log
pass "each error is listed once ($summed)"
touch "$routes"
if swift build --build-tests -j 1 >build-5j1.log 2>&1; then fail "a broken route file did not fail the build with -j 1"; fi
each_error_once build-5j1.log
pass "each error is listed once with -j 1 ($summed; $(grep -oE "routegen: generating [a-z-]+( tests)?" build-5j1.log | sed 's/routegen: generating //' | paste -sd, | sed 's/,/ then /g'))"

if swift package lint-routes >lint-broken.log 2>&1; then cat lint-broken.log; fail "lint-routes passed a broken route file"; fi
grep -qE "PetStore\.routes:$line:[0-9]+: error: " lint-broken.log || { cat lint-broken.log; fail "lint-routes does not point at PetStore.routes:$line"; }
pass "swift package lint-routes fails on the broken route file at its line"

restore
restore_code
trap - EXIT
swift build --build-tests >build-6.log 2>&1 || { cat build-6.log; fail "build after restoring the route file failed"; }
swift package lint-routes >lint.log 2>&1 || { cat lint.log; fail "lint-routes failed on a good route file"; }
pass "swift package lint-routes passes the good route file"

rm -rf Generated
swift package --allow-writing-to-package-directory generate-routes "$routes" --output Generated >generate.log 2>&1 \
    || { cat generate.log; fail "generate-routes failed"; }
[ -f Generated/PetStoreAPI/PetsEndpoints.swift ] && [ -f Generated/PetStoreAPIAuditTests/PetsRouteAuditTests.swift ] \
    || { cat generate.log; fail "generate-routes did not write Generated/PetStoreAPI"; }
printf 'my notes\n' >Generated/PetStoreAPI/Notes.swift
swift package --allow-writing-to-package-directory generate-routes "$routes" --output Generated >generate-2.log 2>&1 \
    || { cat generate-2.log; fail "generate-routes failed the second time"; }
[ "$(cat Generated/PetStoreAPI/Notes.swift)" = "my notes" ] || fail "generate-routes touched a file without the generated header"
pass "swift package generate-routes writes the generated files and keeps the user's"
rm -rf Generated

# A team that wants to own the API from now on writes the imported route file into the target;
# the plugin then refuses the target until the description leaves it.
swift package --allow-writing-to-package-directory import-routes --target Shelf >import.log 2>&1 || { cat import.log; fail "import-routes failed"; }
grep -q "^external Money$" Sources/Shelf/Shelf.routes && grep -q "shelf   GET  /books" Sources/Shelf/Shelf.routes \
    || { cat import.log; cat Sources/Shelf/Shelf.routes; fail "import-routes did not write the configured import to Sources/Shelf/Shelf.routes"; }
if swift build --build-tests >build-8.log 2>&1; then fail "a target with a route file and a description of the same api built"; fi
grep -q "Shelf.routes:1:1: error: api 'Shelf' is declared here and imported from openapi.yaml" build-8.log || { cat build-8.log; fail "no error says the route file and the description declare one api"; }
mkdir -p ../shelf-description && mv Sources/Shelf/openapi.yaml Sources/Shelf/routegen.json Sources/Shelf/openapi.overlay.yaml ../shelf-description/
swift build --build-tests >build-9.log 2>&1 || { cat build-9.log; fail "the target does not build from its imported route file"; }
swift test --skip-build --filter ShelfTests >test-9.log 2>&1 || { cat test-9.log; fail "the tests fail against the imported route file"; }
mv ../shelf-description/* Sources/Shelf/ && rm Sources/Shelf/Shelf.routes
pass "swift package import-routes writes the route file, the plugin says to remove the description, and without it the target builds and its tests pass"

# The generated audit tests import EndpointKitAudit and the companion PetStorePreview; a test
# target without them gets only compiler and linker errors, so the plugin says what to add.
sed -i '/product(name: "EndpointKitAudit"/d; /"PetStorePreview",   \/\//d' Package.swift
swift build --build-tests >build-7.log 2>&1 || true
grep -qF "warning: the route-audit tests generated for 'PetStoreTests' import EndpointKitAudit; add .product(name: \"EndpointKitAudit\", package: \"routegen\") to its dependencies" build-7.log \
    || { cat build-7.log; fail "no warning names the missing EndpointKitAudit dependency"; }
grep -qF "warning: the route-audit tests generated for 'PetStoreTests' import PetStorePreview, the audit samples of 'PetStore'; add a target 'PetStorePreview' depending on 'PetStore' and \"EndpointKitTesting\", with this plugin, to its dependencies" build-7.log \
    || { cat build-7.log; fail "no warning names the missing PetStorePreview dependency"; }
cp "$fixture/Package.swift" Package.swift
sed -i "s|path: \"../../..\"|path: \"$repo\"|" Package.swift
pass "a test target without EndpointKitAudit or PetStorePreview is told to add them"

echo "plugins: $passed passed, 0 failed"
