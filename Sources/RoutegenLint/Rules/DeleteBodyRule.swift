import RoutegenCore

/// `delete-body`: a DELETE route that sends a body.
public struct DeleteBodyRule: LintRule {
    public static let id = LintRuleID.deleteBody.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.server
    public static let exampleMessage = "route 'removeItems' sends a body with DELETE, which some proxies, gateways and servers drop; the server decides: once it reads the ids from the path or the query, or takes the body on POST, move them there"
    public static let summary = "A DELETE route sends a body."
    public static let rationale = """
        RFC 9110 gives a DELETE's body no defined meaning, and some proxies, API gateways, load \
        balancers and server frameworks drop it or refuse the request, so a call that works against \
        the development server can arrive empty in production. When the API does take one (removing \
        several items from a list at once is the usual case), routegen sends it: keep the route, and \
        write `# routegen:disable delete-body` above it once the path to the server is known to \
        carry it.
        """
    public static let triggeringExamples = [
        """
        api Playlists
        group Tracks auth
          removeItems DELETE /playlists/{id: String}/tracks ↓body TrackList -> Empty
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Playlists
        group Tracks auth
          removeItem DELETE /playlists/{id: String}/tracks/{track: String} -> Empty
          removeItems POST /playlists/{id: String}/tracks/remove body TrackList -> Empty
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.compactMap { route in
            guard route.method == "DELETE", let body = route.body else { return nil }
            return LintFinding(
                message: "route '\(route.name)' sends a body with DELETE, which some proxies, gateways and servers drop; the server decides: once it reads the ids from the path or the query, or takes the body on POST, move them there",
                location: body.location,
                route: route,
                about: "body"
            )
        }
    }
}
