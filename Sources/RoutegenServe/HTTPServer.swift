import Foundation
import HTTPWire

/// One HTTP/1.1 request as the server read it.
public struct ServeRequest: Sendable {
    /// `GET`.
    public var method: String
    /// The request target as sent: `/books?q=dune`.
    public var target: String
    /// The headers in the order sent.
    public var headers: [(name: String, value: String)]
    /// The body (`Content-Length` bytes).
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name`, compared without case.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The target's path, before `?`, still percent-encoded.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// The query items, percent- and `+`-decoded, in order.
    public var queryItems: [(name: String, value: String)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

/// One answer.
public struct ServeResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Headers besides `Content-Length`, `Connection` and `Date`, which the server adds.
    public var headers: [HTTPHeaderField]
    /// The body; none for 204 and 304.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200, headers: [HTTPHeaderField] = []) -> ServeResponse {
        ServeResponse(status: status, headers: [HTTPHeaderField("Content-Type", "application/json")] + headers, body: Array(text.utf8))
    }
}

/// A header name and value.
public struct HTTPHeaderField: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The limits that keep one client from holding the server.
public struct ServeLimits: Sendable {
    /// The largest request head (request line and headers); larger is a 431.
    public var maximumHeadBytes = 64 * 1024
    /// The largest body; larger is a 413.
    public var maximumBodyBytes = 4 * 1024 * 1024
    /// How long a kept-alive connection may sit idle between requests.
    public var idleTimeoutMilliseconds: Int32 = 15_000
    /// How long a started request may take to arrive whole; slower is a 408.
    public var requestTimeoutMilliseconds: Int32 = 10_000
    /// Connections served at once; one more is answered 503 and closed.
    public var maximumConnections = 512

    /// The defaults.
    public init() {}
}

/// A small HTTP/1.1 server over POSIX sockets: keep-alive, `Content-Length` bodies (a
/// `Transfer-Encoding` body is a 411), one thread per connection up to a bound, limits on sizes
/// and times. `stop()` closes the listening socket and every connection and waits for them.
public final class HTTPServer: Sendable {
    /// Answers one request; called on the connection's thread.
    public typealias Handler = @Sendable (ServeRequest) -> ServeResponse

    /// The address listened on: `127.0.0.1`.
    public let host: String
    /// The port listened on (the one chosen when 0 was asked for).
    public let port: UInt16

    private let listener: ConnectionListener

    /// Starts listening on `host`:`port` and serving with `handler` on background threads.
    public init(host: String, port: UInt16, limits: ServeLimits = ServeLimits(), handler: @escaping Handler) throws(ServeSocketError) {
        let bound = try ServeSocket.listen(host: host, port: port)
        let options = ListenerOptions(
            acceptThreadName: "routegen serve accept",
            connectionThreadName: "routegen serve connection",
            // The main thread's size on Linux: a body nested to the reader's 512 levels is read
            // and checked against its type by recursion, in a debug build too.
            connectionStackSize: 8 * 1024 * 1024,
            sendTimeoutSeconds: 10,
            survivesDescriptorExhaustion: true
        )
        let connections = Locked(0)
        do {
            self.listener = try ConnectionListener(listener: bound.descriptor, options: options) { accepted in
                Self.admit(accepted, connections: connections, limits: limits, handler: handler)
            }
        } catch {
            throw ServeSocketError(error, host: host, port: port)
        }
        self.host = host
        self.port = bound.port
    }

    deinit { stop() }

    /// Stops accepting, closes every connection, and returns once no server thread is left. Idempotent.
    public func stop() {
        listener.stop()
    }

    /// Serves the connection while fewer than `maximumConnections` are served; else answers 503.
    private static func admit(_ accepted: AcceptedConnection, connections: Locked<Int>, limits: ServeLimits, handler: @escaping Handler) -> (@Sendable () -> Void)? {
        let admitted = connections.withLock { count in
            guard count < limits.maximumConnections else { return false }
            count += 1
            return true
        }
        guard admitted else {
            _ = WireSocket.sendAll(serialize(.json(#"{"error":"too many connections"}"#, status: 503), method: "GET", closing: true), to: accepted.descriptor)
            return nil
        }
        return {
            serve(accepted, limits: limits, handler: handler)
            connections.withLock { $0 -= 1 }
        }
    }

    /// Reads requests and answers them until either side closes.
    private static func serve(_ accepted: AcceptedConnection, limits: ServeLimits, handler: Handler) {
        var reader = HTTPRequestReader(connection: accepted, rules: limits.readingRules)
        while true {
            switch reader.next() {
            case .end: return
            case .refused(let refusal):
                _ = WireSocket.sendAll(serialize(answer(to: refusal), method: "GET", closing: true), to: accepted.descriptor)
                return
            case .request(let head, let body, let closing):
                let request = ServeRequest(method: head.method, target: head.target, headers: head.headers, body: body)
                let response = handler(request)
                guard WireSocket.sendAll(serialize(response, method: request.method, closing: closing), to: accepted.descriptor), !closing else { return }
            }
        }
    }

    /// Serve's answer to a request it will not read.
    private static func answer(to refusal: HTTPReadRefusal) -> ServeResponse {
        switch refusal {
        case .headTooLarge: .json(#"{"error":"request head too large"}"#, status: 431)
        case .timedOut: .json(#"{"error":"request timed out"}"#, status: 408)
        case .malformedHead: .json(#"{"error":"malformed request head"}"#, status: 400)
        case .transferEncoding: .json(#"{"error":"chunked request bodies are not supported; send Content-Length"}"#, status: 411)
        case .badContentLength: .json(#"{"error":"bad Content-Length"}"#, status: 400)
        case .bodyTooLarge: .json(#"{"error":"request body too large"}"#, status: 413)
        }
    }

    /// Serve always sends its own `Content-Length` and says `Connection: keep-alive` or `close`.
    private static let framing = HTTPResponseFraming(informationalHasNoBody: false, keepsGivenContentLength: false, announcesKeepAlive: true)

    private static func serialize(_ response: ServeResponse, method: String, closing: Bool) -> [UInt8] {
        HTTPResponseWriter.serialize(
            status: response.status,
            headers: response.headers.map { ($0.name, $0.value) },
            body: response.body,
            method: method,
            closing: closing,
            framing: framing
        )
    }
}

extension ServeLimits {
    /// Serve's reading rules: these limits, origin-form targets only, `100 Continue` only while the
    /// body is still to come, and HTTP/1.0 connections closed unless kept alive.
    var readingRules: HTTPReadingRules {
        HTTPReadingRules(
            maximumHeadBytes: maximumHeadBytes,
            maximumBodyBytes: maximumBodyBytes,
            idleTimeoutMilliseconds: idleTimeoutMilliseconds,
            requestTimeoutMilliseconds: requestTimeoutMilliseconds,
            acceptsAsteriskTarget: false,
            continuesOnlyForPendingBody: true,
            closesHTTP10ByDefault: true
        )
    }
}
