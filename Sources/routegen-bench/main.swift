import Foundation
import SyntheticRoutes

// routegen-bench: generation speed, compile cost of generated code and runtime overhead,
// each against its target. Run it in release: `scripts/bench.sh` (or
// `swift build -c release && swift run -c release routegen-bench`).
// Prints a table and writes the same figures as JSON (default bench-results/results.json).

struct Options {
    var quick = false
    var skipCompile = false
    /// `--compile-only`: only the compile-cost part, no generation or runtime figures.
    var compileOnly = false
    /// `--models-only`: only the rows of route files that declare models (generation and compile).
    var modelsOnly = false
    /// `--documents-only`: only the document-reading rows (the YAML and JSON readers).
    var documentsOnly = false
    /// `--imported-only`: only the compile of imported real APIs (Box) against a hand-written stand-in.
    var importedOnly = false
    /// `--import-only`: only `routegen import` of the real descriptions and the document-reading
    /// rows (the YAML and JSON readers); no generation, compile or runtime rows.
    var importOnly = false
    /// `--corpus DIR`: where the real descriptions are (default `corpus/real`).
    var corpusDirectory = "corpus/real"
    /// `--compile-runs N`: compiles of each side per size (default 3, 1 with `--quick`); the
    /// machine is shared, so more runs give a steadier median.
    var compileRuns: Int?
    var jsonPath = "bench-results/results.json"
    /// `--write-spec ROUTES PATH`: only write the synthetic route file of that size, for profiling.
    var specToWrite: (routes: Int, path: String)?
    /// `--models N`: the route file `--write-spec` writes declares N models.
    var specModels = 0
    /// `--routegen PATH`: the `routegen` whose whole process is measured (default: the one built
    /// beside this benchmark). scripts/bench.sh passes the one scripts/install.sh builds.
    var routegenPath: String?

    static let usage = "usage: routegen-bench [--quick] [--skip-compile] [--compile-only] [--models-only] [--documents-only] [--imported-only] [--import-only] [--corpus DIR] [--compile-runs N] [--json PATH] [--routegen PATH] [--write-spec ROUTES PATH [--models N]]"

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--skip-compile": skipCompile = true
            case "--compile-only": compileOnly = true
            case "--models-only": modelsOnly = true
            case "--documents-only": documentsOnly = true
            case "--imported-only": importedOnly = true
            case "--import-only": importOnly = true
            case "--corpus":
                guard let path = remaining.popFirst() else { throw BenchmarkError("--corpus needs a folder") }
                corpusDirectory = path
            case "--compile-runs":
                guard let runs = remaining.popFirst().flatMap({ Int($0) }), runs > 0 else { throw BenchmarkError("--compile-runs needs a positive count") }
                compileRuns = runs
            case "--json":
                guard let path = remaining.popFirst() else { throw BenchmarkError("--json needs a path") }
                jsonPath = path
            case "--routegen":
                guard let path = remaining.popFirst() else { throw BenchmarkError("--routegen needs a path") }
                guard FileManager.default.isExecutableFile(atPath: path) else { throw BenchmarkError("--routegen: no executable at \(path)") }
                routegenPath = path
            case "--write-spec":
                guard let count = remaining.popFirst().flatMap({ Int($0) }), let path = remaining.popFirst() else {
                    throw BenchmarkError("--write-spec needs a route count and a path")
                }
                specToWrite = (count, path)
            case "--models":
                guard let count = remaining.popFirst().flatMap({ Int($0) }), count >= 0 else { throw BenchmarkError("--models needs a count") }
                specModels = count
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default: throw BenchmarkError("unknown argument '\(argument)'\n" + Self.usage)
            }
        }
    }
}

struct Report: Codable {
    var machine: Machine
    var generation: [GenerationResult]
    var perRouteMicroseconds: Double
    var compile: [CompileResult]
    /// The declared models, generated and hand-written.
    var modelCompile: [ModelCompileResult]
    /// Real APIs imported from OpenAPI, generated and hand-written.
    var importedCompile: [ImportedCompileResult]
    /// nil with `--compile-only`.
    var runtime: RuntimeResult?
    /// The YAML and JSON readers on real descriptions; empty with `--compile-only` or `--models-only`.
    var documentReading: [DocumentReadResult] = []
    /// `routegen import` of real descriptions; empty with `--compile-only`, `--models-only`,
    /// `--documents-only` or `--imported-only`.
    var imports: [ImportResult] = []
}

