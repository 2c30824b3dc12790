import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How far a download has come.
public struct DownloadProgress: Equatable, Sendable {
    /// The bytes written to disk so far.
    public var receivedBytes: Int64
    /// The body's length when the server announced it (`Content-Length`), else nil.
    public var expectedBytes: Int64?

    /// Creates a progress value.
    public init(receivedBytes: Int64, expectedBytes: Int64?) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
    }

    /// The share received, 0...1, when the length is known.
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(expectedBytes))
    }
}

/// A response body streamed to a file on disk as it arrives, never held in memory whole.
///
/// Iterating starts the request and yields progress as bytes are written; when the loop ends
/// normally the file is complete at `destination` (replacing a file there). The bytes go to a
/// temporary file beside it first, so a cancelled task, a transport failure or an error status
/// leaves no partial file behind, and a file already at `destination` stays as it was.
///
/// ```swift
/// for try await progress in client.download(BooksEndpoints.cover(id: id), to: file) {
///     bar.value = progress.fraction ?? 0
/// }
/// ```
public struct FileDownload: AsyncSequence, Sendable {
    /// Progress, after each chunk written.
    public typealias Element = DownloadProgress

    /// Where the finished file goes.
    public let destination: URL
    let start: @Sendable (URL, AsyncThrowingStream<DownloadProgress, any Error>.Continuation) async -> Void

    /// Walks the progress of one download.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<DownloadProgress, any Error>.AsyncIterator
        let task: Task<Void, Never>

        /// The next progress value, or nil once the file is in place.
        public mutating func next() async throws -> DownloadProgress? {
            if let progress = try await base.next() { return progress }
            // A stream ends quietly when its consumer is cancelled: wait for the partial file
            // to be removed, then say why it ended.
            if Task.isCancelled {
                task.cancel()
                await task.value
                throw CancellationError()
            }
            return nil
        }
    }

    /// Starts the download.
    public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream<DownloadProgress, any Error>.makeStream()
        let start = start
        let destination = destination
        let task = Task { await start(destination, continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return AsyncIterator(base: stream.makeAsyncIterator(), task: task)
    }
}

