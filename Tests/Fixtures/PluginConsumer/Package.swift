// swift-tools-version: 6.2
// A consumer of routegen, as a user's package would be: the build-tool plugin generates the
// endpoints of PetStore from its .routes file, their samples and preview client in the companion
// PetStorePreview (for previews and tests only), and the route-audit tests of PetStoreTests.
import PackageDescription

/// What Xcode 26 gives a new app target (main-actor default isolation, approachable concurrency),
/// with the strict import features: PetStore and its companion build as an app's code would.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "routegen", path: "../../.."),
    ],
    targets: [
        .target(
            name: "PetStore",
            dependencies: [.product(name: "EndpointKit", package: "routegen")],
            swiftSettings: appSettings,
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
        // `<Target>Preview` depending on `<Target>`: the plugin generates the companion of PetStore.routes.
        .target(
            name: "PetStorePreview",
            dependencies: [
                "PetStore",
                .product(name: "EndpointKit", package: "routegen"),
                .product(name: "EndpointKitTesting", package: "routegen"),
            ],
            swiftSettings: appSettings,
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
        // The backend's openapi.yaml drives the build: routegen.json filters, renames and maps a
        // schema to the app's own type, openapi.overlay.yaml patches the description first.
        .target(
            name: "Shelf",
            dependencies: [.product(name: "EndpointKit", package: "routegen")],
            swiftSettings: appSettings,
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
        .target(
            name: "ShelfPreview",
            dependencies: [
                "Shelf",
                .product(name: "EndpointKit", package: "routegen"),
                .product(name: "EndpointKitTesting", package: "routegen"),
            ],
            swiftSettings: appSettings,
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
        // A target as swift-openapi-generator's users have it (openapi.yaml, openapi-generator-config.yaml),
        // with routegen's plugin named instead of theirs, and no special settings.
        .target(
            name: "SOGClient",
            dependencies: [.product(name: "EndpointKit", package: "routegen")],
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
        .testTarget(
            name: "ShelfTests",
            dependencies: [
                "Shelf",
                "ShelfPreview",
                .product(name: "EndpointKit", package: "routegen"),
                .product(name: "EndpointKitTesting", package: "routegen"),
                .product(name: "EndpointKitAudit", package: "routegen"),
            ],
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
        .testTarget(
            name: "PetStoreTests",
            dependencies: [
                "PetStore",
                "PetStorePreview",   // the audit samples the generated audit tests use, and the preview client
                .product(name: "EndpointKit", package: "routegen"),
                .product(name: "EndpointKitTesting", package: "routegen"),
                .product(name: "EndpointKitAudit", package: "routegen"),   // what the generated audit tests import
            ],
            plugins: [.plugin(name: "RoutegenPlugin", package: "routegen")]
        ),
    ]
)
