import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Path, query and header values that try to escape their place. Asserted on what `LocalServer`
/// received: the target, the Host header and the set of header names (URLSession orders them
/// differently from one request to the next) never change; a value that
/// cannot be sent safely is refused before anything is sent.
@Suite struct AttackEscapeTests {
    /// Values that try to climb, re-root, end the path, or split the request; and their one-segment encoding.
    static let hostileValues: [(value: String, encoded: String)] = [
        ("../admin", "..%2Fadmin"),
        ("..%2fadmin", "..%252fadmin"),
        ("%2e%2e", "%252e%252e"),
        (".%2e", ".%252e"),
        ("//evil.example", "%2F%2Fevil.example"),
        ("http://evil.example/x", "http%3A%2F%2Fevil.example%2Fx"),
        ("@evil.example", "%40evil.example"),
        ("?x=1#frag", "%3Fx%3D1%23frag"),
        ("#frag", "%23frag"),
        ("a\r\nX-Evil: 1", "a%0D%0AX-Evil%3A%201"),
        ("a\r\n\r\nGET /admin HTTP/1.1", "a%0D%0A%0D%0AGET%20%2Fadmin%20HTTP%2F1.1"),
        ("a\u{0}b", "a%00b"),
        ("..\\admin", "..%5Cadmin"),
        ("\u{FF0E}\u{FF0E}", "%EF%BC%8E%EF%BC%8E"),
    ]

    /// What the server saw for one endpoint, and what it saw for a harmless request on the same client.
    private func received(_ endpoint: Endpoint<Empty>, base: String = "") async throws -> (hostile: RecordedRequest, harmless: RecordedRequest, port: UInt16) {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL.appendingPathComponent(base), requestTimeout: 10),
            tokenProvider: FixedTokenProvider(Attack.token), logger: .silent
        )
        try await client.send(Endpoint<Empty>(method: .get, path: ["books", .value("b-7")], auth: endpoint.auth))
        try await client.send(endpoint)
        let requests = server.requests
        try #require(requests.count == 2)
        return (requests[1], requests[0], server.port)
    }

    @Test(arguments: hostileValues)
    func pathValueStaysOneSegmentOnTheSameHostWithTheSameHeaders(value: String, encoded: String) async throws {
        let (hostile, harmless, port) = try await received(Endpoint(method: .get, path: ["books", .value(value)]))
        #expect(hostile.target == "/books/\(encoded)")
        #expect(hostile.header("Host") == "127.0.0.1:\(port)")
        #expect(hostile.headers.map(\.name).sorted() == harmless.headers.map(\.name).sorted())
    }

    @Test(arguments: hostileValues)
    func pathValueBelowABasePathKeepsThePathDepth(value: String, encoded: String) async throws {
        let (hostile, _, _) = try await received(Endpoint(method: .get, path: ["books", .value(value), "cover"]), base: "v1")
        #expect(hostile.target == "/v1/books/\(encoded)/cover")
        #expect(hostile.path.split(separator: "/", omittingEmptySubsequences: false).count == 5)
    }

    @Test(arguments: hostileValues)
    func queryValueStaysOneValueOfItsName(value: String, encoded: String) async throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["books"], query: [URLQueryItem(name: "q", value: value), URLQueryItem(name: "limit", value: "5")])
        let (hostile, harmless, port) = try await received(endpoint)
        #expect(hostile.target == "/books?limit=5&q=\(encoded)")
        #expect(hostile.header("Host") == "127.0.0.1:\(port)")
        #expect(hostile.headers.map(\.name).sorted() == harmless.headers.map(\.name).sorted())
    }

    @Test func queryValueCannotAddAParameter() async throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["books"], query: [URLQueryItem(name: "q", value: "dune&admin=true")])
        let (hostile, _, _) = try await received(endpoint)
        #expect(hostile.query == "q=dune%26admin%3Dtrue")
    }

    @Test func queryNameIsEncodedLikeAValue() async throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["books"], query: [URLQueryItem(name: "a=1&b", value: "2")])
        let (hostile, _, _) = try await received(endpoint)
        #expect(hostile.query == "a%3D1%26b=2")
    }

    @Test func hostileValueOnAnAuthenticatedEndpointKeepsTheSingleAuthorization() async throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["books", .value("a\r\nAuthorization: Bearer evil")], auth: .bearer)
        let (hostile, harmless, _) = try await received(endpoint)
        #expect(hostile.headers.filter { $0.name.lowercased() == "authorization" }.map(\.value) == ["Bearer \(Attack.token)"])
        #expect(hostile.headers.map(\.name).sorted() == harmless.headers.map(\.name).sorted())
    }

    @Test(arguments: [".", ".."])
    func dotSegmentValueIsRefusedAndNothingIsSent(value: String) async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        await #expect(throws: EndpointError.invalidSegment(value)) {
            try await Attack.client(server).send(Endpoint<Empty>(method: .get, path: ["books", .value(value), "admin"]))
        }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["a\r\nX-Evil: 1", "a\nX-Evil: 1", "a\rX-Evil: 1", "a\u{0}b"])
    func headerValueThatBreaksTheLineIsRefusedAndNothingIsSent(value: String) async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        await #expect(throws: EndpointError.invalidHeader("X-Note")) {
            try await Attack.client(server).send(Endpoint<Empty>(method: .get, path: ["books"], headers: ["X-Note": value]))
        }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["X-Evil: 1", "X Evil", "X-Evil:", "X-\u{0}", "X-Été", "(X)"])
    func headerNameThatIsNotATokenIsRefusedAndNothingIsSent(name: String) async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        await #expect(throws: EndpointError.invalidHeader(name)) {
            try await Attack.client(server).send(Endpoint<Empty>(method: .get, path: ["books"], headers: [name: "1"]))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func tokenThatBreaksTheLineIsRefusedAndNothingIsSent() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL),
            tokenProvider: FixedTokenProvider("t\r\nX-Evil: 1"), logger: .silent
        )
        await #expect(throws: EndpointError.invalidHeader("Authorization")) {
            try await client.send(Endpoint<Empty>(method: .get, path: ["me"], auth: .bearer))
        }
        #expect(server.requests.isEmpty)
    }
}
