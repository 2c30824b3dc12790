@testable import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A cursor page, as the article's exercise has it.
private struct CursorPage: Codable, Equatable, Sendable {
    var items: [String]
    var next: String?
}

/// A page that names the next one by path (Twilio's `next_page_uri`).
private struct LinkedBodyPage: Codable, Equatable, Sendable {
    var items: [String]
    var next_page_uri: String?
}

/// A page of an offset API (PagerDuty's `more`).
private struct OffsetPage: Codable, Equatable, Sendable {
    var items: [String]
    var more: Bool
}

/// `Endpoint.nextPage(after:)` and `HTTPClient.pages(of:)`, on the wire through URLSession
/// against `LocalServer`, and on a stub client.
@Suite struct PaginationTests {
    private func search(_ q: String) -> Endpoint<CursorPage> {
        Endpoint<CursorPage>(method: .get, path: ["books"], query: [URLQueryItem(name: "q", value: q)])
            .paginated(.cursor(parameter: "cursor") { $0.next })
    }

    private func client(_ server: LocalServer) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
    }

    /// Three pages: `c2` and `c3` lead on, the third has no cursor.
    private static func cursorServer() async throws -> LocalServer {
        try await LocalServer.start { request in
            switch request.query {
            case "q=dune": .json(#"{"items":["a","b"],"next":"c2"}"#)
            case "cursor=c2&q=dune": .json(#"{"items":["c"],"next":"c3"}"#)
            case "cursor=c3&q=dune": .json(#"{"items":["d"],"next":null}"#)
            default: .text("unexpected \(request.target)", status: 404)
            }
        }
    }

    @Test func nextPageKeepsTheQueryAndSetsTheCursor() throws {
        let endpoint = search("dune")
        let next = try #require(endpoint.nextPage(after: CursorPage(items: [], next: "c2")))
        #expect(try next.urlRequest(baseURL: URL(string: "https://api.example")!).url?.absoluteString == "https://api.example/books?cursor=c2&q=dune")
        let third = try #require(next.nextPage(after: CursorPage(items: [], next: "a/b c&d+e")))
        #expect(try third.urlRequest(baseURL: URL(string: "https://api.example")!).url?.absoluteString
            == "https://api.example/books?cursor=a%2Fb%20c%26d%2Be&q=dune")
        #expect(endpoint.nextPage(after: CursorPage(items: [], next: nil)) == nil)
        #expect(endpoint.nextPage(after: CursorPage(items: [], next: "")) == nil)
        #expect(Endpoint<CursorPage>(method: .get, path: ["books"]).nextPage(after: CursorPage(items: [], next: "c2")) == nil)
    }

    @Test func threePagesOfACursorAPIOnTheWire() async throws {
        let server = try await Self.cursorServer()
        defer { server.stop() }
        var pages: [CursorPage] = []
        for try await page in client(server).pages(of: search("dune")) {
            pages.append(page)
        }
        #expect(pages.map(\.items) == [["a", "b"], ["c"], ["d"]])
        #expect(server.requests.map(\.target) == ["/books?q=dune", "/books?cursor=c2&q=dune", "/books?cursor=c3&q=dune"])
    }

    @Test func itemsFlattenThePagesAndFetchOnlyWhatIsUsed() async throws {
        let server = try await Self.cursorServer()
        defer { server.stop() }
        var items: [String] = []
        for try await item in client(server).items(of: search("dune"), \.items) {
            items.append(item)
            if item == "c" { break }
        }
        #expect(items == ["a", "b", "c"])
        #expect(server.requests.count == 2)
    }

    @Test func aPageIsFetchedOnlyWhenTheLoopAsksForIt() async throws {
        let server = try await Self.cursorServer()
        defer { server.stop() }
        let sequence = client(server).pages(of: search("dune"))
        #expect(server.requests.isEmpty)
        var iterator = sequence.makeAsyncIterator()
        _ = try await iterator.next()
        #expect(server.requests.count == 1)
    }

    @Test func cancellationAfterTheFirstPageSendsNoSecondRequest() async throws {
        let server = try await Self.cursorServer()
        defer { server.stop() }
        let client = client(server)
        let firstPage = AsyncStream<Void>.makeStream()
        let proceed = AsyncStream<Void>.makeStream()
        let endpoint = search("dune")
        let task = Task {
            var iterator = client.pages(of: endpoint).makeAsyncIterator()
            _ = try await iterator.next()
            firstPage.continuation.yield()
            for await _ in proceed.stream { break }
            return try await iterator.next()
        }
        for await _ in firstPage.stream { break }
        task.cancel()
        proceed.continuation.yield()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requests.count == 1)
    }

    @Test func theSameCursorTwiceEndsWithAnErrorAfterThePagesDelivered() async throws {
        let server = try await LocalServer.start { request in
            request.query == "q=dune" ? .json(#"{"items":["a"],"next":"c2"}"#) : .json(#"{"items":["b"],"next":"c2"}"#)
        }
        defer { server.stop() }
        var pages: [[String]] = []
        await #expect(throws: PaginationError.repeatedPage(route: "GET /books")) {
            for try await page in client(server).pages(of: search("dune")) { pages.append(page.items) }
        }
        #expect(pages == [["a"], ["b"]])
        #expect(server.requests.count == 2)
    }

    @Test func aLinkHeaderLeadsToTheNextPage() async throws {
        let server = try await LocalServer.start { request in
            switch request.target {
            case "/repos": .json(#"["a","b"]"#, headers: [("Link", #"<\#(request.header("Host").map { "http://" + $0 } ?? "")/repos?page=2>; rel="next", <http://x/repos?page=9>; rel="last""#)])
            case "/repos?page=2": .json(#"["c"]"#, headers: [("Link", #"</repos?page=1>; rel="prev""#)])
            default: .text("unexpected", status: 404)
            }
        }
        defer { server.stop() }
        let endpoint = Endpoint<[String]>(method: .get, path: ["repos"]).paginated(.linkHeader)
        var pages: [[String]] = []
        for try await page in client(server).pages(of: endpoint) { pages.append(page) }
        #expect(pages == [["a", "b"], ["c"]])
        #expect(server.requests.map(\.target) == ["/repos", "/repos?page=2"])
    }

    @Test func aLinkToAnotherHostIsNotFollowedAndNoCredentialLeaves() async throws {
        let other = try await LocalServer.start { _ in .json(#"["stolen"]"#) }
        defer { other.stop() }
        let otherHost = try await LocalServer.start(address: "127.0.0.2") { _ in .json(#"["stolen"]"#) }
        defer { otherHost.stop() }
        let server = try await LocalServer.start { _ in
            .json(#"["a"]"#, headers: [("Link", "<\(otherHost.baseURL.absoluteString)/repos?page=2>; rel=\"next\"")])
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10),
            tokenProvider: FixedTokenProvider("secret"), logger: .silent
        )
        let endpoint = Endpoint<[String]>(method: .get, path: ["repos"], auth: .bearer).paginated(.linkHeader)
        var pages: [[String]] = []
        await #expect(throws: PaginationError.linkToAnotherOrigin(host: "127.0.0.2")) {
            for try await page in client.pages(of: endpoint) { pages.append(page) }
        }
        #expect(pages == [["a"]])
        #expect(otherHost.requests.isEmpty && other.requests.isEmpty)
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer secret"])
    }

    @Test func aNextPathInTheBodyIsFollowedOnTheSameOrigin() async throws {
        let server = try await LocalServer.start { request in
            switch request.target {
            case "/2010-04-01/Calls.json": .json(#"{"items":["a"],"next_page_uri":"/2010-04-01/Calls.json?Page=1&PageToken=PA1"}"#)
            case "/2010-04-01/Calls.json?Page=1&PageToken=PA1": .json(#"{"items":["b"],"next_page_uri":null}"#)
            default: .text("unexpected \(request.target)", status: 404)
            }
        }
        defer { server.stop() }
        let endpoint = Endpoint<LinkedBodyPage>(method: .get, path: ["2010-04-01", "Calls.json"]).paginated(.link { $0.next_page_uri })
        var pages: [[String]] = []
        for try await page in client(server).pages(of: endpoint) { pages.append(page.items) }
        #expect(pages == [["a"], ["b"]])
    }

    @Test func pageNumbersRunUntilTheLastPage() async throws {
        let server = try await LocalServer.start { request in
            switch request.query {
            case "per_page=2": .json(#"{"items":["a","b"],"next":null}"#)
            case "page=2&per_page=2": .json(#"{"items":["c"],"next":null}"#)
            default: .json(#"{"items":[],"next":null}"#)
            }
        }
        defer { server.stop() }
        let endpoint = Endpoint<CursorPage>(method: .get, path: ["books"], query: [URLQueryItem(name: "per_page", value: "2")])
            .paginated(.pageNumber(parameter: "page") { $0.items.isEmpty })
        var pages: [[String]] = []
        for try await page in client(server).pages(of: endpoint) { pages.append(page.items) }
        #expect(pages == [["a", "b"], ["c"], []])
        #expect(server.requests.map(\.query) == ["per_page=2", "page=2&per_page=2", "page=3&per_page=2"])
    }

    @Test func offsetsMoveOnByTheItemsReceivedUntilNoMore() async throws {
        let server = try await LocalServer.start { request in
            switch request.query {
            case "limit=2": .json(#"{"items":["a","b"],"more":true}"#)
            case "limit=2&offset=2": .json(#"{"items":["c"],"more":false}"#)
            default: .text("unexpected", status: 404)
            }
        }
        defer { server.stop() }
        let endpoint = Endpoint<OffsetPage>(method: .get, path: ["incidents"], query: [URLQueryItem(name: "limit", value: "2")])
            .paginated(.offset(parameter: "offset", count: { $0.items.count }, hasMore: { $0.more }))
        var pages: [[String]] = []
        for try await page in client(server).pages(of: endpoint) { pages.append(page.items) }
        #expect(pages == [["a", "b"], ["c"]])
    }

    @Test func aStubClientPagesToo() async throws {
        let stub = StubHTTPClient()
        let first = search("dune")
        try stub.stub(first, with: CursorPage(items: ["a"], next: "c2"))
        try stub.stub(try #require(first.nextPage(after: CursorPage(items: [], next: "c2"))), with: CursorPage(items: ["b"], next: nil))
        var items: [String] = []
        for try await item in stub.items(of: first, \.items) { items.append(item) }
        #expect(items == ["a", "b"])
        #expect(stub.sent == ["GET /books?q=dune", "GET /books?cursor=c2&q=dune"])
    }

    @Test func anEndpointWithoutPaginationIsOnePage() async throws {
        let stub = StubHTTPClient()
        let endpoint = Endpoint<CursorPage>(method: .get, path: ["books"])
        try stub.stub(endpoint, with: CursorPage(items: ["a"], next: "c2"))
        var count = 0
        for try await _ in stub.pages(of: endpoint) { count += 1 }
        #expect(count == 1)
    }

    @Test(arguments: [
        (#"<https://a.example/x?page=2>; rel="next""#, "https://a.example/x?page=2"),
        (#"<https://a.example/1>; rel="prev", <https://a.example/3>; rel="next""#, "https://a.example/3"),
        (#"<https://a.example/3>; REL="last next""#, "https://a.example/3"),
        (#"<https://a.example/1>; rel="prev""#, nil),
        ("", nil),
    ] as [(String, String?)])
    func linkHeaderParsing(header: String, next: String?) {
        let endpoint = Endpoint<[String]>(method: .get, path: ["x"]).paginated(.linkHeader)
        #expect(endpoint.nextPage(after: [], linkHeader: header)?.link == next)
    }
}

/// A page that fails on the wire ends the sequence with the client's error, after the pages before it.
@Suite struct PaginationFailureTests {
    @Test func aPageThatDoesNotDecodeEndsTheSequenceAfterThePagesDelivered() async throws {
        let server = try await LocalServer.start { request in
            request.query == "q=dune" ? .json(#"{"items":["a"],"next":"c2"}"#) : .json(#"{"items":"#)
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
        let endpoint = Endpoint<CursorPage>(method: .get, path: ["books"], query: [URLQueryItem(name: "q", value: "dune")])
            .paginated(.cursor(parameter: "cursor") { $0.next })
        var pages: [[String]] = []
        await #expect(throws: APIError.decoding(message: "The server returned a response this app could not read.")) {
            for try await page in client.pages(of: endpoint) { pages.append(page.items) }
        }
        #expect(pages == [["a"]])
    }
}