extension URLSessionHTTPClient {
    /// Downloads `endpoint`'s response body into the file at `destination`, with the same rules as
    /// `send`: the token only where required and never across an origin change, the timeout (here
    /// the longest silence between bytes, since a large file may take long in all), typed errors
    /// (`APIError.api` for a non-2xx status, with the body read as for `send`), and a 401 answered
    /// by one resend with a refreshed credential, as `send` does.
    public func download<Response>(_ endpoint: Endpoint<Response>, to destination: URL) -> FileDownload {
        let client = self
        return FileDownload(destination: destination) { destination, continuation in
            do {
                try Task.checkCancellation()
                let (request, credential) = try await client.prepareWithCredential(endpoint)
                var failure = try await client.fetch(request, to: destination, continuation: continuation)
                // A 401 leaves no file and told no progress, so the resend starts clean.
                if case .status(401, _, _)? = failure, let again = try await client.refreshedRequest(endpoint, after: credential) {
                    failure = try await client.fetch(again.request, to: destination, continuation: continuation)
                }
                if let failure {
                    continuation.finish(throwing: client.downloadError(failure, route: endpoint.route))
                } else {
                    continuation.finish()
                }
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    /// One download exchange: the body into the file at `destination`; why it failed, or nil.
    private func fetch(
        _ request: URLRequest, to destination: URL, continuation: AsyncThrowingStream<DownloadProgress, any Error>.Continuation
    ) async throws -> DownloadWriter.Failure? {
        let writer = try DownloadWriter(destination: destination, continuation: continuation)
        // The client's own session configuration (the app's, with the timeout and no cache on
        // top); a session of its own, since the writer must be its delegate.
        let session = URLSession(configuration: session.configuration, delegate: writer, delegateQueue: BoundedDelegateQueue(limit: 64))
        let task = session.dataTask(with: request)
        await withTaskCancellationHandler {
            task.resume()
            await writer.waitUntilDone()
        } onCancel: {
            task.cancel()
        }
        session.finishTasksAndInvalidate()
        return writer.failure
    }

    /// What a failed download throws: cancellation, an error status, or a transport failure.
    private func downloadError(_ failure: DownloadWriter.Failure, route: String) -> any Error {
        switch failure {
        case .cancelled:
            return CancellationError()
        case .status(let status, let body, let headers):
            return apiError(status: status, data: body, headers: headers, route: route, path: "")
        case .transport(let error):
            if let urlError = error as? URLError, urlError.code == .cancelled { return CancellationError() }
            return APIError.transport(message: Self.transportMessage(for: error, baseURL: configuration.baseURL))
        case .file(let message):
            return APIError.transport(message: message)
        }
    }
}

/// The session delegate of one download: writes each chunk to a temporary file beside the
/// destination, reports progress, moves the file into place when the body is complete, and
/// removes it otherwise. It strips `Authorization` on a cross-origin redirect, as the client does.
///
/// `@unchecked Sendable`: the stored `let`s are Sendable values, and every `var` is read and
/// written with `lock` held (the delegate queue writes them, the download's task reads them).
final class DownloadWriter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Why a download did not complete.
    enum Failure {
        case cancelled
        case status(Int, Data, [String: String])
        case transport(any Error)
        case file(String)
    }

    private let destination: URL
    private let temporary: URL
    private let continuation: AsyncThrowingStream<DownloadProgress, any Error>.Continuation
    // Everything below is touched by the session's serial delegate queue, and read by the
    // download's task only after `done` has fired; the lock makes that hand-over safe.
    private let lock = NSLock()
    private var handle: FileHandle?
    private var status = 0
    private var headers: [String: String] = [:]
    private var errorBody = Data()
    private var received: Int64 = 0
    private var expected: Int64?
    private var failureValue: Failure?
    private var done: CheckedContinuation<Void, Never>?
    private var isDone = false

    init(destination: URL, continuation: AsyncThrowingStream<DownloadProgress, any Error>.Continuation) throws {
        self.destination = destination
        self.temporary = destination.deletingLastPathComponent()
            .appendingPathComponent("." + destination.lastPathComponent + "." + UUID().uuidString + ".download")
        self.continuation = continuation
    }

    /// Why the download failed, once it is done; nil when the file is in place.
    var failure: Failure? { lock.withLock { failureValue } }

    /// Returns once the task has completed and the file is in place or removed.
    func waitUntilDone() async {
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            let finished = lock.withLock {
                if isDone { return true }
                done = waiting
                return false
            }
            if finished { waiting.resume() }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 0
        lock.withLock {
            self.status = status
            self.headers = http.map(URLSessionHTTPClient.headerFields(of:)) ?? [:]
            self.expected = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
        }
        if (200..<300).contains(status) {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
                  let handle = try? FileHandle(forWritingTo: temporary) else {
                lock.withLock { failureValue = .file("Could not write the download next to \(destination.lastPathComponent).") }
                completionHandler(.cancel)
                return
            }
            lock.withLock { self.handle = handle }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let progress: DownloadProgress? = lock.withLock {
            guard let handle else {
                // An error status: keep a little of its body for the message.
                if errorBody.count < 64 * 1024 { errorBody.append(data.prefix(64 * 1024 - errorBody.count)) }
                return nil
            }
            guard failureValue == nil else { return nil }
            do {
                try handle.write(contentsOf: data)
            } catch {
                failureValue = .file("Could not write the download next to \(destination.lastPathComponent).")
                // Not from this queue: `cancel()` waits for the session's own queue, which may be
                // waiting for this one (`BoundedDelegateQueue`).
                DispatchQueue.global().async { dataTask.cancel() }
                return nil
            }
            received += Int64(data.count)
            return DownloadProgress(receivedBytes: received, expectedBytes: expected)
        }
        if let progress { continuation.yield(progress) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
            try? handle?.close()
            handle = nil
            if failureValue == nil {
                if let error {
                    failureValue = (error as? URLError)?.code == .cancelled ? .cancelled : .transport(error)
                } else if !(200..<300).contains(status) {
                    failureValue = .status(status, errorBody, headers)
                }
            }
            if failureValue == nil {
                // rename(2) replaces a file already there in one step: readers see the old or the new.
                if rename(temporary.path, destination.path) != 0 {
                    failureValue = .file("Could not move the download to \(destination.lastPathComponent).")
                }
            }
            if failureValue != nil { try? FileManager.default.removeItem(at: temporary) }
            isDone = true
            defer { done = nil }
            return done
        }
        waiting?.resume()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let origin = (task.originalRequest?.url).map(CredentialRedirectGuard.origin(of:))
        completionHandler(CredentialRedirectGuard.redirect(request, fromOrigin: origin))
    }
}

/// A download's delegate queue that makes the network wait for the disk.
///
/// FoundationNetworking hands each received chunk to the delegate queue without waiting, so when
/// the network is faster than the disk (a local server, a fast link, a busy machine) the chunks
/// not yet written pile up in memory, up to the whole body. Here the thread that hands over a
/// chunk waits while `limit` of them are still queued: at most about a megabyte is ever held.
///
/// `@unchecked Sendable`: OperationQueue is made to be used from any thread, and `queued`, the one
/// `var` this subclass adds, is read and written with `condition` locked.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private var queued = 0

    init(limit: Int) {
        self.limit = limit
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        // The queue's own thread never waits for itself.
        if OperationQueue.current !== self {
            while queued >= limit { condition.wait() }
        }
        queued += 1
        condition.unlock()
        super.addOperation { [self] in
            block()
            condition.lock()
            queued -= 1
            condition.signal()
            condition.unlock()
        }
    }
}
