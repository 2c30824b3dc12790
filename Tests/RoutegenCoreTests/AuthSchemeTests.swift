import RoutegenCore
import Testing

/// `auth` scheme lines, a group's and a route's scheme, and every error at its column.
@Suite("Credential schemes")
struct AuthSchemeTests {
    private func errors(_ source: String) -> [Diagnostic] {
        load(source).diagnostics.filter { $0.severity == .error }
    }

    private func schemes(_ source: String) -> [String: String]? {
        let (model, diagnostics) = load(source)
        guard diagnostics.isEmpty, let model else { return nil }
        var byRoute: [String: String] = [:]
        for route in model.routes { byRoute[route.name] = route.authScheme?.displayText ?? "-" }
        return byRoute
    }

    @Test func noAuthLineMeansTheDefaultBearerToken() throws {
        let route = try #require(onlyRoute("api A\ngroup G auth\n  r GET /r -> R\n"))
        #expect(route.authScheme == .defaultBearer)
        #expect(route.authScheme?.isDefaultBearer == true)
        #expect(load("api A\ngroup G auth\n  r GET /r -> R\n").model?.usesOnlyDefaultBearer == true)
    }

    @Test func everyPlacementIsRead() throws {
        let cases: [(String, AuthSchemeSpec.Placement)] = [
            ("auth bearer", .bearer),
            ("auth basic", .basic),
            ("auth header X-Vault-Token", .header(name: "X-Vault-Token", prefix: "")),
            (#"auth header Authorization prefix "Token token=""#, .header(name: "Authorization", prefix: "Token token=")),
            ("auth query key", .query(name: "key")),
        ]
        for (line, placement) in cases {
            let route = try #require(onlyRoute("api A\n\(line)\ngroup G auth\n  r GET /r -> R\n"), "\(line)")
            #expect(route.authScheme == AuthSchemeSpec(name: nil, placement: placement, location: at(2, 6)))
        }
    }

    @Test func groupsAndRoutesPickNamedSchemes() {
        let source = """
            api Maps
            auth oauth = bearer
            auth key = query key
            group Places auth key
              place GET /places/{id: String} -> Place
              me    GET /me -> User auth oauth
              open  GET /open -> User public
            group Open public
              search GET /search -> User auth key

            """
        #expect(schemes(source) == ["place": "key = query key", "me": "oauth = bearer", "open": "-", "search": "key = query key"])
        #expect(load(source).model?.authSchemes.map(\.displayText) == ["oauth = bearer", "key = query key"])
    }

    @Test func oneNamedSchemeIsWhatPlainAuthMeans() {
        #expect(schemes("api A\nauth vault = header X-Vault-Token\ngroup G auth\n  r GET /r -> R\n  s GET /s -> R public\n") == ["r": "vault = header X-Vault-Token", "s": "-"])
    }

    @Test func theUnnamedSchemeIsTheDefaultBesideNamedOnes() {
        #expect(schemes("api A\nauth header X-Token\nauth key = query key\ngroup G public\n  r GET /r -> R auth\n  s GET /s -> R auth key\n") == ["r": "header X-Token", "s": "key = query key"])
    }

    @Test func plainAuthWithSeveralNamedSchemesNamesTheChoices() {
        let source = "api A\nauth oauth = bearer\nauth key = query key\ngroup G auth\n  r GET /r -> R\ngroup H public\n  s GET /s -> R auth\n"
        #expect(errors(source) == [
            .error("group 'G' says 'auth', but the API declares several schemes ('oauth' and 'key') and none unnamed; pick one: 'auth oauth' or 'auth key'", at: at(4, 9)),
            .error("route 's' says 'auth', but the API declares several schemes ('oauth' and 'key') and none unnamed; pick one: 'auth oauth' or 'auth key'", at: at(7, 17)),
        ])
    }

    @Test func unknownSchemeNameSuggestsTheClosest() {
        let source = "api A\nauth oauth = bearer\nauth key = query key\ngroup G auth kye\n  r GET /r -> R auth oaut\n"
        #expect(errors(source) == [
            .error("unknown auth scheme 'kye'; the API declares 'oauth' and 'key' (did you mean 'key'?)", at: at(4, 14), fixIt: "key"),
            .error("unknown auth scheme 'oaut'; the API declares 'oauth' and 'key' (did you mean 'oauth'?)", at: at(5, 22), fixIt: "oauth"),
        ])
    }

    @Test func schemeNameWithoutAnyNamedScheme() {
        #expect(errors("api A\ngroup G auth\n  r GET /r -> R auth key\n") == [
            .error("unknown auth scheme 'key'; the API declares no named scheme: declare it above the first group, such as 'auth key = bearer'", at: at(3, 22)),
        ])
    }

    @Test func unknownSchemeWord() {
        #expect(errors("api A\nauth token\ngroup G auth\n  r GET /r -> R\n") == [
            .error("unknown auth scheme 'token'; expected 'bearer', 'basic', 'header Name' or 'query name'", at: at(2, 6)),
        ])
        #expect(errors("api A\nauth k = baerer\ngroup G auth\n  r GET /r -> R\n") == [
            .error("unknown auth scheme 'baerer'; expected 'bearer', 'basic', 'header Name' or 'query name' (did you mean 'bearer'?)", at: at(2, 10), fixIt: "bearer"),
        ])
    }

    @Test func authWithoutScheme() {
        #expect(errors("api A\nauth\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'auth' needs a scheme; write 'auth bearer', 'auth basic', 'auth header Name', 'auth query name' or 'auth name = bearer'", at: at(2, 5)),
        ])
    }

    @Test func prefixWithoutAString() {
        #expect(errors("api A\nauth header Authorization prefix Token\ngroup G auth\n  r GET /r -> R\n") == [
            .error(#"'prefix' needs the text in quotes; write 'prefix "Token token="'"#, at: at(2, 34)),
        ])
        #expect(errors("api A\nauth header Authorization prefix\ngroup G auth\n  r GET /r -> R\n") == [
            .error(#"'prefix' needs the text in quotes; write 'prefix "Token token="'"#, at: at(2, 27)),
        ])
    }

    @Test func headerWithoutAName() {
        #expect(errors("api A\nauth header\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'auth header' needs the header's name; write 'auth header X-Api-Key'", at: at(2, 12)),
        ])
    }

    @Test func queryWithoutAName() {
        #expect(errors("api A\nauth query\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'auth query' needs the query item's name; write 'auth query key'", at: at(2, 11)),
        ])
    }

    @Test func headerNameMustBeAnHTTPToken() {
        #expect(errors("api A\nauth header X/Token\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'X/Token' is not a valid HTTP header name; use letters, digits and '-', such as 'X-Api-Key'", at: at(2, 13)),
        ])
    }

    @Test func prefixMustNotBreakTheHeader() {
        #expect(errors("api A\nauth header Authorization prefix \"a\\nb\"\ngroup G auth\n  r GET /r -> R\n") == [
            .error("the prefix of header 'Authorization' holds a line break or NUL, which would end the header; remove it", at: at(2, 34)),
        ])
    }

    @Test func duplicateSchemeName() {
        #expect(errors("api A\nauth key = query key\nauth key = header X-Key\ngroup G auth key\n  r GET /r -> R\n") == [
            .error("auth scheme 'key' is declared twice; rename one", at: at(3, 6), note: "first declared at line 2"),
        ])
    }

    @Test func secondUnnamedScheme() {
        #expect(errors("api A\nauth bearer\nauth query key\ngroup G auth\n  r GET /r -> R\n") == [
            .error("the API already has an unnamed auth scheme ('bearer' at line 2); name this one: 'auth name = query key'", at: at(3, 6)),
        ])
    }

    @Test func authLineAfterTheFirstGroup() {
        #expect(errors("api A\ngroup G auth\n  r GET /r -> R\nauth basic\n") == [
            .error("'auth' lines must come before the first group; move it above line 2", at: at(4, 1)),
        ])
    }

    @Test func authLineBeforeTheAPILine() {
        #expect(errors("auth basic\napi A\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'api A' must be the first declaration; move it above line 1", at: at(2, 1)),
        ])
    }

    @Test func schemeNameMustBeAnIdentifier() {
        #expect(errors("api A\nauth my-key = query key\ngroup G auth\n  r GET /r -> R\n") == [
            .error("auth scheme name 'my-key' is not a valid identifier; use letters, digits and '_', such as 'myKey'", at: at(2, 6), fixIt: "myKey"),
        ])
    }

    @Test func routeSchemeOnAContinuationLine() {
        #expect(schemes("api A\nauth oauth = bearer\nauth key = query key\ngroup G public\n  r GET /r -> R\n    auth key\n") == ["r": "key = query key"])
    }

    @Test func publicAndAuthSchemeOnOneRouteConflict() {
        #expect(errors("api A\nauth key = query key\ngroup G auth\n  r GET /r -> R public auth key\n") == [
            .error("route 'r' is flagged both 'auth' and 'public'; keep one", at: at(4, 24)),
        ])
    }

    @Test func aNamedSchemeMayNotTakeTheNameAnUnnamedOneIsKnownBy() {
        #expect(errors("api A\nauth query key\nauth query = bearer\ngroup G auth\n  r GET /r -> R\n") == [
            .error("auth scheme 'query' would be known by the same name as 'query key' at line 2, so a credential provider could not tell them apart; give one another name", at: at(3, 6)),
        ])
        #expect(errors("api A\nauth basic = basic\ngroup G auth\n  r GET /r -> R\n") == [])
    }

    @Test func clauseWordsNameNoScheme() {
        #expect(errors("api A\nauth errors = bearer\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'errors' cannot name an auth scheme: after 'auth' on a group or route line it starts a clause of its own; pick another name", at: at(2, 6)),
        ])
        #expect(errors("api A\nauth header = basic\ngroup G auth\n  r GET /r -> R\n") == [
            .error("'header' cannot name an auth scheme: after 'auth' on a group or route line it starts a clause of its own; pick another name", at: at(2, 6)),
        ])
        // `auth deprecated` on a route is two flags, not a scheme named `deprecated`.
        #expect(schemes("api A\nauth key = query key\ngroup G public\n  r GET /r -> R auth deprecated\n") == ["r": "key = query key"])
    }

    /// `auth key or basic`: the route accepts either, in that order; a route that says nothing
    /// takes its group's alternatives.
    @Test func alternativesAreKeptInTheOrderWritten() throws {
        let source = """
            api Maps
            auth oauth = bearer
            auth key = query key
            auth stripe = basic
            group Places auth key or stripe
              place  GET /places/{id: String} -> Place
              me     GET /me -> User auth oauth
              charge GET /charges -> User auth stripe or oauth or key

            """
        let model = try #require(load(source).model)
        let schemes = model.routes.map { route in route.authSchemes.map { $0.name ?? "-" } }
        #expect(schemes == [["key", "stripe"], ["oauth"], ["stripe", "oauth", "key"]])
        #expect(model.routes[0].authScheme?.name == "key")
        #expect(model.routes[0].alternativeAuthSchemes.map(\.name) == ["stripe"])
        #expect(format(source: source, path: "Maps.routes", diagnostics: DiagnosticCollector()) == """
            api Maps
            auth oauth = bearer
            auth key = query key
            auth stripe = basic
            group Places auth key or stripe
              place  GET /places/{id: String} -> Place
              me     GET /me                  -> User auth oauth
              charge GET /charges             -> User auth stripe or oauth or key

            """)
    }

    @Test func alternativesStandOnAContinuationLine() throws {
        let source = "api A\nauth key = query key\nauth stripe = basic\ngroup G public\n  r GET /r -> R\n    auth key or stripe\n"
        let route = try #require(onlyRoute(source))
        #expect(route.authSchemes.map(\.name) == ["key", "stripe"])
    }

    @Test func aBadAlternativeIsAnErrorAtItsName() {
        let source = "api A\nauth key = query key\nauth stripe = basic\ngroup G auth key or key\n  r GET /r -> R auth stripe or strip\n"
        #expect(errors(source) == [
            .error("auth scheme 'key' is listed twice; remove one", at: at(4, 21), note: "first listed at column 14"),
            .error("unknown auth scheme 'strip'; the API declares 'key' and 'stripe' (did you mean 'stripe'?)", at: at(5, 32), fixIt: "stripe"),
        ])
        #expect(errors("api A\nauth key = query key\ngroup G auth key or\n  r GET /r -> R\n") == [
            .error("'or' needs the name of another scheme; write 'auth key or basic'", at: at(3, 20)),
        ])
        #expect(errors("api A\nauth or = query key\ngroup G auth\n  r GET /r -> R\n").map(\.message) == [
            "'or' cannot name an auth scheme: after 'auth' on a group or route line it starts a clause of its own; pick another name",
        ])
    }
}
