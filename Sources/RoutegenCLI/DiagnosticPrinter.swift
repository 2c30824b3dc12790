import RoutegenCore

/// The sink of compiler-style text: prints each diagnostic as it arrives
/// (`path:line:column: error: message`, the source line, a caret) and counts it for the
/// closing summary and the exit status.
public final class DiagnosticPrinter: DiagnosticSink {
    private let output: any OutputSink
    private var renderer = DiagnosticRenderer()
    /// What has been printed, counted by severity.
    public private(set) var counts = DiagnosticCounts()

    /// Creates a printer writing to `output` (normally standard error).
    public init(output: any OutputSink) {
        self.output = output
    }

    public func addSource(_ text: SourceText, path: String) {
        renderer.addSource(text, path: path)
    }

    /// Makes the UTF-8 text of `path` known without indexing its scalars (see `DiagnosticRenderer`).
    public func addSource(utf8 bytes: [UInt8], path: String) {
        renderer.addSource(utf8: bytes, path: path)
    }

    public func emit(_ diagnostic: Diagnostic) {
        counts.count(diagnostic)
        output.write(renderer.render(diagnostic))
    }

    /// Prints `2 errors, 1 warning` when anything was counted.
    public func printSummary() {
        if let summary = counts.summary {
            output.write(summary + "\n")
        }
    }

    /// Whether any error has been printed.
    public var hasErrors: Bool { counts.hasErrors }
}
