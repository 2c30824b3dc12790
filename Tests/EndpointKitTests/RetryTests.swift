@testable import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPWire
import Testing

/// `Retry-After`, the headers of an `APIError`, and `send(_:retrying:)` on the loopback server.
@Suite struct RetryTests {
    private struct OK: Decodable, Sendable, Equatable { var ok: Bool }

    private func client(_ baseURL: URL, observer: (any ExchangeObserver)? = nil) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: baseURL, requestTimeout: 10), observer: observer, logger: .silent)
    }

    /// Answers `failures` times with `failure`, then `{"ok":true}`.
    private func server(failing failures: Int, with failure: HTTPResponse) async throws -> LocalServer {
        let seen = Locked(0)
        return try await LocalServer.start { _ in
            let count = seen.withLock { count in
                count += 1
                return count
            }
            return count <= failures ? failure : .json(#"{"ok":true}"#)
        }
    }

    private let fast = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .seconds(1))

    // MARK: Retry-After and headers

    @Test(arguments: [
        ("120", Duration.seconds(120)),
        (" 0 ", .zero),
        ("Sun, 06 Nov 1994 08:49:37 GMT", .seconds(10)),
        ("Sunday, 06-Nov-94 08:49:37 GMT", .seconds(10)),
        ("Sun Nov  6 08:49:37 1994", .seconds(10)),
        ("Sun, 06 Nov 1994 08:49:00 GMT", .zero),
    ])
    func retryAfterIsReadInSecondsOrAsAnHTTPDate(value: String, wait: Duration) {
        let now = Date(timeIntervalSince1970: 784_111_767)  // Sun, 06 Nov 1994 08:49:27 GMT
        #expect(RetryAfter.duration(from: value, now: now) == wait)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "Sun, 06 Nov 1994"])
    func anUnreadableRetryAfterIsNil(value: String) {
        #expect(RetryAfter.duration(from: value, now: Date()) == nil)
    }

    @Test func anAPIErrorCarriesTheResponsesHeadersAndItsRetryAfter() async throws {
        let server = try await LocalServer.start { _ in
            .json(#"{"message":"Slow down."}"#, status: 429, headers: [("Retry-After", "7"), ("X-RateLimit-Remaining", "0")])
        }
        defer { server.stop() }
        do {
            _ = try await client(server.baseURL).send(Endpoint<OK>(method: .get, path: ["things"]))
            Issue.record("expected a 429")
        } catch let error as APIError {
            #expect(error == .api(status: 429, message: "Slow down.", body: APIErrorBody(message: "Slow down.")))
            #expect(error.status == 429)
            #expect(error.retryAfter == .seconds(7))
            #expect(error.header("x-ratelimit-remaining") == "0")
            #expect(error.header("Content-Type") == "application/json")
        }
    }

    @Test func otherErrorsHaveNoHeaders() {
        #expect(APIError.transport(message: "Offline.").retryAfter == nil)
        #expect(APIError.decoding(message: "Unreadable.").header("Retry-After") == nil)
        #expect(APIError.api(status: 503, message: "Down.", body: nil).retryAfter == nil)
    }

    // MARK: send(_:retrying:)

    @Test func retryAfterOneSecondIsWaitedThenTheRequestSucceeds() async throws {
        let clock = ContinuousClock()
        let arrivals = Locked([ContinuousClock.Instant]())
        let server = try await LocalServer.start { _ in
            let count = arrivals.withLock { arrivals in
                arrivals.append(clock.now)
                return arrivals.count
            }
            return count == 1 ? .text("Busy", status: 503, headers: [("Retry-After", "1")]) : .json(#"{"ok":true}"#)
        }
        defer { server.stop() }
        let answer = try await client(server.baseURL).send(Endpoint<OK>(method: .get, path: ["things"]), retrying: .transient(maxAttempts: 3))
        #expect(answer == OK(ok: true))
        let times = arrivals.withLock { $0 }
        try #require(times.count == 2)
        // Measured at the server, between the two arrivals; the upper bound leaves room for a busy machine.
        let gap = times[1] - times[0]
        #expect(gap >= .seconds(1) && gap < .seconds(15), "waited \(gap)")
    }

    @Test func cancellingDuringTheWaitStopsAtOnce() async throws {
        let server = try await server(failing: 9, with: .text("Busy", status: 503, headers: [("Retry-After", "20")]))
        defer { server.stop() }
        let client = client(server.baseURL)
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), maxDelay: .seconds(30))
        let task = Task { try await client.send(Endpoint<OK>(method: .get, path: ["things"]), retrying: policy) }
        for _ in 0..<500 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        let clock = ContinuousClock()
        let cancelled = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The wait was 20 s; half of it tells a stopped wait from a finished one, even under
        // ThreadSanitizer on a busy machine (3.2 s measured there).
        #expect(clock.now - cancelled < .seconds(10))
        #expect(server.requests.count == 1)
    }

    @Test func aPostIsNeverRetried() async throws {
        let server = try await server(failing: 9, with: .text("Busy", status: 503))
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 503, message: "Request failed with 503.", body: nil)) {
            try await client(server.baseURL).send(Endpoint<OK>(method: .post, path: ["orders"], body: .json(["item": "tea"])), retrying: fast)
        }
        #expect(server.requests.count == 1)
    }

    @Test func aPostWithAnIdempotencyKeyIsRetried() async throws {
        let server = try await server(failing: 2, with: .text("Bad gateway", status: 502))
        defer { server.stop() }
        let endpoint = Endpoint<OK>(method: .post, path: ["orders"], headers: ["Idempotency-Key": "k-1"], body: .json(["item": "tea"]))
        #expect(try await client(server.baseURL).send(endpoint, retrying: fast) == OK(ok: true))
        #expect(server.requests.map(\.method) == ["POST", "POST", "POST"])
        #expect(Set(server.requests.map { $0.header("Idempotency-Key") }) == ["k-1"])
    }

    @Test func attemptsStopAtTheMaximum() async throws {
        let server = try await server(failing: 9, with: .text("Timeout", status: 504))
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 504, message: "Request failed with 504.", body: nil)) {
            try await client(server.baseURL).send(Endpoint<OK>(method: .get, path: ["things"]), retrying: fast)
        }
        #expect(server.requests.count == 3)
    }

    @Test(arguments: [400, 401, 404, 409, 422, 500, 501])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let server = try await server(failing: 9, with: .text("No", status: status))
        defer { server.stop() }
        await #expect(throws: APIError.self) {
            try await client(server.baseURL).send(Endpoint<OK>(method: .get, path: ["things"]), retrying: fast)
        }
        #expect(server.requests.count == 1)
    }

    @Test func aRetryAfterLongerThanTheCapEndsTheRetries() async throws {
        let server = try await server(failing: 9, with: .text("Later", status: 429, headers: [("Retry-After", "120")]))
        defer { server.stop() }
        do {
            _ = try await client(server.baseURL).send(Endpoint<OK>(method: .get, path: ["things"]), retrying: fast)
            Issue.record("expected a 429")
        } catch let error as APIError {
            #expect(error.retryAfter == .seconds(120))
        }
        #expect(server.requests.count == 1)
    }

    /// Records each finished exchange.
    final class Exchanges: ExchangeObserver {
        let seen = Locked([FinishedExchange]())
        func exchangeFinished(_ exchange: FinishedExchange) { seen.withLock { $0.append(exchange) } }
    }

    @Test func aRefusedConnectionIsRetried() async throws {
        let port = try ClosedPort()
        defer { port.release() }
        let exchanges = Exchanges()
        await #expect(throws: APIError.self) {
            try await client(port.baseURL, observer: exchanges).send(Endpoint<OK>(method: .get, path: ["things"]), retrying: fast)
        }
        #expect(exchanges.seen.withLock { $0.map(\.status) } == [nil, nil, nil])
    }

    @Test func theBackoffDoublesWithJitterUpToTheCap() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .seconds(1), maxDelay: .seconds(5))
        let transport = APIError.transport(message: "Offline.")
        for (attempt, range) in [(1, 0.5...1.0), (2, 1.0...2.0), (3, 2.0...4.0), (4, 2.5...5.0), (9, 2.5...5.0)] {
            let delay = try! #require(policy.delay(after: transport, attempt: attempt))
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            #expect(range.contains(seconds), "attempt \(attempt): \(seconds)")
        }
        #expect(policy.delay(after: transport, attempt: 10) == nil)
        #expect(policy.delay(after: CancellationError(), attempt: 1) == nil)
    }
}
