import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client that records every endpoint sent through it, then passes it on to another client.
public final class RecordingHTTPClient: HTTPClient {
    /// One recorded send: the request `urlRequest(baseURL:)` built, and whether it needed a token.
    public struct Call: Sendable {
        /// The request as built against the recording base URL (no token: tokens are the real client's business).
        public let request: URLRequest
        /// The endpoint's route, e.g. `GET /books/{value}`.
        public let route: String
        /// Whether the endpoint requires authentication.
        public let requiresAuthentication: Bool
        /// How the endpoint carries its credential; nil when it is public.
        public let auth: AuthScheme?
    }

    private let wrapped: any HTTPClient
    private let baseURL: URL
    private let recorded = LockedState<[Call]>([])

    /// Records into `calls` with requests built against `baseURL`, and forwards to `client`.
    public init(wrapping client: any HTTPClient, baseURL: URL = URL(string: "https://recording.invalid")!) {
        self.wrapped = client
        self.baseURL = baseURL
    }

    /// Everything sent so far, in order.
    public var calls: [Call] { recorded.withLock { $0 } }

    /// Records the endpoint and forwards it; an endpoint that cannot be built is not forwarded.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let call = Call(
            request: try endpoint.urlRequest(baseURL: baseURL),
            route: endpoint.route,
            requiresAuthentication: endpoint.requiresAuthentication,
            auth: endpoint.auth
        )
        recorded.withLock { $0.append(call) }
        return try await wrapped.send(endpoint)
    }
}
