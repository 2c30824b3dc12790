import RoutegenCore

/// `user-id-in-authenticated-path`: an authenticated route that names a user in its path.
public struct UserIDInAuthenticatedPathRule: LintRule {
    public static let id = LintRuleID.userIDInAuthenticatedPath.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.server
    public static let exampleMessage = "authenticated route 'orders' takes the user identifier 'userId' in its path; check that the server compares it with the token's user, and if the server offers a /me/... path for the signed-in user, use that instead (the server decides its paths)"
    public static let summary = "An authenticated route carries a user or account identifier in its path."
    public static let rationale = """
        The token already says who is calling. A path that also names the user (`/users/{userId}/orders`) \
        invites the server to trust the path instead of the token, the classic insecure direct object \
        reference: change the id and read someone else's data. Name the signed-in user through the token \
        (`/me/orders`); admin routes that really act on other users can suppress the rule with a reason.
        """
    public static let triggeringExamples = [
        """
        api Shop
        group Orders auth
          orders GET /users/{↓userId: String}/orders -> [Order]
        """,
        """
        api Shop
        group Accounts auth
          account GET /accounts/{↓account_id: Int} -> Account
        """,
        """
        api Shop
        group Profiles public
          profile GET /profiles/{↓id: ID<User>} -> Profile   auth
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        group Orders auth
          orders GET /me/orders -> [Order]
        """,
        """
        api Shop
        group Profiles public
          profile GET /users/{userId: String}/profile -> Profile
        """,
        """
        api Shop
        group Orders auth
          order GET /orders/{id: ID<Order>} -> Order
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.filter { $0.access == .authenticated }.flatMap { route in
            route.pathParameters.filter(Self.identifiesUser).map { parameter in
                LintFinding(
                    message: "authenticated route '\(route.name)' takes the user identifier '\(parameter.name)' in its path; check that the server compares it with the token's user, and if the server offers a /me/... path for the signed-in user, use that instead (the server decides its paths)",
                    location: parameter.location,
                    route: route,
                    about: parameter.name
                )
            }
        }
    }

    static func identifiesUser(_ parameter: Parameter) -> Bool {
        UserIdentifier.identifiesUser(name: parameter.name, type: parameter.type)
    }
}
