import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RoutegenCore
import RoutegenEmit
import SyntheticRoutes

/// What one comparison of a generated module with a hand-written one found.
struct CompileFigures: Codable {
    /// Wall time of each compile.
    var generated: Sample
    var handWritten: Sample
    var ratio: Double
    /// CPU time (user and system, swiftc and its frontend jobs) of each compile: the work done,
    /// which other load on a shared machine disturbs less than the wall time. When the generated
    /// sources are several files and the hand-written one file, batch mode runs two frontend jobs
    /// side by side for the first and one for the second: on an idle machine that halves their
    /// wall time, on a busy one it does not, and the CPU ratio is what the wall ratio tends to under load.
    var generatedCPU: Sample
    var handWrittenCPU: Sample
    var cpuRatio: Double
    /// The generated side's slowest bodies, from `-debug-time-function-bodies`.
    var slowestFunctions: [FunctionTime]
    /// `-warn-long-expression-type-checking=20` warnings: single expressions over 20 ms.
    var longExpressionWarnings: Int
    /// `-warn-long-function-bodies=20` warnings: function bodies over 20 ms.
    var longFunctionBodyWarnings: Int
    /// The same two for the hand-written side, when timed (`timeHandBodies`); else empty and 0.
    var handWrittenSlowestFunctions: [FunctionTime] = []
    var handWrittenLongFunctionBodyWarnings = 0
}

/// What compiling the endpoints of one API size costs, generated next to hand-written.
@dynamicMemberLookup
struct CompileResult: Codable {
    var routes: Int
    var figures: CompileFigures
    var generatedPerRouteMilliseconds: Double
    var handWrittenPerRouteMilliseconds: Double

    subscript<Value>(dynamicMember keyPath: KeyPath<CompileFigures, Value>) -> Value { figures[keyPath: keyPath] }
}

/// One function body's type-checking time, from `-debug-time-function-bodies`.
struct FunctionTime: Codable {
    var milliseconds: Double
    var location: String
    var declaration: String
}

/// What compiling the generated models costs next to the same types written by hand
/// (`HandWrittenModels`), one file per type on both sides, the slowest bodies of both timed.
@dynamicMemberLookup
struct ModelCompileResult: Codable {
    var models: Int
    var figures: CompileFigures
    /// Bytes of source on each side.
    var generatedBytes: Int
    var handWrittenBytes: Int

    subscript<Value>(dynamicMember keyPath: KeyPath<CompileFigures, Value>) -> Value { figures[keyPath: keyPath] }
}

/// Compiles the endpoints of one API size, generated and hand-written, in a debug configuration.
struct CompileBenchmark {
    let comparison: CompileComparison

    func run(routes: Int, repetitions: Int) throws -> CompileResult {
        let api = SyntheticAPI.make(routeCount: routes)
        let collector = DiagnosticCollector()
        guard let model = loadAPI(source: api.routeFile, path: "Synthetic.routes", diagnostics: collector) else {
            throw BenchmarkError("the synthetic API does not load")
        }
        let directory = try comparison.freshDirectory("compile-\(routes)")

        // The stub models are a module of their own, compiled once and not counted.
        let modelsFile = directory.appending(path: "Models.swift")
        try api.models.write(to: modelsFile, atomically: true, encoding: .utf8)
        try comparison.compile(
            ["-emit-module", "-parse-as-library", "-module-name", api.modelsModule, "-I", comparison.modulesDirectory.path,
             "-emit-module-path", directory.appending(path: api.modelsModule + ".swiftmodule").path, modelsFile.path],
            in: directory
        )

        let generatedFiles = try comparison.write(APIEmitter().emit(api: model).map { (URL(fileURLWithPath: $0.relativePath).lastPathComponent, $0.contents) }, into: directory.appending(path: "generated"))
        let handFiles = try comparison.write([("HandWritten.swift", HandWrittenEndpoints.source(for: model))], into: directory)
        let figures = try comparison.measure(generated: generatedFiles, hand: handFiles, in: directory, repetitions: repetitions)
        return CompileResult(
            routes: routes, figures: figures,
            generatedPerRouteMilliseconds: figures.generated.median * 1000 / Double(routes),
            handWrittenPerRouteMilliseconds: figures.handWritten.median * 1000 / Double(routes)
        )
    }
}

/// Compiles the models a route file declares, as `ModelsEmitter` writes them and as
/// `HandWrittenModels` does, in a debug configuration.
struct ModelCompileBenchmark {
    let comparison: CompileComparison

    func run(routes: Int, models: Int, repetitions: Int) throws -> ModelCompileResult {
        let api = SyntheticAPI.make(routeCount: routes, modelCount: models)
        let collector = DiagnosticCollector()
        guard let model = loadAPI(source: api.routeFile, path: "Synthetic.routes", diagnostics: collector) else {
            throw BenchmarkError("the synthetic API with \(models) models does not load")
        }
        let directory = try comparison.freshDirectory("compile-models-\(models)")
        let generated = ModelsEmitter(options: EmitOptions(modelFiles: .perType)).emit(api: model).map { (URL(fileURLWithPath: $0.relativePath).lastPathComponent, $0.contents) }
        let hand = HandWrittenModels.sources(for: model)
        let generatedFiles = try comparison.write(generated, into: directory.appending(path: "generated"))
        let handFiles = try comparison.write(hand, into: directory.appending(path: "hand"))
        let figures = try comparison.measure(generated: generatedFiles, hand: handFiles, in: directory, repetitions: repetitions, timeHandBodies: true)
        return ModelCompileResult(
            models: model.types.count, figures: figures,
            generatedBytes: generated.reduce(0) { $0 + $1.1.utf8.count }, handWrittenBytes: hand.reduce(0) { $0 + $1.contents.utf8.count }
        )
    }
}

