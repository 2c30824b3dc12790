import Foundation

/// The report as the Markdown table printed at the end of a run and kept in docs/performance.md.
struct ReportTable {
    let report: Report

    var text: String {
        var lines: [String] = []
        if !report.generation.isEmpty {
            lines.append("")
            lines.append("## Generation (in-process stages: median (min–max, runs))")
            lines.append("")
            lines.append("| routes | parse | resolve | lint | emit | in-process total | whole process | peak memory | target |")
            lines.append("|---:|---|---|---|---|---|---|---:|---|")
            for result in report.generation {
                lines.append("| \(result.routes) | \(result.parse.milliseconds(digits: 2)) | \(result.resolve.milliseconds(digits: 2)) | \(result.lint.milliseconds(digits: 2)) | \(result.emit.milliseconds(digits: 2)) | \(result.inProcessTotal.milliseconds(digits: 2)) | \(result.wholeProcess.milliseconds()) | \(megabytes(result.peakMemoryBytes)) | \(generationVerdict(result)) |")
            }
            lines.append("")
            lines.append("Per-route slope of the in-process total: \(format(report.perRouteMicroseconds, 1)) µs per route.")
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

    private func generationVerdict(_ result: GenerationResult) -> String {
        switch result.routes {
        case 1_000: result.wholeProcess.median <= 0.050 ? "≤ 50 ms ✓" : "≤ 50 ms ✗"
        case 10_000:
            result.wholeProcess.median <= 0.5 && result.peakMemoryBytes <= 100 * 1_048_576 ? "≤ 500 ms, ≤ 100 MB ✓" : "≤ 500 ms, ≤ 100 MB ✗"
        default: ""
        }
    }
}
