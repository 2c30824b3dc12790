import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// The httpbin server `scripts/httpbin.sh start` runs, or nil when `HTTPBIN_URL` is not set.
enum HTTPBin {
    static let url: URL? = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:))
    static let token = "httpbin-t0ken"

    static func client(timeout: TimeInterval = 10, token: String? = HTTPBin.token) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: url!, requestTimeout: timeout),
            tokenProvider: FixedTokenProvider(token), logger: .silent
        )
    }
}

/// What httpbin's `/anything` echoes back (the fields these tests read).
struct Echo: Decodable, Sendable {
    /// A query or form field: one value, or several for a repeated name.
    enum Field: Decodable, Equatable, Sendable {
        case one(String)
        case many([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(String.self) {
                self = .one(value)
            } else {
                self = .many(try container.decode([String].self))
            }
        }
    }

    var method: String
    var args: [String: Field]
    var form: [String: Field]
    var data: String
    var headers: [String: String]
}

struct BearerEcho: Decodable, Equatable, Sendable {
    var authenticated: Bool
    var token: String
}

private struct SignIn: Encodable, Sendable {
    var username: String
    var password: String
    var scope: [String]
}

/// The checks against httpbin, one behaviour each.
enum HTTPBinCheck {
    static func jsonBodyIsEchoedWithItsContentType() async throws {
        let endpoint = Endpoint<Echo>(method: .post, path: ["anything", "books"], body: .json(NewBook(title: "Children of Dune", authorID: ID("a-1"))))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.method == "POST")
        #expect(echo.data == #"{"authorID":"a-1","title":"Children of Dune"}"#)
        #expect(echo.headers["Content-Type"] == "application/json")
    }