struct Machine: Codable {
    var cores: Int
    var memoryBytes: UInt64
    var toolchain: String
    var configuration: String
    /// How the measured `routegen` has the Swift runtime: "static" (in the binary, as
    /// scripts/install.sh builds it), "dynamic" (shared libraries, as `swift build` does) or "unknown".
    var routegenLinking: String
}

func locate(_ name: String, beside executable: URL) -> String? {
    let candidate = executable.deletingLastPathComponent().appending(path: name).path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
}

func findInPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
        let candidate = String(directory) + "/" + name
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// The `swift` driver beside `swiftc` (the same toolchain), for `swift build`.
func swiftExecutable(beside swiftc: String) throws -> String {
    let candidate = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appending(path: "swift").path
    guard FileManager.default.isExecutableFile(atPath: candidate) else { throw BenchmarkError("no swift beside \(swiftc)") }
    return candidate
}

/// This checkout's `Sources/EndpointKit`: `ROUTEGEN_REPO`'s, else that of the first folder above
/// the executable (`.build/<triple>/<configuration>/`) that has one.
func runtimeSources(from executable: URL) throws -> URL {
    if let repo = ProcessInfo.processInfo.environment["ROUTEGEN_REPO"] {
        return URL(fileURLWithPath: repo).appending(path: "Sources/EndpointKit")
    }
    var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appending(path: "Sources/EndpointKit")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    throw BenchmarkError("no Sources/EndpointKit above \(executable.path); set ROUTEGEN_REPO")
}

/// "dynamic" when `ldd` lists the Swift runtime's shared library for `binary`, "static" when it
/// lists others but not that one, "unknown" without `ldd` or a binary.
func swiftRuntimeLinking(of binary: String) -> String {
    guard !binary.isEmpty, let ldd = findInPath("ldd") else { return "unknown" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ldd)
    process.arguments = [binary]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    guard (try? process.run()) != nil else { return "unknown" }
    let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return "unknown" }
    return listing.contains("libswiftCore.so") ? "dynamic" : "static"
}

