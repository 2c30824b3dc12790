import Foundation

/// `routegen import` of the corpus's real descriptions, whole process: Box (JSON) and OpenAI
/// (YAML) against the 150 ms target, with the peak memory against 10× the input's size.
struct ImportResult: Codable {
    var description: String
    var inputBytes: Int
    var wholeProcess: Sample
    var peakMemoryBytes: Int
    /// `routegen import`'s summary line.
    var summary: String
}

struct ImportBenchmark {
    let routegenExecutable: String
    let benchExecutable: String
    let workDirectory: URL

    /// The corpus: `ROUTEGEN_CORPUS`, else `../shared/corpus/real` from the repository root.
    static var corpus: String {
        ProcessInfo.processInfo.environment["ROUTEGEN_CORPUS"] ?? FileManager.default.currentDirectoryPath + "/../shared/corpus/real"
    }

    /// The descriptions measured (folder/file), those present.
    static let descriptions = ["box/openapi.json", "openai/openapi.yaml"]

    /// One row per description that imports; one that does not (a YAML reader still a
    /// placeholder) is named on standard output and left out.
    func run(repetitions: Int) throws -> [ImportResult] {
        var results: [ImportResult] = []
        for relative in Self.descriptions {
            let path = Self.corpus + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = attributes[.size] as? Int else { continue }
            let output = workDirectory.appending(path: "imported.routes").path
            let arguments = ["import", path, "-o", output, "--force"]
            let first = try ChildProcess.run(routegenExecutable, arguments)
            guard first.exitStatus == 0 else {
                print("import of \(relative): routegen import failed (status \(first.exitStatus)); left out")
                continue
            }
            var wallTimes: [Double] = []
            for _ in 0..<repetitions {
                wallTimes.append(try ChildProcess.run(routegenExecutable, arguments).wallSeconds)
            }
            var peak = 0
            for _ in 0..<min(repetitions, 3) {
                peak = max(peak, try ChildProcess.peakMemory(of: routegenExecutable, arguments, benchExecutable: benchExecutable))
            }
            let summary = Self.summaryLine(routegenExecutable, arguments)
            results.append(ImportResult(description: relative, inputBytes: size, wholeProcess: Sample(wallTimes), peakMemoryBytes: peak, summary: summary))
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
