import RoutegenCore
import Testing

/// `server NAME URL` lines with their variables, and a route's `server NAME` clause.
@Suite("Servers")
struct ServerTests {
    private let source = """
        api Webhooks
        /// Where the API lives.
        server production https://api.example.com/v1
        server regional https://{region}.api.example.com/{version}
          /// The data centre.
          region = "us" in "us", "eu", "ap"
          version = "v1"
        server uploads https://uploads.example.com
        group Hooks auth
          hooks  GET  /hooks               -> [Hook]
          upload POST /files body raw "image/png" -> Empty server uploads
        """

    @Test func serversAndTheirVariablesAreTheModels() throws {
        let (model, diagnostics) = load(source)
        #expect(diagnostics == [])
        let servers = try #require(model?.servers)
        #expect(servers == [
            ServerSpec(name: "production", url: "https://api.example.com/v1", documentation: ["Where the API lives."], location: at(3, 8)),
            ServerSpec(
                name: "regional", url: "https://{region}.api.example.com/{version}",
                variables: [
                    ServerVariable(name: "region", defaultValue: "us", allowedValues: ["us", "eu", "ap"], documentation: ["The data centre."], location: at(6, 3)),
                    ServerVariable(name: "version", defaultValue: "v1", location: at(7, 3)),
                ],
                location: at(4, 8)
            ),
            ServerSpec(name: "uploads", url: "https://uploads.example.com", location: at(8, 8)),
        ])
        #expect(servers[1].defaultURL == "https://us.api.example.com/v1")
        #expect(model?.routes.map { $0.server?.name } == [nil, "uploads"])
    }

    @Test func formatterAlignsTheVariablesAndPutsTheServerClauseAfterTheResponse() {
        let input = """
            api   Webhooks
            server  production   https://api.example.com/v1   # the default
            server regional https://{region}.api.example.com/{version}
                region="us"   in "us","eu"
              # the path's version
              version = "v1"
            server uploads https://uploads.example.com
            group Hooks auth
              upload POST /files server uploads body raw "image/png" -> Empty deprecated
              hooks GET /hooks -> [Hook]
                  server  uploads

            """
        let expected = """
            api Webhooks
            server production https://api.example.com/v1 # the default
            server regional https://{region}.api.example.com/{version}
              region  = "us" in "us", "eu"
              # the path's version
              version = "v1"
            server uploads https://uploads.example.com
            group Hooks auth
              upload POST /files body raw "image/png" -> Empty server uploads deprecated
              hooks  GET  /hooks                      -> [Hook]
                  server uploads

            """
        let formatted = formattedTwice(input)
        #expect(formatted.once == expected)
        #expect(formatted.twice == expected)
    }

    @Test func everyMistakeInAServerIsAnErrorAtItsToken() {
        let source = """
            api A
            server main https://{region}.example.com/{version}
              version = "v1"
              zone = "a"
            server main https://other.example.com
            server ftp ftp://files.example.com
            server my-server https://mine.example.com
            server regional https://{region}.example.com
              region = "xx" in "us", "eu"
            server copy https://other.example.com
            group G public
              r GET /r -> R server uploda
            """
        #expect(load(source).diagnostics.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) } == [
            .error("the URL of server 'main' uses '{region}', but no variable 'region' is declared below it; add a line such as '  region = \"value\"'", at: at(2, 21)),
            .error("variable 'zone' of server 'main' is not in its URL; remove it, or write '{zone}' in the URL", at: at(4, 3)),
            .error("server 'main' is declared twice; rename one", at: at(5, 8), note: "first declared at line 2"),
            .error("the URL of server 'ftp' is 'ftp://files.example.com', not an absolute http or https URL; write one such as 'https://api.example.com/v1' (no query, fragment or user name)", at: at(6, 12)),
            .error("server name 'my-server' is not a valid identifier; use letters, digits and '_', such as 'myServer'", at: at(7, 8), fixIt: "myServer"),
            .error("default \"xx\" of server variable 'region' is not one of its allowed values \"us\", \"eu\"; make it one of them", at: at(9, 12)),
            .error("servers 'main' and 'copy' have the same URL; keep one", at: at(10, 13), note: "'main' is declared at line 5"),
            .error("unknown server 'uploda'; the API declares no server: declare it above the first group, such as 'server uploda https://uploda.example.com'", at: at(12, 24)),
        ])
    }

    @Test func mistakesInTheURLAndTheVariables() {
        let source = """
            api A
            server a https://region}.example.com
            server b https://{}.example.com
            server c https://{r}.example.com
              r = "x" in "x", "x"
              r = "y"
            group G public
              s GET /s -> R server
            """
        #expect(load(source).diagnostics == [
            .error("'server' needs the name of a server the API declares; write 'server uploads'", at: at(8, 23)),
            .error("a '{' or '}' in the URL of server 'a' has no partner; write each variable as '{name}'", at: at(2, 10)),
            .error("the URL of server 'b' has an empty '{}'; name the variable, such as '{region}'", at: at(3, 18)),
            .error("allowed value \"x\" of server variable 'r' is listed twice; remove one", at: at(5, 19)),
            .error("variable 'r' of server 'c' is declared twice; remove one", at: at(6, 3), note: "first declared at line 5"),
        ])
    }

    @Test func aDisableCommentAboveAServerAppliesToNothing() {
        #expect(load("api A\n# routegen:disable path-style\nserver a https://a.example.com\n").diagnostics == [
            .warning("'routegen:disable' above 'server a https://a.example.com' applies to nothing; put it above a route or at the end of a route line", at: at(2, 1)),
        ])
    }

    @Test func anAllowedValueMustMakeAnAbsoluteURLToo() {
        let source = "api A\nserver local {scheme}://localhost:{port}\n  scheme = \"http\" in \"http\", \"ws\"\n  port = \"8080\"\n"
        #expect(load(source).diagnostics == [
            .error("with scheme = \"ws\", the URL of server 'local' is 'ws://localhost:8080', not an absolute http or https URL; write one such as 'https://api.example.com/v1' (no query, fragment or user name)", at: at(2, 14)),
        ])
        #expect(load("api A\nserver local {scheme}://localhost:{port}\n  scheme = \"http\" in \"http\", \"https\"\n  port = \"8080\"\n").diagnostics == [])
    }

    @Test func aRouteNamingAnUnknownServerIsToldTheDeclaredOnes() {
        let source = "api A\nserver production https://a.example.com\nserver uploads https://u.example.com\ngroup G public\n  r GET /r -> R server upload\n  s GET /s -> R server uploads server production\n"
        #expect(load(source).diagnostics == [
            .error("unknown server 'upload'; the API declares 'production' and 'uploads' (did you mean 'uploads'?)", at: at(5, 24), fixIt: "uploads"),
            .error("route 's' has two 'server' clauses; keep one", at: at(6, 32)),
        ])
    }

    @Test func aServerLineAfterAGroupIsAnError() {
        #expect(load("api A\ngroup G public\n  r GET /r -> R\nserver late https://late.example.com\n").diagnostics == [
            .error("'server' lines must come before the first group; move it above line 2", at: at(4, 1)),
        ])
    }

    @Test func syntaxErrorsOfServerLines() {
        #expect(load("api A\nserver production\n").diagnostics == [
            .error("server 'production' needs its URL; write 'server production https://api.example.com/v1'", at: at(2, 18)),
        ])
        #expect(load("api A\nserver production \"https://a.example.com\"\n").diagnostics == [
            .error("write the URL of server 'production' without quotes: 'server production https://api.example.com/v1'", at: at(2, 19)),
        ])
        #expect(load("api A\nserver p https://{v}.example.com\n  v\n  w = us\n  x = \"a\" in\n  y = \"a\" in \"a\" \"b\"\n").diagnostics == [
            .error("server variable 'v' needs a default value; write 'v = \"value\"'", at: at(3, 4)),
            .error("the default of server variable 'w' is text in quotes; write 'w = \"value\"'", at: at(4, 7)),
            .error("'in' needs the allowed values in quotes, separated by commas; write 'in \"us\", \"eu\"'", at: at(5, 13)),
            .error("unexpected '\"b\"' after 'y = \"a\" in \"a\"'", at: at(6, 18)),
        ])
        #expect(load("api A\nserver p https://a.example.com extra\n").diagnostics == [
            .error("unexpected 'extra' after 'server p https://a.example.com'", at: at(2, 32)),
        ])
    }

    @Test func theVariablesOfABrokenServerLineAreNotRoutes() {
        #expect(load("api A\nserver\n  v = \"a\"\ngroup G public\n  r GET /r -> R\n").diagnostics == [
            .error("'server' needs a name and a URL; write 'server production https://api.example.com/v1'", at: at(2, 7)),
        ])
    }

    @Test func serverCannotNameAnAuthScheme() {
        #expect(load("api A\nauth server = bearer\ngroup G auth\n  r GET /r -> R\n").diagnostics == [
            .error("'server' cannot name an auth scheme: after 'auth' on a group or route line it starts a clause of its own; pick another name", at: at(2, 6)),
        ])
    }

    @Test func aDeclaredTypeCannotTakeTheServersName() {
        let source = "api A\nserver main https://a.example.com\nmodel AServers\n  a: Int\ngroup G public\n  r GET /r -> AServers\n"
        #expect(load(source).diagnostics == [
            .error("type 'AServers' clashes with the generated server URLs of that name; rename it", at: at(3, 7)),
        ])
    }
}
