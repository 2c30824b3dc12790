import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RoutegenCore
import RoutegenEmit
import SyntheticRoutes

/// What compiling the endpoints of one API size costs, generated next to hand-written.
struct CompileResult: Codable {
    var routes: Int
    /// Wall time of each compile.
    var generated: Sample
    var handWritten: Sample
    var ratio: Double
    var generatedPerRouteMilliseconds: Double
    var handWrittenPerRouteMilliseconds: Double
    /// CPU time (user and system, swiftc and its frontend jobs) of each compile: the work done,
    /// which other load on a shared machine disturbs less than the wall time. The generated
    /// sources are several files, so batch mode runs two frontend jobs side by side where the
    /// hand-written file gets one: on an idle machine that halves their wall time, on a busy
    /// one it does not, and the CPU ratio is what the wall ratio tends to under load.
    var generatedCPU: Sample
    var handWrittenCPU: Sample
    var cpuRatio: Double
    var slowestFunctions: [FunctionTime]
    /// `-warn-long-expression-type-checking=20` warnings: single expressions over 20 ms.
    var longExpressionWarnings: Int
    /// `-warn-long-function-bodies=20` warnings: function bodies over 20 ms.
    var longFunctionBodyWarnings: Int
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

        // Generated and hand-written compiles alternate, so a change of load on the machine
        // falls on both alike.
        let generatedArguments = objectArguments(module: "GeneratedAPI", files: generatedFiles, directory: directory)
        let handArguments = objectArguments(module: "HandAPI", files: [handFile.path], directory: directory)
        var generatedRuns: [(wall: Double, cpu: Double)] = []
        var handRuns: [(wall: Double, cpu: Double)] = []
        for _ in 0..<repetitions {
            generatedRuns.append(try timedCompile(generatedArguments, in: directory))
            handRuns.append(try timedCompile(handArguments, in: directory))
        }
        let generated = Sample(generatedRuns.map(\.wall))
        let hand = Sample(handRuns.map(\.wall))
        let generatedCPU = Sample(generatedRuns.map(\.cpu))
        let handCPU = Sample(handRuns.map(\.cpu))

        let diagnostics = try compile(
            generatedArguments
                + ["-Xfrontend", "-debug-time-function-bodies", "-Xfrontend", "-warn-long-expression-type-checking=20",
                   "-Xfrontend", "-warn-long-function-bodies=20"],
            in: directory
        )
        let warnings = slowTypeCheckWarnings(in: diagnostics)
        return CompileResult(
            routes: routes, generated: generated, handWritten: hand, ratio: generated.median / hand.median,
            generatedPerRouteMilliseconds: generated.median * 1000 / Double(routes),
            handWrittenPerRouteMilliseconds: hand.median * 1000 / Double(routes),
            generatedCPU: generatedCPU, handWrittenCPU: handCPU, cpuRatio: generatedCPU.median / handCPU.median,
            slowestFunctions: Array(functionTimes(in: diagnostics).prefix(5)),
            longExpressionWarnings: warnings.expressions, longFunctionBodyWarnings: warnings.bodies
        )
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
