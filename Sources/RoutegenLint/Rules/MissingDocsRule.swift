import RoutegenCore

/// `missing-docs`: a route without `///` documentation. Off unless configured.
public struct MissingDocsRule: LintRule {
    public static let id = LintRuleID.missingDocs.rawValue
    public static let defaultSeverity = RuleSeverity.off
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "route 'search' has no documentation; add a '///' line above it"
    public static let summary = "A route has no `///` documentation."
    public static let rationale = """
        The `///` lines become the doc comment of the generated function, the only description a caller \
        sees in Xcode's quick help. Teams that publish their client as a library turn this rule on; it \
        is off by default because many internal APIs are self-explanatory.
        """
    public static let triggeringExamples = [
        """
        api Library
        group Books public
          /// Fetches one book.
          book GET /books/{id: ID<Book>} -> Book
          ↓search GET /books ?q: String -> [Book]
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Books public
          /// Fetches one book.
          book GET /books/{id: ID<Book>} -> Book
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.filter { $0.documentation.allSatisfy { $0.allSatisfy(\.isWhitespace) } }.map { route in
            LintFinding(
                message: "route '\(route.name)' has no documentation; add a '///' line above it",
                location: route.location,
                route: route,
                about: "documentation"
            )
        }
    }
}
