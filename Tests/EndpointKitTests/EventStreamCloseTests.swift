@testable import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPWire
import Testing

/// A stream the app stops reading closes its connection within a second, whatever keeps the
/// stream value alive: the server, writing an event every 100 ms, sees the connection end.
@Suite struct EventStreamCloseTests {
    struct Tick: Codable, Sendable, Equatable { var count: Int }

    /// The bound the server must see the close within, from the moment the app stops reading.
    private static let bound: Duration = .seconds(1)

    /// A server writing `data: {"count":1}` every 100 ms until the client closes the connection.
    private func tickingServer() async throws -> LocalServer {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
        return try await LocalServer.start { _ in
            .rawThenTrickle(Data(head.utf8), repeating: Data("data: {\"count\":1}\n\n".utf8), every: 0.1)
        }
    }

    private func client(_ server: LocalServer) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
    }

    private let ticker = Endpoint<EventStream<Tick>>(method: .get, path: ["ticker"], accept: "text/event-stream")

    /// How long after `start` the server saw its one connection end; nil when it did not within
    /// three times the bound, so a slow machine reports a measured time rather than a timeout.
    private func closeTime(of server: LocalServer, since start: ContinuousClock.Instant) async throws -> Duration? {
        let watch = CloseWatch(server: server, for: Self.bound * 3)
        while !watch.isDone { try await Task.sleep(for: .milliseconds(5)) }
        return watch.seen.map { max(.zero, $0 - start) }
    }

    private func expectClosedInTime(_ elapsed: Duration?, _ comment: Comment) {
        #expect(elapsed != nil, "the server still saw the connection open \(Self.bound * 3) later; \(comment)")
        if let elapsed { #expect(elapsed < Self.bound, "closed after \(elapsed); \(comment)") }
    }

    @Test func breakingOutAfterTwoEventsClosesTheConnectionWhileTheStreamIsStillHeld() async throws {
        let server = try await tickingServer()
        defer { server.stop() }
        let stream = try await client(server).send(ticker)
        var taken: [Tick] = []
        for try await tick in stream {
            taken.append(tick)
            if taken.count == 2 { break }
        }
        let left = ContinuousClock.now
        let elapsed = try await closeTime(of: server, since: left)
        withExtendedLifetime(stream) {}
        #expect(taken == [Tick(count: 1), Tick(count: 1)])
        expectClosedInTime(elapsed, "after leaving the loop with the stream in a variable")
    }

    @Test func breakingOutOfALoopOverTheSentStreamClosesTheConnection() async throws {
        let server = try await tickingServer()
        defer { server.stop() }
        let client = client(server)
        var taken = 0
        for try await _ in try await client.send(ticker) {
            taken += 1
            if taken == 2 { break }
        }
        let left = ContinuousClock.now
        expectClosedInTime(try await closeTime(of: server, since: left), "after leaving the loop over a temporary stream")
    }

    @Test func anIteratorDroppedAfterTwoEventsClosesTheConnection() async throws {
        let server = try await tickingServer()
        defer { server.stop() }
        let stream = try await client(server).send(ticker)
        do {
            var iterator = stream.makeAsyncIterator()
            _ = try await iterator.next()
            _ = try await iterator.next()
        }
        let left = ContinuousClock.now
        let elapsed = try await closeTime(of: server, since: left)
        withExtendedLifetime(stream) {}
        expectClosedInTime(elapsed, "after the iterator was dropped")
    }

    @Test func cancellingTheTaskWhileItsLoopBodyWaitsClosesTheConnection() async throws {
        let server = try await tickingServer()
        defer { server.stop() }
        let stream = try await client(server).send(ticker)
        let twoTaken = AsyncStream<Void>.makeStream()
        let reading = Task {
            var taken = 0
            for try await _ in stream {
                taken += 1
                // Parked here, outside `next()`, when the task is cancelled.
                if taken == 2 { twoTaken.continuation.yield(); try await Task.sleep(for: .seconds(60)) }
            }
        }
        var signals = twoTaken.stream.makeAsyncIterator()
        await signals.next()
        reading.cancel()
        let cancelled = ContinuousClock.now
        _ = await reading.result
        let elapsed = try await closeTime(of: server, since: cancelled)
        withExtendedLifetime(stream) {}
        expectClosedInTime(elapsed, "after the reading task was cancelled")
    }

    @Test func cancellingTheTaskWhileItWaitsForAnEventClosesTheConnection() async throws {
        let server = try await tickingServer()
        defer { server.stop() }
        let stream = try await client(server).send(ticker)
        let twoTaken = AsyncStream<Void>.makeStream()
        let reading = Task {
            var taken = 0
            for try await _ in stream {
                taken += 1
                if taken == 2 { twoTaken.continuation.yield() }
            }
        }
        var signals = twoTaken.stream.makeAsyncIterator()
        await signals.next()
        reading.cancel()
        let cancelled = ContinuousClock.now
        let result = await reading.result
        #expect(throws: CancellationError.self) { try result.get() }
        let elapsed = try await closeTime(of: server, since: cancelled)
        withExtendedLifetime(stream) {}
        expectClosedInTime(elapsed, "after the task waiting for the next event was cancelled")
    }
}

/// Notes when a server first counts a closed connection, from a thread of its own: on two busy
/// cores the test's task may wait long for its turn, and would measure that wait, not the close.
private final class CloseWatch: Sendable {
    private let state = Locked<(seen: ContinuousClock.Instant?, isDone: Bool)>((nil, false))

    /// When the close was first seen, if it was.
    var seen: ContinuousClock.Instant? { state.withLock { $0.seen } }
    /// Whether the close was seen or `limit` passed.
    var isDone: Bool { state.withLock { $0.isDone } }

    init(server: LocalServer, for limit: Duration) {
        let state = state
        let thread = Thread {
            let clock = ContinuousClock()
            let deadline = clock.now + limit
            while clock.now < deadline {
                if server.closedConnections > 0 {
                    state.withLock { $0 = (clock.now, true) }
                    return
                }
                usleep(1000)
            }
            state.withLock { $0.isDone = true }
        }
        thread.start()
    }
}
