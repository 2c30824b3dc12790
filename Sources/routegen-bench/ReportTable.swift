import Foundation

/// The report as the Markdown tables printed at the end of a run; docs/performance.md keeps the
/// latest figures of each row.
struct ReportTable {
    let report: Report

    var text: String {
        var lines: [String] = []
        if !report.generation.isEmpty {
            lines.append("")
            lines.append("## Generation (in-process stages: median (min–max, runs))")
            lines.append("")
            lines.append("| routes | models | parse | resolve | lint | emit | in-process total | whole process | peak memory | generated | target |")
            lines.append("|---:|---:|---|---|---|---|---|---|---:|---:|---|")
            for result in report.generation {
                lines.append("| \(result.routes) | \(result.models == 0 ? "stubs" : String(result.models)) | \(result.parse.milliseconds(digits: 2)) | \(result.resolve.milliseconds(digits: 2)) | \(result.lint.milliseconds(digits: 2)) | \(result.emit.milliseconds(digits: 2)) | \(result.inProcessTotal.milliseconds(digits: 2)) | \(result.wholeProcess.milliseconds()) | \(megabytes(result.peakMemoryBytes)) | \(megabytes(result.generatedBytes)) | \(generationVerdict(result)) |")
            }
            if report.generation.contains(where: { $0.models == 0 }) {
                lines.append("")
                lines.append("Per-route slope of the in-process total (route files with stub models): \(format(report.perRouteMicroseconds, 1)) µs per route.")
            }
        }
        if !report.compile.isEmpty {
            lines.append("")
            lines.append("## Compile cost of generated code (debug, swiftc -Onone, batch mode, 2 jobs)")
            lines.append("")
            lines.append("| routes | generated | hand-written | ms/route generated | ms/route hand | ratio (target ≤ 1.2) | CPU generated | CPU hand-written | CPU ratio | slowest function body | bodies over 20 ms | long-expression warnings |")
            lines.append("|---:|---|---|---:|---:|---:|---|---|---:|---|---:|---:|")
            for result in report.compile {
                let slowest = result.slowestFunctions.first.map { "\(format($0.milliseconds, 1)) ms" } ?? "-"
                lines.append("| \(result.routes) | \(result.generated.milliseconds(digits: 0)) | \(result.handWritten.milliseconds(digits: 0)) | \(format(result.generatedPerRouteMilliseconds, 2)) | \(format(result.handWrittenPerRouteMilliseconds, 2)) | \(format(result.ratio, 2)) \(result.ratio <= 1.2 ? "✓" : "✗") | \(result.generatedCPU.milliseconds(digits: 0)) | \(result.handWrittenCPU.milliseconds(digits: 0)) | \(format(result.cpuRatio, 2)) | \(slowest) | \(result.longFunctionBodyWarnings) | \(result.longExpressionWarnings) |")
            }
            lines.append("")
            lines.append("Slowest function bodies (-debug-time-function-bodies):")
            for result in report.compile {
                let bodies = result.slowestFunctions.prefix(3).map { "\(format($0.milliseconds, 1)) ms \(Self.shortName($0.declaration))" }
                lines.append("- \(result.routes) routes: " + bodies.joined(separator: ", "))
            }
        }
        if !report.modelCompile.isEmpty {
            lines.append("")
            lines.append("## Compile cost of generated models (debug, swiftc -Onone, batch mode, 2 jobs; one file per type on both sides)")
            lines.append("")
            lines.append("| models | generated | hand-written | ratio (target ≤ 1.2) | CPU generated | CPU hand-written | CPU ratio | source generated / hand | slowest body generated / hand | bodies over 20 ms generated / hand (target 0) | long-expression warnings |")
            lines.append("|---:|---|---|---:|---|---|---:|---|---|---:|---:|")
            for result in report.modelCompile {
                let slowest = [result.slowestFunctions, result.handWrittenSlowestFunctions]
                    .map { $0.first.map { "\(format($0.milliseconds, 1)) ms" } ?? "-" }.joined(separator: " / ")
                let overLimit = "\(result.longFunctionBodyWarnings) \(result.longFunctionBodyWarnings == 0 ? "✓" : "✗") / \(result.handWrittenLongFunctionBodyWarnings)"
                lines.append("| \(result.models) | \(result.generated.milliseconds(digits: 0)) | \(result.handWritten.milliseconds(digits: 0)) | \(format(result.ratio, 2)) \(result.ratio <= 1.2 ? "✓" : "✗") | \(result.generatedCPU.milliseconds(digits: 0)) | \(result.handWrittenCPU.milliseconds(digits: 0)) | \(format(result.cpuRatio, 2)) | \(kilobytes(result.generatedBytes)) / \(kilobytes(result.handWrittenBytes)) | \(slowest) | \(overLimit) | \(result.longExpressionWarnings) |")
            }
            lines.append("")
            lines.append("Slowest model function bodies (-debug-time-function-bodies):")
            for result in report.modelCompile {
                for (side, functions) in [("generated", result.slowestFunctions), ("hand-written", result.handWrittenSlowestFunctions)] {
                    let bodies = functions.prefix(3).map { "\(format($0.milliseconds, 1)) ms \(Self.shortName($0.declaration))" }
                    lines.append("- \(result.models) models, \(side): " + bodies.joined(separator: ", "))
                }
            }
        }
        if !report.imports.isEmpty {
            lines.append("")
            lines.append("## Import (routegen import of real descriptions, whole process: median (min–max, runs))")
            lines.append("")
            lines.append("Memory: the import's own growth is its peak RSS minus the peak RSS of the same binary importing an empty description of the same format (the binary alone, `routegen --version`, is shown too); the 10× target is held on that growth, since the process that does nothing is already bigger than 10× Box's input. Peaks measured with \(report.imports[0].memoryMeasuredBy).")
            lines.append("")
            lines.append("| description | input | wall (target ≤ 150 ms) | CPU | peak RSS, whole process | empty import / --version | own growth (target ≤ 10× input) | imported |")
            lines.append("|---|---:|---|---|---:|---:|---|---|")
            for result in report.imports {
                let fast = result.meetsTimeTarget ? "✓" : "✗"
                let small = result.meetsMemoryTarget ? "✓" : "✗"
                lines.append("| \(result.description) | \(megabytes(result.inputBytes)) | \(result.wholeProcess.milliseconds()) \(fast) | \(result.cpu.milliseconds()) | \(megabytes(result.peakMemoryBytes)) | \(megabytes(result.emptyImportPeakMemoryBytes)) / \(megabytes(result.startupPeakMemoryBytes)) | \(megabytes(result.ownMemoryBytes)) (\(format(result.ownMemoryRatio, 1))×) \(small) | \(result.summary) |")
            }
        }
        if !report.importedCompile.isEmpty {
            lines.append("")
            lines.append("## Compile cost of an imported real API (`swift build --target` after touching its files, debug, both sides built at the same moment): the API module an app links against hand-written models plus routegen's endpoints")
            lines.append("")
            lines.append("| API | operations imported / in the description | schemas | routes / declared types | generated CPU | hand-written CPU | CPU ratio, median of pairs (range; target ≤ 1.0) | generated wall | hand-written wall | wall ratio, median of pairs | lines generated / hand |")
            lines.append("|---|---|---:|---|---|---|---:|---|---|---:|---|")
            for result in report.importedCompile {
                let build = result.build
                lines.append("| \(result.api) | \(result.importedOperations) / \(result.operations) | \(result.componentSchemas) | \(result.routes) / \(result.declaredTypes) | \(build.generatedCPU.milliseconds(digits: 0)) | \(build.handWrittenCPU.milliseconds(digits: 0)) | \(format(build.cpuRatio, 3)) (\(format(build.cpuRatios.minimum, 3))–\(format(build.cpuRatios.maximum, 3))) \(build.cpuRatio <= 1.0 ? "✓" : "✗") | \(build.generated.milliseconds(digits: 0)) | \(build.handWritten.milliseconds(digits: 0)) | \(format(build.ratio, 2)) | \(result.generatedLines) / \(result.handWrittenLines) |")
            }
        }
        if let runtime = report.runtime {
            lines.append("")
            lines.append("## Runtime (per call)")
            lines.append("")
            lines.append("| what | time | ratio (target ≤ 1.5) |")
            lines.append("|---|---|---:|")
            lines.append("| `Endpoint.urlRequest(baseURL:)` | \(runtime.urlRequest.nanoseconds()) | \(format(runtime.ratio, 2)) \(runtime.ratio <= 1.5 ? "✓" : "✗") |")
            lines.append("| the same request by hand (URLComponents, JSONEncoder) | \(runtime.handBuilt.nanoseconds()) | 1.00 |")
            lines.append("| `URLSessionHTTPClient.prepare` (token included) | \(runtime.prepareWithToken.nanoseconds()) | |")
        }
        if !report.documentReading.isEmpty {
            lines.append("")
            lines.append("## Reading descriptions (in-process, into a located tree)")
            lines.append("")
            lines.append("| what | file | size | time | MB/s | CPU time | MB/s of CPU | target (wall) |")
            lines.append("|---|---|---:|---|---:|---|---:|---|")
            for result in report.documentReading {
                let target = result.targetMegabytesPerSecond.map { "≥ \(format($0, 0)) MB/s \(result.megabytesPerSecond >= $0 ? "✓" : "✗")" } ?? "-"
                lines.append("| \(result.what) | \(result.file) | \(megabytes(result.bytes)) | \(result.time.milliseconds(digits: 1)) | \(format(result.megabytesPerSecond, 1)) | \(result.cpuTime.milliseconds(digits: 1)) | \(format(result.cpuMegabytesPerSecond, 1)) | \(target) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `SyntheticRoutes.makeAll()` from `static method GeneratedAPI.(file).SyntheticRoutes.makeAll()@/path:3:4`.
    static func shortName(_ declaration: String) -> String {
        let name = declaration.split(separator: "@", maxSplits: 1).first.map(String.init) ?? declaration
        guard let range = name.range(of: ".(file).") else { return name }
        return String(name[range.upperBound...])
    }

    private func megabytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1_048_576, 1) + " MB"
    }

    private func kilobytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1_024, 0) + " KB"
    }

    /// The target of a row: time (and memory at 10,000 routes), met or not. With models (one
    /// for every two routes) the targets are 90 ms, and 1,000 ms and 160 MB: a plain one-pass
    /// front end, with no allocator or thread tuning, measured against the tuned one it replaced
    /// (56 ms and 578 ms, 111 MB) within 1.6× and 1.7×.
    private func generationVerdict(_ result: GenerationResult) -> String {
        let withModels = result.models > 0
        switch result.routes {
        case 1_000:
            let limit = withModels ? 0.090 : 0.050
            return "≤ \(Int(limit * 1000)) ms " + (result.wholeProcess.median <= limit ? "✓" : "✗")
        case 10_000:
            let time = withModels ? 1.0 : 0.5
            let memory = withModels ? 160 : 100
            let met = result.wholeProcess.median <= time && result.peakMemoryBytes <= memory * 1_048_576
            return "≤ \(Int(time * 1000)) ms, ≤ \(memory) MB " + (met ? "✓" : "✗")
        default:
            return ""
        }
    }
}
