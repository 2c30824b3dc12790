import Foundation
import RoutegenCore
import RoutegenEmit
import RoutegenLint
import RoutegenSamples
import SyntheticRoutes

/// Generation cost at one API size: each stage in-process, then the whole `routegen generate`
/// process with its peak memory.
struct GenerationResult: Codable {
    var routes: Int
    /// Types the route file declares (0: its models are stubs it imports).
    var models: Int
    var parse: Sample
    var resolve: Sample
    var lint: Sample
    var emit: Sample
    var inProcessTotal: Sample
    var wholeProcess: Sample
    var peakMemoryBytes: Int
    var generatedBytes: Int
}

/// Discards diagnostics: the synthetic files are valid, and the check below proves it once.
private final class DiscardingSink: DiagnosticSink {
    var errors = 0
    func emit(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
    }
}

struct GenerationBenchmark {
    let routegenExecutable: String
    /// This benchmark's own executable, which measures peak memory in a fresh process.
    let benchExecutable: String
    let workDirectory: URL

    func run(routes: Int, models: Int = 0, repetitions: Int) throws -> GenerationResult {
        let api = SyntheticAPI.make(routeCount: routes, modelCount: models)
        let path = "Synthetic.routes"
        let check = DiscardingSink()
        guard let model = loadAPI(source: api.routeFile, path: path, diagnostics: check), check.errors == 0 else {
            throw BenchmarkError("the synthetic API of \(routes) routes and \(models) models does not load: \(check.errors) errors")
        }

        var parseTimes: [Double] = [], resolveTimes: [Double] = [], lintTimes: [Double] = []
        var emitTimes: [Double] = [], totals: [Double] = []
        var generatedBytes = 0
        for _ in 0..<repetitions {
            let sink = DiscardingSink()
            let start = now()
            let syntax = parse(source: api.routeFile, path: path, diagnostics: sink)
            let parsed = now()
            let resolved = resolve(syntax, diagnostics: sink)
            let resolvedAt = now()
            let findings = Linter().lint(model, source: api.routeFile)
            let linted = now()
            let options = EmitOptions()
            // As `routegen generate` does: one sample maker for the sources and the audit tests.
            let prepared = PreparedAPI(api: resolved ?? model, options: options)
            let files = APIEmitter(options: options).emit(prepared) + AuditTestsEmitter(options: options).emit(prepared)
            let emitted = now()
            generatedBytes = files.reduce(0) { $0 + $1.utf8.count }
            precondition(findings.count >= 0)
            parseTimes.append(parsed - start)
            resolveTimes.append(resolvedAt - parsed)
            lintTimes.append(linted - resolvedAt)
            emitTimes.append(emitted - linted)
            totals.append(emitted - start)
        }

        let specURL = workDirectory.appending(path: "Synthetic\(routes)-\(models).routes")
        try api.routeFile.write(to: specURL, atomically: true, encoding: .utf8)
        // A new empty folder for each run, all left to the end of the benchmark (the work folder
        // goes then): on ext4 without a journal (this host's), creating a file skips every inode
        // freed in the last minute or more, so removing one run's 800 files right before the next
        // made each run slower than the one before (0.3 s, then 0.7 s, then 1.0 s of writing at
        // 10,000 routes), and removing a row's folders slowed the next row's writing by 300 ms:
        // a cost of the benchmark, not of generating.
        var runs = 0
        func freshOutput() -> URL {
            runs += 1
            return workDirectory.appending(path: "out-\(routes)-\(models)-\(runs)")
        }
        var wallTimes: [Double] = []
        var peak = 0
        for _ in 0..<repetitions {
            let outputURL = freshOutput()
            let result = try ChildProcess.run(routegenExecutable, ["generate", specURL.path, "--output", outputURL.path])
            guard result.exitStatus == 0 else {
                throw BenchmarkError("routegen generate failed on \(routes) routes and \(models) models with status \(result.exitStatus)")
            }
            wallTimes.append(result.wallSeconds)
        }
        for _ in 0..<min(repetitions, 3) {
            let outputURL = freshOutput()
            let bytes = try ChildProcess.peakMemory(
                of: routegenExecutable, ["generate", specURL.path, "--output", outputURL.path], benchExecutable: benchExecutable
            )
            peak = max(peak, bytes)
        }

        return GenerationResult(
            routes: routes, models: models, parse: Sample(parseTimes), resolve: Sample(resolveTimes), lint: Sample(lintTimes),
            emit: Sample(emitTimes), inProcessTotal: Sample(totals), wholeProcess: Sample(wallTimes),
            peakMemoryBytes: peak, generatedBytes: generatedBytes
        )
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
