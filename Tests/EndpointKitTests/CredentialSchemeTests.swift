import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every credential scheme on the wire, through real URLSession and LocalServer: the exact
/// header or query item on an authenticated route, nothing on a public route, nothing after a
/// redirect to another origin (another port), nothing in a log line.
@Suite struct CredentialSchemeTests {
    static let token = "sch3me-t0ken"
    static let dune = #"{"id":"b-7","title":"Dune"}"#

    /// One scheme and what its credential looks like on the wire.
    struct Case: Sendable, CustomTestStringConvertible {
        var scheme: AuthScheme
        var credential: Credential
        /// The header field and its exact value, for a header scheme.
        var header: (name: String, value: String)?
        /// The query item as sent, for a query scheme.
        var queryItem: String?
        /// Text that must appear nowhere in a log line.
        var secret: String
        var testDescription: String { scheme.description }
    }

    static let cases: [Case] = [
        Case(scheme: .bearer, credential: .token(token), header: ("Authorization", "Bearer " + token), secret: token),
        // RFC 7617's example pair: base64("Aladdin:open sesame").
        Case(scheme: AuthScheme(name: "basic", placement: .basic), credential: .basic(user: "Aladdin", password: "open sesame"),
             header: ("Authorization", "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="), secret: "open sesame"),
        // A token for Basic is the user name with an empty password: base64("sk_test_4eC39:").
        Case(scheme: AuthScheme(name: "stripe", placement: .basic), credential: .token("sk_test_4eC39"),
             header: ("Authorization", "Basic c2tfdGVzdF80ZUMzOTo="), secret: "sk_test_4eC39"),
        Case(scheme: AuthScheme(name: "header", placement: .header(name: "X-Vault-Token")), credential: .token(token),
             header: ("X-Vault-Token", token), secret: token),
        Case(scheme: AuthScheme(name: "header", placement: .header(name: "Authorization", prefix: "Token token=")), credential: .token(token),
             header: ("Authorization", "Token token=" + token), secret: token),
        Case(scheme: AuthScheme(name: "key", placement: .query(name: "key")), credential: .token("k&y +/é"),
             queryItem: "key=k%26y%20%2B%2F%C3%A9", secret: "k&y +/é"),
    ]

