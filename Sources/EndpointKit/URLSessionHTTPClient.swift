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
    private let interceptors: [any RequestInterceptor]
    private let observer: (any ExchangeObserver)?
    private let logger: EndpointLogger
    private let sessionOwner: SessionOwner
    /// The session's delegate, told which header and query names carry this client's credentials.
    private let redirectGuard: CredentialRedirectGuard
    /// Shared by every copy of the client, so concurrent 401s share one refresh.
    private let refresh = CredentialRefresh()
    var session: URLSession { sessionOwner.session }

    /// Creates a client with its own session; the token is the `.token` credential of every scheme.
    ///
    /// `interceptors` change each request after the credential is attached, in order; `observer`
    /// is told of each finished exchange; the session is made from a copy of `sessionConfiguration`,
    /// with the configuration's timeout and no cache set on top.
    public init(
        configuration: APIConfiguration,
        tokenProvider: (any TokenProvider)? = nil,
        interceptors: [any RequestInterceptor] = [],
        observer: (any ExchangeObserver)? = nil,
        sessionConfiguration: URLSessionConfiguration = .default,
        logger: EndpointLogger = EndpointLogger()
    ) {
        self.init(
            configuration: configuration, credentialProvider: tokenProvider.map(TokenCredentialProvider.init),
            interceptors: interceptors, observer: observer, sessionConfiguration: sessionConfiguration, logger: logger
        )
    }

    /// Creates a client with its own session that asks `credentialProvider` for each authenticated
    /// route's credential, by the route's `AuthScheme`; the other parameters as above.
    public init(
        configuration: APIConfiguration,
        credentialProvider: (any CredentialProvider)?,
        interceptors: [any RequestInterceptor] = [],
        observer: (any ExchangeObserver)? = nil,
        sessionConfiguration: URLSessionConfiguration = .default,
        logger: EndpointLogger = EndpointLogger()
    ) {
        self.configuration = configuration
        self.credentialProvider = credentialProvider
        self.interceptors = interceptors
        self.observer = observer
        self.logger = logger
        // A copy: the app's configuration object stays as it was, and later changes to it do not reach this client's URLSession.
        let sessionConfiguration = sessionConfiguration.copy() as? URLSessionConfiguration ?? .default
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

    /// The exact request `send` would send: `urlRequest(baseURL:)` (on the endpoint's own server,
    /// unless the configuration's `usesEndpointServers` is false) plus the timeout, the cache
    /// policy and, only when the endpoint requires authentication, its credential where the
    /// endpoint's scheme puts it (`Authorization: Bearer <token>` by default); then the interceptors.
    public func prepare<Response>(_ endpoint: Endpoint<Response>) async throws -> URLRequest {
        try await prepareWithCredential(endpoint).request
    }

    /// `prepare`, and where the credential went (nil when none was attached). `credential` is
    /// attached instead of the provider's when given: a refreshed one.
    func prepareWithCredential<Response>(
        _ endpoint: Endpoint<Response>, credential given: (credential: Credential, scheme: AuthScheme)? = nil
    ) async throws -> (request: URLRequest, credential: AppliedCredential?) {
        let sent = configuration.usesEndpointServers ? endpoint : endpoint.withServer(nil)
        var request = try sent.urlRequest(baseURL: configuration.baseURL)
        request.timeoutInterval = configuration.requestTimeout
        request.cachePolicy = .reloadIgnoringLocalCacheData
        var applied: AppliedCredential?
        if let (credential, scheme) = try await chosenCredential(for: endpoint, given: given) {
            let attached = try AppliedCredential.apply(credential, scheme: scheme, to: &request)
            redirectGuard.register(attached)
            applied = attached
        }
        for interceptor in interceptors {
            try await interceptor.prepare(&request)
        }
        return (request, applied)
    }

    /// The credential to attach and its scheme: `given` (a refreshed one) with the scheme it was
    /// refreshed for, else the provider's for the first of the endpoint's schemes it has one for,
    /// in order (`auth`, then `alternativeAuth`); nil for a public endpoint or no credential.
    private func chosenCredential<Response>(
        for endpoint: Endpoint<Response>, given: (credential: Credential, scheme: AuthScheme)?
    ) async throws -> (Credential, AuthScheme)? {
        guard let first = endpoint.auth else { return nil }
        if let given { return (given.credential, given.scheme) }
        for scheme in [first] + endpoint.alternativeAuth {
            try Task.checkCancellation()
            if let credential = await credentialProvider?.credential(for: scheme) { return (credential, scheme) }
        }
        return nil
    }

    /// The request again with a refreshed credential, after `credential` met a 401; nil when the
    /// route is public, none was sent, or the provider has no replacement. Concurrent 401s to one
    /// credential share one refresh (`CredentialRefresh`).
    func refreshedRequest<Response>(
        _ endpoint: Endpoint<Response>, after credential: AppliedCredential?
    ) async throws -> (request: URLRequest, credential: AppliedCredential?)? {
        guard endpoint.auth != nil, let rejected = credential, let credentialProvider,
              let refreshed = await refresh.refreshed(rejected.credential, scheme: rejected.scheme, provider: credentialProvider) else { return nil }
        return try await prepareWithCredential(endpoint, credential: (refreshed, rejected.scheme))
    }

    /// Sends the endpoint. Throws `CancellationError` when the task is cancelled, `APIError`
    /// when the exchange fails, and `EndpointError` when the endpoint cannot be built.
    ///
    /// A 401 to a credential the provider can refresh (`refreshedCredential(rejected:for:)`) is
    /// answered by sending the request once more with the refreshed credential; every body this
    /// runtime sends is in memory, so it can be sent again.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await send(endpoint, reporting: nil)
    }

    /// Sends the endpoint as `send(_:)` does and tells `uploadProgress` as its body goes out, for
    /// a progress bar over a multipart or data upload. Progress reaches `sentBytes ==
    /// expectedBytes` before the response is read; a resend after a refresh starts again from 0.
    ///
    /// ```swift
    /// let cover = try await client.send(BooksEndpoints.uploadCover(id: id, body: upload)) { progress in
    ///     Task { @MainActor in bar.value = progress.fraction ?? 0 }
    /// }
    /// ```
    @discardableResult
    public func send<Response>(
        _ endpoint: Endpoint<Response>, uploadProgress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> Response {
        try await send(endpoint, reporting: uploadProgress)
    }

    private func send<Response>(
        _ endpoint: Endpoint<Response>, reporting reporter: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> Response {
        try Task.checkCancellation()
        if let streamed = Response.self as? any StreamedResponse.Type {
            return try await openStream(endpoint, as: streamed) as! Response
        }
        var (request, credential) = try await prepareWithCredential(endpoint)
        var (data, http) = try await perform(request, route: endpoint.route, credential: credential, reporter: reporter)
        if http.statusCode == 401, let again = try await refreshedRequest(endpoint, after: credential) {
            (request, credential) = again
            (data, http) = try await perform(request, route: endpoint.route, credential: credential, reporter: reporter)
        }
        let path = request.url?.path ?? ""
        guard (200..<300).contains(http.statusCode) else {
            throw apiError(status: http.statusCode, data: data, headers: Self.headerFields(of: http), route: endpoint.route, path: path)
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

    /// Sends one prepared request and returns the whole response of any status; tells the logger
    /// and the observer. Throws `CancellationError` or `APIError.transport`.
    private func perform(
        _ request: URLRequest, route: String, credential: AppliedCredential?, reporter: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> (Data, HTTPURLResponse) {
        let path = request.url?.path ?? ""
        let clock = ContinuousClock()
        let started = clock.now
        func finished(status: Int?, received: Int) {
            observer?.exchangeFinished(FinishedExchange(
                route: route, method: request.httpMethod ?? "GET", status: status,
                duration: clock.now - started, sentBytes: request.httpBody?.count ?? 0, receivedBytes: received
            ))
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await exchange(request, reporter: reporter)
        } catch {
            finished(status: nil, received: 0)
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if let urlError = error as? URLError, urlError.code == .cancelled { throw CancellationError() }
            // The error's text may hold the URL, and with it a query credential.
            let description = String(describing: error)
            logger.transportFailed(route: route, path: path, error: credential?.redacting(description) ?? description)
            throw APIError.transport(message: Self.transportMessage(for: error, baseURL: configuration.baseURL))
        }
        guard let http = response as? HTTPURLResponse else {
            finished(status: nil, received: data.count)
            throw APIError.transport(message: Self.transportMessage(for: URLError(.badServerResponse), baseURL: configuration.baseURL))
        }
        finished(status: http.statusCode, received: data.count)
        logger.responseReceived(route: route, path: path, status: http.statusCode)
        return (data, http)
    }

    /// Sends a streamed endpoint and returns once the response's head arrived: the stream over a
    /// 2xx body, or the `APIError` of another status with its body. A 401 to a credential the
    /// provider refreshes is answered as `send` answers it: the request goes once more.
    /// `requestTimeout` here bounds the silence between pieces, not the whole stream; the observer
    /// is told when the head arrives.
    private func openStream<Response>(_ endpoint: Endpoint<Response>, as type: any StreamedResponse.Type) async throws -> any StreamedResponse {
        var (request, credential) = try await prepareWithCredential(endpoint)
        var opened = try await startStream(request, route: endpoint.route)
        if case .failed(let http, _) = opened.head, http.statusCode == 401, let again = try await refreshedRequest(endpoint, after: credential) {
            (request, credential) = again
            opened = try await startStream(request, route: endpoint.route)
        }
        let path = request.url?.path ?? ""
        switch opened.head {
        case .streaming(let http):
            let format = StreamFormat(contentType: http.value(forHTTPHeaderField: "Content-Type"))
                ?? StreamFormat(contentType: endpoint.accept) ?? .serverSentEvents
            let task = opened.task
            let body = StreamBody(
                format: format, endOfStream: endpoint.endOfStream, channel: opened.receiver.channel,
                baseURL: configuration.baseURL, cancel: { task.cancel() }
            )
            return type.init(live: body)
        case .failed(let http, let body):
            throw apiError(status: http.statusCode, data: body, headers: Self.headerFields(of: http), route: endpoint.route, path: path)
        case .transport(let error):
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { throw CancellationError() }
            let description = String(describing: error)
            logger.transportFailed(route: endpoint.route, path: path, error: credential?.redacting(description) ?? description)
            throw APIError.transport(message: Self.transportMessage(for: error, baseURL: configuration.baseURL))
        }
    }

    /// Starts one streamed exchange and waits for its head; tells the observer and the logger.
    private func startStream(
        _ request: URLRequest, route: String
    ) async throws -> (head: StreamReceiver.Head, receiver: StreamReceiver, task: URLSessionDataTask) {
        try Task.checkCancellation()
        let receiver = StreamReceiver()
        let streamSession = URLSession(configuration: session.configuration, delegate: receiver, delegateQueue: StreamDelegateQueue(channel: receiver.channel))
        let task = streamSession.dataTask(with: request)
        let clock = ContinuousClock()
        let started = clock.now
        let head = await withTaskCancellationHandler {
            task.resume()
            return await receiver.head()
        } onCancel: {
            task.cancel()
        }
        var status: Int?
        if case .streaming(let http) = head { status = http.statusCode }
        if case .failed(let http, _) = head { status = http.statusCode }
        observer?.exchangeFinished(FinishedExchange(
            route: route, method: request.httpMethod ?? "GET", status: status,
            duration: clock.now - started, sentBytes: request.httpBody?.count ?? 0, receivedBytes: 0
        ))
        if let status { logger.responseReceived(route: route, path: request.url?.path ?? "", status: status) }
        return (head, receiver, task)
    }

    /// Sends `request` and waits for the whole response, at most `requestTimeout` in total.
    ///
    /// The session's request timeout is an idle timeout: a server that trickles a byte every
    /// second would hold the request for ever, and swift-corelibs-foundation ignores
    /// `timeoutIntervalForResource`. So the whole exchange races a deadline of the same length;
    /// when the deadline wins, the data task is cancelled and the failure is `URLError(.timedOut)`.
    /// `reporter`, when given, hears the body go out through a delegate of this task's own, which
    /// leaves every other event to the session's delegate.
    private func exchange(_ request: URLRequest, reporter: (@Sendable (UploadProgress) -> Void)?) async throws -> (Data, URLResponse) {
        let session = session
        let reporter = reporter.map(UploadProgressReporter.init)
        let timeout = configuration.requestTimeout
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request, delegate: reporter) }
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
    func apiError(status: Int, data: Data, headers: [String: String], route: String, path: String) -> APIError {
        guard let body = APIErrorBody(bytes: data) else {
            logger.unreadableErrorBody(route: route, path: path, status: status)
            return .api(status: status, message: "Request failed with \(status).", body: nil, headers: headers)
        }
        return .api(status: status, message: body.displayMessage ?? "Request failed with \(status).", body: body, headers: headers)
    }

    /// A response's header fields as text: `allHeaderFields` holds `Any`, and every value an
    /// HTTP response carries is a string.
    static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return fields
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
