import Foundation
import RoutegenCore
import RoutegenEmit
import RoutegenOpenAPI

/// What compiling a real API's imported client costs next to the same client by hand.
@dynamicMemberLookup
struct ImportedCompileResult: Codable {
    /// The description's name (`box`).
    var api: String
    /// What each side covers: the description's operations and component schemas, the routes
    /// and declared types the import made of them.
    var operations: Int
    var importedOperations: Int
    var componentSchemas: Int
    var routes: Int
    var declaredTypes: Int
    var figures: CompileFigures
    /// The compiler's peak memory for each side (one more compile of each, measured apart).
    var generatedPeakMemoryBytes: Int
    var handWrittenPeakMemoryBytes: Int
    /// Lines of Swift on each side.
    var generatedLines: Int
    var handWrittenLines: Int

    subscript<Value>(dynamicMember keyPath: KeyPath<CompileFigures, Value>) -> Value { figures[keyPath: keyPath] }
}

/// Imports a real description (`routegen import`'s library), then compiles in a debug
/// configuration the whole generated API module (models, endpoints, route table, preview client)
/// against a hand-written stand-in: the same declared types as plain `Codable, Hashable,
/// Sendable` types by `HandWrittenModels`, in eight files in a `Models/` folder as a team keeps
/// them, plus routegen's endpoint files and route table (which holds their argument helpers),
/// which a team writing its models by hand would still use. Both sides' files are compiled in
/// path order, as SwiftPM passes them.
struct ImportedCompileBenchmark {
    let comparison: CompileComparison
    let benchExecutable: String

    func run(name: String, description path: String, repetitions: Int) throws -> ImportedCompileResult {
        guard let bytes = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
        let collector = DiagnosticCollector()
        guard let imported = OpenAPIImporter(path: path).importDescription(Array(bytes), diagnostics: collector) else {
            throw BenchmarkError("\(path) does not import: \(collector.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))")
        }
        guard let model = loadAPI(source: imported.text, path: name + ".routes", diagnostics: collector) else {
            throw BenchmarkError("the import of \(path) does not load")
        }
        let directory = try comparison.freshDirectory("compile-imported-\(name)")
        let options = EmitOptions()
        // Each side's files in path order, as SwiftPM hands a target's sources to the compiler: batch
        // mode cuts that list into consecutive runs, so where the heavy files stand decides how
        // well the two jobs share the work.
        let generated = APIEmitter(options: options).emit(api: model).sorted { TextOrder.precedes($0.relativePath, $1.relativePath) }
            .map { (URL(fileURLWithPath: $0.relativePath).lastPathComponent, $0.contents) }
        let endpoints = EndpointsEmitter(options: options)
        let endpointFiles = (model.groups.map { endpoints.emit(api: model, group: $0) } + [RouteTableEmitter(options: options).emit(api: model)]).map { file in
            (URL(fileURLWithPath: file.relativePath).lastPathComponent, file.contents)
        }
        let hand = (Self.spread(HandWrittenModels.sources(for: model), into: min(8, model.types.count)).map { ("Models/" + $0.0, $0.1) } + endpointFiles)
            .sorted { TextOrder.precedes($0.0, $1.0) }.map { (URL(fileURLWithPath: $0.0).lastPathComponent, $0.1) }
        let generatedFiles = try comparison.write(generated, into: directory.appending(path: "generated"))
        let handFiles = try comparison.write(hand, into: directory.appending(path: "hand"))
        let figures = try comparison.measure(generated: generatedFiles, hand: handFiles, in: directory, repetitions: repetitions, timeHandBodies: true)
        let generatedPeak = try comparison.peakMemory(module: "GeneratedAPI", files: generatedFiles, in: directory, benchExecutable: benchExecutable)
        let handPeak = try comparison.peakMemory(module: "HandAPI", files: handFiles, in: directory, benchExecutable: benchExecutable)
        func lines(_ files: [(String, String)]) -> Int { files.reduce(0) { $0 + $1.1.utf8.lazy.filter { $0 == 0x0A }.count } }
        return ImportedCompileResult(
            api: name, operations: imported.summary.operations, importedOperations: imported.summary.importedOperations,
            componentSchemas: imported.summary.componentSchemas, routes: model.routes.count, declaredTypes: model.types.count,
            figures: figures, generatedPeakMemoryBytes: generatedPeak, handWrittenPeakMemoryBytes: handPeak,
            generatedLines: lines(generated), handWrittenLines: lines(hand)
        )
    }

    /// `files` joined into `count` files in order, as a person keeps a few files of models.
    static func spread(_ files: [(name: String, contents: String)], into count: Int) -> [(String, String)] {
        guard count > 0, !files.isEmpty else { return [] }
        let perFile = (files.count + count - 1) / count
        return stride(from: 0, to: files.count, by: perFile).enumerated().map { index, start in
            let chunk = files[start..<min(start + perFile, files.count)]
            let body = chunk.map { $0.contents.replacingOccurrences(of: "import EndpointKit\nimport Foundation\n\n", with: "") }
            return ("HandModels\(index + 1).swift", "import EndpointKit\nimport Foundation\n\n" + body.joined(separator: "\n"))
        }
    }
}
