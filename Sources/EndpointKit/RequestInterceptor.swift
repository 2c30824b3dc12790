import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Changes each request just before it is sent: signs it, adds a tracing header.
///
/// A client runs its interceptors in the order given, after the credential is attached, for
/// every request it sends (a resend after a refresh or a retry included, so a signature covers
/// what goes out), and in `prepare`. A thrown error fails the request with that error.
public protocol RequestInterceptor: Sendable {
    /// Changes `request` in place; throw to refuse to send it.
    func prepare(_ request: inout URLRequest) async throws
}

/// Told of every exchange a client finishes, for metrics: what happened, never a body or a credential.
public protocol ExchangeObserver: Sendable {
    /// Called once per request sent, when its response has arrived whole or the exchange failed.
    func exchangeFinished(_ exchange: FinishedExchange)
}

/// One request and its answer, as an `ExchangeObserver` sees it.
public struct FinishedExchange: Sendable, Equatable {
    /// The endpoint's route, such as `GET /books/{value}`: no path value, safe to log.
    public var route: String
    /// The request's method.
    public var method: String
    /// The response's status, or nil when none arrived (a transport failure or cancellation).
    public var status: Int?
    /// From just before sending to the whole response, or the failure.
    public var duration: Duration
    /// The request body's length.
    public var sentBytes: Int
    /// The response body's length (0 when none arrived).
    public var receivedBytes: Int

    /// Creates an exchange's record.
    public init(route: String, method: String, status: Int?, duration: Duration, sentBytes: Int, receivedBytes: Int) {
        self.route = route
        self.method = method
        self.status = status
        self.duration = duration
        self.sentBytes = sentBytes
        self.receivedBytes = receivedBytes
    }
}
