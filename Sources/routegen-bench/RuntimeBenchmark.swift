import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `urlRequest(baseURL:)` costs over building the same request by hand.
struct RuntimeResult: Codable {
    var urlRequest: Sample
    var handBuilt: Sample
    var ratio: Double
    var prepareWithToken: Sample
}

private struct Review: Encodable, Sendable {
    var rating: Int
    var text: String
}

private struct FixedToken: TokenProvider {
    func currentToken() async -> String? { "secret-token" }
}

/// A typical endpoint: one path parameter, three query items, a JSON body.
private func typicalEndpoint(id: String) -> Endpoint<Empty> {
    Endpoint(
        method: .post,
        path: ["books", .value(id), "reviews"],
        query: .items(["lang": "en", "limit": 20, "sort": "recent first"]),
        body: .json(Review(rating: 5, text: "A classic.")),
        auth: .bearer
    )
}

struct RuntimeBenchmark {
    let iterations: Int
    let repetitions: Int

    func run() async throws -> RuntimeResult {
        let base = URL(string: "https://api.library.example/v2")!
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

        // Both sides must build the same request, or the comparison means nothing.
        let viaEndpoint = try typicalEndpoint(id: "b-7").urlRequest(baseURL: base)
        let byHand = try handBuilt(id: "b-7", base: base, encoder: encoder)
        guard viaEndpoint.url == byHand.url, viaEndpoint.httpBody == byHand.httpBody else {
            throw BenchmarkError("the hand-built request differs: \(String(describing: viaEndpoint.url)) vs \(String(describing: byHand.url))")
        }

        let iterations = self.iterations
        var sink = 0
        let endpointSample = try measure(repetitions: repetitions) {
            for index in 0..<iterations {
                sink &+= try typicalEndpoint(id: "b-\(index)").urlRequest(baseURL: base).httpBody?.count ?? 0
            }
        }
        let handSample = try measure(repetitions: repetitions) {
            for index in 0..<iterations {
                sink &+= try handBuilt(id: "b-\(index)", base: base, encoder: encoder).httpBody?.count ?? 0
            }
        }

        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: base), tokenProvider: FixedToken())
        var prepareTimes: [Double] = []
        for _ in 0..<repetitions {
            let start = now()
            for index in 0..<iterations {
                sink &+= try await client.prepare(typicalEndpoint(id: "b-\(index)")).httpBody?.count ?? 0
            }
            prepareTimes.append(now() - start)
        }
        precondition(sink > 0)

        let perCall = { (sample: Sample) in
            Sample([sample.median, sample.minimum, sample.maximum].map { $0 * 1e9 / Double(iterations) })
        }
        let endpoint = perCall(endpointSample), hand = perCall(handSample)
        return RuntimeResult(
            urlRequest: endpoint, handBuilt: hand, ratio: endpoint.median / hand.median,
            prepareWithToken: perCall(Sample(prepareTimes))
        )
    }

    /// What a careful person writes without EndpointKit: URLComponents, JSONEncoder, headers.
    private func handBuilt(id: String, base: URL, encoder: JSONEncoder) throws -> URLRequest {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let segment = id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = components.percentEncodedPath + "/books/" + segment + "/reviews"
        components.percentEncodedQueryItems = [
            URLQueryItem(name: "lang", value: "en"),
            URLQueryItem(name: "limit", value: "20"),
            URLQueryItem(name: "sort", value: "recent first".addingPercentEncoding(withAllowedCharacters: allowed)),
        ]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = try encoder.encode(Review(rating: 5, text: "A classic."))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }
}
