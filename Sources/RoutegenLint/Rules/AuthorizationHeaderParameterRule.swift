import RoutegenCore

/// `authorization-header-parameter`: a route that takes the Authorization header as an argument.
public struct AuthorizationHeaderParameterRule: LintRule {
    public static let id = LintRuleID.authorizationHeaderParameter.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "route 'orders' takes the 'Authorization' header as an argument; if the server takes a bearer token, remove it and mark the route 'auth', so the client attaches 'Authorization: Bearer <token>' from its TokenProvider"
    public static let summary = "A route declares `header Authorization` instead of being `auth`."
    public static let rationale = """
        The client attaches the bearer token from its `TokenProvider` to every `auth` route, in one place. \
        A route that takes `Authorization` as an argument makes every call site fetch, hold and pass the \
        token itself, and the route is generated as public, so the audit tests cannot see that it needs one.
        """
    public static let triggeringExamples = [
        """
        api Shop
        group Orders public
          orders GET /orders header ↓Authorization: String -> [Order]
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        group Orders auth
          updateOrder PUT /orders/{id: ID<Order>} header If-Match: String body Order -> Order
        """,
    ]

    /// Headers that carry credentials the client manages.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization"]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.flatMap { route in
            route.headerParameters.filter { Self.credentialHeaders.contains($0.name.lowercased()) }.map { parameter in
                LintFinding(
                    message: "route '\(route.name)' takes the '\(parameter.name)' header as an argument; if the server takes a bearer token, remove it and mark the route 'auth', so the client attaches 'Authorization: Bearer <token>' from its TokenProvider",
                    location: parameter.location,
                    route: route,
                    about: parameter.name
                )
            }
        }
    }
}
