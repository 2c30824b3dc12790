/// Where the stages send recoverable problems. Fatal problems are thrown instead.
///
/// One path for every diagnostic of a run: the printer (compiler-style text), the collector
/// (buffered, for JSON and SARIF reports and for tests) and the counting forwarder are all
/// sinks, and all count with `DiagnosticCounts`. Stages are synchronous and run on one thread,
/// so sinks are plain reference types.
public protocol DiagnosticSink: AnyObject {
    /// Receives one diagnostic.
    func emit(_ diagnostic: Diagnostic)
    /// Makes the text of a file known, so a sink that prints can show the line of a diagnostic
    /// with a caret; sinks that do not print ignore it.
    func addSource(_ text: SourceText, path: String)
}

extension DiagnosticSink {
    /// Ignores the text: only printing sinks need it.
    public func addSource(_ text: SourceText, path: String) {}

    /// Receives each diagnostic in the order given.
    public func emit(contentsOf diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            emit(diagnostic)
        }
    }
}

/// How many diagnostics of each severity a sink received: the one count behind every
/// "has errors", exit status and closing summary.
public struct DiagnosticCounts: Hashable, Sendable {
    /// Errors received.
    public private(set) var errors = 0
    /// Warnings received.
    public private(set) var warnings = 0

    /// No diagnostics yet.
    public init() {}

    /// Counts one diagnostic by its severity; notes are not counted.
    public mutating func count(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: break
        }
    }

    /// Whether any error was received.
    public var hasErrors: Bool { errors > 0 }

    /// The summary compilers print at the end, `2 errors, 1 warning`; nil when there is nothing to count.
    public var summary: String? {
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// Keeps every diagnostic in order: the buffered sink of reports and tests.
public final class DiagnosticCollector: DiagnosticSink {
    /// Everything emitted so far, in emission order.
    public private(set) var diagnostics: [Diagnostic] = []
    /// What was emitted, counted by severity.
    public private(set) var counts = DiagnosticCounts()

    /// Creates an empty collector.
    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        counts.count(diagnostic)
        diagnostics.append(diagnostic)
    }

    /// Whether any error was emitted.
    public var hasErrors: Bool { counts.hasErrors }

    /// The diagnostics in printing order (`DiagnosticOrder`).
    public var sorted: [Diagnostic] {
        DiagnosticOrder.sorted(diagnostics) { $0 }
    }
}

/// The order diagnostics are printed and reported in: by file, line and column, those without a
/// location first, errors before warnings at one place, and otherwise as emitted.
public enum DiagnosticOrder {
    /// `items` sorted by the diagnostic each carries; stable.
    public static func sorted<Item>(_ items: [Item], by diagnostic: (Item) -> Diagnostic) -> [Item] {
        items.enumerated().sorted { lhs, rhs in
            let left = diagnostic(lhs.element), right = diagnostic(rhs.element)
            switch (left.location, right.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default:
                if left.severity != right.severity { return left.severity < right.severity }
                return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}

/// Forwards diagnostics and counts them on the way: how a stage learns whether what it
/// reported so far holds an error, whatever sink it reports to.
public final class CountingSink: DiagnosticSink {
    private let base: any DiagnosticSink
    /// What went through, counted by severity.
    public private(set) var counts = DiagnosticCounts()

    /// Creates a sink that forwards to `base`.
    public init(forwardingTo base: any DiagnosticSink) {
        self.base = base
    }

    public func emit(_ diagnostic: Diagnostic) {
        counts.count(diagnostic)
        base.emit(diagnostic)
    }

    public func addSource(_ text: SourceText, path: String) {
        base.addSource(text, path: path)
    }
}
