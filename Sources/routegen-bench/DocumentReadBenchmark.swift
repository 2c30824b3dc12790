import Foundation
import RoutegenCore
import RoutegenYAML

/// Reading one API description into a located tree, in-process: the YAML reader on OpenAI's
/// description (target ≥ 30 MB/s) and the JSON reader on Box's.
struct DocumentReadResult: Codable {
    /// `YAML read` or `JSON read`.
    var what: String
    /// The file read, relative to the repository.
    var file: String
    var bytes: Int
    /// Wall-clock time per read.
    var time: Sample
    /// The reading thread's CPU time per read: what the reader costs when the machine is shared.
    var cpuTime: Sample
    /// Megabytes (10^6 bytes) per second at the median wall-clock time.
    var megabytesPerSecond: Double
    /// Megabytes per second at the median CPU time.
    var cpuMegabytesPerSecond: Double
    /// The speed this row must reach, if it has a target.
    var targetMegabytesPerSecond: Double?
}

/// Discards diagnostics, counting errors: a description that does not read is a failed benchmark.
private final class CountingSink: DiagnosticSink {
    var errors = 0
    func emit(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
    }
}

struct DocumentReadBenchmark {
    /// The real descriptions, in the repository (corpus/real).
    static let corpus = "corpus/real"

    func run(repetitions: Int) throws -> [DocumentReadResult] {
        let rows: [(what: String, file: String, format: DocumentFormat, target: Double?)] = [
            ("YAML read", "openai/openapi.yaml", .yaml, 30),
            ("JSON read", "box/openapi.json", .json, nil),
        ]
        var results: [DocumentReadResult] = []
        for row in rows {
            let path = Self.corpus + "/" + row.file
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchmarkError("\(path) is missing: the document-reading rows read the repository's corpus")
            }
            let bytes = [UInt8](data)
            let sink = CountingSink()
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<repetitions {
                let wallStart = DispatchTime.now().uptimeNanoseconds
                let cpuStart = Self.threadCPUSeconds()
                let node: DocumentNode? = switch row.format {
                case .yaml: YAMLDocumentReader(path: path).read(bytes, diagnostics: sink)
                case .json: JSONDocumentReader(path: path).read(bytes, diagnostics: sink)
                }
                if node == nil { sink.errors += 1 }
                cpu.append(Self.threadCPUSeconds() - cpuStart)
                wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
            }
            let time = Sample(wall), cpuTime = Sample(cpu)
            guard sink.errors == 0 else { throw BenchmarkError("\(path) does not read without errors") }
            results.append(DocumentReadResult(
                what: row.what, file: row.file, bytes: bytes.count, time: time, cpuTime: cpuTime,
                megabytesPerSecond: Double(bytes.count) / 1e6 / time.median,
                cpuMegabytesPerSecond: Double(bytes.count) / 1e6 / cpuTime.median, targetMegabytesPerSecond: row.target
            ))
        }
        return results
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
