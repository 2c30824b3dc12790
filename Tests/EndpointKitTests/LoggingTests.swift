import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// What the client logs, and that secrets stay out of it.
@Suite struct LoggingTests {
    static let token = "s3cr3t-t0ken"

    /// A client that logs into `captured`. The timeout is generous: on two cores running the whole
    /// suite an exchange can take seconds, and a timed-out request logs other lines.
    private func client(_ baseURL: URL, _ captured: CapturedLines, revealing: Bool) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: baseURL, requestTimeout: 60),
            tokenProvider: FixedTokenProvider(Self.token),
            logger: captured.logger(revealingPrivateValues: revealing)
        )
    }

    @Test func noTokenAppearsInAnyLogLineEvenUnredacted() async throws {
        let server = try await LocalServer.start { request in
            switch request.path {
            case "/me/loans": .json(#"[{"book":"b-1","due":"not a date"}]"#)
            case "/me": .html("<h1>oops</h1>", status: 500)
            default: .json("[]")
            }
        }
        let captured = CapturedLines()
        let client = client(server.baseURL, captured, revealing: true)
        let loans = Endpoint<[Loan]>(method: .get, path: ["me", "loans"], auth: .bearer)
        let me = Endpoint<Book>(method: .get, path: ["me"], auth: .bearer)
        let list = Endpoint<[Loan]>(method: .get, path: ["me", "history"], auth: .bearer)
        _ = try? await client.send(loans)
        _ = try? await client.send(me)
        _ = try await client.send(list)
        #expect(server.requests.map { $0.header("Authorization") } == Array(repeating: "Bearer \(Self.token)", count: 3))
        // The backend gone: a port that refuses, not the stopped server's, which a test beside this one may be given.
        let closed = try ClosedPort()
        defer { closed.release() }
        _ = try? await self.client(closed.baseURL, captured, revealing: true).send(list)

        let lines = captured.lines
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.filter { $0.contains(Self.token) } == [])
    }

    @Test func decodingFailureIsLoggedWithTypePathAndErrorRedacted() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"id":7}"#) }
        defer { server.stop() }
        let captured = CapturedLines()
        _ = try? await client(server.baseURL, captured, revealing: false).send(Endpoint.book(ID("b-7")))
        #expect(captured.lines == [
            "GET /books/{value} (<private>) answered 200",
            "Decoding <private> from GET /books/{value} (<private>) failed: <private>",
        ])
    }

    @Test func revealingLoggerShowsTheDecodingDetails() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"id":7}"#) }
        defer { server.stop() }
        let captured = CapturedLines()
        _ = try? await client(server.baseURL, captured, revealing: true).send(Endpoint.book(ID("b-7")))
        let failure = try #require(captured.lines.last)
        #expect(failure.hasPrefix("Decoding Book from GET /books/{value} (/books/b-7) failed: "))
        #expect(failure.contains("typeMismatch"))
    }

    @Test func unreadableErrorBodyIsLoggedWithItsStatus() async throws {
        let server = try await LocalServer.start { _ in .html("<h1>Bad Gateway</h1>", status: 502) }
        defer { server.stop() }
        let captured = CapturedLines()
        _ = try? await client(server.baseURL, captured, revealing: false).send(Endpoint.book(ID("b-7")))
        #expect(captured.lines.last == "HTTP 502 from GET /books/{value} (<private>) with an unreadable body")
    }

    @Test func transportFailureIsLoggedWithTheErrorRedacted() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let captured = CapturedLines()
        _ = try? await client(closed.baseURL, captured, revealing: false).send(Endpoint.book(ID("b-7")))
        #expect(captured.lines == ["GET /books/{value} (<private>) failed: <private>"])
    }
}
