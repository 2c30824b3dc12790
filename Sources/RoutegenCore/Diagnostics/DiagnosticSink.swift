/// Where the stages send recoverable problems. Fatal problems are thrown instead.
///
/// Stages are synchronous and run on one thread, so sinks are plain reference types.
public protocol DiagnosticSink: AnyObject {
    /// Receives one diagnostic.
    func emit(_ diagnostic: Diagnostic)
}

/// Keeps every diagnostic in order: the sink tests and the CLI use.
public final class DiagnosticCollector: DiagnosticSink {
    /// Everything emitted so far, in emission order.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty collector.
    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Whether any error was emitted.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics sorted by file, line and column, errors before warnings at one place;
    /// stable for diagnostics at the same place.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = lhs.element, right = rhs.element
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
