import RoutegenCore

/// How a rule's findings are reported: the value a configuration file gives a rule.
public enum RuleSeverity: String, Hashable, Sendable, CaseIterable {
    /// The rule does not run.
    case off
    /// Findings are warnings: reported, exit status 0 (unless `--strict`).
    case warning
    /// Findings are errors: `routegen lint` exits 1.
    case error

    /// The diagnostic severity of a finding, or nil when the rule is off.
    public var diagnosticSeverity: Severity? {
        switch self {
        case .off: nil
        case .warning: .warning
        case .error: .error
        }
    }
}