/// Compiles with `swiftc` in a debug configuration (`-Onone`, batch mode, 2 jobs), the way
/// `swift build` compiles a module's files, against the EndpointKit module of this build; a
/// generated module and a hand-written one, alternately, so a change of load on the machine
/// falls on both alike.
struct CompileComparison {
    let swiftc: String
    let modulesDirectory: URL
    let workDirectory: URL

    /// An empty folder under the work directory.
    func freshDirectory(_ name: String) throws -> URL {
        let directory = workDirectory.appending(path: name)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `(file name, contents)` pairs into `directory`; their paths, in order.
    func write(_ files: [(String, String)], into directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try files.map { name, contents in
            let url = directory.appending(path: name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Compiles each side `repetitions` times, alternating, then the generated side (and with
    /// `timeHandBodies` the hand-written one) once more with `-debug-time-function-bodies
    /// -warn-long-expression-type-checking=20 -warn-long-function-bodies=20`.
    func measure(generated: [String], hand: [String], in directory: URL, repetitions: Int, timeHandBodies: Bool = false) throws -> CompileFigures {
        let generatedArguments = objectArguments(module: "GeneratedAPI", files: generated, directory: directory)
        let handArguments = objectArguments(module: "HandAPI", files: hand, directory: directory)
        var generatedRuns: [(wall: Double, cpu: Double)] = []
        var handRuns: [(wall: Double, cpu: Double)] = []
        for _ in 0..<repetitions {
            generatedRuns.append(try timedCompile(generatedArguments, in: directory))
            handRuns.append(try timedCompile(handArguments, in: directory))
        }
        let timers = ["-Xfrontend", "-debug-time-function-bodies", "-Xfrontend", "-warn-long-expression-type-checking=20",
                      "-Xfrontend", "-warn-long-function-bodies=20"]
        let diagnostics = try compile(generatedArguments + timers, in: directory)
        let warnings = slowTypeCheckWarnings(in: diagnostics)
        let generatedWall = Sample(generatedRuns.map(\.wall)), handWall = Sample(handRuns.map(\.wall))
        let generatedCPU = Sample(generatedRuns.map(\.cpu)), handCPU = Sample(handRuns.map(\.cpu))
        var figures = CompileFigures(
            generated: generatedWall, handWritten: handWall, ratio: generatedWall.median / handWall.median,
            generatedCPU: generatedCPU, handWrittenCPU: handCPU, cpuRatio: generatedCPU.median / handCPU.median,
            slowestFunctions: Array(functionTimes(in: diagnostics).prefix(5)),
            longExpressionWarnings: warnings.expressions, longFunctionBodyWarnings: warnings.bodies
        )
        if timeHandBodies {
            let handDiagnostics = try compile(handArguments + timers, in: directory)
            figures.handWrittenSlowestFunctions = Array(functionTimes(in: handDiagnostics).prefix(5))
            figures.handWrittenLongFunctionBodyWarnings = slowTypeCheckWarnings(in: handDiagnostics).bodies
        }
        return figures
    }

    /// One compile: its wall time and the CPU time of swiftc and every frontend job it ran, in seconds.
    private func timedCompile(_ arguments: [String], in directory: URL) throws -> (wall: Double, cpu: Double) {
        let cpuBefore = Self.childrenCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try compile(arguments, in: directory)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (wall, Self.childrenCPUSeconds() - cpuBefore)
    }

    /// The user and system time of every child process reaped so far. swiftc waits for its
    /// frontend jobs, so their time is in swiftc's, which is in ours once `Process` reaps it.
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

    /// The slow-type-checking warnings in swiftc's output, each counted once: the compiler prints
    /// a warning on its own line (`file:line:col: warning: ...`) and again under the source line
    /// it points at, and a function-body warning (`static method 'f()' took 25ms to type-check`)
    /// is not an expression warning (`expression took 25ms to type-check`).
    private func slowTypeCheckWarnings(in output: String) -> (expressions: Int, bodies: Int) {
        var expressions = 0
        var bodies = 0
        for line in output.split(separator: "\n") {
            guard let first = line.first, first != " ", first != "\t", line.contains(": warning: "), line.contains(" to type-check") else {
                continue
            }
            if line.contains(": warning: expression took ") { expressions += 1 } else { bodies += 1 }
        }
        return (expressions, bodies)
    }

    private func objectArguments(module: String, files: [String], directory: URL) -> [String] {
        ["-c", "-Onone", "-parse-as-library", "-enable-batch-mode", "-j", "2", "-module-name", module,
         "-I", modulesDirectory.path, "-I", directory.path] + files
    }

    /// The peak memory of one compile of `files`, measured in a fresh process (see
    /// `ChildProcess.peakMemory`): the largest of swiftc and its frontend jobs, which batch mode
    /// runs two at a time, so what one compiler process needs at most.
    func peakMemory(module: String, files: [String], in directory: URL, benchExecutable: String) throws -> Int {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "cd " + quoted(directory.path) + " && exec " + ([swiftc] + objectArguments(module: module, files: files, directory: directory)).map(quoted).joined(separator: " ")
        return try ChildProcess.peakMemory(of: "/bin/sh", ["-c", command], benchExecutable: benchExecutable)
    }

    /// Runs swiftc in `directory` (object files land there) and returns what it printed.
    @discardableResult
    func compile(_ arguments: [String], in directory: URL) throws -> String {
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
