import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP endpoint as an inert value: what to send, and how to read what comes back.
///
/// `Response` is the type `HTTPClient.send` returns, so `client.send(.book(id))` is a `Book`
/// without a cast. Building an endpoint performs no I/O; `urlRequest(baseURL:)` is the one
/// place that turns it into a request.
public struct Endpoint<Response: Sendable>: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The path below the base URL: literals and single-segment values.
    public var path: [PathSegment]
    /// Whether the URL's path ends with `/` after the last segment (`/books/`); no effect when `path` is empty.
    public var hasTrailingSlash: Bool
    /// The query, sent sorted by name (stable for repeated names); items with a nil value are left out.
    public var query: [URLQueryItem]
    /// Extra header fields, applied last in name order, so they can override Accept or Content-Type.
    public var headers: [String: String]
    /// The body, or nil.
    public var body: RequestBody?
    /// Whether the client attaches a credential. Declared here, next to the path, so a call site
    /// cannot forget it and a public endpoint never receives it. `true` means `auth ?? .bearer`;
    /// setting it to `true` keeps a scheme already set and otherwise chooses `.bearer`.
    public var requiresAuthentication: Bool {
        get { auth != nil }
        set { auth = newValue ? (auth ?? .bearer) : nil }
    }
    /// How the credential is carried (`.bearer`, a header, a query item, HTTP Basic); nil for a public endpoint.
    public var auth: AuthScheme?
    /// Schemes the endpoint also accepts (`auth key or basic`), tried in order after `auth`: the
    /// client sends the credential of the first scheme its provider has one for.
    public var alternativeAuth: [AuthScheme] = []
    /// The Accept header, `application/json` unless the endpoint says otherwise; nil sends none.
    public var accept: String?
    /// Turns a successful response's bytes into `Response`.
    public var decode: @Sendable (Data, HTTPURLResponse) throws -> Response
    /// How the next page is found, for `HTTPClient.pages(of:)`; nil when the endpoint does not page.
    public var pagination: Pagination<Response>? = nil
    /// A link the server sent (a next page's URL, absolute or relative to the base URL), requested
    /// instead of the path and query; followed only when it has the base URL's origin.
    public var link: String? = nil
    /// The path as `route` shows it (`/Calls/{value}.json`), when `path` cannot say it: a
    /// segment built with `PathSegment.joined(_:)` is one `.value`. Nil derives it from `path`.
    public var pathTemplate: String? = nil
    /// The type of the JSON body a non-2xx response carries (`errors ProblemDetails` in the
    /// route file), for code that reads it: `error.body(as: ProblemDetails.self)`. Nil when the
    /// route declares none; the client's behaviour does not depend on it.
    public var errorBody: (any (Decodable & Sendable).Type)? = nil
    /// The event `data` that ends a Server-Sent Events stream this endpoint answers: `[DONE]` by
    /// default (the convention of OpenAI's API); nil reads until the server closes the
    /// connection. `URLSessionHTTPClient` reads it; `decode` of a whole body ends at `[DONE]`.
    public var endOfStream: String? = "[DONE]"
    /// The server this endpoint lives on when it is not the API's (an upload host: `server
    /// uploads` in the route file); `urlRequest(baseURL:)` builds on it instead of the base URL.
    /// Nil uses the base URL.
    public var server: URL? = nil

    /// Creates an endpoint with an explicit decode step; `auth` says how the credential is carried (nil: public).
    public init(
        method: HTTPMethod,
        path: [PathSegment],
        hasTrailingSlash: Bool = false,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody? = nil,
        auth: AuthScheme? = nil,
        accept: String? = "application/json",
        decode: @escaping @Sendable (Data, HTTPURLResponse) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.hasTrailingSlash = hasTrailingSlash
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
        self.accept = accept
        self.decode = decode
    }

    /// The method and path with each value shown as `{value}`, e.g. `GET /books/{value}`
    /// (`GET /books/` with a trailing slash): safe to log publicly and to show in messages,
    /// because it carries no data.
    public var route: String {
        if let pathTemplate { return method.rawValue + " " + pathTemplate }
        let template = path.flatMap { segment -> [String] in
            switch segment {
            case .literal(let text): text.split(separator: "/").map(String.init)
            case .value, .delimited: ["{value}"]
            }
        }
        let slash = hasTrailingSlash && !template.isEmpty ? "/" : ""
        return method.rawValue + " /" + template.joined(separator: "/") + slash
    }
}

extension Endpoint {
    /// The endpoint with `errorBody` set: the type of the JSON body its failures carry.
    public func withErrorBody<Body: Decodable & Sendable>(_ type: Body.Type) -> Endpoint {
        var endpoint = self
        endpoint.errorBody = type
        return endpoint
    }

    /// The endpoint with `alternativeAuth` set: the schemes it also accepts, after `auth`.
    public func withAlternativeAuth(_ schemes: [AuthScheme]) -> Endpoint {
        var endpoint = self
        endpoint.alternativeAuth = schemes
        return endpoint
    }

    /// The endpoint with `server` set: the URL it is sent to instead of the base URL, or nil for the base URL.
    public func withServer(_ url: URL?) -> Endpoint {
        var endpoint = self
        endpoint.server = url
        return endpoint
    }

    /// The endpoint with `pathTemplate` set: what `route` shows for a path with joined segments,
    /// such as `/Calls/{value}.json` (each value `{value}`, never data).
    public func withPathTemplate(_ template: String) -> Endpoint {
        var endpoint = self
        endpoint.pathTemplate = template
        return endpoint
    }
}

extension Endpoint where Response: Decodable {
    /// Creates an endpoint whose response is read as its type says: JSON with `JSONCoding.decoder`, `Data` raw (set `accept`), `Empty` nothing.
    public init(
        method: HTTPMethod,
        path: [PathSegment],
        hasTrailingSlash: Bool = false,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody? = nil,
        auth: AuthScheme? = nil,
        accept: String? = "application/json"
    ) {
        self.init(
            method: method, path: path, hasTrailingSlash: hasTrailingSlash, query: query, headers: headers, body: body,
            auth: auth, accept: accept,
            decode: { data, response in
                if let undecoded = Response.self as? any UndecodedResponse.Type {
                    return undecoded.init(responseBody: data) as! Response
                }
                if let streamed = Response.self as? any StreamedResponse.Type {
                    return try streamed.init(body: data, contentType: response.value(forHTTPHeaderField: "Content-Type")) as! Response
                }
                return try JSONCoding.decoder.decode(Response.self, from: data)
            }
        )
    }
}

/// A response type that is read without JSON: `Data` is the body's bytes, `Empty` is nothing.
/// One initializer serves every response type; this is how it tells them apart.
protocol UndecodedResponse {
    /// The value for a successful response's body.
    init(responseBody: Data)
}

extension Data: UndecodedResponse {
    init(responseBody: Data) { self = responseBody }
}

extension Empty: UndecodedResponse {
    init(responseBody: Data) { self.init() }
}
