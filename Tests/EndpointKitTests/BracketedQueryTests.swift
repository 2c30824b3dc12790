import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stripe-shaped bracketed names: `filter[status]` in the query and in form bodies, and
/// `metadata[key]` from a dictionary (`.deepObject`), all strictly encoded.
@Suite struct BracketedQueryTests {
    /// `charges GET /v1/charges ?filter[status]: String? ?limit: Int = 10 ?metadata: [String: String] deep`, as routegen emits it.
    private func charges(filterStatus: String? = nil, limit: Int = 10, metadata: [String: String]) -> Endpoint<Empty> {
        Endpoint(
            method: .get,
            path: ["v1", "charges"],
            query: .items(["filter[status]": filterStatus, "limit": limit]) + .deepObject("metadata", metadata),
            auth: nil
        )
    }

    private func url<Response>(_ endpoint: Endpoint<Response>) throws -> String? {
        try endpoint.urlRequest(baseURL: URL(string: "https://api.stripe.test")!).url?.absoluteString
    }

    @Test func bracketedNameIsStrictlyEncoded() throws {
        #expect(try url(charges(filterStatus: "open", metadata: [:])) == "https://api.stripe.test/v1/charges?filter%5Bstatus%5D=open&limit=10")
    }

    @Test func dictionaryIsSentByKeyInKeyOrder() throws {
        #expect(try url(charges(metadata: ["b": "2", "a": "1", "order id": "x&y"])) ==
            "https://api.stripe.test/v1/charges?limit=10&metadata%5Ba%5D=1&metadata%5Bb%5D=2&metadata%5Border%20id%5D=x%26y")
    }

    @Test func deepObjectItemsAreSortedByKeyBytes() {
        #expect([URLQueryItem].deepObject("m", ["b": 2, "B": 1, "a": 3]) == [
            URLQueryItem(name: "m[B]", value: "1"), URLQueryItem(name: "m[a]", value: "3"), URLQueryItem(name: "m[b]", value: "2"),
        ])
        #expect([URLQueryItem].deepObject("m", [String: Int]?.none) == [])
    }

    @Test func formBodyFieldWithABracketedNameIsStrictlyEncoded() throws {
        struct ChargeUpdate: Encodable, Sendable {
            var metadataOrder: String
            var description: String
            enum CodingKeys: String, CodingKey {
                case metadataOrder = "metadata[order]"
                case description
            }
        }
        let body = RequestBody.form(ChargeUpdate(metadataOrder: "A 1", description: "x"))
        #expect(String(decoding: try body.encoded(), as: UTF8.self) == "description=x&metadata%5Border%5D=A%201")
    }

    @Test func serverReceivesTheExactRequestLine() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
        try await client.send(charges(filterStatus: "past_due", metadata: ["plan": "pro", "seat": "3"]))
        #expect(server.requests.map(\.target) == ["/v1/charges?filter%5Bstatus%5D=past_due&limit=10&metadata%5Bplan%5D=pro&metadata%5Bseat%5D=3"])
    }
}