    /// A client of `baseURL`. The timeout is generous: on two cores running the whole suite an
    /// exchange can take seconds, and a timed-out request logs one line instead of two.
    private func client(_ baseURL: URL, _ credential: Credential?, logger: EndpointLogger = .silent) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: baseURL, requestTimeout: 60),
            credentialProvider: FixedCredentialProvider(credential), logger: logger
        )
    }

    private func book(_ scheme: AuthScheme?) -> Endpoint<Book> {
        Endpoint<Book>(method: .get, path: ["books", .value("b-7")], query: [URLQueryItem(name: "fields", value: "title")], auth: scheme)
    }

    @Test(arguments: cases)
    func credentialStandsExactlyWhereTheSchemeSays(_ scheme: Case) async throws {
        let server = try await LocalServer.start { _ in .json(Self.dune) }
        defer { server.stop() }
        _ = try await client(server.baseURL, scheme.credential).send(book(scheme.scheme))
        let request = try #require(server.requests.first)
        if let header = scheme.header {
            #expect(request.header(header.name) == header.value)
            #expect(request.target == "/books/b-7?fields=title")
            let others = request.headers.filter { $0.name.lowercased() != header.name.lowercased() }
            #expect(others.filter { $0.value.contains(scheme.secret) } .map(\.name) == [])
        }
        if let item = scheme.queryItem {
            #expect(request.target == "/books/b-7?fields=title&" + item)
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test(arguments: cases)
    func publicRouteCarriesNoCredential(_ scheme: Case) async throws {
        let server = try await LocalServer.start { _ in .json(Self.dune) }
        defer { server.stop() }
        _ = try await client(server.baseURL, scheme.credential).send(book(nil))
        let request = try #require(server.requests.first)
        #expect(request.target == "/books/b-7?fields=title")
        #expect(request.header("Authorization") == nil)
        #expect(request.header("X-Vault-Token") == nil)
    }

    @Test(arguments: cases)
    func redirectToAnotherOriginCarriesNoCredential(_ scheme: Case) async throws {
        let other = try await LocalServer.start { _ in .json(Self.dune) }
        defer { other.stop() }
        // A hostile redirect that echoes the whole query string, credential included, to another port.
        let server = try await LocalServer.start { request in
            HTTPResponse(status: 307, headers: [("Location", "http://127.0.0.1:\(other.port)/books/b-7?" + (request.query ?? ""))])
        }
        defer { server.stop() }
        #expect(try await client(server.baseURL, scheme.credential).send(book(scheme.scheme)) == Book(id: ID("b-7"), title: "Dune"))
        if let header = scheme.header {
            #expect(server.requests.map { $0.header(header.name) } == [header.value])
        }
        let redirected = try #require(other.requests.first)
        #expect(redirected.target == "/books/b-7?fields=title")
        #expect(redirected.header("Authorization") == nil)
        #expect(redirected.header("X-Vault-Token") == nil)
        #expect(redirected.headers.filter { $0.value.contains(scheme.secret) }.map(\.name) == [])
    }

    @Test(arguments: cases)
    func redirectOnTheSameOriginKeepsTheCredential(_ scheme: Case) async throws {
        let server = try await LocalServer.start { request in
            request.path == "/books/b-7"
                ? HTTPResponse(status: 301, headers: [("Location", "/v2/books/b-7?" + (request.query ?? ""))])
                : .json(Self.dune)
        }
        defer { server.stop() }
        _ = try await client(server.baseURL, scheme.credential).send(book(scheme.scheme))
        #expect(server.requests.count == 2)
        if let header = scheme.header {
            #expect(server.requests.map { $0.header(header.name) } == [header.value, header.value])
        }
        if let item = scheme.queryItem {
            #expect(server.requests.map(\.target) == ["/books/b-7?fields=title&" + item, "/v2/books/b-7?fields=title&" + item])
        }
    }

    @Test(arguments: cases)
    func noCredentialInAnyLogLineEvenUnredacted(_ scheme: Case) async throws {
        let server = try await LocalServer.start { request in
            request.path == "/books/b-7" ? .json(#"{"id":7}"#) : .html("<h1>oops</h1>", status: 500)
        }
        defer { server.stop() }
        let captured = CapturedLines()
        let logger = captured.logger(revealingPrivateValues: true)
        _ = try? await client(server.baseURL, scheme.credential, logger: logger).send(book(scheme.scheme))
        _ = try? await client(server.baseURL, scheme.credential, logger: logger).send(Endpoint<Book>(method: .get, path: ["gone"], auth: scheme.scheme))
        let closed = try ClosedPort()
        defer { closed.release() }
        await #expect(throws: APIError.self) {
            try await client(closed.baseURL, scheme.credential, logger: logger).send(book(scheme.scheme))
        }
        let lines = captured.lines
        #expect(lines.count == 5, "\(lines)")
        let encodedSecret = scheme.queryItem.map { String($0.dropFirst("key=".count)) } ?? scheme.secret
        #expect(lines.filter { $0.contains(scheme.secret) || $0.contains(encodedSecret) || $0.contains(scheme.header?.value ?? scheme.secret) } == [])
    }

    @Test func tokenProviderStillGivesTheBearerHeaderAndItsTokenForEveryScheme() async throws {
        let server = try await LocalServer.start { _ in .json(Self.dune) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL), tokenProvider: FixedTokenProvider(Self.token), logger: .silent)
        _ = try await client.send(Endpoint<Book>(method: .get, path: ["books", .value("b-7")], auth: .bearer))
        _ = try await client.send(book(AuthScheme(name: "vault", placement: .header(name: "X-Vault-Token"))))
        _ = try await client.send(book(AuthScheme(name: "key", placement: .query(name: "key"))))
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer \(Self.token)", nil, nil])
        #expect(server.requests.map { $0.header("X-Vault-Token") } == [nil, Self.token, nil])
        #expect(server.requests.map(\.target) == ["/books/b-7", "/books/b-7?fields=title", "/books/b-7?fields=title&key=\(Self.token)"])
    }

    @Test func providerIsAskedWithTheRoutesScheme() async throws {
        let server = try await LocalServer.start { _ in .json(Self.dune) }
        defer { server.stop() }
        let provider = FixedCredentialProvider(byScheme: ["oauth": .token("o-token"), "key": .token("k-token")])
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL), credentialProvider: provider, logger: .silent)
        _ = try await client.send(book(AuthScheme(name: "oauth", placement: .bearer)))
        _ = try await client.send(book(AuthScheme(name: "key", placement: .query(name: "key"))))
        _ = try await client.send(book(AuthScheme(name: "other", placement: .header(name: "X-Other"))))
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer o-token", nil, nil])
        #expect(server.requests.map(\.target) == ["/books/b-7?fields=title", "/books/b-7?fields=title&key=k-token", "/books/b-7?fields=title"])
        #expect(server.requests.map { $0.header("X-Other") } == [nil, nil, nil])
    }

    @Test func recordingClientRecordsEachEndpointsScheme() async throws {
        let server = try await LocalServer.start { _ in .json(Self.dune) }
        defer { server.stop() }
        let key = AuthScheme(name: "key", placement: .query(name: "key"))
        let recording = RecordingHTTPClient(wrapping: client(server.baseURL, .token("k")))
        _ = try await recording.send(book(key))
        _ = try await recording.send(book(nil))
        _ = try await recording.send(Endpoint<Book>(method: .get, path: ["books", .value("b-7")], auth: .bearer))
        #expect(recording.calls.map(\.auth) == [key, nil, .bearer])
        #expect(recording.calls.map(\.requiresAuthentication) == [true, false, true])
        // The recorded request is built without the credential: credentials are the real client's business.
        #expect(recording.calls.map { $0.request.url?.query } == ["fields=title", "fields=title", nil])
    }

    @Test func credentialWithALineBreakIsRefusedForEveryScheme() async throws {
        let client = client(URL(string: "https://api.example")!, .token("a\r\nX-Evil: 1"))
        for scheme in Self.cases.map(\.scheme) where scheme.placement != .basic {
            let name = switch scheme.placement {
            case .header(let name, _): name
            case .query(let name): name
            default: "Authorization"
            }
            await #expect(throws: EndpointError.invalidHeader(name)) { try await client.prepare(book(scheme)) }
        }
        let basic = AuthScheme(name: "basic", placement: .basic)
        await #expect(throws: EndpointError.invalidHeader("Authorization")) {
            try await self.client(URL(string: "https://api.example")!, .basic(user: "a", password: "b\nc")).prepare(book(basic))
        }
        await #expect(throws: EndpointError.invalidHeader("Authorization")) {
            try await self.client(URL(string: "https://api.example")!, .basic(user: "a:b", password: "c")).prepare(book(basic))
        }
    }

    @Test func basicCredentialForATokenSchemeIsRefused() async throws {
        let client = client(URL(string: "https://api.example")!, .basic(user: "u", password: "p"))
        await #expect(throws: EndpointError.invalidHeader("X-Vault-Token")) {
            try await client.prepare(book(AuthScheme(name: "vault", placement: .header(name: "X-Vault-Token"))))
        }
        await #expect(throws: EndpointError.invalidHeader("Authorization")) { try await client.prepare(book(.bearer)) }
    }

    @Test func requiresAuthenticationMeansTheBearerScheme() {
        var endpoint = Endpoint<Book>(method: .get, path: ["books"])
        endpoint.requiresAuthentication = true
        #expect(endpoint.auth == .bearer)
        endpoint.auth = AuthScheme(name: "key", placement: .query(name: "key"))
        endpoint.requiresAuthentication = true
        #expect(endpoint.auth?.name == "key")
        endpoint.requiresAuthentication = false
        #expect(endpoint.auth == nil)
        #expect(Endpoint<Book>(method: .get, path: ["books"]).requiresAuthentication == false)
        #expect(Endpoint<Book>(method: .get, path: ["books"], auth: .bearer).requiresAuthentication)
    }

    @Test func schemeDescriptionIsTheRouteFileSpelling() {
        #expect(AuthScheme.bearer.description == "bearer")
        #expect(AuthScheme(name: "header", placement: .header(name: "X-Vault-Token")).description == "header X-Vault-Token")
        #expect(AuthScheme(name: "pd", placement: .header(name: "Authorization", prefix: "Token token=")).description == #"pd = header Authorization prefix "Token token=""#)
        #expect(AuthScheme(name: "key", placement: .query(name: "key")).description == "key = query key")
    }
}

