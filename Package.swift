// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "routegen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
        .library(name: "EndpointKitAudit", targets: ["EndpointKitAudit"]),
        .executable(name: "routegen", targets: ["routegen"]),
        .plugin(name: "RoutegenPlugin", targets: ["RoutegenPlugin"]),
        .plugin(name: "GenerateRoutes", targets: ["GenerateRoutes"]),
        .plugin(name: "LintRoutes", targets: ["LintRoutes"]),
        .plugin(name: "ImportRoutes", targets: ["ImportRoutes"]),
    ],
    targets: [
        // Runtime: what generated code compiles against. Never depends on the generator.
        .target(name: "EndpointKit"),
        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit", "HTTPWire"]),
        // What the generated route-audit tests import: AuditedRoute, auditSample(_:), ... (Swift Testing).
        .target(name: "EndpointKitAudit", dependencies: ["EndpointKit"]),

        // Generator: one module per stage, so the compiler keeps the direction.
        .target(name: "RoutegenCore"),
        .target(name: "RoutegenLint", dependencies: ["RoutegenCore"]),
        // The API as a reviewer sees it: the sorted surface listing and the classified diff.
        .target(name: "RoutegenSurface", dependencies: ["RoutegenCore", "RoutegenLint"]),
        .target(name: "RoutegenSamples", dependencies: ["RoutegenCore"]),
        // JSON and YAML read into one located tree (DocumentNode), and written back out.
        .target(name: "RoutegenYAML", dependencies: ["RoutegenCore"]),
        // The OpenAPI bridge: `routegen import` (a description to route text) and `routegen export`.
        .target(name: "RoutegenOpenAPI", dependencies: ["RoutegenCore", "RoutegenYAML"]),
        // HTTP/1.1 over POSIX sockets, shared by serve and LocalServer: the one module both the
        // generator and the runtime depend on, so it imports neither (Foundation only).
        .target(name: "HTTPWire"),
        // `routegen serve`: a small HTTP/1.1 server over POSIX sockets answering every route with
        // its sample; HTTPWire's sockets, never EndpointKit.
        .target(name: "RoutegenServe", dependencies: ["RoutegenCore", "RoutegenSamples", "HTTPWire"]),
        // The generated samples and preview client embed the served samples (RoutegenSamples).
        .target(name: "RoutegenEmit", dependencies: ["RoutegenCore", "RoutegenSamples"]),
        .target(name: "RoutegenCLI", dependencies: ["RoutegenCore", "RoutegenEmit", "RoutegenLint", "RoutegenSurface", "RoutegenSamples", "RoutegenServe", "RoutegenYAML", "RoutegenOpenAPI"]),
        .executableTarget(name: "routegen", dependencies: ["RoutegenCLI"]),
        // Seeded synthetic route files for the benchmark and the generative compile check.
        .target(name: "SyntheticRoutes"),
        // The fuzz target: a replayer in normal builds, a libFuzzer target in scripts/fuzz.sh.
        .executableTarget(name: "routegen-fuzz", dependencies: ["RoutegenCore", "RoutegenEmit", "RoutegenLint", "RoutegenYAML", "SyntheticRoutes"]),
        .executableTarget(
            name: "routegen-bench",
            dependencies: ["RoutegenCore", "RoutegenEmit", "RoutegenLint", "RoutegenSamples", "RoutegenYAML", "RoutegenOpenAPI", "EndpointKit", "SyntheticRoutes"]
        ),
        // The request gate's Swift half (scripts/request-gate.sh): each operation's request, built by
        // EndpointKit from sample arguments, for openapi-core to read back against the description.
        .executableTarget(name: "routegen-requests", dependencies: ["RoutegenCore", "RoutegenOpenAPI", "RoutegenSamples", "EndpointKit"]),

        // The examples this repository eats its own output with. The Pizzeria imports its
        // hand-written models (and declares a few in its route file); the Library declares all of
        // its models in the route file, so they are generated into LibraryAPI.
        .target(name: "PizzeriaModels", dependencies: ["EndpointKit"]),
        // Their generated APIs, checked in and written only by `swift run routegen generate`.
        .target(name: "PizzeriaAPI", dependencies: ["EndpointKit", "PizzeriaModels"], path: "Generated/PizzeriaAPI"),
        .target(name: "LibraryAPI", dependencies: ["EndpointKit"], path: "Generated/LibraryAPI"),
        // Every `paginate` form, for the preview client's and serve's pages (PreviewServeParityTests).
        .target(name: "PagingAPI", dependencies: ["EndpointKit"], path: "Generated/PagingAPI"),
        // Their companions: each type's samples and the preview client, for previews and tests only.
        .target(name: "PizzeriaAPIPreview", dependencies: ["PizzeriaAPI", "PizzeriaModels", "EndpointKit", "EndpointKitTesting"], path: "Generated/PizzeriaAPIPreview"),
        .target(name: "LibraryAPIPreview", dependencies: ["LibraryAPI", "EndpointKit", "EndpointKitTesting"], path: "Generated/LibraryAPIPreview"),
        .target(name: "PagingAPIPreview", dependencies: ["PagingAPI", "EndpointKit", "EndpointKitTesting"], path: "Generated/PagingAPIPreview"),

        // SwiftPM plugins: generate at build time; regenerate and lint on command.
        .plugin(name: "RoutegenPlugin", capability: .buildTool(), dependencies: ["routegen"]),
        .plugin(
            name: "GenerateRoutes",
            capability: .command(
                intent: .custom(verb: "generate-routes", description: "Regenerate Swift from the package's .routes files (Specs/ into Generated/ by default)"),
                permissions: [.writeToPackageDirectory(reason: "routegen writes the generated Swift files into the package")]
            ),
            dependencies: ["routegen"]
        ),
        .plugin(
            name: "ImportRoutes",
            capability: .command(
                intent: .custom(verb: "import-routes", description: "Write the route file imported from each target's openapi.yaml into the target, to own the API from then on"),
                permissions: [.writeToPackageDirectory(reason: "routegen writes the imported route file into the target's folder")]
            ),
            dependencies: ["routegen"]
        ),
        .plugin(
            name: "LintRoutes",
            capability: .command(intent: .custom(verb: "lint-routes", description: "Lint every .routes file of the package")),
            dependencies: ["routegen"]
        ),

        .testTarget(name: "EndpointKitTests", dependencies: ["EndpointKit", "EndpointKitTesting", "HTTPWire"]),
        // HTTPWire's head parser and response framing, under serve's and LocalServer's rules.
        .testTarget(name: "HTTPWireTests", dependencies: ["HTTPWire"]),
        // EndpointKitAudit on its own, and that it agrees with the generator and the linter.
        .testTarget(name: "EndpointKitAuditTests", dependencies: ["EndpointKitAudit", "EndpointKit", "RoutegenCore", "RoutegenEmit", "RoutegenLint"]),
        .testTarget(name: "RoutegenCoreTests", dependencies: ["RoutegenCore"]),
        .testTarget(name: "RoutegenEmitTests", dependencies: ["RoutegenCore", "RoutegenEmit"]),
        .testTarget(name: "RoutegenLintTests", dependencies: ["RoutegenCore", "RoutegenLint"]),
        .testTarget(name: "RoutegenSurfaceTests", dependencies: ["RoutegenCore", "RoutegenLint", "RoutegenSurface"]),
        .testTarget(name: "RoutegenYAMLTests", dependencies: ["RoutegenYAML", "RoutegenCore"], exclude: ["yaml-test-suite-known-failures.txt", "yaml-pieces-lone-carriage-return.yaml"]),
        .testTarget(name: "RoutegenOpenAPITests", dependencies: ["RoutegenOpenAPI", "RoutegenYAML", "RoutegenCore", "SyntheticRoutes"]),
        .testTarget(name: "RoutegenSamplesTests", dependencies: ["RoutegenCore", "RoutegenSamples", "EndpointKit", "LibraryAPI", "LibraryAPIPreview", "PizzeriaAPI", "PizzeriaAPIPreview"]),
        .testTarget(name: "RoutegenCLITests", dependencies: ["RoutegenCLI"]),
        // The served API on real sockets, and the generated Library client driven against it.
        .testTarget(name: "RoutegenServeTests", dependencies: ["RoutegenServe", "RoutegenSamples", "RoutegenCore", "RoutegenCLI", "LibraryAPI", "LibraryAPIPreview", "PagingAPI", "PagingAPIPreview", "EndpointKit", "EndpointKitTesting"]),
        // The synthetic route files: deterministic, and valid where they promise to be.
        .testTarget(name: "SyntheticRoutesTests", dependencies: ["SyntheticRoutes", "RoutegenCore"]),
        // The generated route-audit tests, and the generated Library repositories driven on the wire.
        .testTarget(name: "PizzeriaAPIAuditTests", dependencies: ["PizzeriaAPI", "PizzeriaAPIPreview", "PizzeriaModels", "EndpointKit", "EndpointKitAudit"], path: "Generated/PizzeriaAPIAuditTests"),
        .testTarget(name: "LibraryAPIAuditTests", dependencies: ["LibraryAPI", "LibraryAPIPreview", "EndpointKit", "EndpointKitAudit"], path: "Generated/LibraryAPIAuditTests"),
        .testTarget(name: "PagingAPIAuditTests", dependencies: ["PagingAPI", "PagingAPIPreview", "EndpointKit", "EndpointKitAudit"], path: "Generated/PagingAPIAuditTests"),
        .testTarget(name: "GeneratedAPITests", dependencies: ["LibraryAPI", "LibraryAPIPreview", "PizzeriaAPI", "EndpointKit", "EndpointKitTesting"]),
    ]
)
