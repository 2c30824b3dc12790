import Foundation

/// What building one target of a package cost, each side measured the same way.
struct PackageBuildFigures: Codable {
    /// Wall time and CPU time (user and system of `swift build` and everything it ran) of each
    /// rebuild after touching the target's files, the two sides built at the same moment.
    var generated: Sample
    var handWritten: Sample
    var generatedCPU: Sample
    var handWrittenCPU: Sample
    /// The generated side's CPU time over the hand-written side's in each pair of builds.
    var cpuRatios: Sample
    /// The median of `cpuRatios`.
    var cpuRatio: Double
    /// The median of the pairs' wall-time ratios.
    var ratio: Double
}

/// Builds two targets of one SwiftPM package the way a user does: `swift build --target X` after
/// touching X's files, so the compiler runs with exactly the flags SwiftPM gives a debug build
/// (`-Onone -g`, `-enable-testing`, Swift 6 mode, batch mode over the machine's cores, the
/// module's separate emit-module job, incremental bookkeeping). The package holds EndpointKit
/// (this checkout's sources), `GeneratedAPI` and `HandAPI`; both are built once first, so a
/// measured build compiles only the touched target.
///
/// The two sides build at the same moment, each in its own build folder (`--scratch-path`), and
/// each pair gives one ratio. On a shared machine one side's CPU time alone moves by 20 % from
/// run to run, more than the difference measured; the load that moves it falls on both builds of
/// a pair alike, so the ratio of a pair moves by about 2 %.
struct PackageBuildComparison {
    let swift: String
    let runtimeSources: URL

    /// Writes the package into `directory`: `generated/` and `hand/` with the files given, and a
    /// link to EndpointKit's sources.
    func makePackage(generated: [(String, String)], hand: [(String, String)], in directory: URL) throws {
        let manager = FileManager.default
        for (folder, files) in [("generated", generated), ("hand", hand)] {
            let target = directory.appending(path: folder)
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            for (name, contents) in files {
                let url = target.appending(path: name)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        try manager.createSymbolicLink(at: directory.appending(path: "EndpointKit"), withDestinationURL: runtimeSources)
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "CompileComparison",
                platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
                targets: [
                    .target(name: "EndpointKit", path: "EndpointKit"),
                    .target(name: "GeneratedAPI", dependencies: ["EndpointKit"], path: "generated"),
                    .target(name: "HandAPI", dependencies: ["EndpointKit"], path: "hand"),
                ]
            )

            """
        try manifest.write(to: directory.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    }

    /// Builds both targets once (not measured), then `repetitions` pairs, each after touching
    /// both targets' files.
    func measure(in directory: URL, repetitions: Int) throws -> PackageBuildFigures {
        _ = try buildPair(in: directory)
        var pairs: [(generated: ChildProcess.Result, hand: ChildProcess.Result)] = []
        for _ in 0..<repetitions {
            try touch(directory.appending(path: "generated"))
            try touch(directory.appending(path: "hand"))
            pairs.append(try buildPair(in: directory))
        }
        return PackageBuildFigures(
            generated: Sample(pairs.map(\.generated.wallSeconds)), handWritten: Sample(pairs.map(\.hand.wallSeconds)),
            generatedCPU: Sample(pairs.map(\.generated.cpuSeconds)), handWrittenCPU: Sample(pairs.map(\.hand.cpuSeconds)),
            cpuRatios: Sample(pairs.map { $0.generated.cpuSeconds / $0.hand.cpuSeconds }),
            cpuRatio: Sample(pairs.map { $0.generated.cpuSeconds / $0.hand.cpuSeconds }).median,
            ratio: Sample(pairs.map { $0.generated.wallSeconds / $0.hand.wallSeconds }).median
        )
    }

    /// `swift build --target` of both sides at once, each in its own build folder under
    /// `directory`; the CPU time of each is its `swift build`'s and every process it ran.
    private func buildPair(in directory: URL) throws -> (generated: ChildProcess.Result, hand: ChildProcess.Result) {
        let sides = ["GeneratedAPI", "HandAPI"]
        let logs = sides.map { directory.appending(path: $0 + ".log").path }
        let children = try zip(sides, logs).map { target, log in
            try ChildProcess.spawn(swift, [
                "build", "--package-path", directory.path, "--scratch-path", directory.appending(path: ".build-" + target).path,
                "--target", target,
            ], output: log)
        }
        let results = try children.map { try $0.reap() }
        for (target, (result, log)) in zip(sides, zip(results, logs)) where result.exitStatus != 0 {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").filter { $0.contains("error:") }.prefix(30)
            throw BenchmarkError("swift build --target \(target) failed in \(directory.path):\n" + lines.joined(separator: "\n"))
        }
        return (results[0], results[1])
    }

    /// Sets the modification time of every file under `folder` to now, as `touch` does.
    private func touch(_ folder: URL) throws {
        let manager = FileManager.default
        guard let files = manager.enumerator(at: folder, includingPropertiesForKeys: nil) else { return }
        let now = Date()
        for case let file as URL in files where file.pathExtension == "swift" {
            try manager.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
        }
    }
}