func toolchainVersion(_ swiftc: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
    process.arguments = ["--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    guard (try? process.run()) != nil else { return "unknown" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "unknown"
}

/// This executable, the routegen it measures, swiftc, and the folder of the modules generated
/// code compiles against (beside this executable).
func locateTools(_ options: Options) throws -> (benchmark: URL, routegen: String, swiftc: String, modules: URL) {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let selfURL = FileManager.default.fileExists(atPath: executable.path) ? executable : URL(fileURLWithPath: CommandLine.arguments[0])
    // Only the generation rows run routegen; `--documents-only` needs just this executable.
    let routegen = options.routegenPath ?? locate("routegen", beside: selfURL) ?? ""
    guard !routegen.isEmpty || options.documentsOnly else {
        throw BenchmarkError("routegen is not built beside routegen-bench: run `swift build -c release` first")
    }
    guard let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? findInPath("swiftc") else {
        throw BenchmarkError("swiftc is not on PATH; set SWIFTC")
    }
    let buildDirectory = selfURL.deletingLastPathComponent()
    let modules = buildDirectory.appending(path: "Modules")
    let modulesDirectory = FileManager.default.fileExists(atPath: modules.path) ? modules : buildDirectory

    return (selfURL, routegen, swiftc, modulesDirectory)
}

func runBenchmarks() async throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    if let spec = options.specToWrite {
        try SyntheticAPI.make(routeCount: spec.routes, modelCount: options.specModels).routeFile.write(toFile: spec.path, atomically: true, encoding: .utf8)
        print("wrote \(spec.path): \(spec.routes) routes" + (options.specModels > 0 ? ", \(options.specModels) models" : ""))
        return
    }
    #if DEBUG
    let configuration = "debug"
    print("warning: routegen-bench is a debug build; figures are only meaningful with -c release")
    #else
    let configuration = "release"
    #endif

    let (selfURL, routegen, swiftc, modulesDirectory) = try locateTools(options)
    let work = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "routegen-bench-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    let machine = Machine(
        cores: ProcessInfo.processInfo.activeProcessorCount, memoryBytes: ProcessInfo.processInfo.physicalMemory,
        toolchain: toolchainVersion(swiftc), configuration: configuration, routegenLinking: swiftRuntimeLinking(of: routegen)
    )
    let linking = ["static": "the Swift runtime linked in (scripts/install.sh)", "dynamic": "the Swift runtime as shared libraries"][machine.routegenLinking] ?? "linking unknown"
    print("routegen-bench (\(configuration)) on \(machine.cores) cores, \(machine.toolchain); routegen with \(linking)")

    // Stub models (the figures kept since the first benchmark), then route files that declare
    // one model for every two routes.
    let sizes: [(routes: Int, models: Int, repetitions: Int)] = options.quick
        ? [(100, 0, 5), (1_000, 0, 3), (1_000, 500, 3)]
        : [(100, 0, 21), (1_000, 0, 11), (10_000, 0, 5), (1_000, 500, 11), (10_000, 5_000, 5)]
    let generation = GenerationBenchmark(routegenExecutable: routegen, benchExecutable: selfURL.path, workDirectory: work)
    var generationResults: [GenerationResult] = []
    for size in sizes where !options.compileOnly && !options.documentsOnly && !options.importedOnly && !options.importOnly && (!options.modelsOnly || size.models > 0) {
        generationResults.append(try generation.run(routes: size.routes, models: size.models, repetitions: size.repetitions))
    }
    let stubRows = generationResults.filter { $0.models == 0 }
    let perRoute = stubRows.isEmpty ? 0 : slope(stubRows.map { (Double($0.routes), $0.inProcessTotal.median) }) * 1e6

    var compileResults: [CompileResult] = []
    var modelCompileResults: [ModelCompileResult] = []
    var importedCompileResults: [ImportedCompileResult] = []
    if !options.skipCompile && !options.documentsOnly && !options.importOnly {
        let comparison = CompileComparison(swiftc: swiftc, modulesDirectory: modulesDirectory, workDirectory: work)
        let runs = options.compileRuns ?? (options.quick ? 1 : 3)
        for routes in options.modelsOnly || options.importedOnly ? [] : options.quick ? [100] : [100, 1_000] {
            compileResults.append(try CompileBenchmark(comparison: comparison).run(routes: routes, repetitions: runs))
        }
        if !options.importedOnly {
            modelCompileResults.append(try ModelCompileBenchmark(comparison: comparison).run(routes: 1_000, models: 500, repetitions: runs))
        }
        if !options.quick && !options.modelsOnly {
            let box = options.corpusDirectory + "/box/openapi.json"
            let builds = PackageBuildComparison(swift: try swiftExecutable(beside: swiftc), runtimeSources: try runtimeSources(from: selfURL))
            importedCompileResults.append(try ImportedCompileBenchmark(builds: builds, workDirectory: work).run(name: "box", description: box, repetitions: runs))
        }
    }

    let skipsOtherRows = options.compileOnly || options.modelsOnly || options.documentsOnly || options.importedOnly || options.importOnly
    let documentReading = options.compileOnly || options.modelsOnly || options.importedOnly ? [] : try DocumentReadBenchmark().run(repetitions: options.quick ? 5 : 15)
    let imports = skipsOtherRows && !options.importOnly ? [] : try ImportBenchmark(routegenExecutable: routegen, benchExecutable: selfURL.path, workDirectory: work)
        .run(repetitions: options.quick ? 5 : 11)
    let runtime = skipsOtherRows ? nil : try await RuntimeBenchmark(iterations: options.quick ? 2_000 : 20_000, repetitions: options.quick ? 3 : 9).run()

    let report = Report(
        machine: machine, generation: generationResults, perRouteMicroseconds: perRoute, compile: compileResults,
        modelCompile: modelCompileResults, importedCompile: importedCompileResults, runtime: runtime, documentReading: documentReading, imports: imports
    )
    print(ReportTable(report: report).text)

    let jsonURL = URL(fileURLWithPath: options.jsonPath)
    try FileManager.default.createDirectory(at: jsonURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(report).write(to: jsonURL)
    print("wrote \(options.jsonPath)")
}

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == ChildProcess.measureFlag {
    ChildProcess.measureAndExit(Array(CommandLine.arguments.dropFirst(2)))
}

do {
    try await runBenchmarks()
} catch {
    FileHandle.standardError.write(Data("routegen-bench: error: \(error)\n".utf8))
    exit(1)
}
