import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Many requests through one client at once: none lost, each answer matched to its request,
/// and each token only on its own request.
@Suite struct AttackConcurrencyTests {
    static let requestCount = 200

    /// Echoes the `id` query value back as `{"id":<id>}`.
    private func echoServer() async throws -> LocalServer {
        try await LocalServer.start { request in
            let id = (request.query ?? "").split(separator: "&")
                .first { $0.hasPrefix("id=") }
                .map { String($0.dropFirst(3)) } ?? "-1"
            return .json(#"{"id":\#(id)}"#)
        }
    }

    private func echo(_ id: Int) -> Endpoint<EchoedID> {
        Endpoint(method: .get, path: ["echo"], query: [URLQueryItem(name: "id", value: "\(id)")], auth: id.isMultiple(of: 2) ? .bearer : nil)
    }

    /// Sends every id through `client` at once and returns (sent, answered) pairs.
    private func sendAll(through client: URLSessionHTTPClient) async throws -> [(sent: Int, answered: Int)] {
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for id in 0..<Self.requestCount {
                group.addTask { (id, try await client.send(echo(id)).id) }
            }
            var pairs: [(sent: Int, answered: Int)] = []
            for try await pair in group { pairs.append(pair) }
            return pairs.sorted { $0.sent < $1.sent }
        }
    }

    @Test func twoHundredConcurrentRequestsEachGetTheirOwnAnswer() async throws {
        let server = try await echoServer()
        defer { server.stop() }
        let pairs = try await sendAll(through: Attack.client(server))
        #expect(pairs.map(\.sent) == Array(0..<Self.requestCount))
        #expect(pairs.filter { $0.sent != $0.answered }.isEmpty)
    }

    @Test func twoHundredConcurrentRequestsAllReachTheServerOnce() async throws {
        let server = try await echoServer()
        defer { server.stop() }
        _ = try await sendAll(through: Attack.client(server))
        #expect(server.requests.count == Self.requestCount)
        #expect(server.requests.map(\.target).sorted() == (0..<Self.requestCount).map { "/echo?id=\($0)" }.sorted())
    }

    @Test func twoHundredConcurrentRequestsCarryTheTokenOnlyWhereRequired() async throws {
        let server = try await echoServer()
        defer { server.stop() }
        _ = try await sendAll(through: Attack.client(server))
        let misplaced = server.requests.filter { request in
            let id = Int(request.query?.dropFirst(3) ?? "") ?? -1
            let expected: String? = id.isMultiple(of: 2) ? "Bearer \(Attack.token)" : nil
            return request.header("Authorization") != expected
        }
        #expect(server.requests.count == Self.requestCount)
        #expect(misplaced.map(\.target) == [])
    }
}
