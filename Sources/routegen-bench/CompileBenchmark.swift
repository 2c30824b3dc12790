import Foundation
import RoutegenCore
import RoutegenEmit
import SyntheticRoutes

/// What compiling the endpoints of one API size costs, generated next to hand-written.
struct CompileResult: Codable {
    var routes: Int
    var generated: Sample
    var handWritten: Sample
    var ratio: Double
    var generatedPerRouteMilliseconds: Double
    var handWrittenPerRouteMilliseconds: Double
    var slowestFunctions: [FunctionTime]
    var longExpressionWarnings: Int
}

/// One function body's type-checking time, from `-debug-time-function-bodies`.
struct FunctionTime: Codable {
    var milliseconds: Double
    var location: String
    var declaration: String
}

/// Compiles with `swiftc` in a debug configuration (`-Onone`, batch mode, 2 jobs), the way
/// `swift build` compiles a module's files, against the EndpointKit module of this build.
struct CompileBenchmark {
    let swiftc: String
    let modulesDirectory: URL
    let workDirectory: URL

    func run(routes: Int, repetitions: Int) throws -> CompileResult {
        let api = SyntheticAPI.make(routeCount: routes)
        let collector = DiagnosticCollector()
        guard let model = loadAPI(source: api.routeFile, path: "Synthetic.routes", diagnostics: collector) else {
            throw BenchmarkError("the synthetic API does not load")
        }
        let directory = workDirectory.appending(path: "compile-\(routes)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        // The stub models are a module of their own, compiled once and not counted.
        let modelsFile = directory.appending(path: "Models.swift")
        try api.models.write(to: modelsFile, atomically: true, encoding: .utf8)
        try compile(
            ["-emit-module", "-parse-as-library", "-module-name", api.modelsModule, "-I", modulesDirectory.path,
             "-emit-module-path", directory.appending(path: api.modelsModule + ".swiftmodule").path, modelsFile.path],
            in: directory
        )

        let generatedDirectory = directory.appending(path: "generated")
        try FileManager.default.createDirectory(at: generatedDirectory, withIntermediateDirectories: true)
        var generatedFiles: [String] = []
        for file in APIEmitter().emit(api: model) {
            let url = generatedDirectory.appending(path: URL(fileURLWithPath: file.relativePath).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            generatedFiles.append(url.path)
        }
        let handFile = directory.appending(path: "HandWritten.swift")
        try HandWrittenEndpoints.source(for: model).write(to: handFile, atomically: true, encoding: .utf8)

        let generated = try measure(repetitions: repetitions) {
            try compile(objectArguments(module: "GeneratedAPI", files: generatedFiles, directory: directory), in: directory)
        }
        let hand = try measure(repetitions: repetitions) {
            try compile(objectArguments(module: "HandAPI", files: [handFile.path], directory: directory), in: directory)
        }

        let diagnostics = try compile(
            objectArguments(module: "GeneratedAPI", files: generatedFiles, directory: directory)
                + ["-Xfrontend", "-debug-time-function-bodies", "-Xfrontend", "-warn-long-expression-type-checking=20",
                   "-Xfrontend", "-warn-long-function-bodies=20"],
            in: directory
        )
        return CompileResult(
            routes: routes, generated: generated, handWritten: hand, ratio: generated.median / hand.median,
            generatedPerRouteMilliseconds: generated.median * 1000 / Double(routes),
            handWrittenPerRouteMilliseconds: hand.median * 1000 / Double(routes),
            slowestFunctions: Array(functionTimes(in: diagnostics).prefix(5)),
            longExpressionWarnings: diagnostics.components(separatedBy: "\n").filter { $0.contains("warning:") && $0.contains("took") }.count
        )
    }

    private func objectArguments(module: String, files: [String], directory: URL) -> [String] {
        ["-c", "-Onone", "-parse-as-library", "-enable-batch-mode", "-j", "2", "-module-name", module,
         "-I", modulesDirectory.path, "-I", directory.path] + files
    }

    /// Runs swiftc in `directory` (object files land there) and returns what it printed.
    @discardableResult
    private func compile(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = errorPipe
        try process.run()
        let output = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("swiftc failed:\n" + text.split(separator: "\n").prefix(30).joined(separator: "\n"))
        }
        return text
    }

    /// `-debug-time-function-bodies` lines (`0.12ms<TAB>file:line:col<TAB>declaration`), slowest first.
    private func functionTimes(in output: String) -> [FunctionTime] {
        output.split(separator: "\n").compactMap { line -> FunctionTime? in
            let fields = line.split(separator: "\t", maxSplits: 2)
            guard fields.count == 3, fields[0].hasSuffix("ms"), let value = Double(fields[0].dropLast(2)) else { return nil }
            return FunctionTime(milliseconds: value, location: String(fields[1]), declaration: String(fields[2]))
        }.sorted { ($0.milliseconds, $1.location) > ($1.milliseconds, $0.location) }
    }
}
