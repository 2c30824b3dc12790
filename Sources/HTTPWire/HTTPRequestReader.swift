import Foundation

/// How an `HTTPRequestReader` bounds and frames requests: the servers differ here on purpose.
package struct HTTPReadingRules: Sendable {
    /// The largest request head (request line and headers) while its end is not yet found.
    package var maximumHeadBytes: Int
    /// The largest `Content-Length` accepted.
    package var maximumBodyBytes: Int
    /// How long a connection may sit idle before a request begins; nil: forever.
    package var idleTimeoutMilliseconds: Int32?
    /// How long a begun request may take to arrive whole; nil: forever.
    package var requestTimeoutMilliseconds: Int32?
    /// Whether `*` is a request target (as in `OPTIONS * HTTP/1.1`) beside `/…`.
    package var acceptsAsteriskTarget: Bool
    /// Whether `Expect: 100-continue` is answered only while the body has not arrived already.
    package var continuesOnlyForPendingBody: Bool
    /// Whether an HTTP/1.0 request closes its connection unless it says `Connection: keep-alive`;
    /// otherwise only `Connection: close` does.
    package var closesHTTP10ByDefault: Bool

    package init(
        maximumHeadBytes: Int,
        maximumBodyBytes: Int,
        idleTimeoutMilliseconds: Int32?,
        requestTimeoutMilliseconds: Int32?,
        acceptsAsteriskTarget: Bool,
        continuesOnlyForPendingBody: Bool,
        closesHTTP10ByDefault: Bool
    ) {
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.idleTimeoutMilliseconds = idleTimeoutMilliseconds
        self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        self.acceptsAsteriskTarget = acceptsAsteriskTarget
        self.continuesOnlyForPendingBody = continuesOnlyForPendingBody
        self.closesHTTP10ByDefault = closesHTTP10ByDefault
    }
}

/// Why a request was not read; each server words its own answer (or closes without one).
package enum HTTPReadRefusal: Sendable, Equatable {
    /// The head grew past `maximumHeadBytes` without ending.
    case headTooLarge
    /// A begun request did not arrive within `requestTimeoutMilliseconds`.
    case timedOut
    /// The request line or a header line does not parse.
    case malformedHead
    /// The request has a `Transfer-Encoding`; only `Content-Length` bodies are read.
    case transferEncoding
    /// `Content-Length` is not a whole number of zero or more.
    case badContentLength
    /// `Content-Length` is more than `maximumBodyBytes`.
    case bodyTooLarge
}

/// What reading the next request came to.
package enum HTTPReadOutcome: Sendable {
    /// A whole request; `closing` when the connection ends after its answer.
    case request(HTTPRequestHead, body: [UInt8], closing: Bool)
    /// A request that will not be answered normally; the connection ends after the refusal.
    case refused(HTTPReadRefusal)
    /// The client closed, went quiet between requests, or the server is stopping.
    case end
}

/// Reads HTTP/1.1 requests off one connection: heads, `Content-Length` bodies, kept-alive
/// requests one after another (bytes read past one request are the start of the next).
package struct HTTPRequestReader {
    private let connection: AcceptedConnection
    private let rules: HTTPReadingRules
    private var buffer: [UInt8] = []

    package init(connection: AcceptedConnection, rules: HTTPReadingRules) {
        self.connection = connection
        self.rules = rules
    }

    /// Reads the next request, answering `Expect: 100-continue` on the way.
    package mutating func next() -> HTTPReadOutcome {
        var started = DispatchTime.now()
        let head: HTTPRequestHead
        switch readHead(started: &started) {
        case .success(let parsed): head = parsed
        case .failure(let stop): return stop.outcome
        }
        if head.header("Transfer-Encoding") != nil { return .refused(.transferEncoding) }
        guard let length = Int(head.header("Content-Length") ?? "0"), length >= 0 else { return .refused(.badContentLength) }
        guard length <= rules.maximumBodyBytes else { return .refused(.bodyTooLarge) }
        let pending = buffer.count < length
        if length > 0, head.header("Expect")?.lowercased() == "100-continue", pending || !rules.continuesOnlyForPendingBody {
            guard WireSocket.sendAll(HTTPResponseWriter.continueLine, to: connection.descriptor) else { return .end }
        }
        while buffer.count < length {
            switch fill(until: started, milliseconds: rules.requestTimeoutMilliseconds) {
            case .ok: continue
            case .end: return .end
            case .timedOut: return .refused(.timedOut)
            }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        let connectionHeader = head.header("Connection")?.lowercased()
        let closing = connectionHeader == "close"
            || (rules.closesHTTP10ByDefault && head.version == "HTTP/1.0" && connectionHeader != "keep-alive")
        return .request(head, body: body, closing: closing)
    }

    /// Why reading stopped before a whole head.
    private struct Stop: Error {
        let outcome: HTTPReadOutcome
    }

    /// Reads up to the blank line and parses the head; `started` becomes the moment the request began.
    private mutating func readHead(started: inout DispatchTime) -> Result<HTTPRequestHead, Stop> {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var deadline = rules.idleTimeoutMilliseconds
        var headEnd: Int
        while true {
            if let found = Self.find(terminator, in: buffer) {
                headEnd = found
                break
            }
            if buffer.count > rules.maximumHeadBytes { return .failure(Stop(outcome: .refused(.headTooLarge))) }
            switch fill(until: started, milliseconds: deadline) {
            case .ok: break
            case .end: return .failure(Stop(outcome: .end))
            case .timedOut: return .failure(Stop(outcome: buffer.isEmpty ? .end : .refused(.timedOut)))
            }
            if !buffer.isEmpty && deadline == rules.idleTimeoutMilliseconds {
                // The request has begun: from now on it has the request timeout to arrive.
                deadline = rules.requestTimeoutMilliseconds
                started = DispatchTime.now()
            }
        }
        guard let text = String(bytes: buffer[..<headEnd], encoding: .utf8),
              let head = HTTPRequestHead.parse(text, acceptsAsteriskTarget: rules.acceptsAsteriskTarget)
        else { return .failure(Stop(outcome: .refused(.malformedHead))) }
        buffer.removeFirst(headEnd + terminator.count)
        return .success(head)
    }

    private enum Fill { case ok, end, timedOut }

    /// Reads more bytes, waiting at most until `milliseconds` after `start` (nil: as long as it takes).
    private mutating func fill(until start: DispatchTime, milliseconds: Int32?) -> Fill {
        var remaining: Int32 = -1
        if let milliseconds {
            let elapsed = Int64((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            remaining = Int32(max(0, Int64(milliseconds) - elapsed))
            guard remaining > 0 else { return .timedOut }
        }
        switch WireSocket.wait(connection.descriptor, orStopped: connection.stopSignal, milliseconds: remaining) {
        case .stopping: return .end
        case .timedOut: return .timedOut
        case .readable: return WireSocket.receive(connection.descriptor, into: &buffer) ? .ok : .end
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}
