#!/usr/bin/env bash
# Generated code compiles in the settings apps build with: each Specs/*.routes generated twice
# into one temporary package (.build/settings-check), compiled with no warning allowed and run.
#
#   public  its own modules (<Api>API, <Api>APIPreview, <Api>APIAuditTests), `--access public`,
#           with Xcode 26's new-project settings (main-actor default isolation,
#           NonisolatedNonsendingByDefault, InferIsolatedConformances) and InternalImportsByDefault
#           and MemberImportVisibility;
#   app     compiled into an app target (`--access internal`, `<Api>App`) with the same settings,
#           beside a file of the app's that decodes a model off the main actor and sends an
#           endpoint from a main-actor function; its companion and audit tests `@testable`.
#
# The same code without any of these settings is what this repository's own package compiles
# (swift build), and scripts/compile-corpus.sh compiles one imported corpus API in them.
#
#   scripts/compile-settings.sh
#
# Environment: ROUTEGEN (a built routegen binary; default: build it with `swift build`).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$repo/.build/settings-check"
fail() { echo "compile-settings: FAILED: $*" >&2; exit 1; }

if [ -z "${ROUTEGEN:-}" ]; then
    swift build --package-path "$repo" --product routegen >/dev/null || fail "could not build routegen"
    ROUTEGEN="$(swift build --package-path "$repo" --show-bin-path)/routegen"
fi

rm -rf "$work/Public" "$work/App" "$work/AppCode" "$work/Package.swift"
mkdir -p "$work/Public" "$work/App" "$work/AppCode"
targets=""
for spec in "$repo"/Specs/*.routes; do
    name="$(basename "$spec" .routes)"
    imports=""
    models=""
    # Pizzeria's route file imports the hand-written PizzeriaModels.
    if grep -q '^import PizzeriaModels' "$spec"; then imports=', "PizzeriaModels"'; models=1; fi
    "$ROUTEGEN" generate "$spec" --output "$work/Public" >/dev/null || fail "$spec does not generate"
    "$ROUTEGEN" generate "$spec" --output "$work/App" --access internal --api-module "${name}App" >/dev/null \
        || fail "$spec does not generate with --access internal"
    targets+="        .target(name: \"${name}API\", dependencies: [\"EndpointKit\"$imports], path: \"Public/${name}API\", swiftSettings: appSettings),"$'\n'
    targets+="        .target(name: \"${name}APIPreview\", dependencies: [\"${name}API\", \"EndpointKit\", \"EndpointKitTesting\"$imports], path: \"Public/${name}APIPreview\", swiftSettings: appSettings),"$'\n'
    targets+="        .testTarget(name: \"${name}APIAuditTests\", dependencies: [\"${name}API\", \"${name}APIPreview\", \"EndpointKit\", \"EndpointKitAudit\"$imports], path: \"Public/${name}APIAuditTests\", swiftSettings: appSettings),"$'\n'
    # The app target: the generated sources and a file of the app's own (Library's only).
    mkdir -p "$work/AppCode/${name}App"
    mv "$work/App/${name}API"/*.swift "$work/AppCode/${name}App/"
    targets+="        .target(name: \"${name}App\", dependencies: [\"EndpointKit\"$imports], path: \"AppCode/${name}App\", swiftSettings: appSettings),"$'\n'
    targets+="        .target(name: \"${name}AppPreview\", dependencies: [\"${name}App\", \"EndpointKit\", \"EndpointKitTesting\"$imports], path: \"App/${name}APIPreview\", swiftSettings: appSettings),"$'\n'
    targets+="        .testTarget(name: \"${name}AppAuditTests\", dependencies: [\"${name}App\", \"${name}AppPreview\", \"EndpointKit\", \"EndpointKitAudit\"$imports], path: \"App/${name}APIAuditTests\", swiftSettings: appSettings),"$'\n'
done

# What an app's own code does with the generated Library: decode a model off the main actor (a
# main-actor-isolated conformance would not compile here) and send an endpoint from the main actor.
cat >"$work/AppCode/LibraryApp/LibraryScreen.swift" <<'SWIFT'
import EndpointKit
import Foundation

/// Decodes a book where the app's code runs off the main actor.
nonisolated func decodeBookOffTheMainActor(_ data: Data) async throws -> Book {
    try await Task.detached { try JSONCoding.decoder.decode(Book.self, from: data) }.value
}

/// A server's URL, named where the app's code runs off the main actor.
nonisolated func uploadsServer() -> URL {
    LibraryServers.uploads
}

/// A main-actor screen model, as Xcode 26 makes every type of an app target.
final class LibraryScreen {
    private(set) var title = ""

    /// The configuration built from a server's name, on the main actor.
    func configuration() throws -> APIConfiguration {
        APIConfiguration(baseURL: try LibraryServers.regional(region: .us))
    }

    func load(client: any HTTPClient) async throws {
        let book = try await client.send(BooksEndpoints.book(id: ID("book-1")))
        title = book.title
    }
}
SWIFT
cat >"$work/App/LibraryAPIAuditTests/AppSettingsTests.swift" <<'SWIFT'
import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
@testable import LibraryApp
@testable import LibraryAppPreview

/// On the main actor, as every test of this target is by its default isolation.
@Test func aModelDecodesOffTheMainActorAndAScreenLoadsOnIt() async throws {
    let book = try await decodeBookOffTheMainActor(Data(Book.sampleJSON.utf8))
    #expect(book == Book.sample)
    let screen = LibraryScreen()
    try await screen.load(client: LibraryPreviewClient())
    #expect(screen.title == Book.sample.title)
    #expect(try screen.configuration().baseURL.absoluteString == "https://us.library.example/v1")
    #expect(uploadsServer() == LibraryServers.uploads)
}
SWIFT

cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

$("$repo/scripts/app-settings.sh" --warnings-as-errors)

let package = Package(
    name: "SettingsCheck",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "routegen", path: "$repo")],
    targets: [
        .target(name: "PizzeriaModels", dependencies: ["EndpointKit"], path: "PizzeriaModels"),
$targets    ]
)
MANIFEST
# Product references by the runtime's product names.
sed -i 's/"EndpointKit"\([],]\)/.product(name: "EndpointKit", package: "routegen")\1/g; s/"EndpointKitTesting"/.product(name: "EndpointKitTesting", package: "routegen")/g; s/"EndpointKitAudit"/.product(name: "EndpointKitAudit", package: "routegen")/g' "$work/Package.swift"
rm -rf "$work/PizzeriaModels" && cp -R "$repo/Sources/PizzeriaModels" "$work/PizzeriaModels"

started=$SECONDS
swift build --package-path "$work" --build-tests >"$work/build.log" 2>&1 || {
    grep -E 'error:' "$work/build.log" | sort -u | head -n 40 >&2
    fail "generated code does not compile in the app settings (log: $work/build.log)"
}
swift test --package-path "$work" --skip-build >"$work/test.log" 2>&1 || {
    grep -E '✘|error:' "$work/test.log" | head -n 40 >&2
    fail "generated tests fail in the app settings (log: $work/test.log)"
}
summary="$(grep -oE 'Test run with [0-9]+ tests?' "$work/test.log" | tail -n 1)"
echo "compile-settings: $(ls "$repo"/Specs/*.routes | wc -l) route files, public modules and app targets, compiled without warnings in $((SECONDS - started)) s; $summary passed"
