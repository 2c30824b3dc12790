import RoutegenCore

/// `public-user-data`: a public route under `/me`.
public struct PublicUserDataRule: LintRule {
    public static let id = LintRuleID.publicUserData.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "public route 'loans' is under '/me', which only a token can name; mark it 'auth' if the server needs a token there"
    public static let summary = "A public route's path has a `me`, `my` or `self` segment."
    public static let rationale = """
        `/me` means "the signed-in user", which only the token can say. A public route under `/me` is \
        sent without a token, so either the server answers 401 every time, or it identifies the user some \
        other way (a cookie, a query parameter) that the generated client does not manage. Such a route \
        is almost always missing `auth`.
        """
    public static let triggeringExamples = [
        """
        api Library
        group Loans public
          loans GET /↓me/loans -> [Loan]
        """,
        """
        api Library
        group Loans auth
          profile GET /users/↓self -> User   public
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Loans auth
          loans GET /me/loans -> [Loan]
        """,
        """
        api Library
        group Readers public
          reader GET /readers/{me: String} -> Reader
        """,
    ]

    /// Literal segments that stand for the caller.
    static let callerSegments: Set<String> = ["me", "self", "my"]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.filter { $0.access == .public }.compactMap { route in
            for component in route.path {
                if case .literal(let text, let location) = component, Self.callerSegments.contains(text.lowercased()) {
                    return LintFinding(
                        message: "public route '\(route.name)' is under '/\(text)', which only a token can name; mark it 'auth' if the server needs a token there",
                        location: location,
                        route: route,
                        about: text
                    )
                }
            }
            return nil
        }
    }
}
