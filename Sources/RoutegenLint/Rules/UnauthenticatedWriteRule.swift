import RoutegenCore

/// `unauthenticated-write`: a write that is public only because its group is.
public struct UnauthenticatedWriteRule: LintRule {
    public static let id = LintRuleID.unauthenticatedWrite.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "route 'addProduct' is a public POST only through group 'Catalog'; write 'public' on the route line if the server lets anyone call it, or 'auth' if it needs a token"
    public static let summary = "A POST, PUT, PATCH or DELETE is public only through its group's default."
    public static let rationale = """
        A public group is usually a read-only catalogue. A write added to it inherits `public` silently, \
        and the client then sends it without a token. When a write really is public (sign-up, guest \
        checkout), say so on the route's own line with `public`, so the decision is visible in review.
        """
    public static let triggeringExamples = [
        """
        api Shop
        group Catalog public
          products GET /products -> [Product]
          addProduct ↓POST /products body NewProduct -> Product
        """,
        """
        api Shop
        group Catalog public
          removeProduct ↓DELETE /products/{id: ID<Product>} -> Empty
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        group Catalog public
          signUp POST /accounts body NewAccount -> Account   public
        """,
        """
        api Shop
        group Orders auth
          placeOrder POST /orders body NewOrder -> Order
        """,
        """
        api Shop
        group Catalog public
          products GET /products -> [Product]
        """,
    ]

    /// Methods that change state on the server.
    static let writeMethods: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.filter { route in
            Self.writeMethods.contains(route.method) && route.access == .public && !route.hasExplicitAccess
        }.map { route in
            LintFinding(
                message: "route '\(route.name)' is a public \(route.method) only through group '\(route.groupName)'; write 'public' on the route line if the server lets anyone call it, or 'auth' if it needs a token",
                location: route.spans.method,
                route: route,
                about: route.method
            )
        }
    }
}
