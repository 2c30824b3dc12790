/// How serious a diagnostic is. Only errors block generation or fail `routegen lint`.
public enum Severity: String, Hashable, Sendable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem found in a route file, by any stage: parser, validator or a lint rule.
public struct Diagnostic: Hashable, Sendable {
    /// How serious it is.
    public var severity: Severity
    /// A short, lower-case message that says what is wrong and, where it can, what to do.
    public var message: String
    /// Where it is; nil only for problems that belong to no file (an unreadable path).
    public var location: SourceLocation?
    /// Extra explanation printed as a `note:` line after the caret.
    public var note: String?
    /// Replacement text that would fix the problem, when there is an obvious one.
    public var fixIt: String?
    /// The lint rule that produced it (`secret-in-query`), nil for parser and validator errors.
    public var ruleID: String?

    /// Creates a diagnostic.
    public init(
        severity: Severity,
        message: String,
        location: SourceLocation?,
        note: String? = nil,
        fixIt: String? = nil,
        ruleID: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.note = note
        self.fixIt = fixIt
        self.ruleID = ruleID
    }

    /// An error at a location.
    public static func error(_ message: String, at location: SourceLocation?, note: String? = nil, fixIt: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, message: message, location: location, note: note, fixIt: fixIt)
    }

    /// A warning at a location.
    public static func warning(_ message: String, at location: SourceLocation?, note: String? = nil, fixIt: String? = nil) -> Diagnostic {
        Diagnostic(severity: .warning, message: message, location: location, note: note, fixIt: fixIt)
    }
}
