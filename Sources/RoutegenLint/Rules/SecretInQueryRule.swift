import RoutegenCore

/// `secret-in-query`: a query parameter that carries a secret.
public struct SecretInQueryRule: LintRule {
    public static let id = LintRuleID.secretInQuery.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.server
    public static let exampleMessage = "query parameter 'password' of route 'login' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there"
    public static let summary = "A query parameter carries a secret such as a token, password or API key."
    public static let rationale = """
        URLs are written to server access logs, proxy logs, browser history and crash reports, and are \
        sent onwards in `Referer` headers. A secret in the query string ends up in all of them. Send \
        secrets in a header (mark the route `auth` so the client attaches the bearer token) or in the \
        request body. Pagination tokens (`page_token`, `next_token`, `cursor`) are not secrets, and names \
        that describe a secret rather than carry it (`token_type`, `secret_name`) do not trigger.
        """
    public static let triggeringExamples = [
        """
        api Shop
        group Session public
          login GET /login ?user: String ?↓password: String -> Session
        """,
        """
        api Shop
        group Maps public
          tiles GET /tiles ?↓api_key: String -> Data
        """,
        """
        api Shop
        group Hooks public
          hook POST /hooks ?↓accessToken: String body Event -> Empty   public
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Shop
        group Orders auth
          orders GET /orders ?page_token: String? ?limit: Int = 20 -> [Order]
        """,
        """
        api Shop
        group Session public
          login POST /login body form Credentials -> Session   public
        """,
        """
        api Shop
        group Catalog public
          products GET /products ?sort_key: String? -> [Product]
        """,
        """
        api Vault
        group Secrets auth
          secrets GET /secrets ?secret_name: String? ?token_type: String? ?auth_method: String? -> [Secret]
        """,
    ]

    /// Words that alone make a name secret.
    static let secretWords: Set<String> = [
        "token", "password", "passwd", "pwd", "passphrase", "secret", "apikey", "credential", "credentials",
    ]
    /// Last words that make the name describe a secret rather than carry one (`token_type`, `secret_name`).
    static let metadataWords: Set<String> = [
        "id", "ids", "type", "types", "name", "names", "count", "length", "format", "kind", "hint",
        "expiry", "expires", "ttl", "policy", "policies", "strength", "version", "path", "mount", "accessor",
    ]
    /// Pairs of adjacent words that make a name secret (`api_key`, `session_id`).
    static let secretPairs: Set<[String]> = [
        ["api", "key"], ["access", "key"], ["private", "key"], ["secret", "key"], ["session", "id"], ["client", "secret"],
    ]
    /// Words that mark a pagination or sync cursor, which is opaque but not secret.
    static let cursorWords: Set<String> = ["page", "cursor", "next", "continuation", "sync", "pagination", "previous", "prev"]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.flatMap { route in
            route.queryParameters.filter { Self.isSecret($0.name) }.map { parameter in
                LintFinding(
                    message: "query parameter '\(parameter.name)' of route '\(route.name)' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there",
                    location: parameter.location,
                    route: route,
                    about: parameter.name
                )
            }
        }
    }

    static func isSecret(_ name: String) -> Bool {
        let words = NameWords.readingWords(name)
        if words.contains(where: cursorWords.contains) { return false }
        if let last = words.last, metadataWords.contains(last) && words.count > 1 { return false }
        if words == ["key"] || words == ["auth"] || words.contains(where: secretWords.contains) { return true }
        return zip(words, words.dropFirst()).contains { secretPairs.contains([$0, $1]) }
    }
}
