import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How far the request body of an upload has gone out.
public struct UploadProgress: Equatable, Sendable {
    /// The body's bytes handed to the network so far.
    public var sentBytes: Int64
    /// The body's whole length, when known.
    public var expectedBytes: Int64?

    /// Creates a progress value.
    public init(sentBytes: Int64, expectedBytes: Int64?) {
        self.sentBytes = sentBytes
        self.expectedBytes = expectedBytes
    }

    /// The share sent, 0...1, when the length is known.
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(sentBytes) / Double(expectedBytes))
    }
}

/// The delegate of one upload's task: passes each `didSendBodyData` on as `UploadProgress`.
/// Every other event (a redirect above all) goes to the session's delegate, as URLSession does
/// for the methods a task's delegate leaves out, so the credential rules still hold.
///
/// The total is the sum of the pieces reported: swift-corelibs-foundation reads
/// `totalBytesSent` when the delegate queue runs the call, not when the piece went out, so it
/// repeats and skips values.
///
/// `@unchecked Sendable`: `report` is a `@Sendable` closure, and `sent`, the one `var`, is read
/// and written with `lock` held.
final class UploadProgressReporter: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let report: @Sendable (UploadProgress) -> Void
    // `sent` is the only mutable state; every access holds `lock`.
    private let lock = NSLock()
    private var sent: Int64 = 0

    init(_ report: @escaping @Sendable (UploadProgress) -> Void) {
        self.report = report
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        let expected = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil
        let total: Int64 = lock.withLock {
            sent += bytesSent
            return expected.map { min(sent, $0) } ?? sent
        }
        report(UploadProgress(sentBytes: total, expectedBytes: expected))
    }
}
