import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one real client: URLSession underneath, every rule of sending in one place.
///
/// The timeout and a no-cache policy are set on the session, so no endpoint can forget them;
/// the credential is attached only where the endpoint requires authentication, in the place its
/// `AuthScheme` names, never logged and never sent to another origin on a redirect; cancellation
/// surfaces as `CancellationError`; failures are typed `APIError`s with messages fit for a person.
public struct URLSessionHTTPClient: HTTPClient {
    /// Where the API lives and how long to wait.
    public let configuration: APIConfiguration
    private let credentialProvider: (any CredentialProvider)?
    private let logger: EndpointLogger
    private let sessionOwner: SessionOwner
    /// The session's delegate, told which header and query names carry this client's credentials.
    private let redirectGuard: CredentialRedirectGuard
    private var session: URLSession { sessionOwner.session }

    /// Creates a client with its own session; the token is the `.token` credential of every scheme.
    public init(
        configuration: APIConfiguration,
        tokenProvider: (any TokenProvider)? = nil,
        logger: EndpointLogger = EndpointLogger()
    ) {
        self.init(configuration: configuration, credentialProvider: tokenProvider.map(TokenCredentialProvider.init), logger: logger)
    }

    /// Creates a client with its own session that asks `credentialProvider` for each authenticated
    /// route's credential, by the route's `AuthScheme`.
    public init(
        configuration: APIConfiguration,
        credentialProvider: (any CredentialProvider)?,
        logger: EndpointLogger = EndpointLogger()
    ) {
        self.configuration = configuration
        self.credentialProvider = credentialProvider
        self.logger = logger
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        // A cached menu served as fresh is a support ticket: opt out once, for every endpoint.
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        // Redirects are followed, but no credential ever follows one to another origin.
        let redirectGuard = CredentialRedirectGuard()
        self.redirectGuard = redirectGuard
        self.sessionOwner = SessionOwner(
            URLSession(configuration: sessionConfiguration, delegate: redirectGuard, delegateQueue: nil)
        )
    }

    /// The exact request `send` would send: `urlRequest(baseURL:)` plus the timeout, the cache
    /// policy and, only when the endpoint requires authentication, its credential where the
    /// endpoint's scheme puts it (`Authorization: Bearer <token>` by default).
    public func prepare<Response>(_ endpoint: Endpoint<Response>) async throws -> URLRequest {
        try await prepareWithCredential(endpoint).request
    }

    /// `prepare`, and where the credential went (nil when none was attached).
    private func prepareWithCredential<Response>(_ endpoint: Endpoint<Response>) async throws -> (request: URLRequest, credential: AppliedCredential?) {
        var request = try endpoint.urlRequest(baseURL: configuration.baseURL)
        request.timeoutInterval = configuration.requestTimeout
        request.cachePolicy = .reloadIgnoringLocalCacheData
        guard let scheme = endpoint.auth, let credential = await credentialProvider?.credential(for: scheme) else {
            return (request, nil)
        }
        let applied = try AppliedCredential.apply(credential, scheme: scheme, to: &request)
        redirectGuard.register(applied)
        return (request, applied)
    }

    /// Sends the endpoint. Throws `CancellationError` when the task is cancelled, `APIError`
    /// when the exchange fails, and `EndpointError` when the endpoint cannot be built.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try Task.checkCancellation()
        let (request, credential) = try await prepareWithCredential(endpoint)
        let path = request.url?.path ?? ""

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await exchange(request)
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if let urlError = error as? URLError, urlError.code == .cancelled { throw CancellationError() }
            // The error's text may hold the URL, and with it a query credential.
            let description = String(describing: error)
            logger.transportFailed(route: endpoint.route, path: path, error: credential?.redacting(description) ?? description)
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
            let description = String(describing: error)
            logger.decodingFailed(
                route: endpoint.route, path: path,
                typeName: String(describing: Response.self), error: credential?.redacting(description) ?? description
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

    /// One of three messages for a person: timed out, offline, or could not reach the server (naming it).
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
