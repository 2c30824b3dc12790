import RoutegenCore

/// `empty-response-on-get`: a GET that returns nothing.
public struct EmptyResponseOnGetRule: LintRule {
    public static let id = LintRuleID.emptyResponseOnGet.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "GET route 'order' returns 'Empty', so callers cannot read what the server sends; name the response type, or write '-> Data' for bytes (the request stays the same)"
    public static let summary = "A GET route returns `Empty`."
    public static let rationale = """
        A GET exists to read something. `-> Empty` throws the response away, which usually means the \
        response type was never written down (callers cannot read the data), or that the route is really \
        a check that belongs on HEAD. Name the response type, or use `-> Data` for bytes.
        """
    public static let triggeringExamples = [
        """
        api Shop
        group Orders auth
          order GET /orders/{id: ID<Order>} -> ↓Empty
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        group Orders auth
          order GET /orders/{id: ID<Order>} -> Order
          cancelOrder DELETE /orders/{id: ID<Order>} -> Empty
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.filter { $0.method == "GET" && $0.response.isEmpty }.map { route in
            LintFinding(
                message: "GET route '\(route.name)' returns 'Empty', so callers cannot read what the server sends; name the response type, or write '-> Data' for bytes (the request stays the same)",
                location: route.spans.response,
                route: route,
                about: "response"
            )
        }
    }
}
