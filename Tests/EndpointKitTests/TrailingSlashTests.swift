import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Endpoint.hasTrailingSlash`: one `/` after the last segment, exactly where the route file
/// wrote it, and nothing changes for an endpoint without it.
@Suite struct TrailingSlashTests {
    private func url<Response>(_ endpoint: Endpoint<Response>, base: String = "https://host/api") throws -> String? {
        try endpoint.urlRequest(baseURL: URL(string: base)!).url?.absoluteString
    }

    @Test func slashFollowsTheLastSegmentBelowTheBasePath() throws {
        #expect(try url(Endpoint<Empty>(method: .get, path: ["books"], hasTrailingSlash: true)) == "https://host/api/books/")
    }

    @Test func baseURLEndingInASlashGivesOneSlashBeforeTheSegments() throws {
        #expect(try url(Endpoint<Empty>(method: .get, path: ["books"], hasTrailingSlash: true), base: "https://host/api/") == "https://host/api/books/")
    }

    @Test func baseURLWithoutPathTakesTheSegmentsAndTheSlash() throws {
        #expect(try url(Endpoint<Empty>(method: .get, path: ["books"], hasTrailingSlash: true), base: "http://127.0.0.1:8080") == "http://127.0.0.1:8080/books/")
    }

    @Test func slashFollowsAnEncodedValueAndPrecedesTheQuery() throws {
        let endpoint = Endpoint<Empty>(
            method: .get, path: ["books", .value("b/7")], hasTrailingSlash: true,
            query: [URLQueryItem(name: "q", value: "c++ & rust"), URLQueryItem(name: "expand", value: "true")]
        )
        #expect(try url(endpoint) == "https://host/api/books/b%2F7/?expand=true&q=c%2B%2B%20%26%20rust")
    }

    @Test func onlyNilQueryValuesKeepTheSlashAndGiveNoQuestionMark() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["books"], hasTrailingSlash: true, query: [URLQueryItem(name: "page", value: nil)])
        #expect(try url(endpoint) == "https://host/api/books/")
    }

    @Test func shortFormTakesTheSlashToo() throws {
        #expect(try url(Endpoint<Empty>(method: .post, path: ["me", "loans"], hasTrailingSlash: true)) == "https://host/api/me/loans/")
        #expect(try url(Endpoint<Data>(method: .get, path: ["cover"], hasTrailingSlash: true)) == "https://host/api/cover/")
        #expect(try url(Endpoint<[String]>(method: .get, path: ["tags"], hasTrailingSlash: true)) == "https://host/api/tags/")
    }

    @Test func emptyPathIsTheBaseURLWithOrWithoutTheFlag() throws {
        #expect(try url(Endpoint<Empty>(method: .get, path: [], hasTrailingSlash: true)) == "https://host/api")
        #expect(try url(Endpoint<Empty>(method: .get, path: []), base: "https://host/api/") == "https://host/api/")
    }

    @Test func withoutTheFlagNothingChangesEvenForALiteralEndingInASlash() throws {
        #expect(try url(Endpoint<Empty>(method: .get, path: ["books"])) == "https://host/api/books")
        #expect(try url(Endpoint<Empty>(method: .get, path: ["books/"])) == "https://host/api/books")
        #expect(try url(Endpoint<Empty>(method: .get, path: ["books", .value("b-7")], query: [URLQueryItem(name: "q", value: "x")])) == "https://host/api/books/b-7?q=x")
        #expect(Endpoint<Empty>(method: .get, path: ["books"]).hasTrailingSlash == false)
    }

    @Test func refusedValuesAreStillRefused() {
        #expect(throws: EndpointError.invalidSegment("..")) {
            try url(Endpoint<Empty>(method: .get, path: ["books", .value("..")], hasTrailingSlash: true))
        }
    }

    @Test func routeShowsTheSlash() {
        #expect(Endpoint<Empty>(method: .get, path: ["books", .value("b-7")], hasTrailingSlash: true).route == "GET /books/{value}/")
        #expect(Endpoint<Empty>(method: .get, path: [], hasTrailingSlash: true).route == "GET /")
    }

    @Test func serverReceivesTheSlashOnTheWire() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL.appendingPathComponent("api"), requestTimeout: 10),
            logger: .silent
        )
        try await client.send(Endpoint<Empty>(method: .get, path: ["books"], hasTrailingSlash: true, query: [URLQueryItem(name: "q", value: "a b")]))
        try await client.send(Endpoint<Empty>(method: .get, path: ["books"]))
        #expect(server.requests.map(\.target) == ["/api/books/?q=a%20b", "/api/books"])
    }
}
