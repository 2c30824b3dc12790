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
    var time: Sample
    /// Megabytes (10^6 bytes) per second at the median time.
    var megabytesPerSecond: Double
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
    /// The real descriptions, beside the repository (../shared/corpus/real).
    static let corpus = "../shared/corpus/real"

    func run(repetitions: Int) throws -> [DocumentReadResult] {
        let rows: [(what: String, file: String, format: DocumentFormat, target: Double?)] = [
            ("YAML read", "openai/openapi.yaml", .yaml, 30),
            ("JSON read", "box/openapi.json", .json, nil),
        ]
        var results: [DocumentReadResult] = []
        for row in rows {
            let path = Self.corpus + "/" + row.file
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchmarkError("\(path) is missing: the document-reading rows read the corpus beside the repository")
            }
            let bytes = [UInt8](data)
            let sink = CountingSink()
            let time = measure(repetitions: repetitions) {
                let node: DocumentNode? = switch row.format {
                case .yaml: YAMLDocumentReader(path: path).read(bytes, diagnostics: sink)
                case .json: JSONDocumentReader(path: path).read(bytes, diagnostics: sink)
                }
                if node == nil { sink.errors += 1 }
            }
            guard sink.errors == 0 else { throw BenchmarkError("\(path) does not read without errors") }
            results.append(DocumentReadResult(
                what: row.what, file: row.file, bytes: bytes.count, time: time,
                megabytesPerSecond: Double(bytes.count) / 1e6 / time.median, targetMegabytesPerSecond: row.target
            ))
        }
        return results
    }
}
