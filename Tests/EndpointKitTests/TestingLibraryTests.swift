import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// EndpointKitTesting: the stub and recording clients, and LocalServer's own behaviour.
@Suite struct TestingLibraryTests {
    private func client(_ server: LocalServer) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
    }

    @Test func stubAnswersTheCannedValueForItsRequest() async throws {
        let stub = StubHTTPClient()
        try stub.stub(Endpoint.book(ID("b-7")), with: Book(id: ID("b-7"), title: "Dune"))
        #expect(try await stub.send(Endpoint.book(ID("b-7"))).title == "Dune")
    }

    @Test func stubWithoutAMatchThrowsNamingTheRequest() async throws {
        let stub = StubHTTPClient()
        try stub.stub(Endpoint.book(ID("b-7")), with: Book(id: ID("b-7"), title: "Dune"))
        await #expect(throws: StubHTTPClient.Failure.missing("GET /books?limit=20&q=dune")) {
            try await stub.send(Endpoint.search("dune"))
        }
    }

    @Test func stubThrowsTheStubbedError() async throws {
        let stub = StubHTTPClient()
        try stub.stub(Endpoint.returnBook(ID("b-7")), throwing: APIError.api(status: 409, message: "on loan", body: nil))
        await #expect(throws: APIError.api(status: 409, message: "on loan", body: nil)) {
            try await stub.send(Endpoint.returnBook(ID("b-7")))
        }
    }

    @Test func stubListsWhatWasSent() async throws {
        let stub = StubHTTPClient()
        try stub.stub(Endpoint.returnBook(ID("b/7")), with: Empty())
        try await stub.send(Endpoint.returnBook(ID("b/7")))
        _ = try? await stub.send(Endpoint.search("x y"))
        #expect(stub.sent == ["DELETE /me/loans/b%2F7", "GET /books?limit=20&q=x%20y"])
    }

    @Test func recordingClientRecordsAndForwards() async throws {
        let stub = StubHTTPClient()
        try stub.stub(Endpoint.search("dune"), with: [])
        let recording = RecordingHTTPClient(wrapping: stub, baseURL: URL(string: "https://api.example.com")!)
        let results = try await recording.send(Endpoint.search("dune"))
        #expect(results == [])
        #expect(recording.calls.map { $0.request.url?.absoluteString } == ["https://api.example.com/books?limit=20&q=dune"])
        #expect(recording.calls.map(\.route) == ["GET /books"])
        #expect(recording.calls.map(\.requiresAuthentication) == [false])
    }

    @Test func localServerRecordsMethodTargetHeadersAndBody() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"id":"b-9","title":"x"}"#, status: 201) }
        defer { server.stop() }
        _ = try await client(server).send(Endpoint.createBook(NewBook(title: "x", authorID: ID("a"))))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/books")
        #expect(request.header("content-type") == "application/json")
        #expect(request.header("Content-Length") == "28")
        #expect(text(request.body) == #"{"authorID":"a","title":"x"}"#)
    }

    @Test func localServerKeepsPathEncodingAsSent() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        try await client(server).send(Endpoint.returnBook(ID("a/b c&d+e")))
        #expect(server.requests.map(\.path) == ["/me/loans/a%2Fb%20c%26d%2Be"])
    }

    @Test func localServerAcceptsALargeBody() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let bytes = Data((0..<300_000).map { UInt8($0 % 251) })
        try await client(server).send(Endpoint<Empty>(method: .put, path: ["blob"], body: .raw(bytes, contentType: "application/octet-stream")))
        #expect(server.requests.first?.body == bytes)
    }

    @Test func handlerErrorBecomesA500() async throws {
        struct Broken: Error {}
        let server = try await LocalServer.start { _ in throw Broken() }
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 500, message: "Request failed with 500.", body: nil)) {
            try await client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func rawResponseIsWrittenVerbatim() async throws {
        let server = try await LocalServer.start { _ in
            .raw(Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 29\r\n\r\n{\"id\":\"b-7\",\"title\":\"Raw\"}   ".utf8))
        }
        defer { server.stop() }
        #expect(try await client(server).send(Endpoint.book(ID("b-7"))).title == "Raw")
    }

    @Test func responseCutOffMidBodyIsATransportError() async throws {
        let server = try await LocalServer.start { _ in
            .raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"id\":".utf8))
        }
        defer { server.stop() }
        // libcurl reports a short body as a generic failure, which the client's messages call unreachable.
        let message = "Could not reach the server at \(server.baseURL.absoluteString). Is the backend running?"
        await #expect(throws: APIError.transport(message: message)) {
            try await client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func headRequestGetsNoBody() async throws {
        let server = try await LocalServer.start { _ in .text("hello") }
        defer { server.stop() }
        let data = try await client(server).send(Endpoint<Data>(method: .head, path: ["x"], accept: nil))
        #expect(data == Data())
    }

    @Test func stopIsIdempotentAndClosesThePort() async throws {
        let server = try await LocalServer.start { _ in .json("{}") }
        server.stop()
        server.stop()
        // Nothing is sent to the freed port: a test beside this one may have been given it.
        // That it can be held again without SO_REUSEADDR shows the listener is closed.
        let held = try ClosedPort(port: server.port)
        held.release()
        #expect(server.requests.isEmpty)
    }

    @Test func closedPortRefusesAndIsTheCouldNotReachMessage() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        #expect(closed.baseURL.absoluteString == "http://127.0.0.1:\(closed.port)")
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: closed.baseURL), logger: .silent)
        await #expect(throws: APIError.transport(message: "Could not reach the server at \(closed.baseURL.absoluteString). Is the backend running?")) {
            try await client.send(Endpoint<Empty>(method: .get, path: ["x"]))
        }
    }

    @Test func closedPortKeepsItsPortFromEveryoneUntilReleased() throws {
        let closed = try ClosedPort()
        #expect(throws: LocalServerError.self) { try ClosedPort(port: closed.port) }
        closed.release()
        closed.release()
        let again = try ClosedPort(port: closed.port)
        again.release()
    }

    @Test func eachServerGetsItsOwnLoopbackPort() async throws {
        let first = try await LocalServer.start { _ in .json("{}") }
        let second = try await LocalServer.start { _ in .json("{}") }
        defer {
            first.stop()
            second.stop()
        }
        #expect(first.baseURL.host == "127.0.0.1")
        #expect(first.port != second.port)
        #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
    }
}
