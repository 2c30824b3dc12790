import EndpointKit
import Foundation

/// A client that answers canned values per request, for tests of code above the network.
///
/// A stub matches the request its endpoint builds: method, path and sorted query, exactly.
/// An unmatched request throws `StubHTTPClient.Failure.missing`, naming it.
public final class StubHTTPClient: HTTPClient {
    /// Why the stub could not answer.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No stub for this request (`GET /books/b-7?...`).
        case missing(String)
        /// The stub for this request holds a value of another type.
        case wrongType(String)

        /// What happened and what to do.
        public var description: String {
            switch self {
            case .missing(let request): "no stub for '\(request)'; call stub(_:with:) for it first"
            case .wrongType(let request): "the stub for '\(request)' holds a value of another type; stub it with the endpoint's response type"
            }
        }
    }

    private let baseURL = URL(string: "https://stub.invalid")!
    private let stubs = LockedState<[String: Result<any Sendable, any Error>]>([:])
    private let sentRequests = LockedState<[String]>([])

    /// Creates a client with no stubs.
    public init() {}

    /// Answers `endpoint`'s request with `value` from now on.
    public func stub<Response>(_ endpoint: Endpoint<Response>, with value: Response) throws {
        let key = try requestKey(endpoint)
        stubs.withLock { $0[key] = .success(value) }
    }

    /// Answers `endpoint`'s request by throwing `error` from now on.
    public func stub<Response>(_ endpoint: Endpoint<Response>, throwing error: any Error) throws {
        let key = try requestKey(endpoint)
        stubs.withLock { $0[key] = .failure(error) }
    }

    /// The requests sent so far, as `METHOD /path?query`, in order.
    public var sent: [String] { sentRequests.withLock { $0 } }

    /// Answers the canned value for this request.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let key = try requestKey(endpoint)
        sentRequests.withLock { $0.append(key) }
        guard let stub = stubs.withLock({ $0[key] }) else { throw Failure.missing(key) }
        guard let value = try stub.get() as? Response else { throw Failure.wrongType(key) }
        return value
    }

    private func requestKey<Response>(_ endpoint: Endpoint<Response>) throws -> String {
        let url = try endpoint.urlRequest(baseURL: baseURL).url
        let query = url?.query.map { "?" + $0 } ?? ""
        return endpoint.method.rawValue + " " + (url?.path(percentEncoded: true) ?? "") + query
    }
}
