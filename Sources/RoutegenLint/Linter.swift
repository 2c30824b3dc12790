import RoutegenCore

/// Runs the lint rules over a checked model: the one entry point `routegen lint` and the
/// `lint-routes` plugin (through `routegen lint`) share.
public struct Linter: Sendable {
    /// Per-rule severities from `.routegen-lint.json`.
    public var configuration: LintConfiguration
    /// `--strict`: every finding that is reported at all is an error.
    public var isStrict: Bool

    /// Creates a linter.
    public init(configuration: LintConfiguration = LintConfiguration(), isStrict: Bool = false) {
        self.configuration = configuration
        self.isStrict = isStrict
    }

    /// The findings for `model`, resolved from `source`, as diagnostics with `ruleID` set,
    /// sorted by location; findings switched off by configuration or `# routegen:disable` are dropped.
    /// Unknown rule ids in `# routegen:disable` comments are reported as warnings without a rule id.
    public func lint(_ model: APIModel, source: String) -> [Diagnostic] {
        lint(model, text: SourceText(source))
    }

    /// `lint(_:source:)` on a text already indexed (the loader's, shared with the lexer).
    public func lint(_ model: APIModel, text: SourceText) -> [Diagnostic] {
        let context = LintContext(text: text)
        let disabled = Dictionary(model.routes.map { (RouteKey($0), Set($0.disabledRules)) }, uniquingKeysWith: { $0.union($1) })
        let collector = DiagnosticCollector()
        for route in model.routes {
            for ruleID in route.disabledRules where LintRules.rule(withID: ruleID) == nil {
                var message = "unknown lint rule '\(ruleID)' in 'routegen:disable' of route '\(route.name)'"
                if let suggestion = LintRules.suggestion(for: ruleID) { message += "; did you mean '\(suggestion)'?" }
                collector.emit(.warning(message, at: route.location))
            }
        }
        for rule in LintRules.all {
            guard let severity = configuration.severity(of: rule).diagnosticSeverity else { continue }
            for finding in rule.init().check(model, context: context) {
                if let key = finding.routeKey, disabled[key]?.contains(rule.id) == true { continue }
                collector.emit(Diagnostic(
                    severity: isStrict ? .error : severity,
                    message: finding.message,
                    location: finding.location,
                    note: finding.note,
                    ruleID: rule.id
                ))
            }
        }
        return collector.sorted
    }
}
