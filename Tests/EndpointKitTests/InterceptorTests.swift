@testable import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPWire
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Request interceptors, the exchange observer and an app's session configuration, on the loopback server.
@Suite struct InterceptorTests {
    /// Appends `mark` to `X-Trace`, and records the `Authorization` it found.
    struct Marking: RequestInterceptor {
        let mark: String
        let sawAuthorization = Locked([String?]())
        func prepare(_ request: inout URLRequest) async throws {
            sawAuthorization.withLock { $0.append(request.value(forHTTPHeaderField: "Authorization")) }
            let trace = request.value(forHTTPHeaderField: "X-Trace").map { $0 + "," } ?? ""
            request.setValue(trace + mark, forHTTPHeaderField: "X-Trace")
        }
    }

    struct Refusing: RequestInterceptor {
        struct Refused: Error, Equatable {}
        func prepare(_ request: inout URLRequest) async throws { throw Refused() }
    }

    final class Exchanges: ExchangeObserver {
        let seen = Locked([FinishedExchange]())
        func exchangeFinished(_ exchange: FinishedExchange) { seen.withLock { $0.append(exchange) } }
    }

    private struct Note: Codable, Sendable, Equatable { var text: String }

    @Test func interceptorsRunInOrderAfterTheCredentialIsAttached() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"text":"ok"}"#) }
        defer { server.stop() }
        let first = Marking(mark: "a")
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10),
            tokenProvider: FixedTokenProvider("t0k"), interceptors: [first, Marking(mark: "b")], logger: .silent
        )
        _ = try await client.send(Endpoint<Note>(method: .get, path: ["notes", "1"], auth: .bearer))
        #expect(server.requests.first?.header("X-Trace") == "a,b")
        #expect(first.sawAuthorization.withLock { $0 } == ["Bearer t0k"])
        let prepared = try await client.prepare(Endpoint<Note>(method: .get, path: ["notes", "1"]))
        #expect(prepared.value(forHTTPHeaderField: "X-Trace") == "a,b")
    }

    @Test func anInterceptorThatThrowsFailsTheRequestBeforeItIsSent() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"text":"ok"}"#) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), tokenProvider: nil, interceptors: [Refusing()], logger: .silent
        )
        await #expect(throws: Refusing.Refused()) { try await client.send(Endpoint<Note>(method: .get, path: ["notes", "1"])) }
        #expect(server.requests.isEmpty)
    }

    @Test func theObserverIsToldTheRouteMethodStatusDurationAndSizes() async throws {
        let server = try await LocalServer.start { request in
            request.method == "POST" ? .json(#"{"text":"saved"}"#, status: 201) : .json(#"{"message":"No such note."}"#, status: 404)
        }
        defer { server.stop() }
        let exchanges = Exchanges()
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), tokenProvider: FixedTokenProvider("t0k"), observer: exchanges, logger: .silent
        )
        let started = ContinuousClock.now
        _ = try await client.send(Endpoint<Note>(method: .post, path: ["notes"], body: .json(Note(text: "hello")), auth: .bearer))
        await #expect(throws: APIError.self) { try await client.send(Endpoint<Note>(method: .get, path: ["notes", .value("n-9")])) }
        // Each exchange's duration lies within the time both sends took together, however loaded the machine.
        let elapsed = ContinuousClock.now - started
        let seen = exchanges.seen.withLock { $0 }
        #expect(seen.map(\.route) == ["POST /notes", "GET /notes/{value}"])
        #expect(seen.map(\.method) == ["POST", "GET"])
        #expect(seen.map(\.status) == [201, 404])
        #expect(seen.map(\.sentBytes) == [16, 0])
        #expect(seen.map(\.receivedBytes) == [16, 27])
        #expect(seen.allSatisfy { $0.duration > .zero && $0.duration <= elapsed })
    }

    @Test func theAppsSessionConfigurationIsUsedWithTheTimeoutAndNoCacheOnTop() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"text":"ok"}"#) }
        defer { server.stop() }
        let given = URLSessionConfiguration.ephemeral
        given.httpAdditionalHeaders = ["X-App-Build": "421"]
        given.timeoutIntervalForRequest = 99
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), sessionConfiguration: given, logger: .silent
        )
        _ = try await client.send(Endpoint<Note>(method: .get, path: ["notes", "1"]))
        #expect(server.requests.first?.header("X-App-Build") == "421")
        #expect(given.timeoutIntervalForRequest == 99)
    }
}