/// The credential schemes against httpbin: Basic checked by its `/basic-auth` endpoint, header
/// and query schemes echoed by `/anything`, and a redirect to another origin by `/redirect-to`.
@Suite(.enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; run eval \"$(scripts/httpbin.sh start)\" to run the httpbin tests"))
struct CredentialSchemeHTTPBinTests {
    private struct BasicEcho: Decodable, Equatable { var authenticated: Bool; var user: String }

    private func client(_ credential: Credential) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: HTTPBin.url!, requestTimeout: 10), credentialProvider: FixedCredentialProvider(credential), logger: .silent)
    }

    @Test func basicCredentialIsAcceptedByHTTPBin() async throws {
        let endpoint = Endpoint<BasicEcho>(method: .get, path: ["basic-auth", "Aladdin", "open sesame"], auth: AuthScheme(name: "basic", placement: .basic))
        #expect(try await client(.basic(user: "Aladdin", password: "open sesame")).send(endpoint) == BasicEcho(authenticated: true, user: "Aladdin"))
    }

    @Test func headerSchemesArriveAsDeclared() async throws {
        let vault = Endpoint<Echo>(method: .get, path: ["anything", "secret"], auth: AuthScheme(name: "vault", placement: .header(name: "X-Vault-Token")))
        #expect(try await client(.token("v-t0ken")).send(vault).headers["X-Vault-Token"] == "v-t0ken")
        let pagerDuty = Endpoint<Echo>(method: .get, path: ["anything", "incidents"], auth: AuthScheme(name: "pd", placement: .header(name: "Authorization", prefix: "Token token=")))
        #expect(try await client(.token("pd-t0ken")).send(pagerDuty).headers["Authorization"] == "Token token=pd-t0ken")
        let open = Endpoint<Echo>(method: .get, path: ["anything", "open"], auth: nil)
        let echo = try await client(.token("pd-t0ken")).send(open)
        #expect(echo.headers["Authorization"] == nil)
        #expect(echo.headers["X-Vault-Token"] == nil)
    }

    @Test func queryCredentialArrivesAsOneItem() async throws {
        let endpoint = Endpoint<Echo>(method: .get, path: ["anything", "places"], query: [URLQueryItem(name: "q", value: "a b")], auth: AuthScheme(name: "key", placement: .query(name: "key")))
        let echo = try await client(.token("k&y=1")).send(endpoint)
        #expect(echo.args == ["q": .one("a b"), "key": .one("k&y=1")])
    }

    @Test func redirectFromHTTPBinToAnotherOriginCarriesNoCredential() async throws {
        let local = try await LocalServer.start { _ in .json(#"{"id":"b-7","title":"Dune"}"#) }
        defer { local.stop() }
        let target = "http://127.0.0.1:\(local.port)/books/b-7"
        for scheme in [AuthScheme.bearer, AuthScheme(name: "vault", placement: .header(name: "X-Vault-Token"))] {
            let endpoint = Endpoint<Book>(method: .get, path: ["redirect-to"], query: [URLQueryItem(name: "url", value: target)], auth: scheme)
            _ = try await client(.token("r-t0ken")).send(endpoint)
        }
        #expect(local.requests.map { $0.header("Authorization") } == [nil, nil])
        #expect(local.requests.map { $0.header("X-Vault-Token") } == [nil, nil])
    }
}
