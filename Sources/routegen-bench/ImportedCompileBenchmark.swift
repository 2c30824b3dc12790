import Foundation
import RoutegenCore
import RoutegenEmit
import RoutegenOpenAPI

/// What compiling a real API's imported client costs next to the same client by hand.
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
    /// Each side's `swift build --target` after touching its files.
    var build: PackageBuildFigures
    /// Lines of Swift on each side.
    var generatedLines: Int
    var handWrittenLines: Int
}

/// Imports a real description (`routegen import`'s library), then builds the generated API module
/// an app links (models, endpoints, route table; not the companion module of samples and the
/// preview client, which only previews and tests import) against a hand-written stand-in: the
/// same declared types as plain `Codable, Hashable, Sendable` types by `HandWrittenModels`, in
/// eight files in a `Models/` folder as a team keeps them, plus routegen's endpoint files and
/// route table (which holds their argument helpers), which a team writing its models by hand
/// would still use. Each side is a target of one SwiftPM package, built with `swift build
/// --target` after touching its files, the two sides at the same moment (`PackageBuildComparison`):
/// the compiler's flags, jobs and file order are SwiftPM's own.
struct ImportedCompileBenchmark {
    let builds: PackageBuildComparison
    let workDirectory: URL

    func run(name: String, description path: String, repetitions: Int) throws -> ImportedCompileResult {
        guard let bytes = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
        let collector = DiagnosticCollector()
        guard let imported = OpenAPIImporter(path: path).importDescription(Array(bytes), diagnostics: collector) else {
            throw BenchmarkError("\(path) does not import: \(collector.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))")
        }
        guard let model = loadAPI(source: imported.text, path: name + ".routes", diagnostics: collector) else {
            throw BenchmarkError("the import of \(path) does not load")
        }
        let directory = workDirectory.appending(path: "compile-imported-\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let options = EmitOptions()
        let folder = GeneratedLayout.sourcesFolder(api: model.name) + "/"
        let generated = APIEmitter(options: options).emit(api: model).map { (String($0.relativePath.dropFirst(folder.count)), $0.contents) }
        let endpoints = EndpointsEmitter(options: options)
        let endpointFiles = (model.groups.map { endpoints.emit(api: model, group: $0) } + [RouteTableEmitter(options: options).emit(api: model)]).map { file in
            (String(file.relativePath.dropFirst(folder.count)), file.contents)
        }
        let hand = Self.spread(HandWrittenModels.sources(for: model), into: min(8, model.types.count)).map { ("Models/" + $0.0, $0.1) } + endpointFiles
        try builds.makePackage(generated: generated, hand: hand, in: directory)
        let figures = try builds.measure(in: directory, repetitions: repetitions)
        func lines(_ files: [(String, String)]) -> Int { files.reduce(0) { $0 + $1.1.utf8.lazy.filter { $0 == 0x0A }.count } }
        return ImportedCompileResult(
            api: name, operations: imported.summary.operations, importedOperations: imported.summary.importedOperations,
            componentSchemas: imported.summary.componentSchemas, routes: model.routes.count, declaredTypes: model.types.count,
            build: figures, generatedLines: lines(generated), handWrittenLines: lines(hand)
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
