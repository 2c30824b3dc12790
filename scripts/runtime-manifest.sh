#!/usr/bin/env bash
# Prints the manifest of a package that holds only the runtime: the EndpointKit, EndpointKitTesting
# and EndpointKitAudit products and their targets (HTTPWire among them), as this repository's
# Package.swift declares them; with --tests, the EndpointKitTests test target too. The checks that
# need only the runtime build such a package instead of the whole repository (the generator, its
# tests and the generated examples): scripts/tsan.sh and scripts/test-api-check.sh.
#
#   scripts/runtime-manifest.sh [--tests] > DIR/Package.swift
set -euo pipefail

tests=""
case "${1:-}" in
    --tests) tests='        .testTarget(name: "EndpointKitTests", dependencies: ["EndpointKit", "EndpointKitTesting", "HTTPWire"]),' ;;
    "") ;;
    *) echo "usage: $0 [--tests]" >&2; exit 2 ;;
esac

cat <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "routegen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
        .library(name: "EndpointKitAudit", targets: ["EndpointKitAudit"]),
    ],
    targets: [
        .target(name: "EndpointKit"),
        .target(name: "HTTPWire"),
        .target(name: "EndpointKitTesting", dependencies: ["EndpointKit", "HTTPWire"]),
        .target(name: "EndpointKitAudit", dependencies: ["EndpointKit"]),
$tests
    ]
)
MANIFEST
