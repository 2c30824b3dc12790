import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response type that can arrive in pieces: `EventStream`. `send` tells it apart by its type,
/// as it tells `Data` and `Empty` apart.
protocol StreamedResponse: Sendable {
    /// A stream over a body still arriving.
    init(live body: StreamBody)
    /// A stream over a body read whole, parsed by its media type.
    init(body: Data, contentType: String?) throws
}

extension EventStream: StreamedResponse {}

/// The pieces of a body on their way from the session's delegate to the task that iterates.
///
/// While the reader is `limit` pieces behind, the network's thread waits before it hands the
/// delegate another piece (`StreamDelegateQueue`), so a body faster than its reader (100 MB from
/// a local server) holds a few pieces, never the whole body. That wait is bounded: on Linux every
/// URLSession shares the network thread, and a reader that needs a cooperative thread held up by
/// another URLSession's call into that network thread must still get its turn.
/// `@unchecked Sendable`: every stored property is read and written only with `condition` held.
final class StreamChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit = 8
    private var pieces: [Data] = []
    private var end: Result<Void, any Error>?
    private var waiting: CheckedContinuation<Data?, any Error>?
    private var closed = false
    /// When the reader last took a piece or asked for one.
    private var lastTaken = Date()

    /// Hands over a piece.
    func push(_ data: Data) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: data)
        } else {
            pieces.append(data)
        }
    }

    /// Waits while the reader is `limit` pieces behind, at most `timeout`, and only while the
    /// reader is reading: a reader that took nothing for half a second (a loop body that waits
    /// for a person, a stream left unread) holds the network thread up no more, since on Linux
    /// that thread serves every other request of the process too.
    func waitForRoom(upTo timeout: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while pieces.count >= limit, !closed, Date().timeIntervalSince(lastTaken) < 0.5, condition.wait(until: deadline) {}
    }

    /// The body ended: normally with nil, else with `error`.
    func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        guard end == nil else { return }
        let ended: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
        end = ended
        if let waiting {
            self.waiting = nil
            waiting.resume(with: ended.map { nil })
        }
    }

    /// The reader is gone: drop what is held and let the network thread go on.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        pieces.removeAll()
        if end == nil { end = .failure(CancellationError()) }
        waiting?.resume(throwing: CancellationError())
        waiting = nil
        condition.broadcast()
    }

    /// The next piece, or nil at the end of the body.
    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
            condition.lock()
            defer { condition.unlock() }
            lastTaken = Date()
            if !pieces.isEmpty {
                continuation.resume(returning: pieces.removeFirst())
                condition.broadcast()
            } else if let end {
                continuation.resume(with: end.map { nil })
            } else {
                waiting = continuation
            }
        }
    }
}

/// A stream's delegate queue: the thread that hands over a piece waits (briefly, see
/// `StreamChannel`) while the reader is behind.
///
/// `@unchecked Sendable`: OperationQueue is made to be used from any thread, and this subclass adds
/// only `channel`, a `let` of a Sendable type.
final class StreamDelegateQueue: OperationQueue, @unchecked Sendable {
    private let channel: StreamChannel

    init(channel: StreamChannel) {
        self.channel = channel
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        // The queue's own thread never waits for itself.
        if OperationQueue.current !== self { channel.waitForRoom(upTo: 0.005) }
        super.addOperation(block)
    }
}

/// A live body as `EventStream` reads it: its format and its pieces. Dropping its iterator (the
/// loop ended early, `StreamReading`), dropping the stream, or cancelling the reading task closes
/// the connection.
final class StreamBody: Sendable {
    let format: StreamFormat
    /// The event data that ends the stream (`Endpoint.endOfStream`).
    let endOfStream: String?
    private let channel: StreamChannel
    /// The API's base URL, which a transport failure's message names.
    private let baseURL: URL
    private let cancel: @Sendable () -> Void

    init(format: StreamFormat, endOfStream: String?, channel: StreamChannel, baseURL: URL, cancel: @escaping @Sendable () -> Void) {
        self.format = format
        self.endOfStream = endOfStream
        self.channel = channel
        self.baseURL = baseURL
        self.cancel = cancel
    }

    deinit { close() }

    /// The next piece; throws `CancellationError` when the task is cancelled, which closes the
    /// connection, and `APIError.transport` when the connection fails midway.
    func next() async throws -> Data? {
        do {
            return try await withTaskCancellationHandler {
                try await channel.next()
            } onCancel: {
                close()
            }
        } catch let error as URLError where error.code != .cancelled {
            throw APIError.transport(message: URLSessionHTTPClient.transportMessage(for: error, baseURL: baseURL))
        } catch is URLError {
            throw CancellationError()
        }
    }

    /// Stops reading and closes the connection.
    func close() {
        channel.close()
        cancel()
    }
}

/// The session delegate of one streamed exchange: reports the response's head once it arrives
/// (or, for a status outside 200–299, once the error body is read), then passes the body on.
///
/// `@unchecked Sendable`: `channel` is Sendable, and every `var` below is read and written with
/// `lock` held.
final class StreamReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// How the exchange began.
    enum Head {
        case streaming(HTTPURLResponse)
        case failed(HTTPURLResponse, Data)
        case transport(any Error)
    }

    let channel = StreamChannel()
    // Every property below is touched only with `lock` held.
    private let lock = NSLock()
    private var response: HTTPURLResponse?
    private var errorBody = Data()
    private var head: Head?
    private var waiting: CheckedContinuation<Head, Never>?

    /// Waits for the head.
    func head() async -> Head {
        await withCheckedContinuation { (continuation: CheckedContinuation<Head, Never>) in
            let known: Head? = lock.withLock {
                if head == nil { waiting = continuation }
                return head
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    private func report(_ reported: Head) {
        let continuation: CheckedContinuation<Head, Never>? = lock.withLock {
            guard head == nil else { return nil }
            head = reported
            defer { waiting = nil }
            return waiting
        }
        continuation?.resume(returning: reported)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            report(.transport(URLError(.badServerResponse)))
            completionHandler(.cancel)
            return
        }
        lock.withLock { self.response = http }
        if (200..<300).contains(http.statusCode) { report(.streaming(http)) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let streaming: Bool = lock.withLock {
            guard case .streaming = head else {
                if errorBody.count < 64 * 1024 { errorBody.append(data.prefix(64 * 1024 - errorBody.count)) }
                return false
            }
            return true
        }
        if streaming { channel.push(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (response, body) = lock.withLock { (self.response, errorBody) }
        if let error {
            report(.transport(error))
        } else if let response {
            report(.failed(response, body))
        } else {
            report(.transport(URLError(.badServerResponse)))
        }
        channel.finish(error)
        session.finishTasksAndInvalidate()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let origin = (task.originalRequest?.url).map(CredentialRedirectGuard.origin(of:))
        completionHandler(CredentialRedirectGuard.redirect(request, fromOrigin: origin))
    }
}