    static func mergePatchBodyIsEchoedWithItsContentType() async throws {
        let endpoint = Endpoint<Echo>(method: .patch, path: ["anything", "books", .value("b-8")], body: .mergePatch(BookPatch(subtitle: .clear)))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.method == "PATCH")
        #expect(echo.data == #"{"subtitle":null}"#)
        #expect(echo.headers["Content-Type"] == "application/merge-patch+json")
    }

    static func deleteBodyIsEchoedWithItsContentType() async throws {
        let endpoint = Endpoint<Echo>(method: .delete, path: ["anything", "lists", "l-1", "items"], body: .json(["ids": ["b-7", "b-8"]]))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.method == "DELETE")
        #expect(echo.data == #"{"ids":["b-7","b-8"]}"#)
        #expect(echo.headers["Content-Type"] == "application/json")
    }

    static func formBodyArrivesWithPlusIntact() async throws {
        let endpoint = Endpoint<Echo>(method: .post, path: ["anything", "token"],
                                      body: .form(SignIn(username: "ada lovelace", password: "p+ss&w=rd", scope: ["read", "write"])))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.form == ["username": .one("ada lovelace"), "password": .one("p+ss&w=rd"), "scope": .many(["read", "write"])])
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    static func formItemsBodyArrivesWithPlusIntact() async throws {
        let endpoint = Endpoint<Echo>(method: .put, path: ["anything"], body: .formItems([URLQueryItem(name: "secret", value: "a+b c")]))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.form == ["secret": .one("a+b c")])
    }

    static func rawBodyIsEchoedWithItsMediaType() async throws {
        let endpoint = Endpoint<Echo>(method: .put, path: ["anything", "notes"], body: .raw(Data("plain text, as is".utf8), contentType: "text/plain; charset=utf-8"))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.data == "plain text, as is")
        #expect(echo.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    static func queryArrivesDecodedWithRepeatedKeys() async throws {
        let endpoint = Endpoint<Echo>(method: .get, path: ["anything", "search"],
                                      query: .items(["q": "c++ & rust", "tag": ["a/b", "c=d"], "page": Int?.none]))
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.args == ["q": .one("c++ & rust"), "tag": .many(["a/b", "c=d"])])
    }

    static func headersArriveAsSent() async throws {
        let endpoint = Endpoint<Echo>(method: .get, path: ["anything"], headers: ["X-Trace-Token": "t-42"])
        let echo = try await HTTPBin.client().send(endpoint)
        #expect(echo.headers["X-Trace-Token"] == "t-42")
        #expect(echo.headers["Accept"] == "application/json")
        #expect(echo.headers["Authorization"] == nil)
    }

    static func tokenIsPresentOnTheAuthenticatedEndpoint() async throws {
        let endpoint = Endpoint<BearerEcho>(method: .get, path: ["bearer"], auth: .bearer)
        #expect(try await HTTPBin.client().send(endpoint) == BearerEcho(authenticated: true, token: HTTPBin.token))
    }

    static func tokenIsAbsentOnThePublicEndpoint() async throws {
        let endpoint = Endpoint<BearerEcho>(method: .get, path: ["bearer"], auth: nil)
        await #expect(throws: APIError.api(status: 401, message: "Request failed with 401.", body: nil)) {
            try await HTTPBin.client().send(endpoint)
        }
    }

    static func noContentGivesEmpty() async throws {
        #expect(try await HTTPBin.client().send(Endpoint<Empty>(method: .get, path: ["status", "204"])) == Empty())
    }

    static func badGatewayGivesAPIErrorWithTheStatus() async throws {
        await #expect(throws: APIError.api(status: 502, message: "Request failed with 502.", body: nil)) {
            try await HTTPBin.client().send(Endpoint<Book>(method: .get, path: ["status", "502"]))
        }
    }

    static func nonJSONErrorPageGivesAPIErrorWithTheStatus() async throws {
        // httpbin's 418 answers a text page (a teapot), like a proxy's error page.
        await #expect(throws: APIError.api(status: 418, message: "Request failed with 418.", body: nil)) {
            try await HTTPBin.client().send(Endpoint<Book>(method: .get, path: ["status", "418"]))
        }
    }

    static func htmlWhereJSONWasExpectedIsADecodingError() async throws {
        await #expect(throws: APIError.decoding(message: "The server returned a response this app could not read.")) {
            try await HTTPBin.client().send(Endpoint<Book>(method: .get, path: ["html"]))
        }
    }

    static func slowResponseGivesTheTimedOutMessage() async throws {
        await #expect(throws: APIError.transport(message: "The server took too long to respond. Check your connection.")) {
            try await HTTPBin.client(timeout: 1).send(Endpoint<Echo>(method: .get, path: ["delay", "3"]))
        }
    }

    static func closedLocalPortGivesTheCouldNotReachMessage() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: closed.baseURL), logger: .silent)
        await #expect(throws: APIError.transport(message: "Could not reach the server at \(closed.baseURL.absoluteString). Is the backend running?")) {
            try await client.send(Endpoint<Echo>(method: .get, path: ["anything"]))
        }
    }

    static func cancelledTaskGivesCancellationError() async throws {
        let client = HTTPBin.client()
        let task = Task { try await client.send(Endpoint<Echo>(method: .get, path: ["delay", "5"])) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// Against a real server no one here wrote: httpbin from PyPI, started by `.ci/run`.
///
/// One parameterized test, so that without `HTTPBIN_URL` the skip is one line; each check
/// still runs, passes and fails on its own as a test case named after its behaviour.
@Suite struct HTTPBinTests {
    enum Behaviour: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case jsonBodyIsEchoedWithItsContentType
        case mergePatchBodyIsEchoedWithItsContentType
        case deleteBodyIsEchoedWithItsContentType
        case formBodyArrivesWithPlusIntact
        case formItemsBodyArrivesWithPlusIntact
        case rawBodyIsEchoedWithItsMediaType
        case queryArrivesDecodedWithRepeatedKeys
        case headersArriveAsSent
        case tokenIsPresentOnTheAuthenticatedEndpoint
        case tokenIsAbsentOnThePublicEndpoint
        case noContentGivesEmpty
        case badGatewayGivesAPIErrorWithTheStatus
        case nonJSONErrorPageGivesAPIErrorWithTheStatus
        case htmlWhereJSONWasExpectedIsADecodingError
        case slowResponseGivesTheTimedOutMessage
        case closedLocalPortGivesTheCouldNotReachMessage
        case cancelledTaskGivesCancellationError

        var testDescription: String { rawValue }
    }

    @Test(.enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; run eval \"$(scripts/httpbin.sh start)\" to run the httpbin tests"),
          arguments: Behaviour.allCases)
    func httpbin(_ behaviour: Behaviour) async throws {
        switch behaviour {
        case .jsonBodyIsEchoedWithItsContentType: try await HTTPBinCheck.jsonBodyIsEchoedWithItsContentType()
        case .mergePatchBodyIsEchoedWithItsContentType: try await HTTPBinCheck.mergePatchBodyIsEchoedWithItsContentType()
        case .deleteBodyIsEchoedWithItsContentType: try await HTTPBinCheck.deleteBodyIsEchoedWithItsContentType()
        case .formBodyArrivesWithPlusIntact: try await HTTPBinCheck.formBodyArrivesWithPlusIntact()
        case .formItemsBodyArrivesWithPlusIntact: try await HTTPBinCheck.formItemsBodyArrivesWithPlusIntact()
        case .rawBodyIsEchoedWithItsMediaType: try await HTTPBinCheck.rawBodyIsEchoedWithItsMediaType()
        case .queryArrivesDecodedWithRepeatedKeys: try await HTTPBinCheck.queryArrivesDecodedWithRepeatedKeys()
        case .headersArriveAsSent: try await HTTPBinCheck.headersArriveAsSent()
        case .tokenIsPresentOnTheAuthenticatedEndpoint: try await HTTPBinCheck.tokenIsPresentOnTheAuthenticatedEndpoint()
        case .tokenIsAbsentOnThePublicEndpoint: try await HTTPBinCheck.tokenIsAbsentOnThePublicEndpoint()
        case .noContentGivesEmpty: try await HTTPBinCheck.noContentGivesEmpty()
        case .badGatewayGivesAPIErrorWithTheStatus: try await HTTPBinCheck.badGatewayGivesAPIErrorWithTheStatus()
        case .nonJSONErrorPageGivesAPIErrorWithTheStatus: try await HTTPBinCheck.nonJSONErrorPageGivesAPIErrorWithTheStatus()
        case .htmlWhereJSONWasExpectedIsADecodingError: try await HTTPBinCheck.htmlWhereJSONWasExpectedIsADecodingError()
        case .slowResponseGivesTheTimedOutMessage: try await HTTPBinCheck.slowResponseGivesTheTimedOutMessage()
        case .closedLocalPortGivesTheCouldNotReachMessage: try await HTTPBinCheck.closedLocalPortGivesTheCouldNotReachMessage()
        case .cancelledTaskGivesCancellationError: try await HTTPBinCheck.cancelledTaskGivesCancellationError()
        }
    }
}

/// In CI the httpbin tests must run, never skip quietly.
@Suite struct HTTPBinSetupTests {
    @Test func httpbinIsConfiguredWhenRunningInCI() {
        let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
        #expect(!inCI || HTTPBin.url != nil, "CI is set but HTTPBIN_URL is not: run eval \"$(scripts/httpbin.sh start)\" before swift test")
    }
}
