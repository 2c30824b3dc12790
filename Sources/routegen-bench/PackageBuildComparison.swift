import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What building one target of a package cost, each side measured the same way.
struct PackageBuildFigures: Codable {
    /// Wall time and CPU time (user and system of `swift build` and everything it ran) of each
    /// rebuild after touching the target's files.
    var generated: Sample
    var handWritten: Sample
    var generatedCPU: Sample
    var handWrittenCPU: Sample
    /// The best (smallest) CPU time of the generated side over the best of the hand-written one.
    var cpuRatio: Double
    /// The same for wall time.
    var ratio: Double
}

/// Builds two targets of one SwiftPM package the way a user does: `swift build --target X` after
/// touching X's files, so the compiler runs with exactly the flags SwiftPM gives a debug build
/// (`-Onone -g`, `-enable-testing`, Swift 6 mode, batch mode over the machine's cores, the
/// module's separate emit-module job, incremental bookkeeping). The package holds EndpointKit
/// (this checkout's sources), `GeneratedAPI` and `HandAPI`; both are built once first, so a
/// measured build compiles only the touched target. The sides alternate, so a change of load on
/// the machine falls on both alike.
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

    /// Builds both targets once (not measured), then each `repetitions` times, alternating, each
    /// after touching its files.
    func measure(in directory: URL, repetitions: Int) throws -> PackageBuildFigures {
        for target in ["GeneratedAPI", "HandAPI"] { _ = try build(target: target, in: directory) }
        var generatedRuns: [(wall: Double, cpu: Double)] = []
        var handRuns: [(wall: Double, cpu: Double)] = []
        for _ in 0..<repetitions {
            try touch(directory.appending(path: "generated"))
            generatedRuns.append(try build(target: "GeneratedAPI", in: directory))
            try touch(directory.appending(path: "hand"))
            handRuns.append(try build(target: "HandAPI", in: directory))
        }
        let generatedWall = Sample(generatedRuns.map(\.wall)), handWall = Sample(handRuns.map(\.wall))
        let generatedCPU = Sample(generatedRuns.map(\.cpu)), handCPU = Sample(handRuns.map(\.cpu))
        return PackageBuildFigures(
            generated: generatedWall, handWritten: handWall, generatedCPU: generatedCPU, handWrittenCPU: handCPU,
            cpuRatio: generatedCPU.minimum / handCPU.minimum, ratio: generatedWall.minimum / handWall.minimum
        )
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

    /// One `swift build --target` in `directory`: its wall time and the CPU time of `swift build`
    /// and every process it ran, in seconds (from the rusage of reaped children).
    private func build(target: String, in directory: URL) throws -> (wall: Double, cpu: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["build", "--package-path", directory.path, "--target", target]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let cpuBefore = Self.childrenCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = Self.childrenCPUSeconds() - cpuBefore
        guard process.terminationStatus == 0 else {
            let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").filter { $0.contains("error:") }.prefix(30)
            throw BenchmarkError("swift build --target \(target) failed in \(directory.path):\n" + lines.joined(separator: "\n"))
        }
        return (wall, cpu)
    }

    /// The user and system time of every child process reaped so far; `swift build` waits for
    /// the compiler jobs it runs, so theirs is in its own.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        let seconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_stime.tv_sec)
        return seconds + (Double(usage.ru_utime.tv_usec) + Double(usage.ru_stime.tv_usec)) / 1e6
    }
}
