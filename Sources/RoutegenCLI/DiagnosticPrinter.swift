import RoutegenCore

/// Prints diagnostics as compilers do (`path:line:column: error: message`, the source
/// line, a caret) and counts them for the closing summary and the exit status.
public final class DiagnosticPrinter {
    private let output: any OutputSink
    private var renderer = DiagnosticRenderer()
    /// How many errors have been printed.
    public private(set) var errorCount = 0
    /// How many warnings have been printed.
    public private(set) var warningCount = 0

    /// Creates a printer writing to `output` (normally standard error).
    public init(output: any OutputSink) {
        self.output = output
    }

    /// Makes the text of `path` known, so its diagnostics show the source line.
    public func addSource(_ text: String, path: String) {
        renderer.addSource(text, path: path)
    }

    /// Prints `diagnostics` in the order given and counts them.
    public func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: errorCount += 1
            case .warning: warningCount += 1
            case .note: break
            }
            output.write(renderer.render(diagnostic))
        }
    }

    /// Prints `2 errors, 1 warning` when anything was counted.
    public func printSummary() {
        if let summary = DiagnosticRenderer.summary(errors: errorCount, warnings: warningCount) {
            output.write(summary + "\n")
        }
    }

    /// Whether any error has been printed.
    public var hasErrors: Bool { errorCount > 0 }
}
