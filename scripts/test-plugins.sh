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

swift test --skip-build >test.log 2>&1 || { cat test.log; fail "the consumer's tests fail"; }
grep -qE "Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed" test.log || { cat test.log; fail "no passing Swift Testing run"; }
grep -q "Suite \"PetStore route table\" passed" test.log && grep -q "Suite \"Pets routes\" passed" test.log || { cat test.log; fail "the generated audit suites did not run"; }
pass "generated audit tests run and pass ($(grep -oE 'Test run with [0-9]+ tests?' test.log | head -1))"

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
