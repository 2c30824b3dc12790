import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The samples of one API that a `PreviewClient` answers with: what `routegen` generates as
/// `<Api>PreviewSamples` in the `<Api>APIPreview` module, beside `<Api>PreviewClient`.
public protocol PreviewSamples: Sendable {
    /// The API's name, for the client's messages (`Library`).
    static var apiName: String { get }

    /// The body `routegen serve` sends for a request of `route` (`Endpoint.route`) to `url`, and its
    /// `Link` header; throws `Failure.unknownRoute` for a route of another API.
    static func sample(route: String, url: URL) throws -> (body: String, link: String?)

    /// The sample of the error body type (`errors T`) of `route`; nil when it declares none.
    static func errorSample(route: String) -> String?
}

/// Which page of a paginated route a request asks for.
public enum PreviewPage: Sendable, Equatable {
    /// The first page, naming a second.
    case first
    /// The second and last page.
    case second
    /// A page past the last one: for page numbers and offsets, no items.
    case pastTheEnd
}

extension PreviewSamples {
    /// Why the preview client could not answer.
    public typealias Failure = PreviewClient<Self>.Failure

    /// No route declares an error body type.
    public static func errorSample(route: String) -> String? { nil }

    /// Where the answers' URLs go: the origin of every request the client answers, and of its links.
    public static var origin: URL { PreviewClient<Self>.origin }

    /// The last value of the query item `name` of `url`, percent-decoded.
    public static func query(_ name: String, in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.last { $0.name == name }?.value
    }

    /// A cursor asks for the second page when it is not empty.
    public static func cursorPage(_ value: String?) -> PreviewPage {
        (value ?? "").isEmpty ? .first : .second
    }

    /// A page number or offset (absent or no number: `first`): up to `first` the first page, up to `last` the second, beyond past the end.
    public static func numberedPage(_ value: String?, first: Int, last: Int) -> PreviewPage {
        let number = value.flatMap { Int($0) } ?? first
        return number <= first ? .first : number <= last ? .second : .pastTheEnd
    }

    /// The second page's URL as a link names it, as `routegen serve` writes it: `url` with `page=2` for its query item `page`.
    public static func secondPageLink(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let kept = (components?.percentEncodedQuery ?? "").split(separator: "&").filter { $0.prefix { $0 != "=" } != "page" }
        return origin.absoluteString + (components?.percentEncodedPath ?? "") + "?" + (kept + ["page=2"]).joined(separator: "&")
    }
}

/// An `HTTPClient` that answers every route of an API with its sample: the bytes `routegen serve`
/// sends, decoded by the endpoint as a server's answer would be. For SwiftUI previews and unit
/// tests: no server, and the same data a screen shows against `routegen serve`.
///
/// routegen generates `<Api>PreviewClient`, this client over the API's `<Api>PreviewSamples`.
/// `overriding(_:with:)` answers a route otherwise, `failing(_:status:)` with its error body's sample.
public struct PreviewClient<Samples: PreviewSamples>: HTTPClient {
    /// Why the preview client could not answer.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The route is not one of the API's (`GET /elsewhere`).
        case unknownRoute(String)
        /// The route's response type has no sample: it, or a part it cannot leave out, comes from an imported module.
        case noSample(route: String, type: String)
        /// The route's override holds a value of another type than the endpoint's response.
        case wrongType(route: String)

        /// What happened and what to do.
        public var description: String {
            switch self {
            case .unknownRoute(let route): "'\(route)' is no route of the \(Samples.apiName) API"
            case .noSample(let route, let type): "'\(route)' answers '\(type)', which has no sample (a type from an imported module); call overriding(_:with:) for it"
            case .wrongType(let route): "the override of '\(route)' holds a value of another type; override it with the endpoint's response type"
            }
        }
    }

    private var overrides: [String: @Sendable () throws -> any Sendable] = [:]

    /// Where the answers' URLs go: the origin of every request this client answers, and of its links.
    public static var origin: URL { URL(string: "https://preview.invalid")! }

    /// A client answering every route with its sample.
    public init() {}

    /// This client, answering every request of `endpoint`'s route (any path value, query or body) with `value`.
    public func overriding<Response>(_ endpoint: Endpoint<Response>, with value: Response) -> Self {
        var copy = self
        copy.overrides[endpoint.route] = { value }
        return copy
    }

    /// This client, answering every request of `endpoint`'s route (any path value, query or body) by throwing `error` (an error state's preview).
    public func overriding<Response>(_ endpoint: Endpoint<Response>, throwing error: any Error) -> Self {
        var copy = self
        copy.overrides[endpoint.route] = { throw error }
        return copy
    }

    /// This client, failing every request of `endpoint`'s route as `URLSessionHTTPClient` fails on a response of
    /// `status` that carries the sample of the route's error body type (`errors T`): `APIError.api`, with
    /// `error.body(as: T.self)` that sample; without an error body type, with no body.
    public func failing<Response>(_ endpoint: Endpoint<Response>, status: Int = 422) -> Self {
        let body = Samples.errorSample(route: Self.sampleKey(endpoint)).flatMap { APIErrorBody(bytes: Data($0.utf8)) }
        let error = APIError.api(status: status, message: body?.displayMessage ?? "Request failed with \(status).", body: body)
        return overriding(endpoint, throwing: error)
    }

    /// The key of the endpoint's sample: its route, and for a stream (`accept` of Server-Sent
    /// Events or JSON Lines) the media type after a space, as the generated samples write it.
    static func sampleKey<Response>(_ endpoint: Endpoint<Response>) -> String {
        let streams = ["text/event-stream", "application/jsonl", "application/x-ndjson"]
        guard let accept = endpoint.accept, streams.contains(where: { accept.lowercased().hasPrefix($0) }) else { return endpoint.route }
        return endpoint.route + " " + accept
    }

    /// Answers the endpoint's override, else its route's sample for the request's URL, decoded by the endpoint.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let route = endpoint.route
        if let answer = overrides[route] {
            guard let value = try answer() as? Response else { throw Failure.wrongType(route: route) }
            return value
        }
        let url = try endpoint.urlRequest(baseURL: Self.origin).url ?? Self.origin
        let sample = try Samples.sample(route: Self.sampleKey(endpoint), url: url)
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: sample.link.map { ["Link": $0] })!
        return try endpoint.decode(Data(sample.body.utf8), response)
    }
}
