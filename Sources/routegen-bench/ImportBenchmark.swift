import Foundation

/// `routegen import` of the corpus's real descriptions, whole process: Box (JSON) and OpenAI
/// (YAML) against the 150 ms target (median wall time), and the import's own memory against
/// 10× the input's size.
///
/// Memory: the whole process's peak RSS cannot hold 10× a 1.8 MB input, since the binary
/// that does nothing (`routegen --version`) is already about 18 MB (the Swift runtime and
/// Foundation mapped). The target is held on the import's own growth: the peak RSS of the
/// import minus the peak RSS of the same binary importing an empty description of the same
/// format (same code paths, no data; about 2.5 MB above `--version`). Both baselines and the
/// whole-process peak are reported; the growth is taken conservatively (the highest peak of
/// the import minus the lowest peak of the empty import). Peaks are measured through
/// `/usr/bin/time` when it is installed: `routegen-bench`'s own measuring process would put a
/// floor of about 23 MB under every figure, above both baselines.
struct ImportResult: Codable {
    var description: String
    var inputBytes: Int
    /// Wall time of the whole process; the target is on its median.
    var wholeProcess: Sample
    /// The process's user and system CPU time: what the import costs when the machine is shared.
    var cpu: Sample
    /// The target on the median wall time.
    var targetSeconds: Double
    /// The highest peak RSS of the whole process over the memory runs.
    var peakMemoryBytes: Int
    /// The lowest peak RSS of `routegen --version`: the binary alone.
    var startupPeakMemoryBytes: Int
    /// The lowest peak RSS of `routegen import` of an empty description in the same format.
    var emptyImportPeakMemoryBytes: Int
    /// The import's own memory: `peakMemoryBytes - emptyImportPeakMemoryBytes`.
    var ownMemoryBytes: Int
    /// `ownMemoryBytes / inputBytes`; the target is `targetMemoryRatio`.
    var ownMemoryRatio: Double
    var targetMemoryRatio: Double
    var meetsTimeTarget: Bool
    var meetsMemoryTarget: Bool
    /// What measured the peaks: `/usr/bin/time`, or `routegen-bench --measure-peak-memory`
    /// (whose own 23 MB is then the floor of the baselines).
    var memoryMeasuredBy: String
    /// `routegen import`'s summary line.
    var summary: String
}

struct ImportBenchmark {
    let routegenExecutable: String
    let benchExecutable: String
    let workDirectory: URL

    static let targetSeconds = 0.150
    static let targetMemoryRatio = 10.0

    /// The corpus: `ROUTEGEN_CORPUS`, else `corpus/real` from the repository root.
    static var corpus: String {
        ProcessInfo.processInfo.environment["ROUTEGEN_CORPUS"] ?? FileManager.default.currentDirectoryPath + "/corpus/real"
    }

    /// The descriptions measured (folder/file), those present.
    static let descriptions = ["box/openapi.json", "openai/openapi.yaml"]

    /// The smallest description that imports, in each format: the empty import's baseline.
    static let emptyDescriptions = [
        "json": #"{"openapi": "3.1.0", "info": {"title": "Empty", "version": "1"}, "paths": {}}"# + "\n",
        "yaml": "openapi: 3.1.0\ninfo:\n  title: Empty\n  version: \"1\"\npaths: {}\n",
    ]

    /// One row per description that imports; one that does not is named on standard output
    /// and left out.
    func run(repetitions: Int) throws -> [ImportResult] {
        var results: [ImportResult] = []
        let memoryRuns = max(min(repetitions, 5), 3)
        let measuredBy = FileManager.default.isExecutableFile(atPath: ChildProcess.gnuTime) ? ChildProcess.gnuTime + " -f %M" : "routegen-bench " + ChildProcess.measureFlag
        func peak(_ arguments: [String]) throws -> Int {
            if let bytes = try ChildProcess.peakMemoryThroughTime(of: routegenExecutable, arguments, workDirectory: workDirectory) { return bytes }
            return try ChildProcess.peakMemory(of: routegenExecutable, arguments, benchExecutable: benchExecutable)
        }
        let startupPeak = try (0..<memoryRuns).map { _ in try peak(["--version"]) }.min() ?? 0
        for relative in Self.descriptions {
            let path = Self.corpus + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = attributes[.size] as? Int else { continue }
            let output = workDirectory.appending(path: "imported.routes").path
            let arguments = ["import", path, "-o", output, "--force"]
            let first = try ChildProcess.run(routegenExecutable, arguments, discardingErrors: true)
            guard first.exitStatus == 0 else {
                print("import of \(relative): routegen import failed (status \(first.exitStatus)); left out")
                continue
            }
            let format = relative.hasSuffix(".json") ? "json" : "yaml"
            let empty = workDirectory.appending(path: "empty." + format)
            try Data((Self.emptyDescriptions[format] ?? "").utf8).write(to: empty)
            let emptyArguments = ["import", empty.path, "-o", workDirectory.appending(path: "empty.routes").path, "--force"]
            guard try ChildProcess.run(routegenExecutable, emptyArguments, discardingErrors: true).exitStatus == 0 else {
                throw BenchmarkError("routegen import of an empty \(format) description failed")
            }

            var wallTimes: [Double] = []
            var cpuTimes: [Double] = []
            for _ in 0..<repetitions {
                let result = try ChildProcess.run(routegenExecutable, arguments, discardingErrors: true)
                wallTimes.append(result.wallSeconds)
                cpuTimes.append(result.cpuSeconds)
            }
            var importPeak = 0
            var emptyPeak = Int.max
            for _ in 0..<memoryRuns {
                importPeak = max(importPeak, try peak(arguments))
                emptyPeak = min(emptyPeak, try peak(emptyArguments))
            }
            let own = max(importPeak - emptyPeak, 0)
            let ratio = Double(own) / Double(max(size, 1))
            let wall = Sample(wallTimes)
            results.append(ImportResult(
                description: relative, inputBytes: size, wholeProcess: wall, cpu: Sample(cpuTimes), targetSeconds: Self.targetSeconds,
                peakMemoryBytes: importPeak, startupPeakMemoryBytes: startupPeak, emptyImportPeakMemoryBytes: emptyPeak,
                ownMemoryBytes: own, ownMemoryRatio: ratio, targetMemoryRatio: Self.targetMemoryRatio,
                meetsTimeTarget: wall.median <= Self.targetSeconds, meetsMemoryTarget: ratio <= Self.targetMemoryRatio,
                memoryMeasuredBy: measuredBy, summary: Self.summaryLine(routegenExecutable, arguments)
            ))
        }
        return results
    }

    private static func summaryLine(_ executable: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").first { $0.hasPrefix("imported ") }.map(String.init) ?? ""
    }
}
