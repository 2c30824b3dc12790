@testable import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionHTTPClient` against `LocalServer`: what it sends and how it reads every kind of answer.
@Suite struct ClientTests {
    static let token = "s3cr3t-t0ken"

    private func client(_ server: LocalServer, timeout: TimeInterval = 30, logger: EndpointLogger = .silent) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: timeout),
            tokenProvider: FixedTokenProvider(Self.token), logger: logger
        )
    }

    private func offlineClient(tokenProvider: (any TokenProvider)? = FixedTokenProvider(ClientTests.token)) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: URL(string: "https://api.example.com/v1")!, requestTimeout: 7),
            tokenProvider: tokenProvider, logger: .silent
        )
    }

    /// Waits until the server has seen `count` requests; fails after about ten seconds instead of hanging.
    private func waitForRequests(_ server: LocalServer, count: Int) async throws {
        for _ in 0..<1000 where server.requests.count < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(server.requests.count >= count)
    }

    // MARK: prepare

    @Test func preparedAuthenticatedRequestCarriesTheBearerToken() async throws {
        let endpoint = Endpoint<[Loan]>(method: .get, path: ["me", "loans"], auth: .bearer)
        let request = try await offlineClient().prepare(endpoint)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer s3cr3t-t0ken")
    }

    @Test func preparedPublicRequestHasNoAuthorization() async throws {
        let request = try await offlineClient().prepare(Endpoint.book(ID("b-7")))
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func preparedAuthenticatedRequestWhileSignedOutHasNoAuthorization() async throws {
        let endpoint = Endpoint<[Loan]>(method: .get, path: ["me", "loans"], auth: .bearer)
        let request = try await offlineClient(tokenProvider: FixedTokenProvider(nil)).prepare(endpoint)
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func preparedRequestIsTheEndpointsRequestOnTheConfiguredBase() async throws {
        let request = try await offlineClient().prepare(Endpoint.search("c++"))
        #expect(request.url?.absoluteString == "https://api.example.com/v1/books?limit=20&q=c%2B%2B")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func preparedRequestUsesTheConfiguredTimeoutAndIgnoresTheCache() async throws {
        let request = try await offlineClient().prepare(Endpoint.book(ID("b-7")))
        #expect(request.timeoutInterval == 7)
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
    }

    @Test func tokenWithALineBreakIsRefused() async {
        let endpoint = Endpoint<[Loan]>(method: .get, path: ["me", "loans"], auth: .bearer)
        await #expect(throws: EndpointError.invalidHeader("Authorization")) {
            try await offlineClient(tokenProvider: FixedTokenProvider("a\r\nX-Evil: 1")).prepare(endpoint)
        }
    }

    // MARK: the wire

    @Test func tokenReachesTheServerOnlyOnTheAuthenticatedEndpoint() async throws {
        let server = try await LocalServer.start { _ in .json("[]") }
        defer { server.stop() }
        let client = client(server)
        _ = try await client.send(Endpoint<[Loan]>(method: .get, path: ["me", "loans"], auth: .bearer))
        _ = try await client.send(Endpoint<[Loan]>(method: .get, path: ["loans"], auth: nil))
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer s3cr3t-t0ken", nil])
    }

    @Test func keptAliveConnectionIsReused() async throws {
        let server = try await LocalServer.start { _ in .json("[]") }
        defer { server.stop() }
        let client = client(server)
        _ = try await client.send(Endpoint.search("a"))
        _ = try await client.send(Endpoint.search("b"))
        #expect(server.requests.map(\.connection) == [1, 1])
    }

    @Test func noContentGivesEmpty() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        #expect(try await client(server).send(Endpoint.returnBook(ID("b-7"))) == Empty())
    }

    @Test func okWithAnEmptyBodyGivesEmpty() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 200) }
        defer { server.stop() }
        #expect(try await client(server).send(Endpoint.returnBook(ID("b-7"))) == Empty())
    }

    @Test func emptyResponseIgnoresABody() async throws {
        let server = try await LocalServer.start { _ in .text("deleted") }
        defer { server.stop() }
        #expect(try await client(server).send(Endpoint.returnBook(ID("b-7"))) == Empty())
    }

    @Test func missingBodyForADecodableResponseIsADecodingError() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        await #expect(throws: APIError.decoding(message: "Expected a body from GET /books/{value} but got none.")) {
            try await client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func dataResponseIsTheRawBytesAndSendsItsAccept() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: Data([0x89, 0x50])) }
        defer { server.stop() }
        let cover = Endpoint<Data>(method: .get, path: ["books", .value("b-7"), "cover"], accept: "image/*")
        #expect(try await client(server).send(cover) == Data([0x89, 0x50]))
        #expect(server.requests.first?.header("Accept") == "image/*")
    }

    @Test func jsonErrorBodyGivesItsMessage() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"message":"title is required"}"#, status: 422) }
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 422, message: "title is required", body: APIErrorBody(message: "title is required"))) {
            try await client(server).send(Endpoint.createBook(NewBook(title: "", authorID: ID("a"))))
        }
    }

    @Test func problemDetailsGiveTheirDetail() async throws {
        let problem = #"{"title":"Conflict","detail":"b-7 is on loan","status":409}"#
        let server = try await LocalServer.start { _ in .json(problem, status: 409) }
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 409, message: "b-7 is on loan", body: APIErrorBody(title: "Conflict", detail: "b-7 is on loan"))) {
            try await client(server).send(Endpoint.returnBook(ID("b-7")))
        }
    }

    @Test func htmlErrorPageGivesTheStatusNotAParseError() async throws {
        let server = try await LocalServer.start { _ in .html("<html><body>502 Bad Gateway</body></html>", status: 502) }
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 502, message: "Request failed with 502.", body: nil)) {
            try await client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func undecodableResponseIsADecodingErrorFitForAPerson() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"id":7}"#) }
        defer { server.stop() }
        await #expect(throws: APIError.decoding(message: "The server returned a response this app could not read.")) {
            try await client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func invalidEndpointThrowsEndpointErrorAndSendsNothing() async throws {
        let server = try await LocalServer.start { _ in .json("{}") }
        defer { server.stop() }
        await #expect(throws: EndpointError.invalidSegment("..")) {
            try await client(server).send(Endpoint.book(ID("..")))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func sendAsNamesTheResponseType() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"id":"b-7","title":"Dune"}"#) }
        defer { server.stop() }
        let client: any HTTPClient = client(server)
        #expect(try await client.send(Endpoint.book(ID("b-7")), as: Book.self).title == "Dune")
    }

    // MARK: failures on the way

    @Test func cancelledTaskInFlightEndsWithCancellationError() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try await LocalServer.start { _ in
            release.wait()
            return .json(#"{"id":"b-7","title":"Dune"}"#)
        }
        defer {
            release.signal()
            server.stop()
        }
        let client = client(server)
        let task = Task { try await client.send(Endpoint.book(ID("b-7"))) }
        try await waitForRequests(server, count: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        let server = try await LocalServer.start { _ in .json("{}") }
        defer { server.stop() }
        let client = client(server)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(Endpoint.book(ID("b-7")))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requests.isEmpty)
    }

    @Test func slowServerGivesTheTimedOutMessage() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try await LocalServer.start { _ in
            release.wait()
            return .json("{}")
        }
        defer {
            release.signal()
            server.stop()
        }
        await #expect(throws: APIError.transport(message: "The server took too long to respond. Check your connection.")) {
            try await client(server, timeout: 0.5).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func closedPortGivesTheCouldNotReachMessageNamingTheBaseURL() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: closed.baseURL), logger: .silent)
        await #expect(throws: APIError.transport(message: "Could not reach the server at \(closed.baseURL.absoluteString). Is the backend running?")) {
            try await client.send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func timedOutURLErrorIsTheTimedOutMessage() {
        #expect(URLSessionHTTPClient.transportMessage(for: URLError(.timedOut), baseURL: URL(string: "https://a.example")!)
            == "The server took too long to respond. Check your connection.")
    }

    @Test func notConnectedURLErrorIsTheOfflineMessage() {
        #expect(URLSessionHTTPClient.transportMessage(for: URLError(.notConnectedToInternet), baseURL: URL(string: "https://a.example")!)
            == "You appear to be offline. Check your connection and try again.")
    }

    @Test func lostConnectionURLErrorIsTheOfflineMessage() {
        #expect(URLSessionHTTPClient.transportMessage(for: URLError(.networkConnectionLost), baseURL: URL(string: "https://a.example")!)
            == "You appear to be offline. Check your connection and try again.")
    }

    @Test func unknownHostURLErrorIsTheCouldNotReachMessage() {
        #expect(URLSessionHTTPClient.transportMessage(for: URLError(.cannotFindHost), baseURL: URL(string: "https://a.example/v2")!)
            == "Could not reach the server at https://a.example/v2. Is the backend running?")
    }

    @Test func apiErrorMessageIsItsLocalizedDescription() {
        #expect(APIError.transport(message: "Offline.").localizedDescription == "Offline.")
    }
}
