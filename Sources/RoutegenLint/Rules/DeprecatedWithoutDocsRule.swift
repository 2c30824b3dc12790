import RoutegenCore

/// `deprecated-without-docs`: a deprecated route that does not say what to use instead.
public struct DeprecatedWithoutDocsRule: LintRule {
    public static let id = LintRuleID.deprecatedWithoutDocs.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "deprecated route 'oldSearch' has no documentation; add a '///' line saying what replaces it"
    public static let summary = "A `deprecated` route has no `///` documentation."
    public static let rationale = """
        `deprecated` makes every call site warn. Without a line saying what replaces the route and when \
        it goes away, the warning only tells people something is wrong. The `///` text becomes the \
        generated doc comment, which Xcode shows next to the warning.
        """
    public static let triggeringExamples = [
        """
        api Library
        group Books public
          ↓oldSearch GET /search ?q: String -> [Book]   deprecated
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Books public
          /// Use `search`; removed in version 3.
          oldSearch GET /search ?q: String -> [Book]   deprecated
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.filter { $0.isDeprecated && $0.documentation.allSatisfy { $0.allSatisfy(\.isWhitespace) } }.map { route in
            LintFinding(
                message: "deprecated route '\(route.name)' has no documentation; add a '///' line saying what replaces it",
                location: route.location,
                route: route,
                about: "documentation"
            )
        }
    }
}
