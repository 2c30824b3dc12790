/// When `send(_:retrying:)` sends a request again. Retrying is the caller's decision, made per
/// call: only the caller knows whether doing something twice is harmless.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request is sent at most, the first time included.
    public var maxAttempts: Int
    /// The first backoff wait; each later one doubles, with jitter.
    public var baseDelay: Duration
    /// The longest single wait. A `Retry-After` asking for more ends the retries at once, throwing
    /// the error so the caller can read `retryAfter`.
    public var maxDelay: Duration

    /// Creates a policy.
    public init(maxAttempts: Int, baseDelay: Duration, maxDelay: Duration) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Retries what failed on the way and may succeed unchanged: a transport failure (timeout,
    /// lost or refused connection, offline), 429, 502, 503 and 504; only for a request that is
    /// safe to repeat (GET, HEAD, PUT, DELETE, OPTIONS, or one carrying an `Idempotency-Key`
    /// header). Waits what `Retry-After` says, or 0.5 s, 1 s, 2 s… with jitter; at most 30 s.
    public static func transient(maxAttempts: Int) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(500), maxDelay: .seconds(30))
    }

    /// Whether `endpoint` may be sent twice with the same effect as once.
    static func isRepeatable<Response>(_ endpoint: Endpoint<Response>) -> Bool {
        let repeatable: [HTTPMethod] = [.get, .head, .put, .delete, .options]
        return repeatable.contains(endpoint.method)
            || endpoint.headers.keys.contains { $0.caseInsensitiveCompare("Idempotency-Key") == .orderedSame }
    }

    /// How long to wait before attempt `attempt + 1` after `error`, or nil not to retry.
    func delay(after error: any Error, attempt: Int) -> Duration? {
        guard attempt < maxAttempts, let error = error as? APIError else { return nil }
        switch error {
        case .transport:
            break
        case .api(let status, _, _, _) where [429, 502, 503, 504].contains(status):
            if let asked = error.retryAfter { return asked <= maxDelay ? asked : nil }
        default:
            return nil
        }
        // Half the doubled delay, plus up to as much again at random, so clients that failed
        // together do not come back together.
        let backoff = min(maxDelay, baseDelay * (1 << min(attempt - 1, 30)))
        return backoff / 2 + backoff / 2 * Double.random(in: 0...1)
    }
}

extension HTTPClient {
    /// Sends `endpoint`, and sends it again as `policy` allows: `.transient(maxAttempts: 3)`.
    /// Throws the last failure; a cancelled task stops waiting at once with `CancellationError`.
    @discardableResult
    public func send<Response>(_ endpoint: Endpoint<Response>, retrying policy: RetryPolicy) async throws -> Response {
        let repeatable = RetryPolicy.isRepeatable(endpoint)
        var attempt = 1
        while true {
            do {
                return try await send(endpoint)
            } catch {
                guard repeatable, let delay = policy.delay(after: error, attempt: attempt) else { throw error }
                try await Task.sleep(for: delay)
                attempt += 1
            }
        }
    }
}
