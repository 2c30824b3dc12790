// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "routegen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
        .executable(name: "routegen", targets: ["routegen"]),
    ],
    targets: [
        // Runtime: what generated code compiles against. Never depends on the generator.
        .target(name: "EndpointKit"),
        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit"]),

        // Generator: one module per stage, so the compiler keeps the direction.
        .target(name: "RoutegenCore"),
        .target(name: "RoutegenEmit", dependencies: ["RoutegenCore"]),
        .target(name: "RoutegenLint", dependencies: ["RoutegenCore"]),
        .target(name: "RoutegenCLI", dependencies: ["RoutegenCore", "RoutegenEmit", "RoutegenLint"]),
        .executableTarget(name: "routegen", dependencies: ["RoutegenCLI"]),

        .testTarget(name: "EndpointKitTests", dependencies: ["EndpointKit", "EndpointKitTesting"]),
        .testTarget(name: "RoutegenCoreTests", dependencies: ["RoutegenCore"]),
        .testTarget(name: "RoutegenEmitTests", dependencies: ["RoutegenCore", "RoutegenEmit"]),
        .testTarget(name: "RoutegenLintTests", dependencies: ["RoutegenCore", "RoutegenLint"]),
        .testTarget(name: "RoutegenCLITests", dependencies: ["RoutegenCLI"]),
    ]
)
