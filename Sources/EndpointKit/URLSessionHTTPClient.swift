import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one real client: URLSession underneath, every rule of sending in one place.
///
/// The timeout and a no-cache policy are set on the session, so no endpoint can forget them;
/// the bearer token is attached only where the endpoint requires authentication; cancellation
/// surfaces as `CancellationError`; failures are typed `APIError`s with messages fit for a person.
public struct URLSessionHTTPClient: HTTPClient {
    /// Where the API lives and how long to wait.
    public let configuration: APIConfiguration
    private let tokenProvider: (any TokenProvider)?
    private let logger: EndpointLogger
    private let sessionOwner: SessionOwner
    private var session: URLSession { sessionOwner.session }

    /// Creates a client with its own session.
    public init(
        configuration: APIConfiguration,
        tokenProvider: (any TokenProvider)? = nil,
        logger: EndpointLogger = EndpointLogger()
    ) {
        self.configuration = configuration
        self.tokenProvider = tokenProvider
        self.logger = logger
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        // A cached menu served as fresh is a support ticket: opt out once, for every endpoint.
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        // Redirects are followed, but the bearer token never follows one to another origin.
        self.sessionOwner = SessionOwner(
            URLSession(configuration: sessionConfiguration, delegate: CredentialRedirectGuard(), delegateQueue: nil)
        )
    }

    /// The exact request `send` would send: `urlRequest(baseURL:)` plus the timeout, the cache
    /// policy and, only when the endpoint requires authentication, `Authorization: Bearer <token>`.
    public func prepare<Response>(_ endpoint: Endpoint<Response>) async throws -> URLRequest {
        var request = try endpoint.urlRequest(baseURL: configuration.baseURL)
        request.timeoutInterval = configuration.requestTimeout
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if endpoint.requiresAuthentication, let token = await tokenProvider?.currentToken() {
            guard !token.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw EndpointError.invalidHeader("Authorization")
            }
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// Sends the endpoint. Throws `CancellationError` when the task is cancelled, `APIError`
    /// when the exchange fails, and `EndpointError` when the endpoint cannot be built.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try Task.checkCancellation()
        let request = try await prepare(endpoint)
        let path = request.url?.path ?? ""

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await exchange(request)
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if let urlError = error as? URLError, urlError.code == .cancelled { throw CancellationError() }
            logger.transportFailed(route: endpoint.route, path: path, error: String(describing: error))
            throw APIError.transport(message: Self.transportMessage(for: error, baseURL: configuration.baseURL))
        }
        guard let http = response as? HTTPURLResponse else {
            throw APIError.transport(message: Self.transportMessage(for: URLError(.badServerResponse), baseURL: configuration.baseURL))
        }
        logger.responseReceived(route: endpoint.route, path: path, status: http.statusCode)

        guard (200..<300).contains(http.statusCode) else {
            throw apiError(status: http.statusCode, data: data, route: endpoint.route, path: path)
        }
        // 204, or a 200 with an empty body, has nothing to decode; JSONDecoder would throw on it.
        if data.isEmpty || http.statusCode == 204 {
            if let empty = Empty() as? Response { return empty }
            if let bytes = Data() as? Response { return bytes }
            throw APIError.decoding(message: "Expected a body from \(endpoint.route) but got none.")
        }
        do {
            return try endpoint.decode(data, http)
        } catch {
            logger.decodingFailed(
                route: endpoint.route, path: path,
                typeName: String(describing: Response.self), error: String(describing: error)
            )
            throw APIError.decoding(message: "The server returned a response this app could not read.")
        }
    }

    /// Sends `request` and waits for the whole response, at most `requestTimeout` in total.
    ///
    /// The session's request timeout is an idle timeout: a server that trickles a byte every
    /// second would hold the request for ever, and swift-corelibs-foundation ignores
    /// `timeoutIntervalForResource`. So the whole exchange races a deadline of the same length;
    /// when the deadline wins, the data task is cancelled and the failure is `URLError(.timedOut)`.
    private func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let session = session
        let timeout = configuration.requestTimeout
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let exchanged = first else {
                throw URLError(.timedOut)
            }
            return exchanged
        }
    }

    /// A non-2xx answer as `APIError.api`: the JSON error body's message when there is one,
    /// otherwise "Request failed with <status>." (a proxy's HTML 502 page is not a parse error).
    func apiError(status: Int, data: Data, route: String, path: String) -> APIError {
        guard let body = APIErrorBody(bytes: data) else {
            logger.unreadableErrorBody(route: route, path: path, status: status)
            return .api(status: status, message: "Request failed with \(status).", body: nil)
        }
        return .api(status: status, message: body.displayMessage ?? "Request failed with \(status).", body: body)
    }

    /// The lesson's three messages: timed out, offline, or could not reach the server (naming it).
    static func transportMessage(for error: any Error, baseURL: URL) -> String {
        switch (error as? URLError)?.code {
        case .timedOut?:
            "The server took too long to respond. Check your connection."
        case .notConnectedToInternet?, .networkConnectionLost?:
            "You appear to be offline. Check your connection and try again."
        default:
            "Could not reach the server at \(baseURL.absoluteString). Is the backend running?"
        }
    }
}

/// Owns the client's session: a session with a delegate lives until it is invalidated, so the
/// last copy of a client lets it finish its tasks and go.
private final class SessionOwner: Sendable {
    let session: URLSession

    init(_ session: URLSession) {
        self.session = session
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
