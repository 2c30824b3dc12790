import RoutegenCore

/// Runs the lint rules over a checked model: the one entry point `routegen lint` and the
/// `lint-routes` plugin (through `routegen lint`) share.
public struct Linter: Sendable {
    /// Per-rule severities and the chosen rule sets, from `.routegen-lint.json` and `--rule-sets`.
    public var configuration: LintConfiguration
    /// `--strict`: every finding that is reported at all is an error.
    public var isStrict: Bool

    /// Creates a linter.
    public init(configuration: LintConfiguration = LintConfiguration(), isStrict: Bool = false) {
        self.configuration = configuration
        self.isStrict = isStrict
    }

    /// The findings for `model`, resolved from `source`, as diagnostics with `ruleID` set,
    /// sorted by location; findings switched off by configuration or `# routegen:disable` (of
    /// their route, or of their declared type) are dropped.
    /// Unknown rule ids in `# routegen:disable` comments are reported as warnings without a rule id.
    public func lint(_ model: APIModel, source: String) -> [Diagnostic] {
        results(model, text: SourceText(source)).map(\.diagnostic)
    }

    /// `lint(_:source:)` on a text already indexed (the loader's, shared with the lexer).
    public func lint(_ model: APIModel, text: SourceText) -> [Diagnostic] {
        results(model, text: text).map(\.diagnostic)
    }

    /// The ids of the rules that run with this configuration, in `LintRules.all` order.
    public var enabledRuleIDs: [String] {
        LintRules.all.filter { configuration.severity(of: $0) != .off }.map { $0.id }
    }

    /// What `lint` returns, each diagnostic with the fingerprint a baseline matches it by
    /// (nil for the warnings about `# routegen:disable` comments, which no baseline suppresses).
    public func results(_ model: APIModel, text: SourceText) -> [LintResult] {
        let context = LintContext(text: text)
        let disabled = Dictionary(model.routes.map { (RouteKey($0), Set($0.disabledRules)) }, uniquingKeysWith: { $0.union($1) })
        let disabledForType = Dictionary(model.types.map { ($0.name, Set($0.disabledRules)) }, uniquingKeysWith: { $0.union($1) })
        var results: [LintResult] = []
        for route in model.routes {
            results += Self.unknownDisabledRules(route.disabledRules, of: "route '\(route.name)'", at: route.location)
        }
        for type in model.types {
            results += Self.unknownDisabledRules(type.disabledRules, of: "\(type.keyword) '\(type.name)'", at: type.location)
        }
        for rule in LintRules.all {
            guard let severity = configuration.severity(of: rule).diagnosticSeverity else { continue }
            for finding in rule.init().check(model, context: context) {
                if let key = finding.routeKey, disabled[key]?.contains(rule.id) == true { continue }
                if let name = finding.typeName, disabledForType[name]?.contains(rule.id) == true { continue }
                results.append(LintResult(
                    diagnostic: Diagnostic(
                        severity: isStrict ? .error : severity,
                        message: finding.message,
                        location: finding.location,
                        note: finding.note,
                        ruleID: rule.id
                    ),
                    fingerprint: LintFingerprint(rule: rule.id, route: finding.routeKey?.description, subject: finding.subject)
                ))
            }
        }
        return DiagnosticOrder.sorted(results) { $0.diagnostic }
    }

    /// A warning for each id in a `# routegen:disable` comment of `owner` that names no rule.
    private static func unknownDisabledRules(_ ruleIDs: [String], of owner: String, at location: SourceLocation) -> [LintResult] {
        ruleIDs.filter { LintRules.rule(withID: $0) == nil }.map { ruleID in
            var message = "unknown lint rule '\(ruleID)' in 'routegen:disable' of \(owner)"
            if let suggestion = LintRules.suggestion(for: ruleID) { message += "; did you mean '\(suggestion)'?" }
            return LintResult(diagnostic: .warning(message, at: location), fingerprint: nil)
        }
    }
}

/// One diagnostic of a lint run and what identifies it across edits of the file.
public struct LintResult: Hashable, Sendable {
    /// The diagnostic as reported.
    public var diagnostic: Diagnostic
    /// Rule, route and subject; nil for diagnostics that are not rule findings.
    public var fingerprint: LintFingerprint?

    /// Creates a result.
    public init(diagnostic: Diagnostic, fingerprint: LintFingerprint?) {
        self.diagnostic = diagnostic
        self.fingerprint = fingerprint
    }
}

/// What a rule finding is, independent of where in the file it stands: the rule, the route
/// (`group.name`, nil for findings about the file as a whole or about a declared type) and what
/// it is about (on the route, or `Type.member` of a declared type).
public struct LintFingerprint: Hashable, Sendable {
    /// The rule id.
    public var rule: String
    /// The route, `Books.book`.
    public var route: String?
    /// `LintFinding.subject`: a parameter, a segment, the method; `Book.id` for a declared type's member.
    public var subject: String

    /// Creates a fingerprint.
    public init(rule: String, route: String?, subject: String) {
        self.rule = rule
        self.route = route
        self.subject = subject
    }
}
