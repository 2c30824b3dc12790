import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Servers that break HTTP framing: truncated bodies, lying Content-Length, chunked bodies, bodies
/// that never end, very large bodies, and 200s that are not JSON. Each is a real URLSession exchange.
@Suite struct AttackFramingTests {
    private let dune = #"{"id":"b-7","title":"Dune"}"#

    /// A connection closed before the body is complete: libcurl (FoundationNetworking) reports
    /// `URLError(.unknown)` ("transfer closed with outstanding read data remaining"), which is the
    /// could-not-reach message; Apple's URLSession reports `.networkConnectionLost`, the offline one.
    private func truncatedMessage(_ server: LocalServer) -> String {
        #if canImport(FoundationNetworking)
        Attack.couldNotReach(server)
        #else
        "You appear to be offline. Check your connection and try again."
        #endif
    }

    @Test func contentLengthLongerThanTheBodyThenCloseIsATransportError() async throws {
        let server = try await LocalServer.start { _ in
            .raw(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 27"], body: #"{"id":"b-7","#))
        }
        defer { server.stop() }
        await #expect(throws: APIError.transport(message: truncatedMessage(server))) {
            try await Attack.client(server).send(Endpoint.book(ID("b-7")))
        }
        #expect(server.requests.count == 1)
    }

    @Test func chunkedBodyCutOffBeforeItsLastChunkIsATransportError() async throws {
        let server = try await LocalServer.start { _ in
            .raw(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked"], body: "c\r\n{\"id\":\"b-7\",\r\n"))
        }
        defer { server.stop() }
        await #expect(throws: APIError.transport(message: truncatedMessage(server))) {
            try await Attack.client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func contentLengthShorterThanTheBodyGivesExactlyTheDeclaredBytes() async throws {
        let server = try await LocalServer.start { _ in
            .raw(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/octet-stream", "Content-Length: 4"], body: "abcdEXTRA"))
        }
        defer { server.stop() }
        let bytes = Endpoint<Data>(method: .get, path: ["blob"], accept: "application/octet-stream")
        #expect(try await Attack.client(server).send(bytes) == Data("abcd".utf8))
    }

    @Test func contentLengthShorterThanTheJSONIsADecodingError() async throws {
        let server = try await LocalServer.start { [dune] _ in
            .raw(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 11"], body: dune))
        }
        defer { server.stop() }
        await #expect(throws: APIError.decoding(message: Attack.unreadable)) {
            try await Attack.client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func bytesAfterTheDeclaredLengthDoNotBecomeTheNextResponse() async throws {
        // A smuggled second response after the declared body must not answer the next request.
        let smuggled = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n" + #"{"id":"evil","title":"Smuggled"}"#
        let answered = LockedCounter()
        let server = try await LocalServer.start { [dune] _ in
            answered.increment() == 1
                ? .raw(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(dune.utf8.count)"], body: dune + smuggled))
                : .json(dune)
        }
        defer { server.stop() }
        let client = Attack.client(server)
        #expect(try await client.send(Endpoint.book(ID("b-7"))) == Book(id: ID("b-7"), title: "Dune"))
        #expect(try await client.send(Endpoint.book(ID("b-7"))) == Book(id: ID("b-7"), title: "Dune"))
        #expect(server.requests.count == 2)
    }

    @Test func chunkedResponseIsDecoded() async throws {
        let chunks = "5\r\n{\"id\"\r\n6\r\n:\"b-7\"\r\n10\r\n,\"title\":\"Dune\"\r\n1\r\n}\r\n0\r\n\r\n"
        let server = try await LocalServer.start { _ in
            .raw(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked"], body: chunks))
        }
        defer { server.stop() }
        #expect(try await Attack.client(server).send(Endpoint.book(ID("b-7"))) == Book(id: ID("b-7"), title: "Dune"))
    }

    @Test func tenMegabyteBodyArrivesByteForByte() async throws {
        // A 251-byte pattern (prime, so no chunk boundary lines up with it) doubled past 10 MB:
        // building it byte by byte took most of this test's time under ThreadSanitizer.
        var pattern = Data((0..<251).map { UInt8($0) })
        while pattern.count < 10_000_000 { pattern.append(pattern) }
        let payload = pattern.prefix(10_000_000)
        let server = try await LocalServer.start { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: payload)
        }
        defer { server.stop() }
        let bytes = Endpoint<Data>(method: .get, path: ["blob"], accept: "application/octet-stream")
        let received = try await Attack.client(server).send(bytes)
        #expect(received.count == 10_000_000)
        #expect(received == payload)
    }

    @Test func tenMegabyteJSONBodyIsDecoded() async throws {
        let title = String(repeating: "d", count: 10_000_000)
        let server = try await LocalServer.start { _ in .json(#"{"id":"b-7","title":""# + title + #""}"#) }
        defer { server.stop() }
        let book = try await Attack.client(server).send(Endpoint.book(ID("b-7")))
        #expect(book.title.utf8.count == 10_000_000)
        #expect(book.title == title)
    }

    @Test func bodyThatNeverArrivesEndsWithTheTimedOutMessage() async throws {
        let server = try await LocalServer.start { _ in
            .rawThenSilence(Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 27"], body: #"{"id""#))
        }
        defer { server.stop() }
        await #expect(throws: APIError.transport(message: Attack.timedOut)) {
            try await Attack.client(server, timeout: 1).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func chunkedBodyThatNeverEndsEndsWithTheTimedOutMessage() async throws {
        // Never idle: a chunk every 100 ms forever. An idle timeout alone would wait for ever.
        let server = try await LocalServer.start { _ in
            .rawThenTrickle(
                Attack.wire(["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked"], body: "1\r\n[\r\n"),
                repeating: Data("2\r\n1,\r\n".utf8), every: 0.1
            )
        }
        defer { server.stop() }
        await #expect(throws: APIError.transport(message: Attack.timedOut)) {
            try await Attack.client(server, timeout: 1).send(Endpoint<[Int]>(method: .get, path: ["numbers"]))
        }
    }

    @Test func invalidJSONWithOKIsADecodingErrorFitForAPerson() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"id":"b-7","title":"Dune""#) }
        defer { server.stop() }
        await #expect(throws: APIError.decoding(message: Attack.unreadable)) {
            try await Attack.client(server).send(Endpoint.book(ID("b-7")))
        }
    }

    @Test func invalidJSONWithOKLogsTheRouteButNotTheBody() async throws {
        let lines = CapturedLines()
        let server = try await LocalServer.start { _ in .json(#"<html>secret-body</html>"#) }
        defer { server.stop() }
        _ = try? await Attack.client(server, logger: lines.logger).send(Endpoint.book(ID("b-7")))
        #expect(lines.lines.contains { $0.contains("GET /books/{value}") })
        #expect(!lines.lines.contains { $0.contains("secret-body") })
    }
}

/// A counter several server threads share.
final class LockedCounter: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private var value = 0
    private let lock = NSLock()

    /// Adds one and returns the new value.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
