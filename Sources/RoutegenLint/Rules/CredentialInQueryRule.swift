import RoutegenCore

/// `credential-in-query`: an `auth query` scheme, which sends the credential in the URL.
public struct CredentialInQueryRule: LintRule {
    public static let id = LintRuleID.credentialInQuery.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.server
    public static let exampleMessage = "auth scheme 'query key' sends the credential in the URL as '?key=', and URLs end up in server logs, proxies and browser history; the server decides where it reads it: once it accepts a header, write 'auth header X-Api-Key'"
    public static let summary = "An `auth query` scheme sends the credential in the URL."
    public static let rationale = """
        URLs are written to server access logs, proxy and CDN logs, browser history and crash reports, \
        and are sent onwards in `Referer` headers, so a credential in the query string ends up in all \
        of them. EndpointKit keeps it out of its own log lines and drops it on a redirect to another \
        origin, but it cannot keep it out of the logs of every server the request passes. Use a header \
        scheme (`auth header X-Api-Key`) or a bearer token when the server accepts one; when it does \
        not (many map and weather APIs take only `?key=`), turn the rule off in the lint configuration.
        """
    public static let triggeringExamples = [
        """
        api Maps
        auth ↓query key
        group Places auth
          place GET /places/{id: String} -> Place
        """,
        """
        api Maps
        auth oauth = bearer
        auth key = ↓query api_key
        group Places auth key
          place GET /places/{id: String} -> Place
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Vault
        auth header X-Vault-Token
        group Secrets auth
          secret GET /secret/{path: String} -> Secret
        """,
        """
        api Maps
        group Places auth
          place GET /places/{id: String} -> Place
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.authSchemes.compactMap { scheme in
            guard case .query(let item) = scheme.placement, let location = scheme.location else { return nil }
            return LintFinding(
                message: "auth scheme '\(scheme.displayText)' sends the credential in the URL as '?\(item)=', and URLs end up in server logs, proxies and browser history; the server decides where it reads it: once it accepts a header, write 'auth \(scheme.name.map { $0 + " = " } ?? "")header X-Api-Key'",
                location: location,
                route: nil,
                about: scheme.runtimeName
            )
        }
    }
}
